import Testing

@testable import HowdyText

/// A run shaped whole stores its words only when they were asked for before
/// (`AskedWords`): a text met once (a one-off title, a paragraph of a corpus) pays for
/// shaping, not for packing and inserting words nobody asks for again. The second sight
/// stores them, and from the third the run is assembled from the cache. Glyphs never
/// depend on which sight a layout is.
@Suite struct SecondSightStoreTests {
    /// Texts, and how many of their words the first sight stores: those the text itself
    /// asks for twice. In the emoji text, each emoji ends a Latin run, and the next run
    /// starts with a word that is a space alone, asked for by both runs after an emoji:
    /// that says nothing about the runs' words, so it does not count (the code before
    /// stored it alone, taking the path of a run met before for every run after an emoji).
    static let samples: [(font: String, text: String, repeated: Int)] = [
        ("Inter-Regular", "Welcome to your new home for calm planning", 0),
        ("NotoSansHebrew-Regular", "ברוכים הבאים לבית החדש שלך לתכנון רגוע", 0),
        ("NotoSansArabic-Regular", "مرحبا بك في تطبيقك الجديد للتخطيط الهادئ", 0),
        ("NotoSansDevanagari-Regular", "आपके नए घर में आपका स्वागत है", 0),
        ("Inter-Regular", "Plans 🎉 for every day 👍🏽 of the week", 0),
    ]

    @Test("a text met once stores no word; met twice, its words; the third sight hits", arguments: samples)
    func storedOnTheSecondSight(_ sample: (font: String, text: String, repeated: Int)) throws {
        let system = TextSystem()
        let font = try system.font(named: sample.font, size: 19)
        let uncached = try ShapedText(sample.text, font: font, options: TextOptions(usesWordCache: false))
        var stored: [Int] = []
        var hits: [Int] = []
        for _ in 1...3 {
            let before = system.wordCache.statistics.hits
            let cached = try ShapedText(sample.text, font: font)
            hits.append(system.wordCache.statistics.hits - before)
            stored.append(system.wordCache.entries().count)
            #expect(ShapingWindowsTests.columns(cached) == ShapingWindowsTests.columns(uncached), "\(sample.font)")
            for width in [120.0, 400.0] {
                #expect(
                    LayoutCase.glyphDump(try cached.balance(width: width))
                        == LayoutCase.glyphDump(try uncached.balance(width: width)), "\(sample.font) \(width)")
            }
        }
        #expect(stored[0] == sample.repeated, "\(sample.font): words stored on the first sight")
        #expect(stored[1] > stored[0] + 5, "\(sample.font): the second sight stored too little")
        #expect(stored[2] == stored[1], "\(sample.font): the third sight stored more")
        #expect(hits[0] == 0, "\(sample.font): hits before anything was stored")
        #expect(hits[2] >= hits[1] + 6, "\(sample.font): the third sight took too little from the cache")
    }

    /// Emptying the cache forgets what was asked, too: a text met before `removeAll` is met
    /// for the first time after it.
    @Test("removeAll forgets which words were asked for")
    func removeAllForgetsAsked() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 19)
        let text = "Keep every plan in one place"
        _ = try ShapedText(text, font: font)
        system.wordCache.removeAll()
        _ = try ShapedText(text, font: font)
        #expect(system.wordCache.entries().isEmpty)
        _ = try ShapedText(text, font: font)
        #expect(!system.wordCache.entries().isEmpty)
    }

    /// A new word among stored ones is shaped apart (`RunShaper.shapeMissing`) and stored
    /// at once: it costs a HarfBuzz call of its own either way, so keeping it costs little,
    /// and a corpus meets such words again paragraph after paragraph.
    @Test("a new word shaped apart among known ones is stored on its first sight")
    func missingWordStoredAtOnce() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 19)
        for _ in 0..<2 { _ = try ShapedText("calm planning for every day of the week", font: font) }
        _ = try ShapedText("Zephyrs calm planning for every day of the week", font: font)
        #expect(system.wordCache.entries().contains { $0.text == Array("Zephyrs ".utf16) })
    }

    /// A run none of whose words was asked for before is shaped whole without asking the
    /// cache for its words (every word that could be stored was marked asked when its run
    /// missed), so a text met for the first time counts no miss; the second sight looks
    /// its words up, misses each, and stores them.
    @Test("a run of words never asked for is shaped without looking them up")
    func firstSightLooksNothingUp() throws {
        let system = TextSystem()
        for (name, text) in [
            ("Inter-Regular", "Welcome to your new home for calm planning"),
            ("NotoSansHebrew-Regular", "ברוכים הבאים לבית החדש שלך לתכנון רגוע"),
        ] {
            let font = try system.font(named: name, size: 19)
            let before = system.wordCache.statistics
            _ = try ShapedText(text, font: font)
            let first = system.wordCache.statistics
            _ = try ShapedText(text, font: font)
            let second = system.wordCache.statistics
            #expect(first.misses == before.misses && first.hits == before.hits, "\(name): looked up on first sight")
            #expect(second.misses - first.misses == text.split(separator: " ").count, "\(name)")
        }
    }
}
