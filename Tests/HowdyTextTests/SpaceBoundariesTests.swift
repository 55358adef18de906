import CHarfBuzz
import Foundation
import Testing

@testable import HowdyText

/// `SpaceBoundaries` decides which words may be cached from rule-level facts about the
/// font (`LayoutRules`, `SpaceCrossings`). The rule reader is checked against Inter's
/// real tables, and the proof empirically: in every bundled Inter weight, DejaVu Sans and
/// other bundled fonts, texts full of what Inter's contextual rules read across a space
/// (`2 x 3`, `a -> b`, `(A)`, `12:30`, `a+b`, `@name`, `x-ray`, quotes, case forms next to
/// capitals) and real prose, shaped through one word cache in many neighbour orders, give
/// the same glyphs as shaping every text whole.
@Suite(.serialized) struct SpaceBoundariesTests {
    static let gsub = hb_tag_t(0x4753_5542)

    static func analysis(_ font: Font) -> SpaceBoundaries {
        let context = ShapeContext(
            font: font.instance.serial, features: 0, script: HB_SCRIPT_LATIN.rawValue, rightToLeft: false, language: 0)
        return SpaceBoundaries.shared(
            in: font.system.wordCache, font: font, context: context, script: HB_SCRIPT_LATIN, language: nil,
            features: [])
    }

    static func spaceGlyph(_ font: Font) -> Int {
        var glyph: hb_codepoint_t = 0
        _ = hb_font_get_nominal_glyph(font.instance.handle, 0x20, &glyph)
        return Int(glyph)
    }

    @Test("the rule reader finds Inter's context rules that can hold the space")
    func interRules() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        let rules = LayoutRules(face: font.face.hbFace, table: Self.gsub)
        let space = Self.spaceGlyph(font)
        var touching: [Int: Int] = [:]
        var total = 0
        for lookup in 0..<rules.count where rules.isContext(lookup) {
            let found = try #require(rules.rules(of: lookup), "GSUB lookup \(lookup) reads")
            total += found.count
            let holding = found.filter { rule in
                (rule.backtrack + rule.input + rule.lookahead).contains { rules.admits($0, space) == true }
            }
            if !holding.isEmpty { touching[lookup] = holding.count }
        }
        // calt (lookup 52): case forms of brackets, hyphens and @ next to capitals, and x or
        // * between digits, across a space; lookup 42 (not in the default plan) reads "digit
        // space" before fraction-like glyphs.
        #expect(rules.count == 107)
        #expect(total == 122)
        #expect(touching == [42: 1, 52: 39])
        #expect(rules.type(of: 52) == 6)

