import Foundation
import FuzzDriver
import HowdyTextJSON

/// libFuzzer entry: any bytes as `howdy balance --jsonl` input (one request line, or a few),
/// through HowdyTextJSON's `JSONLStream` with the defaults `howdy balance --font
/// Inter-Regular --size 16 --width 120` gives it. Every request line gets exactly one
/// answer line; nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONL(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    var offset = 0
    var answers = 0
    var stream = JSONLStream(defaults: BalanceDefaults(font: "Inter-Regular", size: 16, width: 120))
    do {
        let answered = try stream.run(
            read: { buffer in
                let taken = min(buffer.count, input.count - offset)
                if taken > 0 { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: input[offset..<offset + taken])) }
                offset += taken
                return taken
            },
            write: { answers += $0.utf8.lazy.filter { $0 == 0x0A }.count })
        precondition(answers == answered, "\(answered) request lines answered in \(answers) lines")
    } catch {
        // Reading memory and counting lines cannot fail: any error is a finding.
        preconditionFailure("the stream failed: \(error)")
    }
    return 0
}
