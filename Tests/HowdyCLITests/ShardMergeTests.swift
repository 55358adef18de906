import Foundation
import Testing

/// `howdy render --shard i/n` and `--merge`: four shards merged give the same files, byte
/// for byte, as one unsharded render.
@Suite struct ShardMergeTests {
    static let plain = RenderCommandTests.root.appendingPathComponent("Examples/plain.json").path
    /// Four devices of different pixel sizes, so the split by cost is not a split by count.
    static let matrix = ["--device", "all", "--scheme", "light", "--scale", "1"]
    /// Two screens: eight images over the four devices.
    static let spec =
        #"{ "id": "shards", "welcome": { "id": "w", "title": "Hello" }, "steps": [{ "id": "a", "kind": "feature", "title": "A" }] }"#

    private func files(_ directory: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            result[name] = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(name))
        }
        return result
    }

    @Test func fourShardsMergeIntoTheSameFilesAsOneRun() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        try folder.write("spec.json", Self.spec)
        let spec = folder.path("spec.json")
        let whole = howdy(["render", spec, "--out", folder.path("whole")] + Self.matrix)
        #expect(whole.code == 0, "\(whole.err)")
        var shardImages = 0
        for index in 1...4 {
            let shard = howdy(
                ["render", spec, "--out", folder.path("shard\(index)"), "--shard", "\(index)/4"] + Self.matrix)
            #expect(shard.code == 0, "\(shard.err)")
            #expect(shard.out.contains("of shard \(index)/4"), "\(shard.out)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("shard\(index)"))
            #expect(!names.contains("index.html"), "a shard writes no index")
            #expect(names.contains("render-manifest.json"))
            shardImages += names.filter { $0.hasSuffix(".png") }.count
        }
        #expect(shardImages == 8, "every image in exactly one shard")
        // Missing or repeated shards, and shards of another plan, do not merge.
        let other = howdy(
            [
                "render", spec, "--out", folder.path("other"), "--shard", "3/4", "--device", "all", "--scheme",
                "dark", "--scale", "1",
            ])
        #expect(other.code == 0)
        for (shards, message) in [
            (["shard1", "shard2", "shard4"], "shard 3/4 is missing"),
            (["shard1", "shard1", "shard2", "shard3"], "shard 1/4 is given 2 times"),
            (["shard1", "shard2", "other", "shard4"], "comes from another plan"),
        ] {
            let refused = howdy(["render", "--merge"] + shards.map(folder.path) + ["--out", folder.path("bad")])
            #expect(refused.code == 2, "\(shards)")
            #expect(refused.err.contains(message), "\(shards): \(refused.err)")
        }

        let merged = howdy(
            ["render", "--merge"] + (1...4).map { folder.path("shard\($0)") } + ["--out", folder.path("merged")])
        #expect(merged.code == 0, "\(merged.err)")
        #expect(merged.out.contains("merged 4 renders: 8 images"), "\(merged.out)")
        let expected = try files(folder.path("whole"))
        let actual = try files(folder.path("merged"))
        #expect(actual.keys.sorted() == expected.keys.sorted())
        for (name, bytes) in expected { #expect(actual[name] == bytes, "\(name) differs") }
        #expect(expected["index.html"] != nil && expected["contact-sheet-light.png"] != nil)
        // howdy review joins the shards too: against the whole render, nothing changed.
        let review = howdy(
            ["review", "--expected", folder.path("whole"), "--out", folder.path("review")]
                + (1...4).flatMap { ["--actual", folder.path("shard\($0)")] })
        #expect(review.code == 0, "\(review.err)")
        #expect(review.out.hasPrefix("0 changed, 0 new, 0 removed, 8 unchanged"), "\(review.out)")
        // Merging into one of the shards' own folders works too.
        let inPlace = howdy(
            ["render", "--merge"] + (1...4).map { folder.path("shard\($0)") } + ["--out", folder.path("shard1")])
        #expect(inPlace.code == 0, "\(inPlace.err)")
        #expect(try files(folder.path("shard1")) == expected)
    }

    @Test func badShardArgumentsAreUsageErrors() {
        for bad in ["0/4", "5/4", "2", "2/0", "a/b", "1/1001"] {
            let result = howdy(["render", Self.plain, "--out", "/nonexistent/x", "--shard", bad])
            #expect(result.code == 2, "\(bad)")
            #expect(result.err.contains("--shard: expected I/N"), "\(bad): \(result.err)")
        }
        let empty = howdy(["render", "--merge", "--out", "/nonexistent/x"])
        #expect(empty.code == 2)
        let unreadable = howdy(["render", "--merge", "/nonexistent/shard", "--out", "/nonexistent/x"])
        #expect(unreadable.code == 2)
        #expect(unreadable.err.contains("/nonexistent/shard/render-manifest.json"), "\(unreadable.err)")
    }
}
