import Foundation
import Testing

/// `howdy render --merge` with shard folders a fork's CI job wrote (issue 17): every
/// manifest field is checked against the plan, nothing is written before every check has
/// passed, and only regular files that decode as the image named are copied.
@Suite struct HostileMergeTests {
    /// Two shards of a two-image plan (one image each), rendered for real.
    struct Shards {
        let folder: Scratch
        var one: String { folder.path("shard1") }
        var two: String { folder.path("shard2") }
        var out: String { folder.path("out") }

        init() throws {
            folder = try Scratch()
            try folder.write("spec.json", ShardMergeTests.spec)
            for index in 1...2 {
                let result = howdy(
                    [
                        "render", folder.path("spec.json"), "--out", folder.path("shard\(index)"), "--shard",
                        "\(index)/2", "--device", "small-phone", "--scheme", "light", "--scale", "1",
                    ])
                #expect(result.code == 0, "\(result.err)")
            }
        }

        /// Rewrites `shard`'s manifest through `change`.
        func tamper(_ shard: String, _ change: (inout [String: Any]) -> Void) throws {
            let url = URL(fileURLWithPath: shard).appendingPathComponent("render-manifest.json")
            var object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            change(&object)
            try JSONSerialization.data(withJSONObject: object).write(to: url)
        }

        /// Changes field `key` of the first file in `shard`'s manifest.
        func tamperFile(_ shard: String, _ key: String, _ value: Any) throws {
            try tamper(shard) { object in
                var files = object["files"] as! [[String: Any]]
                files[0][key] = value
                object["files"] = files
            }
        }

        /// The first image's file name in `shard`.
        func image(_ shard: String) throws -> String {
            let url = URL(fileURLWithPath: shard).appendingPathComponent("render-manifest.json")
            let object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let files = try #require(object["files"] as? [[String: Any]])
            return try #require(files.first?["fileName"] as? String)
        }

        /// `howdy render --merge shard1 shard2 --out out`, run in-process.
        func merge() -> RunResult { howdy(["render", "--merge", one, two, "--out", out]) }

