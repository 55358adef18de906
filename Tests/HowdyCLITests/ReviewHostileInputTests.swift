import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 17 on `howdy review`: nothing a pull request controls (file names, manifests,
/// links, image headers) may inject into the page, reach a shell, escape the goldens
/// folder or exhaust memory.
@Suite(.serialized) struct ReviewHostileInputTests {
    /// A folder pair with one changed image named `name` (the fixture's changed render).
    static func pair(named name: String, in folder: Scratch) throws {
        let fixture = try ReviewFixture.shared()
        for side in ["expected", "actual"] {
            try FileManager.default.createDirectory(atPath: folder.path(side), withIntermediateDirectories: true)
            try fixture.read("\(side)/\(ReviewFixture.changed)").write(to: folder.url.appendingPathComponent("\(side)/\(name)"))
        }
    }

    /// Every attribute name and the `data-name` values of a page, read by Python's HTML
    /// parser (as a browser tokenises it), or nil without python3.
    static func parse(_ html: String, in folder: Scratch) throws -> (attributes: Set<String>, names: [String], captions: [String])? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return nil }
        try html.write(toFile: folder.path("page.html"), atomically: true, encoding: .utf8)
        let script = #"""
            import html.parser, json, sys
            class P(html.parser.HTMLParser):
                def __init__(self):
                    super().__init__(convert_charrefs=True); self.attrs=set(); self.names=[]; self.captions=[]; self.cap=None
                def handle_starttag(self, tag, attrs):
                    for k, v in attrs:
                        self.attrs.add(k)
                        if k == "data-name" and tag == "article": self.names.append(v)
                    if tag == "p" and ("class", "caption") in attrs: self.cap = []
                def handle_endtag(self, tag):
                    if tag == "p" and self.cap is not None: self.captions.append("".join(self.cap)); self.cap = None
                def handle_data(self, data):
                    if self.cap is not None: self.cap.append(data)
            p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read())
            print(json.dumps({"attributes": sorted(p.attrs), "names": p.names, "captions": p.captions}))
            """#
        try script.write(toFile: folder.path("parse.py"), atomically: true, encoding: .utf8)
        let run = try ToolRun.run("/usr/bin/python3", [folder.path("parse.py"), folder.path("page.html")])
        let json = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as! [String: [String]]
        return (Set(json["attributes"]!), json["names"]!, json["captions"]!)
    }

    /// The attributes the page writes; anything else (`onfocus`, `autofocus`) was injected.
    static let pageAttributes: Set<String> = [
        "lang", "charset", "name", "content", "data-view", "href", "type", "id", "aria-keyshortcuts", "title",
        "aria-label", "role", "aria-live", "hidden", "class", "data-group", "data-ids", "data-signature", "data-id", "data-status",
        "data-name", "data-device", "data-scheme", "data-locale", "data-size", "data-screen", "data-decide", "src",
        "alt", "loading", "decoding", "width", "height", "style", "tabindex", "aria-valuemin", "aria-valuemax", "aria-valuenow",
        "min", "max", "value", "data-facet", "placeholder", "aria-modal", "aria-labelledby",
    ]

    // Item 1: a quote followed by a ZWJ is one grapheme that is not `"`.
    @Test func aGoldenNamedWithAJoinedQuoteDoesNotInjectAnAttribute() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        let name = "x\u{200D}\"\u{200D} autofocus tabindex=0 onfocus=alert(1) y=.png"
        try Self.pair(named: name, in: folder)
        try Data([0]).write(to: folder.url.appendingPathComponent("actual/\(name)"), options: .atomic)
        try ReviewFixture.shared().read("actual/\(ReviewFixture.new)").write(
            to: folder.url.appendingPathComponent("actual/\(name)"))
        let result = howdy([
            "review", "--expected", folder.path("expected"), "--actual", folder.path("actual"), "--out",
            folder.path("review"),
        ])
        #expect(result.code == 0, "\(result.err)")
        let html = try String(contentsOfFile: folder.path("review/index.html"), encoding: .utf8)
        #expect(!html.contains("\u{200D}\" autofocus") && !html.contains("\u{200D}\"\u{200D} autofocus"))
        guard let parsed = try Self.parse(html, in: folder) else { return }
        #expect(parsed.attributes.isSubset(of: Self.pageAttributes), "\(parsed.attributes.subtracting(Self.pageAttributes))")
        #expect(parsed.names.contains(name), "the name is one attribute value, whole")
        #expect(parsed.captions.contains { $0.hasSuffix(name) })
    }

    // Item 3: accept by the page's ID; a name never reaches a shell.
    @Test func acceptTakesThePagesIDsAndANameNeverReachesTheShell() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        let name = "a'\u{0301}; touch PWNED; echo '.png"
        try Self.pair(named: name, in: folder)
        try ReviewFixture.shared().read("actual/\(ReviewFixture.new)").write(
            to: folder.url.appendingPathComponent("actual/\(name)"))
        let result = howdy([
            "review", "--expected", folder.path("expected"), "--actual", folder.path("actual"), "--out",
            folder.path("review"), "--json",
        ])
        #expect(result.code == 0, "\(result.err)")
        let html = try String(contentsOfFile: folder.path("review/index.html"), encoding: .utf8)
        #expect(!html.contains("touch PWNED; echo") || !html.contains("--accept a"))
        // The command the page copies: its prefix, the IDs and the source, from the data block.
        let data = html.components(separatedBy: "id=\"review-data\">")[1].components(separatedBy: "</script>")[0]
        let object = try JSONSerialization.jsonObject(with: Data(data.utf8)) as! [String: Any]
        let decision = object["decision"] as! [String: Any]
        let line = "\(object["prefix"] as! String) 1 --digest \(decision["digest"] as! String) \(object["source"] as! String)"
        #expect(!line.contains("PWNED"))
        let executable = try #require(howdyExecutable())
        let run = try ToolRun.run(
            "/bin/sh", ["-c", line.replacingOccurrences(of: "howdy review", with: "'\(executable.path)' review")],
            directory: folder.url)
        #expect(run.code == 0, "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("PWNED")))
        #expect(try folder.read("expected/\(name)") == folder.read("actual/\(name)"), "ID 1 is the one name")
        // A name (or anything but IDs) is refused as a usage error.
        let byName = howdy(["review", "--accept", name, "--expected", folder.path("expected"), "--actual", folder.path("actual")])
        #expect(byName.code == 2)
        #expect(byName.err.contains("takes the IDs the review page shows"), "\(byName.err)")
        // IDs from a page made for other names are refused (the digest differs).
        let stale = howdy([
            "review", "--accept", "1", "--digest", "0123456789abcdef", "--expected", folder.path("expected"),
            "--actual", folder.path("actual"),
        ])
        #expect(stale.code == 2)
        #expect(stale.err.contains("the images changed since the page was made"), "\(stale.err)")
        let unknown = howdy(["review", "--accept", "9", "--expected", folder.path("expected"), "--actual", folder.path("actual")])
        #expect(unknown.code == 2)
        #expect(unknown.err.contains("no change with ID 9"), "\(unknown.err)")
    }

    // Item 9: a linked subfolder of --expected leads outside it.
    @Test func acceptRefusesATargetWhoseRealPathIsOutsideTheExpectedFolder() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        let manager = FileManager.default
        for path in ["expected", "actual/sub", "elsewhere"] {
            try manager.createDirectory(atPath: folder.path(path), withIntermediateDirectories: true)
        }
        try manager.createSymbolicLink(atPath: folder.path("expected/sub"), withDestinationPath: folder.path("elsewhere"))
        try ReviewFixture.shared().read("actual/\(ReviewFixture.new)").write(to: folder.url.appendingPathComponent("actual/sub/x.png"))
        let result = howdy(["review", "--accept", "--all", "--expected", folder.path("expected"), "--actual", folder.path("actual")])
        #expect(result.code == 2)
        #expect(result.err.contains("lies outside"), "\(result.err)")
        #expect(try manager.contentsOfDirectory(atPath: folder.path("elsewhere")).isEmpty)
    }

    // Item 10: only regular files that decode as images, into .png/.ppm targets inside the root.
    @Test func acceptCopiesOnlyRegularImageFilesIntoImageTargetsInsideTheRoot() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        let manager = FileManager.default
        for path in ["expected", "actual"] { try manager.createDirectory(atPath: folder.path(path), withIntermediateDirectories: true) }
        try folder.write("secret.txt", "the secret")
        try manager.createSymbolicLink(atPath: folder.path("actual/leak.png"), withDestinationPath: folder.path("secret.txt"))
        let leak = howdy(["review", "--accept", "1", "--expected", folder.path("expected"), "--actual", folder.path("actual")])
        #expect(leak.code == 2)
        #expect(leak.err.contains("leak.png: it is a symbolic link"), "\(leak.err)")
        #expect(!manager.fileExists(atPath: folder.path("expected/leak.png")))
        try manager.removeItem(atPath: folder.path("actual/leak.png"))
        try folder.write("actual/text.png", "not an image")
        let text = howdy(["review", "--accept", "1", "--expected", folder.path("expected"), "--actual", folder.path("actual")])
        #expect(text.code == 2)
        #expect(text.err.contains("text.png: it is not a PNG or PPM image"), "\(text.err)")
        #expect(!manager.fileExists(atPath: folder.path("expected/text.png")))

        // A manifest whose golden names any path.
        let image = try ReviewFixture.shared().read("actual/\(ReviewFixture.new)")
        try manager.createDirectory(atPath: folder.path("failures"), withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder.path("Goldens"), withIntermediateDirectories: true)
        try image.write(to: folder.url.appendingPathComponent("failures/a.actual.png"))
        try folder.write("victim.sh", "#!/bin/sh\necho safe\n")
        chmod(folder.path("victim.sh"), 0o755)
        for golden in [folder.path("victim.sh"), folder.path("Goldens/victim.sh"), folder.path("Goldens/../victim.png")] {
            try folder.write(
                "failures/manifest.json",
                #"{"version": 1, "failures": [{"name": "a", "status": "changed", "golden": "\#(golden)", "actual": "a.actual.png"}]}"#)
            let result = howdy([
                "review", "--accept", "1", "--manifest", folder.path("failures"), "--goldens", folder.path("Goldens"),
            ])
            #expect(result.code == 2, "\(golden)")
            #expect(result.err.contains("outside") || result.err.contains("is not a .png or .ppm") || result.err.contains("absolute"), "\(golden): \(result.err)")
        }
        #expect(try folder.read("victim.sh") == Data("#!/bin/sh\necho safe\n".utf8))
        var info = stat()
        stat(folder.path("victim.sh"), &info)
        #expect(info.st_mode & 0o777 == 0o755)
        #expect(try manager.contentsOfDirectory(atPath: folder.path("Goldens")).isEmpty)
        // Inside the root, a .png golden is written.
        try folder.write(
            "failures/manifest.json",
            #"{"version": 1, "failures": [{"name": "a", "status": "changed", "golden": "\#(folder.path("Goldens/a.png"))", "actual": "a.actual.png"}]}"#)
        let good = howdy(["review", "--accept", "1", "--manifest", folder.path("failures"), "--goldens", folder.path("Goldens")])
        #expect(good.code == 0, "\(good.err)")
        #expect(try folder.read("Goldens/a.png") == image)
    }

    // Item 11: a.png and a.ppm each keep their own pictures.
    @Test func aPNGAndAPPMOfOneNameDoNotShareTheirPictures() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        for side in ["expected", "actual"] {
            try FileManager.default.createDirectory(atPath: folder.path(side), withIntermediateDirectories: true)
        }
        // Two different 2×1 PPMs per name; the PNG side is the fixture's change.
        try Data("P6\n2 1\n255\n".utf8 + [255, 0, 0, 0, 255, 0]).write(to: folder.url.appendingPathComponent("expected/a.ppm"))
        try Data("P6\n2 1\n255\n".utf8 + [0, 0, 255, 0, 255, 0]).write(to: folder.url.appendingPathComponent("actual/a.ppm"))
        let fixture = try ReviewFixture.shared()
        try fixture.read("expected/\(ReviewFixture.changed)").write(to: folder.url.appendingPathComponent("expected/a.png"))
        try fixture.read("actual/\(ReviewFixture.changed)").write(to: folder.url.appendingPathComponent("actual/a.png"))
        let result = howdy([
            "review", "--expected", folder.path("expected"), "--actual", folder.path("actual"), "--out", folder.path("review"),
            "--self-contained",
        ])
        #expect(result.code == 0, "\(result.err)")
        let html = try String(contentsOfFile: folder.path("review/index.html"), encoding: .utf8)
        #expect(html.contains("src=\"images/1/actual.png\"") && html.contains("src=\"images/2/actual.png\""))
        #expect(try folder.read("review/images/1/actual.png") != folder.read("review/images/2/actual.png"))
        #expect(try folder.read("review/images/1/actual.png") == folder.read("actual/a.png"), "a.png is ID 1")
    }

    // Item 12: the header is checked against one pixel budget before anything is decoded.
    @Test func anImageOverThePixelBudgetIsRefusedFromItsHeader() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        for side in ["expected", "actual"] {
            try FileManager.default.createDirectory(atPath: folder.path(side), withIntermediateDirectories: true)
            // 10,000 × 10,000 = 100 Mpx declared (under the decoder's old 256 Mpx, over 64 Mpx).
            try Data("P6\n10000 10000\n255\n".utf8 + [UInt8](repeating: 7, count: 64)).write(
                to: folder.url.appendingPathComponent("\(side)/big.ppm"))
        }
        let result = howdy([
            "review", "--expected", folder.path("expected"), "--actual", folder.path("actual"), "--out", folder.path("review"),
        ])
        #expect(result.code == 2)
        #expect(result.err.contains("big.ppm") && result.err.contains("budget is 67108864 pixels"), "\(result.err)")
    }

    // Item 19: leftovers of a killed accept are recognised and removed by the next one.
    @Test func leftoversOfAKilledAcceptAreRemovedOnTheNextRun() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        try Self.pair(named: "a.png", in: folder)
        // A process that has exited: its pid no longer runs.
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        let leftover = ".howdy-tmp-\(dead.processIdentifier)-1-a.png"
        try folder.write("expected/\(leftover)", "half a PNG")
        let result = howdy(["review", "--accept", "--all", "--expected", folder.path("expected"), "--actual", folder.path("actual")])
        #expect(result.code == 0, "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("expected/\(leftover)")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("expected")) == ["a.png"])
    }

    // Item 20: --out may not be, or lie inside, an input folder.
    @Test func anOutputFolderThatIsOrLiesInsideAnInputIsRefused() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        try Self.pair(named: "a.png", in: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link"), withDestinationPath: folder.path("expected"))
        for out in ["expected", "expected/review", "actual/deep/er", "link/r"] {
            let result = howdy(["review", "--expected", folder.path("expected"), "--actual", folder.path("actual"), "--out", folder.path(out)])
            #expect(result.code == 2, "\(out)")
            #expect(result.err.contains("is, or lies inside, the input folder"), "\(out): \(result.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("expected")) == ["a.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("actual")) == ["a.png"])
    }
}
