import Testing

@testable import HowdyText

/// A run whose words are mostly cached, with a few new ones, shapes only the new ones
/// (`RunShaper.shapeMissing`): a corpus balanced paragraph after paragraph meets new
/// words in nearly every paragraph, and shaping each such run whole made the cache help
/// only texts it had seen word for word. The glyphs must be those of the run shaped
/// whole, in every script and in texts whose words are windows (`ShapingWindows`).
@Suite struct PartialMissTests {
    /// Known words around one new word are served from the cache: the layout counts a
    /// hit for every word of the run, where shaping the run whole counted none (its first
    /// word was the miss), and the glyphs are those of the run shaped whole.
    @Test("a new word among known ones leaves the known ones to the cache")
    func knownWordsHit() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 20)
        let known = "calm planning for every day of the week"
        // Twice: a word is stored the second time it is asked for (`AskedWords`).
        for _ in 0..<2 { _ = try ShapedText(known, font: font).balance(width: 150) }
        let before = system.wordCache.statistics
        let text = "Zephyrs calm planning for every day of the week"
        let cached = try ShapedText(text, font: font).balance(width: 150)
        let after = system.wordCache.statistics
        #expect(after.hits - before.hits >= 8, "the eight known words and the new one, once stored")
        let uncached = try ShapedText(text, font: font, options: TextOptions(usesWordCache: false))
            .balance(width: 150)
        #expect(LayoutCase.glyphDump(cached) == LayoutCase.glyphDump(uncached))
        #expect(cached.lines.map(\.text) == uncached.lines.map(\.text))
    }

    /// A match across a cut flags the glyph after it ("4 x 5," through Inter's rule that
    /// turns x into × between digits flags "5,"), though neither word changes. Such words
    /// are not stored with those flags (`RunShaper.matchSpansCut`): in a text made of the
    /// same words where nothing spans the cut, the cached shape marks exactly the offsets
    /// the uncached one marks.
    @Test("flags a match across a word's edge put there are not stored with the word")
    func edgeFlagsStayWithTheirText() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Bold", size: 17)
        _ = try ShapedText("Multiply 2 x 3 and 4 x 5, then 6 x 7, and", font: font)
        for text in ["and 5, then", "then 7, and 5, then"] {
            let cached = try ShapedText(text, font: font)
            let uncached = try ShapedText(text, font: font, options: TextOptions(usesWordCache: false))
            let offsets = 0...text.utf16.count
            #expect(
                offsets.filter { cached.unsafeToBreak.contains($0) }
                    == offsets.filter { uncached.unsafeToBreak.contains($0) }, "\(text)")
            #expect(
                LayoutCase.glyphDump(try cached.balance(width: 40))
                    == LayoutCase.glyphDump(try uncached.balance(width: 40)))
        }
    }

    /// Real prose laid out paragraph after paragraph through one private cache: from the
    /// second paragraph on, most runs hold known and new words together. Every layout,
    /// greedy and balanced at three widths, equals the uncached one.
    @Test(
        "paragraphs met in order equal their uncached layouts",
        arguments: ["Inter-Regular", "Inter-Bold", "Inter-Medium"])
    func proseInOrder(_ name: String) throws {
        let system = TextSystem()
        let font = try system.font(named: name, size: 17)
        let texts = SpaceBoundariesTests.prose(limit: 120) + SpaceBoundariesTests.texts()
        try #require(texts.count > 60)
        let hits = try Fixtures.expectCachedEqualsUncached(texts, font: font, widths: [90, 210, 400], label: name)
        #expect(hits > 0)
    }

    /// The same for right-to-left, Indic and Thai prose, and emoji among Latin words.
    @Test(
        "right-to-left, Indic, Thai and emoji paragraphs met in order equal their uncached layouts",
        arguments: [["he"], ["ar"], ["hi"], ["th"], ["fa"]])
    func scriptsInOrder(_ languages: [String]) throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 17)
        var texts = ScriptHotPathTests.realTexts(languages: languages)
        texts += EveryScriptCacheTests.texts.map(\.text)
        try #require(texts.count > 10)
        try Fixtures.expectCachedEqualsUncached(
            Array(texts.prefix(80)), font: font, widths: [90, 210, 400], label: languages.joined())
    }
}
