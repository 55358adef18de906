import Testing

@testable import HowdyText

/// Plain Hebrew prose (letters, spaces, digits, `.,:;!?'`) gets its break opportunities
/// from `SimpleLineBreaks`, not ICU's iterator: they must be ICU's, segment for segment,
/// over real Hebrew text, and layouts through the word cache must stay equal to
/// uncached ones in every strategy.
@Suite struct HebrewLineBreaksTests {
    /// Real Hebrew strings nobody here wrote (shared-mime-info's and polkit's, where the
    /// machine has them), our sentences, and the benchmark's words.
    static var texts: [String] {
        ScriptHotPathTests.realTexts(languages: ["he"]) + MarkWordsCacheTests.hebrew + [
            "ברוכים הבאים לבית החדש שלך לתכנון רגוע קבל תזכורות שמגיעות ברגע הנכון ושמור כל תוכנית",
            "במקום אחד הנתונים שלך נשארים במכשיר הזה אלא אם תבחר לסנכרן הפעל התראות כדי שנוכל לספר",
            "לך מתי התוכנית מוכנה, שתף רשימות עם המשפחה והחברים! עקוב אחרי 3 הרגלים: וחגוג את ההצלחות?",
            "שלום world 2026 ו'שלום' .5 א!ב א.ב 1.5 ב,ג",
        ]
    }

    /// The texts made of the answered classes only, and the rest, each split by sentence
    /// so that real strings with one hyphen still give plain pieces.
    static var plainTexts: [String] {
        let pieces = texts.flatMap { $0.split(separator: "-").map(String.init) }
        return pieces.filter { text in
            Array(text.utf16).withUnsafeBufferPointer { SimpleLineBreaks.segments(of: $0, options: TextOptions()) }
                != nil
        }
    }

    @Test("plain Hebrew prose is answered without ICU, with ICU's segments, in every locale and style")
    func plainHebrewEqualsICU() throws {
        let plain = Self.plainTexts
        // The benchmark's sentences (and so its Hebrew row) take this path; before, any
        // Hebrew letter sent the text to ICU.
        for sentence in Self.texts.suffix(4) { #expect(plain.contains(sentence), "\(sentence)") }
        #expect(plain.count > 20, "\(plain.count) plain texts")
        var compared = 0
        for locale in ["", "he", "he-IL", "en", "ar", "ja", "th"] {
            for options in SimpleLineBreaksTests.optionsAccepted(locale: locale) {
                for text in plain {
                    #expect(try SimpleLineBreaksTests.same(Array(text.utf16), options), "\(locale): \(text)")
                    compared += 1
                }
            }
        }
        #expect(compared > 100)
    }

    @Test("a shaped Hebrew text's segments are ICU's")
    func shapedSegmentsAreICUs() throws {
        let font = try Font(named: "Inter-Regular", size: 17)
        for text in Self.texts {
            let shaped = try ShapedText(text, font: font)
            let icu = try Array(text.utf16).withUnsafeBufferPointer {
                try ShapedText.segments(of: $0, options: TextOptions(), system: .shared)
            }
            #expect(shaped.segments.map(\.end) == icu.map(\.end), "\(text)")
            #expect(shaped.segments.map(\.contentEnd) == icu.map(\.contentEnd), "\(text)")
        }
    }

    /// Hebrew prose met in order through one private word cache, in Inter (Hebrew from
    /// the fallback face) and in Noto Sans Hebrew: greedy, pretty and both balance
    /// objectives at four widths equal the uncached layouts, glyph for glyph.
    @Test(
        "cached Hebrew layouts equal uncached in every strategy", arguments: ["Inter-Regular", "NotoSansHebrew-Bold"])
    func cachedEqualsUncached(_ name: String) throws {
        let font = try TextSystem().font(named: name, size: 17)
        let texts = Array(Self.texts.prefix(50))
        let strategies: [LineBreakStrategy] = [.greedy, .pretty, .balanced(.narrowest), .balanced(.even)]
        func dump(_ text: String, cached: Bool, width: Double, _ strategy: LineBreakStrategy) throws -> [String] {
            let layout = try ShapedText(text, font: font, options: TextOptions(usesWordCache: cached))
                .layout(width: width, strategy: strategy)
            return LayoutCase.glyphDump(layout) + layout.lines.map(\.text)
        }
        for pass in ["cold", "warm"] {
            for text in texts {
                for width in [70.0, 150.0, 260.0, 420.0] {
                    for strategy in strategies {
                        #expect(
                            try dump(text, cached: true, width: width, strategy)
                                == dump(text, cached: false, width: width, strategy),
                            "\(name) \(pass) \(width) \(strategy): \(text)")
                    }
                }
            }
        }
        #expect(font.system.wordCache.statistics.hits > 0)
    }
}