        /// What `out` holds (nothing when it was never created).
        var written: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).sorted() }
    }

    @Test func aGoodMergeStillMerges() throws {
        let shards = try Shards()
        defer { shards.folder.cleanup() }
        let merged = shards.merge()
        #expect(merged.code == 0, "\(merged.err)")
        #expect(merged.out.contains("2 images"))
    }

    @Test func manifestFieldsMustBeThePlansNames() throws {
        // Item 2: a device string reached <img alt> raw and its onload= ran.
        for (key, value, reason) in [
            ("device", #"phone" onload="alert(1)"# as Any, "is not one of phone"),
            ("device", "iPhone 15", "is not one of"),
            ("locale", "en\" onload=\"alert(1)", "is not a BCP 47 tag"),
            ("locale", "ja@lw=phrase", "is not a BCP 47 tag"),
            ("screen", "01-welcome\" onload=\"x", "is not one of its screens"),
            ("scroll", "<script>", "is not top, end or a number"),
            ("time", 2.5, "its fields name the file"),
            ("scheme", "dark\" onload=\"x", "is not light or dark"),
        ] {
            let shards = try Shards()
            defer { shards.folder.cleanup() }
            try shards.tamperFile(shards.one, key, value)
            let merged = shards.merge()
            #expect(merged.code == 2, "\(key)=\(value): \(merged.out)")
            #expect(merged.err.contains(reason), "\(key)=\(value): \(merged.err)")
            #expect(shards.written.isEmpty, "\(key): nothing is written: \(shards.written)")
        }
    }

    @Test func theMergedNamesMustHashToThePlansDigest() throws {
        let shards = try Shards()
        defer { shards.folder.cleanup() }
        // Both shards agree on a digest that is not their names'.
        for shard in [shards.one, shards.two] {
            try shards.tamper(shard) { $0["planDigest"] = "0123456789abcdef" }
        }
        let merged = shards.merge()
        #expect(merged.code == 2 && merged.err.contains("not those of the plan"), "\(merged.err)")
        #expect(shards.written.isEmpty)
    }

    @Test func trapsAreExitTwoBeforeAnythingIsWritten() throws {
        // Item 5: shard.count 0, scale 0 and pixelHeight 0 trapped (SIGILL, exit 132);
        // with scale 0 the images were copied but no index or manifest written. In a
        // process of its own, so that a trap is an exit status rather than the test's end.
        let cases: [(String, (Shards) throws -> Void, String)] = [
            ("shard.count 0", { try $0.tamper($0.one) { $0["shard"] = ["index": 1, "count": 0] } }, "is not a shard"),
            ("shard.count 0 everywhere", {
                for shard in [$0.one, $0.two] { try $0.tamper(shard) { $0["shard"] = ["index": 0, "count": 0] } }
            }, "is not a shard"),
            ("scale 0", { try $0.tamperFile($0.one, "scale", 0) }, "scale 0.0 is outside 1...4"),
            ("pixelHeight 0", { try $0.tamperFile($0.one, "pixelHeight", 0) }, "px is not the"),
            ("pixelWidth huge", { try $0.tamperFile($0.one, "pixelWidth", Int.max) }, "px is not the"),
            ("cost negative", {
                try $0.tamper($0.one) { object in
                    var jobs = object["jobs"] as! [[String: Any]]
                    jobs[0]["cost"] = -1
                    object["jobs"] = jobs
                }
            }, "outside the pixel budget"),
            ("plannedImages huge", {
                for shard in [$0.one, $0.two] { try $0.tamper(shard) { $0["plannedImages"] = Int.max } }
            }, "plannedImages"),
        ]
        for (name, change, reason) in cases {
            let shards = try Shards()
            defer { shards.folder.cleanup() }
            try change(shards)
            let merged = try spawnHowdy(["render", "--merge", shards.one, shards.two, "--out", shards.out])
            #expect(merged.status == 2, "\(name): \(merged.status) \(merged.err)")
            #expect(merged.err.contains(reason), "\(name): \(merged.err)")
            #expect(shards.written.isEmpty, "\(name): \(shards.written)")
        }
    }

    @Test func aDuplicatedFilesEntryIsRefused() throws {
        // Item 16: "3 images" for a 2-image plan.
        let shards = try Shards()
        defer { shards.folder.cleanup() }
        try shards.tamper(shards.one) { object in
            let files = object["files"] as! [[String: Any]]
            object["files"] = files + files
        }
        let merged = shards.merge()
        #expect(merged.code == 2, "\(merged.out)")
        #expect(merged.err.contains("is listed twice in files"), "\(merged.err)")
        #expect(shards.written.isEmpty)
    }

    @Test func linksAndFilesThatAreNotTheImageNamedAreNotCopied() throws {
        // Item 6: a link in a shard folder got any readable file copied into --out, and the
        // copy stayed when the merge then failed.
        let secret = "password=hunter2\n"
        let cases: [(String, (Shards, String) throws -> Void, String)] = [
            ("a link to a secret", { shards, image in
                try shards.folder.write("secret.txt", secret)
                try FileManager.default.removeItem(atPath: image)
                try FileManager.default.createSymbolicLink(atPath: image, withDestinationPath: shards.folder.path("secret.txt"))
            }, "it is a symbolic link"),
            ("a link to a real PNG", { shards, image in
                let copy = shards.folder.path("copy.png")
                try FileManager.default.moveItem(atPath: image, toPath: copy)
                try FileManager.default.createSymbolicLink(atPath: image, withDestinationPath: copy)
            }, "it is a symbolic link"),
            ("a text file", { shards, image in
                try Data(secret.utf8).write(to: URL(fileURLWithPath: image))
            }, "it is not a PNG file"),
            ("a PNG of another size", { shards, image in
                // The same screen at scale 2: a real PNG, 750 × 1334 px.
                let big = shards.folder.path("big")
                let result = howdy([
                    "render", shards.folder.path("spec.json"), "--out", big, "--device", "small-phone", "--scheme",
                    "light", "--scale", "2",
                ])
                #expect(result.code == 0)
                let name = URL(fileURLWithPath: image).lastPathComponent.replacingOccurrences(of: "@1x", with: "@2x")
                try FileManager.default.removeItem(atPath: image)
                try FileManager.default.copyItem(atPath: big + "/" + name, toPath: image)
            }, "it is 750 × 1334 px, the manifest says 375 × 667 px"),
            ("a folder", { shards, image in
                try FileManager.default.removeItem(atPath: image)
                try FileManager.default.createDirectory(atPath: image, withIntermediateDirectories: false)
            }, "it is a folder, not a regular file"),
            ("missing", { shards, image in
                try FileManager.default.removeItem(atPath: image)
            }, "no such file"),
            ("a FIFO", { shards, image in
                try FileManager.default.removeItem(atPath: image)
                #expect(mkfifo(image, 0o644) == 0)
            }, "it is a FIFO (named pipe), not a regular file"),
        ]
        for (name, change, reason) in cases {
            let shards = try Shards()
            defer { shards.folder.cleanup() }
            let image = URL(fileURLWithPath: shards.one).appendingPathComponent(try shards.image(shards.one)).path
            try change(shards, image)
            let merged = shards.merge()
            #expect(merged.code == 2, "\(name): \(merged.out)")
            // Item 18: one sentence naming the path and the reason.
            #expect(merged.err.contains(image) && merged.err.contains(reason), "\(name): \(merged.err)")
            #expect(merged.err.split(separator: "\n").count == 1, "\(name): \(merged.err)")
            #expect(!merged.err.contains("NSCocoaErrorDomain") && !merged.err.contains("Error Domain"))
            #expect(shards.written.isEmpty, "\(name): \(shards.written)")
        }
    }

    @Test func mergingIntoAShardFolderReplacesALinkThere() throws {
        // Item 7: `--merge … --out shard-1` (which the README allows) overwrote the target of
        // shard-1/index.html.
        let shards = try Shards()
        defer { shards.folder.cleanup() }
        try shards.folder.write("victim.sh", "#!/bin/sh\necho safe\n")
        let victim = shards.folder.path("victim.sh")
        let link = URL(fileURLWithPath: shards.one).appendingPathComponent("index.html").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        let merged = howdy(["render", "--merge", shards.one, shards.two, "--out", shards.one])
        #expect(merged.code == 0, "\(merged.err)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "#!/bin/sh\necho safe\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try String(contentsOfFile: link, encoding: .utf8).hasPrefix("<!doctype html>"))
    }
}

