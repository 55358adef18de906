import Testing

@testable import HowdyText

/// CJK runs in a face whose shaping plan applies no lookup (Droid Sans Fallback for Han
/// and kana) are cached in pieces between break opportunities (`RunShaper.shapeAtBreaks`),
/// so a new text made of known words is assembled without HarfBuzz. The pieces must
/// give exactly what shaping the run whole gives — at kinsoku punctuation, ideographic
/// spaces, vertical-form punctuation, halfwidth voiced marks, combining marks, emoji
/// sequences and supplementary ideographs — and a context whose lookups could reach
/// across a cut must refuse to cut.
@Suite struct CJKRunCacheTests {
    static let texts = [
        "計画アプリへようこそ。「通知」を受け取り、データは同期を選ばない限り保存されます！",
        "HowdyKit計画App通知2024年12月1日です（火）…ok",
        "計画\u{3000}通知\u{3000}\u{3000}保存\u{3000}",
        "︑︒︵計画︶﹁通知﹂、「保存」。",
        "ｶﾞｷﾞｸﾞ計画ﾊﾟｿｺﾝ通知",
        "か\u{3099}き\u{3099}計画く\u{309A}通知",
        "計画🎉通知👍🏽保存❤️完了👨‍👩‍👧終🇯🇵",
        "𠮷野家で𩸽を食べる計画𠀋",
        "ショートカットーキャッシュっぁぃぅ計画",
        "欢迎使用全新的计划应用在合适的时间收到提醒",
    ]

    /// A system of the test's own, so that other suites' layouts neither fill nor empty its cache.
    private static func font(_ name: String, _ system: TextSystem) throws -> Font {
        try system.font(named: name, size: 24)
    }

    private static func dump(
        _ text: String, _ font: Font, width: Double, balanced: Bool, options: TextOptions
    ) throws -> [String] {
        let shaped = try ShapedText(text, font: font, options: options)
        let layout = balanced ? try shaped.balance(width: width) : try shaped.layout(width: width)
        return LayoutCase.glyphDump(layout) + layout.lines.map(\.text)
    }

