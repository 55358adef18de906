import Foundation
import Testing

/// `howdy review` from two render folders and from a golden-failure manifest, and
/// `--accept`.
@Suite(.serialized) struct ReviewCommandTests {
    /// The `src` attributes of a page.
    static func sources(_ html: String) -> [String] {
        html.components(separatedBy: "src=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
    }

    @Test func folderReviewListsChangesFirstWithFiguresViewsAndAcceptCommands() throws {
        let fixture = try ReviewFixture()
        defer { fixture.folder.cleanup() }
        let out = fixture.folder.path("review")
        let result = howdy(["review", "--expected", fixture.expected, "--actual", fixture.actual, "--out", out])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.hasPrefix("1 changed, 1 new, 1 removed, 1 unchanged; 1 group: "), "\(result.out)")
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        // Sections in order: changed, new, removed, unchanged.
        let positions = ["id=\"changed\"", "id=\"new\"", "id=\"removed\"", "id=\"unchanged\""].map {
            html.range(of: $0)?.lowerBound
        }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        let changed = html[html.range(of: "id=\"changed\"")!.lowerBound..<html.range(of: "id=\"new\"")!.lowerBound]
        #expect(changed.contains("data-name=\"\(ReviewFixture.changed)\""))
        for figure in ["differing pixels", "ratio", "max distance", "changed area"] {
            #expect(changed.contains("<dt>\(figure)</dt>"), "\(figure)")
        }
        for view in ["view-side", "view-diff", "view-slider", "view-onion"] { #expect(changed.contains(view)) }
        let expectedPath = URL(fileURLWithPath: fixture.expected).standardizedFileURL.path
        let actualPath = URL(fileURLWithPath: fixture.actual).standardizedFileURL.path
        // The page copies commands by ID: its data block holds the prefix and the quoted source.
        #expect(html.contains("\"prefix\":\"howdy review --accept\""))
        #expect(html.contains("\"source\":\"--expected \(expectedPath) --actual \(actualPath)\""), "accept source")
        #expect(!html.contains("cp \(actualPath)"), "no command names a file")
        // Offline and self-contained: no network, no external script; every image is in the folder.
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("<script src"))
        // Grid cards (there may be thousands) load lazily; the first group's side-by-side
        // pair at once; its other views when chosen; a card's viewer is inert until opened.
        let unchanged = html[html.range(of: "id=\"unchanged\"")!.lowerBound...]
        #expect(unchanged.contains("loading=\"lazy\""))
        let representative = changed[..<changed.range(of: "<details")!.lowerBound]
        let side = representative[representative.range(of: "view-side")!.lowerBound..<representative.range(of: "view-diff")!.lowerBound]
        #expect(side.components(separatedBy: "<img").count == 3 && !side.contains("loading=\"lazy\""))
        let others = representative[representative.range(of: "view-diff")!.lowerBound...]
        #expect(others.components(separatedBy: "<img").count - 1 == others.components(separatedBy: "loading=\"lazy\"").count - 1)
        #expect(changed.contains("<template class=\"detail\"><div class=\"detail\" hidden>"))
        let tags = html.components(separatedBy: "<img").dropFirst().map { String($0.prefix { $0 != ">" }) }
        #expect(tags.filter { $0.contains("loading=\"lazy\"") }.allSatisfy { $0.contains("decoding=\"async\"") })
        #expect(tags.filter { !$0.contains("loading=\"lazy\"") }.count == 2, "only the first group's pair loads at once")
        let sources = Self.sources(html)
        #expect(sources.count >= 7, "changed: 2 per view but diff; new, removed, unchanged: one each")
        for source in sources {
            let path = out + "/" + (source.removingPercentEncoding ?? source)
            #expect(FileManager.default.fileExists(atPath: path), "\(source)")
        }
        let diff = try Data(contentsOf: URL(fileURLWithPath: out + "/images/2/diff.png"))
        #expect(diff.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Accepting the change copies actual over expected; the next review sees it unchanged.
        let accepted = howdy(
            ["review", "--accept", "2", "--expected", fixture.expected, "--actual", fixture.actual])
        #expect(accepted.code == 0, "\(accepted.err)")
        #expect(
            try fixture.folder.read("expected/\(ReviewFixture.changed)")
                == fixture.folder.read("actual/\(ReviewFixture.changed)"))
        let unknown = howdy(
            ["review", "--accept", "99", "--expected", fixture.expected, "--actual", fixture.actual])
        #expect(unknown.code == 2)
        #expect(unknown.err.contains("no change with ID 99"), "\(unknown.err)")
        let all = howdy(["review", "--accept", "--all", "--expected", fixture.expected, "--actual", fixture.actual])
        #expect(all.code == 0, "\(all.err)")
        #expect(all.out.contains("accepted the removal of 4 \(ReviewFixture.removed)"), "\(all.out)")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("expected/\(ReviewFixture.removed)")))
        let again = howdy(["review", "--expected", fixture.expected, "--actual", fixture.actual, "--out", out])
        #expect(again.out.hasPrefix("0 changed, 0 new, 0 removed, 3 unchanged"), "\(again.out)")
    }

    @Test func manifestReviewShowsTheTestsFiguresAndAcceptCopiesActualOverGolden() throws {
        let fixture = try ReviewFixture()
        defer { fixture.folder.cleanup() }
        let artefacts = fixture.folder.url.appendingPathComponent("failures")
        let goldens = fixture.folder.url.appendingPathComponent("Goldens/HowdyKitUI")
        try FileManager.default.createDirectory(
            at: artefacts.appendingPathComponent("HowdyKitUI"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        let manager = FileManager.default
        for (from, to) in [
            ("expected/\(ReviewFixture.changed)", "failures/HowdyKitUI/a.expected.png"),
            ("actual/\(ReviewFixture.changed)", "failures/HowdyKitUI/a.actual.png"),
            ("actual/\(ReviewFixture.new)", "failures/HowdyKitUI/b.actual.png"),
            ("expected/\(ReviewFixture.changed)", "Goldens/HowdyKitUI/a.png"),
        ] {
            try manager.copyItem(atPath: fixture.folder.path(from), toPath: fixture.folder.path(to))
        }
        let golden = goldens.appendingPathComponent("a.png").path
        try Data(
            #"""
            {"version": 1, "createdBy": "HowdyTesting", "futureKey": true, "failures": [
              {"name": "HowdyKitUI/a", "status": "changed", "golden": "\#(golden)",
               "expected": "HowdyKitUI/a.expected.png", "actual": "HowdyKitUI/a.actual.png",
               "figures": {"differentPixels": 4242, "totalPixels": 250125, "ratio": 0.01696, "maxDistance": 0.42,
                           "densestWindowRatio": 0.31},
               "tolerance": {"threshold": 0.1, "maxDiffRatio": 0, "maxDiffPixels": 0, "maxWindowRatio": 0.05, "windowSize": 32},
               "message": "4242 pixels differ"}]}
            """#.utf8
        ).write(to: artefacts.appendingPathComponent("manifest.json"))
        // A second writer's per-process file is merged in.
        try Data(
            #"{"version": 1, "failures": [{"name": "HowdyKitUI/b", "status": "missing", "golden": "\#(goldens.path)/b.png", "actual": "HowdyKitUI/b.actual.png"}]}"#
                .utf8
        ).write(to: artefacts.appendingPathComponent("manifest-4711.json"))
        let out = fixture.folder.path("review")
        let result = howdy(["review", "--manifest", artefacts.path, "--goldens", goldens.path, "--out", out])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.hasPrefix("1 changed, 1 new, 0 removed, 0 unchanged"), "\(result.out)")
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(html.contains("<dd>4242 of 250125</dd>"), "the test's own figures")
        #expect(html.contains("<dt>densest window</dt><dd>0.3100</dd>"))
        #expect(html.contains("<dt>changed area</dt>"), "the area is measured by the review")
        #expect(html.contains("4242 pixels differ"))
        let manifestPath = artefacts.appendingPathComponent("manifest.json").standardizedFileURL.path
        #expect(
            html.contains("\"source\":\"--manifest \(manifestPath) --goldens \(goldens.standardizedFileURL.path)\""),
            "accept source")
        for source in Self.sources(html) {
            #expect(FileManager.default.fileExists(atPath: out + "/" + (source.removingPercentEncoding ?? source)))
        }
        // Without --manifest, the review reads $HOWDY_ARTIFACTS (as HowdyTesting's message
        // `howdy review --accept NAME` expects).
        if let executable = howdyExecutable() {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["review", "--out", fixture.folder.path("review-env")]
            process.environment = ["HOWDY_ARTIFACTS": artefacts.path, "PATH": "/usr/bin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(FileManager.default.fileExists(atPath: fixture.folder.path("review-env/index.html")))
        }
        // --accept copies actual over golden, creating the new golden's folder when needed.
        let accept = howdy(["review", "--accept", "1", "2", "--manifest", manifestPath, "--goldens", goldens.path])
        #expect(accept.code == 0, "\(accept.err)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: golden)) == fixture.folder.read("actual/\(ReviewFixture.changed)")
        )
        #expect(
            try fixture.folder.read("Goldens/HowdyKitUI/b.png") == fixture.folder.read("actual/\(ReviewFixture.new)"))
    }

    @Test func badManifestsAndUsageExitTwoNamingTheProblem() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        let cases: [(String, String)] = [
            ("{ not json", "not a failure manifest"),
            (
                #"{"failures": [{"name": "a", "status": "changed", "golden": "/g/a.png", "actual": "../../etc/passwd"}]}"#,
                "failures[0]: actual \"../../etc/passwd\" must be a path inside the manifest's folder"
            ),
            (
                #"{"failures": [{"name": "a", "status": "changed", "golden": "relative.png"}]}"#,
                "failures[0]: golden \"relative.png\" must be an absolute path"
            ),
            (#"{"version": 2, "failures": []}"#, "unknown version 2"),
        ]
        for (index, (json, message)) in cases.enumerated() {
            try folder.write("m\(index).json", json)
            let result = howdy(["review", "--manifest", folder.path("m\(index).json"), "--out", folder.path("o")])
            #expect(result.code == 2, "\(json)")
            #expect(result.err.contains(message), "\(json): \(result.err)")
        }
        let missing = howdy(["review", "--manifest", folder.path("none"), "--out", folder.path("o")])
        #expect(missing.code == 2)
        #expect(missing.err.contains("no such file or folder"))
        for arguments in [
            ["review", "--actual", folder.url.path, "--out", folder.path("o")],
            ["review", "--expected", folder.path(""), "--out", folder.path("o")],
            ["review", "--accept", "--expected", folder.url.path, "--actual", folder.url.path],
            ["review", "--expected", folder.url.path, "--actual", folder.url.path],
            ["review", "--expected", folder.url.path, "--actual", folder.url.path, "--out", "x", "--threshold", "2"],
        ] {
            #expect(howdy(arguments).code == 2, "\(arguments)")
        }
        let notFolder = howdy(["review", "--expected", folder.path("nope"), "--actual", folder.url.path, "--out", "x"])
        #expect(notFolder.code == 2)
        #expect(notFolder.err.contains("nope: not a folder"), "\(notFolder.err)")
        // An image that does not decode is named.
        try FileManager.default.createDirectory(atPath: folder.path("e"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("a"), withIntermediateDirectories: true)
        try folder.write("e/x.png", "not a png")
        try folder.write("a/x.png", "not a png either")
        let broken = howdy([
            "review", "--expected", folder.path("e"), "--actual", folder.path("a"), "--out", folder.path("o"),
        ])
        #expect(broken.code == 2)
        #expect(broken.err.contains("x.png"), "\(broken.err)")
    }
}
