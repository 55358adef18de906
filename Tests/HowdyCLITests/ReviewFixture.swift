import Foundation
import Synchronization

/// Two real renders for review tests: `expected/` and `actual/` of a three-screen flow on
/// the small phone at 1x, where the actual render changes one step's title (changed),
/// the welcome stays (unchanged), step b is missing from the expected side (new) and the
/// expected side holds an extra old screen (removed).
struct ReviewFixture {
    let folder: Scratch
    var expected: String { folder.path("expected") }
    var actual: String { folder.path("actual") }

    static let changed = "02-a_small-phone-light@1x.png"
    static let unchanged = "01-welcome_small-phone-light@1x.png"
    static let new = "03-b_small-phone-light@1x.png"
    static let removed = "09-old_small-phone-light@1x.png"

    init() throws {
        folder = try Scratch()
        for (name, title) in [("expected", "Before"), ("actual", "After")] {
            try folder.write(
                "\(name).json",
                #"{ "id": "review", "welcome": { "id": "w", "title": "Hello" }, "steps": [{ "id": "a", "kind": "feature", "title": "\#(title)" }, { "id": "b", "kind": "feature", "title": "Same" }], "render": { "devices": ["small-phone"], "schemes": ["light"], "scale": 1 } }"#
            )
            let result = howdy(["render", folder.path("\(name).json"), "--out", folder.path(name)])
            guard result.code == 0 else { throw FixtureError.render(result.err) }
        }
        let manager = FileManager.default
        try manager.removeItem(atPath: folder.path("expected/\(Self.new)"))
        try manager.copyItem(
            atPath: folder.path("expected/\(Self.unchanged)"), toPath: folder.path("expected/\(Self.removed)"))
    }

    enum FixtureError: Error {
        case render(String)
    }
}

extension ReviewFixture {
    /// One fixture for the whole test process (rendering it takes seconds), read-only:
    /// tests copy its files into their own folders.
    static func shared() throws -> Scratch {
        try sharedFixture.withLock { cached in
            if let cached = cached { return cached.folder }
            let fixture = try ReviewFixture()
            cached = fixture
            return fixture.folder
        }
    }
}

private let sharedFixture = Mutex<ReviewFixture?>(nil)

/// What a tool printed and its exit status.
struct ToolRun {
    var code: Int32
    var out: String
    var err: String

    /// Runs `path` with `arguments` (in `directory` when given) and waits for it.
    static func run(_ path: String, _ arguments: [String], directory: URL? = nil) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Files, not pipes: a full pipe would stall the child.
        let outURL = folder.appendingPathComponent("out"), errURL = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return ToolRun(
            code: process.terminationStatus, out: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            err: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
