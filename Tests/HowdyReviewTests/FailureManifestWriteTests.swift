import Foundation
import HowdyReview
import Testing

@Suite struct FailureManifestWriteTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aManifestThatCannotBeReadIsNeverReplacedByTheNextRecord() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("manifest.json")
        let damaged = Data("{\"version\": 1, \"failures\": [ {\"name\": \"kept\"".utf8)
        try damaged.write(to: file)
        let entry = FailureManifest.Entry(name: "new", status: .changed, golden: "new.png")
        #expect(throws: FailureManifestError.self) { try FailureManifest.record(entry, in: folder) }
        #expect(throws: FailureManifestError.self) { try FailureManifest.remove(named: "kept", in: folder) }
        #expect(try Data(contentsOf: file) == damaged)
    }

    @Test func recordingIntoAFolderWithoutAManifestStartsOne() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FailureManifest.record(FailureManifest.Entry(name: "first", status: .changed, golden: "first.png"), in: folder)
        try FailureManifest.record(FailureManifest.Entry(name: "second", status: .missing, golden: "second.png"), in: folder)
        #expect(FailureManifest.read(in: folder).failures.map(\.name) == ["first", "second"])
    }
}
