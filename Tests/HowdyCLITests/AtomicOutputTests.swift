import Foundation
import Testing

/// Every file `howdy` writes goes to a temporary file in its folder and is renamed into
/// place (issue 17, items 7 and 8): a link already at a final name is replaced, never
/// written through, and a process killed mid-write leaves no torn file under a final name.
@Suite struct AtomicOutputTests {
    static let spec =
        #"{ "id": "atomic", "welcome": { "id": "w", "title": "Hello" }, "steps": [{ "id": "a", "kind": "feature", "title": "A" }] }"#

    @Test func linksAlreadyInOutAreReplacedNotWrittenThrough() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        try folder.write("spec.json", Self.spec)
        let out = folder.path("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        // Every name the render writes, linked to a victim of its own.
        let names = [
            "index.html", "render-manifest.json", "contact-sheet-light.png",
            "01-welcome_small-phone-light@1x.png", "01-welcome_small-phone-light@1x.display-list.json",
        ]
        for (index, name) in names.enumerated() {
            try folder.write("victim\(index)", "victim \(index)\n")
            try FileManager.default.createSymbolicLink(atPath: out + "/" + name, withDestinationPath: folder.path("victim\(index)"))
        }
        let result = howdy([
            "render", folder.path("spec.json"), "--out", out, "--device", "small-phone", "--scheme", "light", "--scale",
            "1", "--display-list",
        ])
        #expect(result.code == 0, "\(result.err)")
        for (index, name) in names.enumerated() {
            #expect(try String(contentsOfFile: folder.path("victim\(index)"), encoding: .utf8) == "victim \(index)\n", "\(name)")
            let type = try FileManager.default.attributesOfItem(atPath: out + "/" + name)[.type] as? FileAttributeType
            #expect(type == .typeRegular, "\(name) is a new file, not the link")
        }
        // `howdy diff --out` and `howdy balance --out` too.
        let image = out + "/01-welcome_small-phone-light@1x.png"
        try folder.write("victim-diff", "diff victim\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path("diff.png"), withDestinationPath: folder.path("victim-diff"))
        let diff = howdy(["diff", image, image, "--out", folder.path("diff.png")])
        #expect(diff.code == 0, "\(diff.err)")
        #expect(try String(contentsOfFile: folder.path("victim-diff"), encoding: .utf8) == "diff victim\n")
        try folder.write("victim-balance", "balance victim\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path("text.png"), withDestinationPath: folder.path("victim-balance"))
        let balance = howdy([
            "balance", "--font", "Inter-Bold", "--size", "28", "--width", "330", "--out", folder.path("text.png"),
            "Hello there, world",
        ])
        #expect(balance.code == 0, "\(balance.err)")
        #expect(try String(contentsOfFile: folder.path("victim-balance"), encoding: .utf8) == "balance victim\n")
    }

    /// The size a P6 file's header promises, or nil when it has no whole header.
    private func promisedSize(_ data: Data) -> Int? {
        let bytes = [UInt8](data.prefix(64))
        var fields: [Int] = []
        var index = 2
        var current = ""
        while index < bytes.count, fields.count < 3 {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                if !current.isEmpty, let value = Int(current) { fields.append(value) }
                current = ""
            } else {
                current.append(Character(Unicode.Scalar(byte)))
            }
            index += 1
        }
        guard fields.count == 3 else { return nil }
        return index + fields[0] * fields[1] * 3
    }

    @Test func aRenderKilledMidWriteLeavesNoTornFileAndTheNextRunCleansUp() throws {
        // SIGTERM during a large PPM left 33,554,432 of 46,444,817 bytes under the final name.
        let executable = try #require(howdyExecutable(), "build the howdy product first")
        let folder = try Scratch()
        defer { folder.cleanup() }
        try folder.write("spec.json", Self.spec)
        let out = folder.path("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = executable
        // A tablet at scale 4: 3280 × 4720 px, a 46 MB PPM per screen.
        process.arguments = [
            "render", folder.path("spec.json"), "--out", out, "--device", "tablet", "--scheme", "light", "--scale", "4",
            "--format", "ppm",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Kill it the moment the first file appears in the folder: the writer has just
        // opened it and has 46 MB to go. (A writer without a temporary file had already
        // truncated the final name.)
        var killed = false
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning, Date() < deadline {
            if let directory = opendir(out) {
                var found = false
                while let entry = readdir(directory) {
                    let first = UInt8(bitPattern: entry.pointee.d_name.0)
                    let second = UInt8(bitPattern: entry.pointee.d_name.1)
                    if first != UInt8(ascii: ".") || second == UInt8(ascii: "h") { found = true }
                }
                closedir(directory)
                if found {
                    // SIGKILL, the strictest case: nothing in the process runs after it. (A
                    // SIGTERM would do the same, but the test runner's children inherit a
                    // signal mask that blocks it.)
                    kill(process.processIdentifier, SIGKILL)
                    killed = true
                    break
                }
            }
            usleep(100)
        }
        process.waitUntilExit()
        #expect(
            killed && process.terminationReason == .uncaughtSignal,
            "the render finished before it could be killed (status \(process.terminationStatus))")
        let names = try FileManager.default.contentsOfDirectory(atPath: out)
        for name in names where name.hasSuffix(".ppm") && !name.hasPrefix(".howdy-tmp-") {
            let data = try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))
            #expect(promisedSize(data) == data.count, "\(name): \(data.count) bytes, a torn file")
        }
        #expect(names.contains { $0.hasPrefix(".howdy-tmp-") }, "the killed writer's temporary file stays: \(names)")
        // The next run into the folder removes what the killed one left.
        let again = howdy([
            "render", folder.path("spec.json"), "--out", out, "--device", "small-phone", "--scheme", "light", "--scale",
            "1",
        ])
        #expect(again.code == 0, "\(again.err)")
        let after = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(!after.contains { $0.hasPrefix(".howdy-tmp-") }, "\(after)")
    }
}
