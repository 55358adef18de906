import Foundation
import HowdyCLI
import Testing

/// `howdy balance --jsonl` writes each chunk's answers as the bytes they are
/// (`CommandIO.writeUTF8`, `StandardOutput.write(utf8:)`), without a `String` made of
/// them: the bytes and the failures must be those of the string path.
@Suite("JSON-lines answers written as bytes")
struct JSONLBytesOutputTests {
    @Test("write(utf8:) delivers every byte, and a closed pipe fails it with EPIPE, stickily")
    func standardOutputBytes() throws {
        signal(SIGPIPE, SIG_IGN)
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let stream = StandardOutput(fileDescriptor: descriptors[1], name: "standard output")
        let text = "مرحبا 新しい Welcome\n"
        try Array(text.utf8).withUnsafeBytes { try stream.write(utf8: $0) }
        close(descriptors[1])
        var read: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = Glibc.read(descriptors[0], &buffer, buffer.count)
            if count <= 0 { break }
            read += buffer[0..<count]
        }
        close(descriptors[0])
        #expect(read == Array(text.utf8))

        #expect(pipe(&descriptors) == 0)
        close(descriptors[0])
        defer { close(descriptors[1]) }
        let closed = StandardOutput(fileDescriptor: descriptors[1], name: "standard output")
        #expect(throws: StandardOutput.Failure(stream: "standard output", code: EPIPE)) {
            try Array("x\n".utf8).withUnsafeBytes { try closed.write(utf8: $0) }
        }
        #expect(!closed.writeReportingFailure("more\n"))
        #expect(!Array("more\n".utf8).withUnsafeBytes { closed.writeReportingFailure(utf8: $0) })
    }

    @Test("balance --jsonl >/dev/full: exit 2 with the reason on stderr, no trap")
    func jsonlToAFullDisk() throws {
        let input = Data(#"{"text":"Get reminders","width":200}"#.utf8 + [0x0A])
        let result = try spawnHowdy(
            ["balance", "--jsonl", "--font", "Inter-Bold", "--size", "28"], redirections: ">/dev/full", input: input)
        #expect(result.status == 2)
        #expect(!result.err.contains("Fatal error"))
        #expect(result.err.contains("cannot write to standard output: No space left on device"), "\(result.err)")
    }

    @Test("balance --jsonl through a process answers as the in-process command does")
    func processAnswersMatch() throws {
        let lines = [
            #"{"id":1,"text":"Get reminders that arrive at the right moment","width":200}"#,
            #"{"id":2,"text":"مرحبا بك في تطبيقك الجديد للتخطيط الهادئ","width":150,"locale":"ar"}"#,
            #"{"id":3,"text":"新しい計画アプリへようこそ適切なタイミングで通知","width":120,"locale":"ja"}"#,
            #"{"id":4,"text":"bad","width":1e999}"#, "not json",
        ]
        let input = lines.joined(separator: "\n") + "\n"
        let process = try spawnHowdy(
            ["balance", "--jsonl", "--font", "Inter-Bold", "--size", "20"], input: Data(input.utf8))
        let inProcess = try CommandHarness.run(
            ["balance", "--jsonl", "--font", "Inter-Bold", "--size", "20"], input: input)
        #expect(process.status == 0)
        #expect(process.out == inProcess.output)
        #expect(process.out.split(separator: "\n").count == lines.count)
    }
}
