import Foundation
import HowdyCLI
import Synchronization

/// Runs `howdy` in process with captured output, like a shell would see it.
struct CommandResult {
    var status: Int32
    var output: String
    var error: String
}

enum CommandHarness {
    static func run(_ arguments: [String], input: String = "") throws -> CommandResult {
        let path = NSTemporaryDirectory() + "howdy-cli-\(UUID().uuidString).in"
        try input.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = Mutex("")
        let error = Mutex("")
        let io = CommandIO(
            standardInput: { FileHandle(forReadingAtPath: path)! },
            write: { text in output.withLock { $0 += text } },
            writeError: { text in error.withLock { $0 += text } })
        let status = Howdy.main(arguments, io: io)
        return CommandResult(status: status, output: output.withLock { $0 }, error: error.withLock { $0 })
    }
}