        let crossings = try #require(Self.analysis(font).crossings)
        #expect(crossings.rulesWithSpace == 39)
        #expect(crossings.lookupsWithSpace == 1)
        #expect(crossings.lookupLevelUnsafe == 48, "what the per-lookup analysis made unsafe")
        #expect(hb_set_is_empty(crossings.anywhere) != 0, "no rule of the plan reads the space as input")
        // Every such rule can be anchored at the space, on both sides.
        #expect(crossings.afterSpace.count == 33)
        #expect(crossings.beforeSpace.count == 41)
    }

    /// The rules read from a table cut short are those of the whole table or none: a read
    /// that succeeds only saw bytes the cut kept, which equal the whole table's.
    @Test("a table cut short reads the same rules or none")
    func truncatedTables() throws {
        let font = try Font(named: "Inter-Bold", size: 20)
        let blob = hb_face_reference_table(font.face.hbFace, Self.gsub)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        let data = try #require(hb_blob_get_data(blob, &length))
        let bytes = Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
        let whole = LayoutRules(bytes: bytes, table: Self.gsub)
        let contexts = (0..<whole.count).filter(whole.isContext)
        #expect(contexts.count > 20)
        var unreadable = 0
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            let part = LayoutRules(bytes: Array(bytes[..<cut]), table: Self.gsub)
            #expect(part.count == 0 || part.count == whole.count)
            for lookup in contexts {
                guard let found = part.rules(of: lookup) else {
                    unreadable += 1
                    continue
                }
                #expect(found == whole.rules(of: lookup), "cut at \(cut), lookup \(lookup)")
            }
        }
        #expect(unreadable > 0)
    }

    /// Which words of a sentence in Inter may be cached, and which may not, with the rule
    /// that reads across the space named.
    @Test("Inter words with x - ( ) : + @ are cacheable unless a rule reaches them across a space")
    func interCleanWords() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        let boundaries = Self.analysis(font)
        let expected: [(String, Bool)] = [
            ("For ", true), ("example, ", true), ("e-mail ", true), ("x-ray ", true), ("12:30 ", true),
            ("a+b ", true), ("text ", true), ("\"Copyright\" ", true),
            // "--" may ligate (Inter's arrows and dashes), so its glyphs and characters may
            // not line up and no rule is matched against it: unclean, conservatively.
            ("program--to ", false),
            // "( " after a capital and a space takes its case form.
            ("(A) ", false), ("(1) ", false), ("@name ", false),
            // "2 x 3" and "2x 3": x between digits across a space becomes ×.
            ("x ", false), ("2x ", false), ("x2 ", false), ("tax ", true), ("xylophone ", true),
            // A colon before a space and a capital takes its case form.
            ("it: ", false), ("done.", true),
        ]
        let text = Array(expected.map(\.0).joined().utf16)
        var pieces: [Range<Int>] = []
        var start = 0
        for (word, _) in expected {
            pieces.append(start..<(start + word.utf16.count))
            start += word.utf16.count
        }
        let clean = text.withUnsafeBufferPointer { boundaries.cleanWords($0, pieces) }
        for ((word, answer), found) in zip(expected, clean) { #expect(found == answer, "\(word)") }
    }

    static let tricky = [
        "Multiply 2 x 3 and 4 x 5, then 2x 3 or 2 x3 and 12 x 4 = 48 and 3 * 4 * 5.",
        "Go from a -> b, then A -> B and X --> Y, or a <- b and <= >= == != <=> => -> --> <-- <->.",
        "Call (A) then (a) or [B] and {C}, (1) and (2), (USA) and (x) – A (B) C [D] e {F}.",
        "Meet at 12:30 or 9:05, NOTE: a and Note: A, it: B or RATIO 1:2 and TIME: 12:30.",
        "Add a+b or A+B, 1+2 = 3, x+y and X + Y and 2 + 2 and + A and + a.",
        "Write to @name or @Name, @ HOME and @ home, e-mail and E-MAIL, x-ray and X-RAY.",
        "The \"Copyright\" and 'quotes' and “curly” and ‘single’ and «guillemets» ( X ) and - A - b -.",
        "ALL CAPS (WITH) [BRACKETS] - AND - DASHES — EM — AND – EN – BULLET • A • b.",
        "x x x 2 x 3 x 4 xx 1x1 x-x (x) [x] 2x3 10 × 20 and ×2 and 2× and * and ** and 2 * 3.",
        "Mixed: a (b) C (D) 1 (2) e-F G-h 3-4 5 - 6 A-B a-b X: y Y: Z z: W.",
    ]

    /// Sentences from Debian's license texts (real prose nobody here wrote), as the Python
    /// benchmark's corpus takes them.
    static func prose(limit: Int) -> [String] {
        var found: [String] = []
        for name in ["GPL-3", "Apache-2.0", "GFDL-1.3", "Artistic"] {
            guard let text = try? String(contentsOfFile: "/usr/share/common-licenses/" + name, encoding: .utf8)
            else { continue }
            let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for sentence in flat.split(separator: ". ") where found.count < limit {
                let words = sentence.split(separator: " ")
                if (4...40).contains(words.count) { found.append(words.joined(separator: " ")) }
            }
        }
        return found
    }

    /// Texts whose words meet many neighbours: the tricky sentences, then their words
    /// shuffled into new sentences (a fixed generator, so every run checks the same).
    static func texts() -> [String] {
        var words = tricky.flatMap { $0.split(separator: " ").map(String.init) }
        words += ["(A)", "(a)", "A", "a", "2", "x", "3", ":", "->", "-", "+", "@", "X", "1:2", "(", ")"]
        var generator = FixedGenerator(seed: 23)
        var shuffled: [String] = []
        for _ in 0..<60 {
            words.shuffle(using: &generator)
            shuffled.append(words.prefix(14).joined(separator: " "))
        }
        return tricky + shuffled
    }

    struct FixedGenerator: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    static let fonts: [(name: String, path: String?)] = [
        ("Inter-Regular", nil), ("Inter-Medium", nil), ("Inter-SemiBold", nil), ("Inter-Bold", nil),
        ("DejaVu Sans", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
        ("DejaVu Sans Bold", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
        ("NanumSquareR", nil), ("NotoSansGeorgian-Regular", nil), ("NotoSansArmenian-Bold", nil),
    ]

    /// All texts go through one word cache (a private system, so words stored from one
    /// text are assembled into others), cold then warm, and every layout equals the
    /// uncached one glyph for glyph, greedy and balanced.
    @Test("cached equals uncached for words next to anything, in Inter, DejaVu and other fonts", arguments: fonts)
    func cachedEqualsUncached(_ item: (name: String, path: String?)) throws {
        if let path = item.path, !FileManager.default.fileExists(atPath: path) { return }
        let system = TextSystem()
        let font =
            try item.path.map { try Font(face: system.face(path: $0), size: 21, system: system) }
            ?? system.font(named: item.name, size: 21)
        let texts = Self.texts() + Self.prose(limit: item.name.hasPrefix("Inter") ? 80 : 30)
        func dump(_ text: String, cached: Bool, width: Double) throws -> [String] {
            let shaped = try ShapedText(text, font: font, options: TextOptions(usesWordCache: cached))
            return LayoutCase.glyphDump(try shaped.layout(width: width))
                + LayoutCase.glyphDump(try shaped.balance(width: width))
        }
        var hitsBefore = system.wordCache.statistics.hits
        for pass in ["cold", "warm"] {
            for text in texts {
                for width in [180.0, 420.0] {
                    let cached = try dump(text, cached: true, width: width)
                    let uncached = try dump(text, cached: false, width: width)
                    #expect(cached == uncached, "\(item.name) \(pass) \(width): \(text)")
                }
            }
            if pass == "cold" { hitsBefore = system.wordCache.statistics.hits }
        }
        #expect(system.wordCache.statistics.hits > hitsBefore, "\(item.name): words went through the cache")
    }
}
