import CHarfBuzz
import Testing

@testable import HowdyText

/// A run's last word ("…is called", no space after it) is derived from its cached spaced
/// twin ("called ") only when HarfBuzz's unsafe-to-break flag at the space proves the two
/// shape alike (`SpacelessWord`); cached and uncached layouts must stay identical.
@Suite struct SpacelessWordTests {
    /// A packed entry for "ab " in a left-to-right context: glyphs 10, 11, 3 (the space),
    /// clusters 0, 1, 2, advances 500, 600, 250, with `unsafe` unsafe-to-break offsets.
    static func spaced(unsafe: [Int32], spaceCluster: Int32 = 2) -> [Int32] {
        var entry: [Int32] = [3, 3, Int32(unsafe.count)]
        entry += [7, 0, 1, 0, 0, 0, 25, 0]  // context: font, features, language, script, direction
        entry += [0x61, 0x62, 0x20]
        entry += [10, 11, 3]  // glyphs
        entry += [0, 1, spaceCluster]  // clusters
        entry += [500, 600, 250]  // advances
        entry += [0, 0, 0, 0, 0, 0]  // x and y offsets
        return entry + unsafe
    }

    /// Dropping the space keeps every other field, glyph for glyph.
    @Test("the spaceless entry is the spaced one without the space's glyph")
    func dropsTheSpace() throws {
        let entry = try #require(SpacelessWord.dropSpace(Self.spaced(unsafe: [1])))
        #expect(entry == [2, 2, 1, 7, 0, 1, 0, 0, 0, 25, 0, 0x61, 0x62, 10, 11, 0, 1, 500, 600, 0, 0, 0, 0, 1])
    }

    /// A spaced word stored as clean (`PackedWord.cleanFlag`) still gives its spaceless
    /// entry, and the derived entry carries the word's own verdict, not the spaced one's.
    /// Fails when the flag is read as part of the unsafe count (nothing is derived) or
    /// copied from the spaced entry.
    @Test("the clean mark of a derived entry is the word's own verdict")
    func cleanMarkIsTheWordsOwn() throws {
        var marked = Self.spaced(unsafe: [1])
        marked[PackedWord.unsafeCountSlot] |= PackedWord.cleanFlag
        let expected: [Int32] = [2, 2, 1, 7, 0, 1, 0, 0, 0, 25, 0, 0x61, 0x62, 10, 11, 0, 1, 500, 600, 0, 0, 0, 0, 1]
        #expect(try #require(SpacelessWord.dropSpace(marked)) == expected)
        var clean = expected
        clean[PackedWord.unsafeCountSlot] |= PackedWord.cleanFlag
        #expect(try #require(SpacelessWord.dropSpace(marked, clean: true)) == clean)
        #expect(try #require(SpacelessWord.dropSpace(Self.spaced(unsafe: [1]), clean: true)) == clean)
    }

    /// A kerning pair or a contextual rule that reads the space flags its cluster: the
    /// word without the space may then shape otherwise ("d" kerned against the space),
    /// so nothing is derived. Fails on a derivation that ignores the flag.
    @Test("nothing is derived when the space is unsafe to break")
    func refusesAFlaggedSpace() {
        #expect(SpacelessWord.dropSpace(Self.spaced(unsafe: [2])) == nil)
        #expect(SpacelessWord.dropSpace(Self.spaced(unsafe: [0, 2])) == nil)
    }

    /// A space merged into the cluster before it has no glyph of its own to drop.
    @Test("nothing is derived when the space has no cluster of its own")
    func refusesAMergedSpace() {
        #expect(SpacelessWord.dropSpace(Self.spaced(unsafe: [], spaceCluster: 1)) == nil)
    }

    /// Every printable ASCII character and a few others at the end of a word, met first
    /// with a space after it and then ending a paragraph: the paragraph's layouts equal
    /// the uncached ones, in two Inter weights. Inter Bold kerns "," with a space after it
    /// (the comma's advance is shorter before the space), so a derivation that ignored the
    /// flag at the space would draw "then w," with the kerned comma: this fails then.
    @Test("paragraphs ending in a word met before with a space equal their uncached layouts")
    func paragraphEnds() throws {
        let system = TextSystem()
        var texts: [String] = []
        let ends = (0x21...0x7E).map { String(UnicodeScalar($0)!) } + ["×", "→", "é", "ﬁ", "…", "”", "’"]
        for end in ends { texts += ["so w\(end) and v\(end) go", "then w\(end)", "and v\(end)"] }
        for name in ["Inter-Regular", "Inter-Bold"] {
            let font = try system.font(named: name, size: 17)
            try Fixtures.expectCachedEqualsUncached(texts, font: font, widths: [60, 400], label: name)
        }
    }

    /// The entry derived for a cached word equals the word shaped alone by HarfBuzz.
    @Test("a derived entry equals the word shaped alone")
    func derivedEqualsShapedAlone() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 20)
        // Twice: a word is stored the second time it is asked for (`AskedWords`).
        for _ in 0..<2 { _ = try ShapedText("rest Zephyrs quietly rest", font: font) }
        let text = "calm Zephyrs"
        let cached = try ShapedText(text, font: font)
        let uncached = try ShapedText(text, font: font, options: TextOptions(usesWordCache: false))
        #expect(LayoutCase.glyphDump(try cached.layout(width: 500)) == LayoutCase.glyphDump(try uncached.layout(width: 500)))
        let offsets = 0...text.utf16.count
        #expect(offsets.filter { cached.unsafeToBreak.contains($0) } == offsets.filter { uncached.unsafeToBreak.contains($0) })
        // The spaced entry Inter gives "Zephyrs " lets the word be derived.
        let context = ShapeContext(
            font: font.instance.serial, features: system.featureSetID(of: TextOptions().features),
            script: HB_SCRIPT_LATIN.rawValue, rightToLeft: false, language: 0)
        let units = Array("Zephyrs".utf16)
        let spaced = units.withUnsafeBufferPointer { word in
            system.wordCache.entryFollowedBySpace(
                word, 0..<word.count,
                hash: SpacelessWord.hashFollowedBySpace(word, 0..<word.count, seed: WordShapeCache.seed(context)),
                context: context)
        }
        let entry = try #require(spaced)
        let derived = try #require(SpacelessWord.dropSpace(entry))
        #expect(derived[PackedWord.textCountSlot] == 7 && derived[PackedWord.glyphCountSlot] == 7)
    }
}
