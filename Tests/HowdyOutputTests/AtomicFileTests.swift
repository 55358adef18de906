import Foundation
import Testing

@testable import HowdyOutput

@Suite struct AtomicFileTests {
    private func temporaryFolder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-atomic-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func writesReplacesAndLeavesNoTemporaryFile() throws {
        let folder = try temporaryFolder("plain")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try AtomicFile.write(Array("one".utf8), to: folder + "/a.txt")
        try AtomicFile.write(Data("two".utf8), to: folder + "/a.txt", mode: 0o600)
        #expect(try String(contentsOfFile: folder + "/a.txt", encoding: .utf8) == "two")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/a.txt")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.txt"])
    }

    /// A link planted at the final name is replaced, and its target is untouched.
    @Test func neverWritesThroughALinkAtTheFinalName() throws {
        let folder = try temporaryFolder("link")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "secret".write(toFile: folder + "/victim.sh", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/index.html", withDestinationPath: folder + "/victim.sh")
        try AtomicFile.write(Array("<html>".utf8), to: folder + "/index.html")
        #expect(try String(contentsOfFile: folder + "/victim.sh", encoding: .utf8) == "secret")
        let kind = try FileManager.default.attributesOfItem(atPath: folder + "/index.html")[.type] as? FileAttributeType
        #expect(kind == .typeRegular)
    }

    @Test func failuresNameThePathAndLeaveTheOldFile() throws {
        let folder = try temporaryFolder("fail")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        #expect(throws: FileWriteError(path: folder + "/sub", reason: "it is a folder")) {
            try AtomicFile.write(Array("x".utf8), to: folder + "/sub")
        }
        #expect(throws: FileWriteError(path: folder + "/missing/a.png", reason: "the folder \(folder)/missing: no such file or folder")) {
            try AtomicFile.write(Array("x".utf8), to: folder + "/missing/a.png")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["sub"])
    }

    /// A killed writer's temporary file is recognised and removed by the next run; a live
    /// process's is kept.
    @Test func staleTemporariesOfDeadProcessesAreRemoved() throws {
        let folder = try temporaryFolder("stale")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A pid that cannot be running: above the kernel's pid_max (4194304 at most).
        let dead = "\(AtomicFile.temporaryPrefix)4194305-1-a.png"
        let live = "\(AtomicFile.temporaryPrefix)1-1-b.png"  // pid 1 always runs
        for name in [dead, live, "keep.png"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("x".utf8)))
        }
        #expect(AtomicFile.removeStaleTemporaries(in: folder) == [dead])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["keep.png", live].sorted())
    }

    @Test func splitsPaths() {
        #expect(AtomicFile.split("a.png") == (".", "a.png"))
        #expect(AtomicFile.split("/a.png") == ("/", "a.png"))
        #expect(AtomicFile.split("out/x/a.png") == ("out/x", "a.png"))
    }
}
