import Testing

@testable import HowdyText

/// A run of words seen a second time is stored whole (`RunEntry`) and then answered by
/// one lookup: the glyphs must stay those of the run shaped whole, in every script the
/// word cache takes, and a text seen once must not pay for the entry.
@Suite struct RunEntryTests {
    /// Every entry whose text is `text` whole.
    static func wholeEntries(_ system: TextSystem, _ text: String) -> Int {
        system.wordCache.entries().filter { $0.text == Array(text.utf16) }.count
    }

    /// Shaped whole on the first two sights (the second stores its words: a word is
    /// stored the second time it is asked for), assembled from its words on the next
    /// three: no run entry is held until the fifth sight stores one; the sixth counts a
    /// hit per word (as assembling the words would) and, like every sight, lays out
    /// exactly as the text shaped without the cache.
    @Test(
        "a run whose words are assembled three times is stored whole, then hits, laid out as uncached",
        arguments: [
            ("NotoSansHebrew-Regular", "ברוכים הבאים לבית החדש שלך לתכנון רגוע קבל תזכורות"),
            ("NotoSansArabic-Regular", "مرحبا بك في تطبيقك الجديد للتخطيط الهادئ"),
            ("Inter-Regular", "Welcome to your new home for calm planning"),
        ])
    func storedOnSecondSight(_ item: (font: String, text: String)) throws {
        let system = TextSystem()
        let font = try system.font(named: item.font, size: 19)
        let words = item.text.split(separator: " ").count
        let uncached = try ShapedText(item.text, font: font, options: TextOptions(usesWordCache: false))
        for sight in 1...6 {
            let before = system.wordCache.statistics
            let cached = try ShapedText(item.text, font: font)
            let after = system.wordCache.statistics
            #expect(
                ShapingWindowsTests.columns(cached) == ShapingWindowsTests.columns(uncached), "\(item.font) \(sight)")
            #expect(cached.unsafeToBreak.storage == uncached.unsafeToBreak.storage, "\(item.font) \(sight)")
            for width in [90.0, 160.0, 400.0] {
                #expect(
                    LayoutCase.glyphDump(try cached.balance(width: width))
                        == LayoutCase.glyphDump(try uncached.balance(width: width)), "\(item.font) \(sight) \(width)")
            }
            switch sight {
            case 1...4: #expect(Self.wholeEntries(system, item.text) == 0, "\(item.font): stored on sight \(sight)")
            case 5: #expect(Self.wholeEntries(system, item.text) == 1, "\(item.font): not stored on the fifth sight")
            default: #expect(after.hits - before.hits == words && after.misses == before.misses, "\(item.font)")
            }
        }
    }

    /// Hebrew prose, each text met six times (Inter with its fallback face, and Noto
    /// Sans Hebrew): glyphs and unsafe-to-break offsets equal the uncached ones on every
    /// sight, and some texts have such offsets, so a run entry that dropped them shows.
    @Test(
        "Hebrew prose met six times keeps its glyphs and unsafe offsets",
        arguments: ["Inter-Regular", "NotoSansHebrew-Bold"])
    func hebrewProse(_ name: String) throws {
        let system = TextSystem()
        let font = try system.font(named: name, size: 17)
        var flagged = 0
        for text in HebrewLineBreaksTests.texts.prefix(40) {
            let uncached = try ShapedText(text, font: font, options: TextOptions(usesWordCache: false))
            if uncached.unsafeToBreak.storage.contains(where: { $0 != 0 }) { flagged += 1 }
            for sight in 1...6 {
                let cached = try ShapedText(text, font: font)
                #expect(
                    ShapingWindowsTests.columns(cached) == ShapingWindowsTests.columns(uncached), "\(sight): \(text)")
                #expect(cached.unsafeToBreak.storage == uncached.unsafeToBreak.storage, "\(sight): \(text)")
            }
        }
        #expect(flagged > 0, "\(name): no text with an unsafe-to-break offset, so none is tested")
    }

    /// The same words under another context (size, direction of the paragraph, language)
    /// and the same text with one word changed, after the entry is stored, lay out as
    /// uncached: the entry answers only its own text in its own context.
    @Test("a stored run answers only its own text and context")
    func onlyItsOwn() throws {
        let system = TextSystem()
        let text = "שמור כל תוכנית במקום אחד 12 34 הנתונים שלך"
        let regular = try system.font(named: "NotoSansHebrew-Regular", size: 19)
        for _ in 0..<6 { _ = try ShapedText(text, font: regular) }
        let others: [(String, Font, TextOptions)] = [
            (text, try system.font(named: "NotoSansHebrew-Regular", size: 23), TextOptions()),
            (text, regular, TextOptions(locale: "he")),
            (text + " x", regular, TextOptions()),
            ("שמור כל תוכנית במקום אחד 12 35 הנתונים שלך", regular, TextOptions()),
            ("abc " + text, regular, TextOptions()),
        ]
        for (other, font, options) in others {
            for _ in 0..<5 {
                var uncachedOptions = options
                uncachedOptions.usesWordCache = false
                let cached = try ShapedText(other, font: font, options: options)
                let uncached = try ShapedText(other, font: font, options: uncachedOptions)
                for width in [120.0, 400.0] {
                    #expect(
                        LayoutCase.glyphDump(try cached.balance(width: width))
                            == LayoutCase.glyphDump(try uncached.balance(width: width)), "\(other) \(width)")
                }
            }
        }
    }

    /// A run whose cuts are not all safe (Inter's "3 x 4", where `calt` reaches across the
    /// spaces) never gets a run entry, however often it comes, and stays exact.
    @Test("a run with an unsafe cut is never stored whole")
    func unsafeCutNotStored() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 19)
        let text = "Set 3 x 4 reps"
        let uncached = try ShapedText(text, font: font, options: TextOptions(usesWordCache: false))
        for _ in 0..<5 {
            let cached = try ShapedText(text, font: font)
            #expect(ShapingWindowsTests.columns(cached) == ShapingWindowsTests.columns(uncached))
        }
        #expect(Self.wholeEntries(system, text) == 0)
    }
}
