import Foundation
import Testing

@testable import HowdyReview

/// Issue 17 item 1 as a property: review pages made from random hostile names (quotes,
/// `<`, `&`, combining marks, ZWJ, bidi controls, invalid UTF-8) parse to the same text,
/// and every command the page builds reads back word for word through `sh`.
@Suite struct ReviewPageEscapingTests {
    /// Pieces names are made of: each one has broken a page or a shell somewhere.
    static let pieces: [String] = [
        "\"", "'", "<", ">", "&", "\u{0301}", "\u{200D}", "\u{202E}", "\u{2066}", "\u{0D4E}", "\u{2028}", " ",
        "=", "/", "`", "$(", ")", ";", "\\", "\n", "\t", "a", "é", "onfocus=alert(1)", "</script>", "<!--", "&amp;",
        "-->", "#", "%", "?", "${IFS}", "\u{FEFF}", "👩‍💻", String(decoding: [0xFF, 0xC3, 0x28], as: UTF8.self),
    ]

    /// A deterministic generator (SplitMix64), so a failure names a reproducible seed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func names(count: Int, seed: UInt64) -> [String] {
        var generator = Generator(state: seed)
        var names = Set<String>()
        while names.count < count {
            let length = Int.random(in: 1...8, using: &generator)
            names.insert((0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined() + ".png")
        }
        return names.sorted()
    }

    /// A review of `names` (half changed in two groups, the rest new) over folders and
    /// facets that are hostile too.
    static func review(_ names: [String]) -> Review {
        var items: [ReviewItem] = []
        for (index, name) in names.enumerated() {
            var item = ReviewItem(id: index + 1, name: name, status: index % 2 == 0 ? .changed : .new)
            item.actual = "images/\(index + 1)/actual.png"
            item.actualSize = .init(width: 10, height: 20)
            item.thumbnail = item.actual
            item.facets = .init(screen: name, device: names[(index + 1) % names.count], scheme: "light", locale: name, typeSize: nil)
            if item.status == .changed {
                item.expected = "../\(name)"
                item.expectedSize = item.actualSize
                item.diff = "images/\(index + 1)/diff.png"
                item.signature = index % 4 == 0 ? "a" : "b"
                item.regions = [.init(x: 1, y: 2, width: 3, height: 4)]
                item.note = name
            }
            items.append(item)
        }
        let groups = Review.group(&items)
        let expected = "/tmp/\(names[0])", actual = "/tmp/\(names[names.count - 1])"
        return Review(
            title: "Review: \(names[1])", items: items, groups: groups, digest: "0123456789abcdef",
            sourceArguments: "--expected \(shellQuoted(expected)) --actual \(shellQuoted(actual))", command: "howdy",
            decision: ReviewDecision(digest: "0123456789abcdef", accept: [], expected: [expected], actual: [actual]))
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func hostileNamesParseToTheSameTextAndCommandsReadBackThroughSh(seed: UInt64) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            Issue.record("python3 is missing: its HTML parser is the reference tokenizer here")
            return
        }
        let names = Self.names(count: 120, seed: seed)
        let review = Self.review(names)
        let html = ReviewPage.html(review, directory: URL(fileURLWithPath: "/tmp"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-escaping-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try html.write(to: folder.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
        try Self.parser.write(to: folder.appendingPathComponent("parse.py"), atomically: true, encoding: .utf8)
        let parsed = try Self.run("/usr/bin/python3", [folder.appendingPathComponent("parse.py").path, folder.appendingPathComponent("page.html").path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [String: Any], "\(parsed)")
        let attributes = Set(json["attributes"] as! [String])
        #expect(attributes.allSatisfy { !$0.hasPrefix("on") && $0 != "autofocus" && $0 != "srcdoc" }, "\(attributes)")
        // Every card's data-name and caption is its name, whole.
        let byID = Dictionary(uniqueKeysWithValues: names.enumerated().map { (String($0.offset + 1), $0.element) })
        let cards = json["cards"] as! [[String]]
        #expect(cards.count >= names.count)
        for card in cards {
            #expect(byID[card[0]] == card[1], "data-name of #\(card[0])")
            #expect(card[2] == "#\(card[0]) \(byID[card[0]] ?? "")", "caption of #\(card[0])")
        }
        #expect(json["title"] as? String == review.title)
        #expect(json["scripts"] as? Int == 2, "the data block and the page's script, nothing injected")
        let data = json["data"] as! [String: Any]
        #expect(data["source"] as? String == review.sourceArguments)
        #expect((data["decision"] as? [String: Any])?["expected"] as? [String] == review.decision.expected)
        // Commands: the page's accept command reads back as its words.
        let command = review.acceptCommand([1, 2, 17])
        let words = try Self.run("/bin/sh", ["-c", "printf '%s\\0' " + command]).split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(words == ["howdy", "review", "--accept", "1", "2", "17", "--digest", "0123456789abcdef", "--expected", review.decision.expected![0], "--actual", review.decision.actual![0]])
        // And every name quoted alone round-trips through sh -c 'printf %s "$1"'.
        for name in names where !name.contains("\0") {
            let back = try Self.run("/bin/sh", ["-c", "sh -c 'printf %s \"$1\"' sh " + shellQuoted(name)])
            #expect(back == name, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    static func run(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static let parser = #"""
        import html.parser, json, sys
        class P(html.parser.HTMLParser):
            def __init__(self):
                super().__init__(convert_charrefs=True)
                self.attrs=set(); self.cards=[]; self.cap=None; self.scripts=0; self.data=None; self.inTitle=False; self.title=""; self.card=None; self.inData=False
            def handle_starttag(self, tag, attrs):
                a = dict(attrs)
                for k, v in attrs: self.attrs.add(k)
                if tag == "article" and "card" in (a.get("class") or ""): self.card=[a.get("data-id"), a.get("data-name")]
                if tag == "p" and a.get("class") == "caption": self.cap = []
                if tag == "script":
                    self.scripts += 1
                    self.inData = a.get("id") == "review-data"; self.buffer = []
                if tag == "title": self.inTitle = True
            def handle_endtag(self, tag):
                if tag == "p" and self.cap is not None:
                    self.card.append("".join(self.cap)); self.cards.append(self.card); self.cap = None
                if tag == "script" and self.inData: self.data = json.loads("".join(self.buffer)); self.inData = False
                if tag == "title": self.inTitle = False
            def handle_data(self, data):
                if self.cap is not None: self.cap.append(data)
                if self.inData: self.buffer.append(data)
                if self.inTitle: self.title += data
        p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read())
        print(json.dumps({"attributes": sorted(p.attrs), "cards": p.cards, "scripts": p.scripts, "data": p.data, "title": p.title}))
        """#
}