    @Test("pieces cached from other texts give the glyphs of shaping whole", arguments: ["", "ja", "zh"])
    func piecesEqualWhole(_ locale: String) throws {
        let system = TextSystem()
        for name in ["Inter-Regular", "Inter-Bold"] {
            let font = try Self.font(name, system)
            for lineBreak in [LineBreakStyle.auto, .strict, .loose] {
                var cached = TextOptions(locale: locale, lineBreak: lineBreak)
                var uncached = cached
                uncached.usesWordCache = false
                cached.usesWordCache = true
                for width in [60.0, 130.0, 2000.0] {
                    for balanced in [false, true] {
                        system.wordCache.removeAll()
                        // Cold, warm, and each text after all the others filled the cache
                        // with pieces it shares with them (the texts reuse words).
                        for text in Self.texts {
                            let reference = try Self.dump(
                                text, font, width: width, balanced: balanced, options: uncached)
                            #expect(
                                try Self.dump(text, font, width: width, balanced: balanced, options: cached)
                                    == reference)
                            #expect(
                                try Self.dump(text, font, width: width, balanced: balanced, options: cached)
                                    == reference)
                        }
                        for text in Self.texts.reversed() {
                            let reference = try Self.dump(
                                text, font, width: width, balanced: balanced, options: uncached)
                            let reordered = String(text.reversed())
                            let reorderedReference = try Self.dump(
                                reordered, font, width: width, balanced: balanced, options: uncached)
                            #expect(
                                try Self.dump(reordered, font, width: width, balanced: balanced, options: cached)
                                    == reorderedReference, "\(reordered) \(locale) \(lineBreak) \(width)")
                            #expect(
                                try Self.dump(text, font, width: width, balanced: balanced, options: cached)
                                    == reference)
                        }
                    }
                }
            }
        }
    }

    @Test("a new text made of cached words is assembled from pieces")
    func newTextHitsPieces() throws {
        let system = TextSystem()
        let font = try Self.font("Inter-Regular", system)
        let options = TextOptions(locale: "zh")
        // Halfwidth katakana: a run of ideographs or kana takes the font's nominal glyphs
        // without the cache (`NominalShaping`). The first text's pieces are asked for once; the second
        // asks for them again, which stores them (`AskedWords`).
        _ = try ShapedText("ｶｷｸｹｺｻｼｽ", font: font, options: options)
        _ = try ShapedText("ｸｹｶｷｼｽｺｻ", font: font, options: options)
        let before = system.wordCache.statistics
        let shaped = try ShapedText("ｼｽｺｻｶｷｸｹ", font: font, options: options)
        let after = system.wordCache.statistics
        // The whole run misses once; its eight one-kana pieces all hit.
        #expect(after.hits - before.hits == 8)
        #expect(after.misses - before.misses == 1)
        let reference = try ShapedText(
            "ｼｽｺｻｶｷｸｹ", font: font, options: TextOptions(locale: "zh", usesWordCache: false))
        #expect(
            LayoutCase.glyphDump(try shaped.layout(width: 1000))
                == LayoutCase.glyphDump(try reference.layout(width: 1000)))
    }

    /// A text seen for the first time stores its run whole and none of its pieces: only
    /// pieces asked for before are stored, so first sight costs one entry, not one per
    /// character. A second text sharing pieces stores the shared ones, and a third
    /// made of them is assembled without HarfBuzz, glyph for glyph as shaped whole.
    @Test("first sight stores the run whole; pieces are stored once asked for again")
    func firstSightStoresWhole() throws {
        let system = TextSystem()
        let font = try Self.font("Inter-Regular", system)
        let options = TextOptions(locale: "zh")
        // Halfwidth katakana, as above: ideographs and kana would take `NominalShaping` and no entry.
        _ = try ShapedText("ｶｷｸｹｺｻ", font: font, options: options)
        #expect(system.wordCache.statistics.entries == 1, "the run whole, no piece")
        // Shares ｶ, ｷ, ｸ and ｹ with the first text; ｼ and ｽ are new.
        _ = try ShapedText("ｼｽｸｹｶｷ", font: font, options: options)
        #expect(system.wordCache.statistics.entries == 2 + 4, "the run whole and the four shared pieces")
        let before = system.wordCache.statistics
        let shaped = try ShapedText("ｹｶｸｷ", font: font, options: options)
        let after = system.wordCache.statistics
        #expect(after.hits - before.hits == 4)
        let reference = try ShapedText("ｹｶｸｷ", font: font, options: TextOptions(locale: "zh", usesWordCache: false))
        #expect(
            LayoutCase.glyphDump(try shaped.layout(width: 1000))
                == LayoutCase.glyphDump(try reference.layout(width: 1000)))
    }

    /// `vert` turned on for horizontal text makes Droid Sans Fallback's one GSUB lookup
    /// apply (vertical forms of 、。「」): a context with lookups, so runs are not cut and
    /// a reordered text finds no pieces; its glyphs still equal the uncached ones.
    @Test("a context whose plan applies lookups refuses to cut runs")
    func lookupsRefuse() throws {
        let system = TextSystem()
        let font = try Self.font("Inter-Regular", system)
        let vertical = TextOptions(locale: "ja", features: [try FontFeature("vert")])
        let text = "計画、「通知」。保存"
        let horizontal = try Self.dump(text, font, width: 1000, balanced: false, options: TextOptions(locale: "ja"))
        let substituted = try Self.dump(text, font, width: 1000, balanced: false, options: vertical)
        #expect(horizontal != substituted, "vert substitutes the punctuation: the lookup applies")
        _ = try ShapedText(text, font: font, options: vertical)
        let before = system.wordCache.statistics
        let reordered = "保存。「通知」、計画"
        let shaped = try ShapedText(reordered, font: font, options: vertical)
        let after = system.wordCache.statistics
        #expect(after.hits == before.hits, "no piece of a context with lookups is cached")
        var uncached = vertical
        uncached.usesWordCache = false
        #expect(
            LayoutCase.glyphDump(try shaped.layout(width: 1000))
                == LayoutCase.glyphDump(try ShapedText(reordered, font: font, options: uncached).layout(width: 1000)))
    }

    @Test("cluster starts: no cut before a mark, modifier, regional indicator, voiced mark or after ZWJ")
    func clusterStarts() {
        func starts(_ text: String, at offset: Int) -> Bool {
            Array(text.utf16).withUnsafeBufferPointer { RunShaper.startsCluster($0, at: offset) }
        }
        #expect(starts("計画", at: 1))
        #expect(!starts("計\u{3000}画", at: 1))  // separators never start a piece (conservative)
        #expect(starts("計\u{3000}画", at: 2))
        #expect(!starts("か\u{3099}", at: 1))
        #expect(!starts("ｶﾞ", at: 1))
        #expect(!starts("👍🏽", at: 2))
        #expect(!starts("🇯🇵", at: 2))
        #expect(!starts("👨‍👩", at: 3))
        #expect(!starts("計\u{FE00}", at: 1))
        #expect(!starts("𠮷", at: 1))  // inside a surrogate pair
        #expect(starts("計𠮷", at: 1))
    }
}
