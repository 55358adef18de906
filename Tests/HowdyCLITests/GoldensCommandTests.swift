import Foundation
import HowdyCLI
import Testing

@Suite struct GoldensCommandTests {
    func scratch() throws -> (URL, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-goldens-\(UUID().uuidString)")
        let goldens = root.appendingPathComponent("Goldens")
        for name in ["kept.png", "sub/kept.png", "old.png", "sub/old.png", "Failures/x.png", "notes.md"] {
            let url = goldens.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data([0]).write(to: url)
        }
        let list = root.appendingPathComponent("list.json")
        let paths = ["kept.png", "sub/kept.png"].map { "\"\(goldens.appendingPathComponent($0).path)\"" }
        try Data(#"{"version":1,"directory":"\#(goldens.path)","goldens":[\#(paths.joined(separator: ","))]}"#.utf8)
            .write(to: list)
        return (goldens, list)
    }

    @Test func unusedListsWithoutDeletingAndPruneRemovesOnlyThose() throws {
        let (goldens, list) = try scratch()
        defer { try? FileManager.default.removeItem(at: goldens.deletingLastPathComponent()) }
        let unused = howdy(["goldens", "unused", "--goldens", goldens.path, "--expected", list.path])
        #expect(unused.code == 1)
        #expect(unused.out.contains("/old.png\n") && unused.out.contains("sub/old.png\n"))
        #expect(unused.out.contains("2 unused golden(s) of 2 expected"))
        #expect(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("old.png").path))
        let prune = howdy(["goldens", "prune", "--goldens", goldens.path, "--expected", list.path, "--yes"])
        #expect(prune.code == 0 && prune.out.contains("removed 2 unused golden(s)"))
        for (name, exists) in [
            ("old.png", false), ("sub/old.png", false), ("kept.png", true), ("sub/kept.png", true),
            ("Failures/x.png", true), ("notes.md", true),
        ] {
            #expect(
                FileManager.default.fileExists(atPath: goldens.appendingPathComponent(name).path) == exists, "\(name)")
        }
        #expect(howdy(["goldens", "unused", "--goldens", goldens.path, "--expected", list.path]).code == 0)
    }

    /// Every .png under `goldens`, relative, sorted.
    private func pngs(_ goldens: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: goldens.path)
        return (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test func pruneIsADryRunUnlessGivenYes() throws {
        let (goldens, list) = try scratch()
        defer { try? FileManager.default.removeItem(at: goldens.deletingLastPathComponent()) }
        let before = pngs(goldens)
        for flags in [[], ["--dry-run"]] {
            let dry = howdy(["goldens", "prune", "--goldens", goldens.path, "--expected", list.path] + flags)
            #expect(dry.code == 0, "\(dry.err)")
            #expect(dry.out.contains("would remove \(goldens.appendingPathComponent("old.png").path)\n"), "\(dry.out)")
            #expect(dry.out.contains("run again with --yes"))
            #expect(pngs(goldens) == before, "a dry run deletes nothing")
        }
        let both = howdy(["goldens", "prune", "--goldens", goldens.path, "--expected", list.path, "--yes", "--dry-run"])
        #expect(both.code == 2 && pngs(goldens) == before)
    }

    @Test func aListNamingNothingUnderDIRIsRefusedEvenWithoutDirectory() throws {
        let (goldens, list) = try scratch()
        defer { try? FileManager.default.removeItem(at: goldens.deletingLastPathComponent()) }
        let before = pngs(goldens)
        // No "directory", entries elsewhere: every golden looked unused and was deleted.
        for body in [
            #"{"version":1,"goldens":["/elsewhere/a.png","/elsewhere/b.png"]}"#,
            #"{"version":1,"goldens":["kept.png"]}"#,
        ] {
            try Data(body.utf8).write(to: list)
            let prune = howdy(["goldens", "prune", "--goldens", goldens.path, "--expected", list.path, "--yes"])
            #expect(prune.code == 2, "\(body): \(prune.out)")
            #expect(prune.err.contains("lies under \(goldens.path)"), "\(prune.err)")
            #expect(pngs(goldens) == before, "\(body)")
        }
    }

    @Test func aListForAnotherFolderOrAnEmptyListIsRefused() throws {
        let (goldens, list) = try scratch()
        defer { try? FileManager.default.removeItem(at: goldens.deletingLastPathComponent()) }
        let other = goldens.appendingPathComponent("sub")
        let wrong = howdy(["goldens", "prune", "--goldens", other.path, "--expected", list.path])
        #expect(wrong.code == 2 && wrong.err.contains("the list is for"))
        try Data(#"{"version":1,"goldens":[]}"#.utf8).write(to: list)
        #expect(howdy(["goldens", "prune", "--goldens", goldens.path, "--expected", list.path]).code == 2)
        try Data("garbage".utf8).write(to: list)
        #expect(howdy(["goldens", "unused", "--goldens", goldens.path, "--expected", list.path]).code == 2)
        #expect(howdy(["goldens", "delete", "--goldens", goldens.path, "--expected", list.path]).code == 2)
        #expect(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("old.png").path))
    }
}
