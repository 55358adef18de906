import HowdyText
import HowdyTextJSON
import Testing

/// `JSONLStream.run(read:writeUTF8:)` hands each chunk's answers over as bytes: they
/// must be exactly what `run(read:write:)` hands over as strings, chunk for chunk, on
/// any number of threads, errors and over-long lines included.
@Suite("JSON-lines stream writing bytes")
struct JSONLStreamBytesTests {
    static let lines = [
        #"{"id":1,"text":"Get reminders that arrive at the right moment","width":200}"#,
        #"{"id":"a","text":"مرحبا بك في تطبيقك الجديد للتخطيط الهادئ","width":150,"locale":"ar"}"#,
        #"{"id":3,"text":"新しい計画アプリへようこそ適切なタイミングで通知","width":120,"locale":"ja"}"#,
        #"{"id":4,"text":"Welcome 🎉 to your 👍🏽 new home","width":1e999}"#, "not json", "",
        #"{"text":"Quote \" and \\ and \n newline","mode":"pretty","width":90}"#,
        "{\"text\":\"" + String(repeating: "long ", count: 400) + "\",\"width\":300}",
    ]

    static func run(_ input: [UInt8], jobs: Int, chunk: Int, bytes: Bool) throws -> [[UInt8]] {
        var stream = JSONLStream(
            defaults: BalanceDefaults(font: "Inter-Bold", size: 28, width: 330), jobs: jobs, maximumLineBytes: 1000)
        var offset = 0
        var writes: [[UInt8]] = []
        func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
            let count = min(chunk, buffer.count, input.count - offset)
            for index in 0..<count { buffer[index] = input[offset + index] }
            offset += count
            return count
        }
        if bytes {
            try stream.run(read: read, writeUTF8: { writes.append(Array($0)) })
        } else {
            try stream.run(read: read, write: { writes.append(Array($0.utf8)) })
        }
        return writes
    }

    @Test("the same bytes in the same writes as the string path", arguments: [1, 3])
    func sameBytes(jobs: Int) throws {
        let input = Array((Self.lines + Self.lines + Self.lines).joined(separator: "\n").utf8)
        for chunk in [7, 300, 1 << 16] {
            let bytes = try Self.run(input, jobs: jobs, chunk: chunk, bytes: true)
            let strings = try Self.run(input, jobs: jobs, chunk: chunk, bytes: false)
            #expect(bytes == strings)
            let all = bytes.flatMap { $0 }
            #expect(String(validating: all, as: UTF8.self) != nil)
            #expect(all.filter { $0 == 0x0A }.count == 3 * Self.lines.count)
        }
    }
}
