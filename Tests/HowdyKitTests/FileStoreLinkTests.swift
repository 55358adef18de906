import Foundation
import Testing

@testable import HowdyKit

/// Issue 11 items 9, 14 and 17: stores behind symbolic links, read-only stores, and the
/// messages for a store that is a folder or whose lock file cannot be opened.
@Suite("FileOnboardingStorage: links, modes and messages")
struct FileStoreLinkTests {
    func mode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test("a store path that is a symbolic link: the target is written (keeping its mode), the link stays")
    func writesThroughLink() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let folder = directory.file("real")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let target = folder.appendingPathComponent("store.json")
        try FileOnboardingStorage(url: target).write(false, for: "a")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target.path)
        let link = directory.file("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/store.json")

        try FileOnboardingStorage(url: link).write(true, for: "b")

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real/store.json")
        let contents = try FileOnboardingStorage(url: target).load()
        #expect(contents.record(for: "a") == false)
        #expect(contents.record(for: "b") == true)
        #expect(try mode(target) == 0o640)
        // The lock and the temporary file live beside the target, not the link.
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("store.json.lock").path))
        #expect(!FileManager.default.fileExists(atPath: directory.file("link.json.lock").path))
    }

    @Test("a dangling link is refused and left as it is")
    func danglingLink() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let link = directory.file("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "missing/store.json")
        let storage = FileOnboardingStorage(url: link)
        #expect {
            try storage.write(true, for: "a")
        } throws: { error in
            "\(error)".contains("it is a symbolic link to missing/store.json, which does not exist; refused")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "missing/store.json")
    }

    @Test("a 0444 store is read-only: the write is refused and the file is unchanged")
    func readOnlyStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("store.json")
        try FileOnboardingStorage(url: url).write(true, for: "a")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
        let before = try Data(contentsOf: url)
        #expect {
            try FileOnboardingStorage(url: url).write(false, for: "a")
        } throws: { error in
            "\(error)".contains("the store is read-only (mode 444); nothing was written")
        }
        #expect(try Data(contentsOf: url) == before)
        #expect(try mode(url) == 0o444)
    }

    @Test("a new store gets mode 0644 whatever the umask of the temp file")
    func newStoreMode() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("store.json")
        try FileOnboardingStorage(url: url).write(true, for: "a")
        #expect(try mode(url) == 0o644)
    }

    @Test("a store that is a folder: one plain sentence")
    func storeIsAFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let storage = FileOnboardingStorage(url: directory.url)
        #expect {
            try storage.load()
        } throws: { error in
            "\(error)" == "\(directory.url.path): it is a folder, not a store file"
        }
    }

    @Test("a lock file that cannot be opened is reported with its own reason, not a later errno")
    func lockFileError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("store.json")
        // A folder where the lock file should be: open(2) fails with EISDIR. (Tests run as
        // root here, so a permission error cannot be produced; the errno path is the same.)
        try FileManager.default.createDirectory(
            at: directory.file("store.json.lock"), withIntermediateDirectories: false)
        #expect {
            try FileOnboardingStorage(url: url).write(true, for: "a")
        } throws: { error in
            "\(error)".contains("cannot open the lock file \(directory.file("store.json.lock").path): Is a directory")
        }
    }
}
