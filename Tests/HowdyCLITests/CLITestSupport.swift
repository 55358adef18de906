import Foundation
import HowdyCLI

/// What one in-process `howdy` run printed.
struct RunResult {
    var code: Int32
    var out: String
    var err: String
}

/// Collects a command's output; the CommandIO closures are @Sendable.
private final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    func write(_ text: String) { lock.withLock { out += text } }
    func writeError(_ text: String) { lock.withLock { err += text } }
    var result: (String, String) { lock.withLock { (out, err) } }
}

/// Runs `howdy` in-process with `arguments` and captures its output.
func howdy(_ arguments: [String]) -> RunResult {
    let buffer = OutputBuffer()
    let io = CommandIO(
        standardInput: { FileHandle.nullDevice },
        write: { buffer.write($0) },
        writeError: { buffer.writeError($0) })
    let code = Howdy.main(arguments, io: io)
    let (out, err) = buffer.result
    return RunResult(code: code, out: out, err: err)
}

/// A fresh directory for one test's files; `cleanup()` removes it.
struct Scratch {
    let url: URL

    /// - Parameter preferMemory: use /dev/shm when available (fsync is free there), for
    ///   tests about locking rather than disk durability.
    init(preferMemory: Bool = false) throws {
        var base = FileManager.default.temporaryDirectory
        if preferMemory, FileManager.default.isWritableFile(atPath: "/dev/shm") {
            base = URL(fileURLWithPath: "/dev/shm")
        }
        url = base.appendingPathComponent("howdy-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }

    func read(_ name: String) throws -> Data { try Data(contentsOf: url.appendingPathComponent(name)) }

    func cleanup() { try? FileManager.default.removeItem(at: url) }
}

/// The built `howdy` executable, next to the test bundle in the products directory
/// (`.build/<triple>/debug/`), or nil when it cannot be found.
func howdyExecutable() -> URL? {
    var directories: [URL] = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    // Tests/HowdyCLITests/<file> -> package root/.build/debug
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    directories.append(root.appendingPathComponent(".build/debug"))
    for directory in directories {
        let candidate = directory.appendingPathComponent("howdy")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
}

let exampleSpec = #"""
    {
      "id": "com.example.app.onboarding",
      "theme": { "primary": "#112233" },
      "welcome": { "id": "com.example.app.welcome", "title": "Hello" },
      "steps": [
        { "id": "com.example.app.intro", "kind": "feature", "title": "Welcome" },
        { "id": "com.example.app.goal", "kind": "singleSelect", "key": "goal",
          "options": [{ "id": "a", "label": "Get fit" }, { "id": "b", "label": "Lose weight" }] },
        { "id": "com.example.app.mins", "kind": "commitment", "key": "mins", "range": [5, 60], "step": 5, "default": 15 },
        { "id": "com.example.app.push", "kind": "permission", "required": true }
      ]
    }
    """#
