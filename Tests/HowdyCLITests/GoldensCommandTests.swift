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
        let unused = howdy(["goldens", "unused", "--goldens", goldens.path, "--expected", list.path])
        #expect(unused.code == 1)
        #expect(unused.out.contains("/old.png\n") && unused.out.contains("sub/old.png\n"))
        #expect(unused.out.contains("2 unused golden(s) of 2 expected"))
        #expect(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("old.png").path))
        let prune = howdy(["goldens", "prune", "--goldens", goldens.path, "--expected", list.path])
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

    @Test func aListForAnotherFolderOrAnEmptyListIsRefused() throws {
        let (goldens, list) = try scratch()
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
