import Foundation
import HowdyText
import HowdyTextJSON

extension BalanceCommand {
    /// `--jsonl`: the library's `JSONLStream` over standard input, reading with read(2)
    /// (no whole-input buffering) and writing each chunk's answers in one write.
    /// A failed read or write ends the stream with an error (exit 2), never a trap:
    /// SIGPIPE is ignored so a closed pipe arrives as EPIPE.
    static func runStream(defaults: BalanceDefaults, jobs: Int, io: CommandIO) throws -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let input = io.standardInput()
        let descriptor = input.fileDescriptor
        var stream = JSONLStream(defaults: defaults, jobs: jobs)
        try stream.run(
            read: { buffer in
                while true {
                    let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
                    if count >= 0 { return count }
                    if errno == EINTR { continue }
                    throw CLIError.badInput("standard input: \(String(cString: strerror(errno)))")
                }
            },
            writeUTF8: { io.writeUTF8($0) })
        return 0
    }
}