/// Locales from the command line and JSON-lines requests (issue 17, item 17): BCP 47 tags
/// that ICU parses whole, no `@` keywords, and a refused value is not echoed at length.
@Suite struct LocaleInputTests {
    static let base = ["balance", "--font", "Inter-Bold", "--size", "20", "--width", "200"]

    @Test func balanceLocaleFlagsAreCheckedTags() throws {
        let long = String(repeating: "x", count: 1 << 20)
        for locale in ["ja@lw=phrase", "en_US", "de-", long, "en\u{1B}[31m"] {
            let result = try CommandHarness.run(Self.base + ["--locale", locale, "hello world"])
            #expect(result.status == 2, "\(locale.prefix(20))")
            #expect(result.error.contains("--locale: expected a BCP 47 tag"), "\(result.error.prefix(200))")
            #expect(result.error.utf8.count < 300, "the value is not echoed at length")
            #expect(!result.error.contains("\u{1B}"))
        }
        for locale in ["ja", "de-CH", "zh-Hant-TW"] {
            let result = try CommandHarness.run(Self.base + ["--locale", locale, "hello world"])
            #expect(result.status == 0, "\(locale): \(result.error)")
        }
    }

    @Test func jsonlLocalesAreCheckedPerRequest() throws {
        let long = String(repeating: "x", count: 100_000)
        let input = [
            #"{"id":1,"font":"Inter-Bold","text":"日本語の文章です","locale":"ja@lw=phrase","wordBreak":"normal"}"#,
            #"{"id":2,"font":"Inter-Bold","text":"hello","locale":"\#(long)"}"#,
            #"{"id":3,"font":"Inter-Bold","text":"hello","locale":"en"}"#,
        ].joined(separator: "\n") + "\n"
        let result = try CommandHarness.run(["balance", "--jsonl", "--width", "200", "--size", "20"], input: input)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.output.prefix(500)) \(result.error)")
        guard lines.count == 3 else { return }
        #expect(lines[0].contains("locale: expected a BCP 47 tag") && lines[0].contains("'@' keywords"), "\(lines[0])")
        #expect(lines[1].contains("locale: expected a BCP 47 tag") && lines[1].utf8.count < 400, "\(lines[1].prefix(300))")
        #expect(!lines[2].contains("error"), "\(lines[2])")
    }
}
