import HowdyText
import Testing

/// Arabic runs go through the word cache where joining cannot cross a word's edge
/// (`RunShaper.isCacheable`): cached layouts, cold and warm, equal uncached ones glyph
/// for glyph, also where words join marks, tatweel, ZWJ/ZWNJ, digits and other fonts.
@Suite(.serialized) struct ArabicWordCacheTests {
    static let texts = [
        "مرحبا بك في تطبيقك الجديد للتخطيط الهادئ",
        "Lingo مرحبا بك Lingo",
        "بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ",
        "بـ ـب ـبـ لا لأ",
        "مرحبا\u{200D} \u{200D}بك \u{200C}في",
        "می‌خواهم بروم به خانه",
        "مرحبا ١٢٣ بك، كيف حالك؟ 42 مرة",
        "مرحبا🎉 بك 🎉مرحبا",
        "اردو زبان میں خوش آمدید",
    ]

    func dump(_ layout: TextLayout) -> [String] {
        layout.lines.map { line in
            "\(line.range) \(line.width) "
                + line.runs.map { run in
                    "\(run.font.face.familyName)|" + run.glyphs.map { "\($0.id),\($0.x),\($0.y),\($0.advance),\($0.cluster)" }
                        .joined(separator: ";")
                }.joined(separator: " / ")
        }
    }

    @Test func cachedLayoutsEqualUncachedOnes() throws {
        for name in ["Inter-Regular", "Inter-Bold"] {
            let font = try Font(named: name, size: 24)
            for text in Self.texts {
                for width in [90.0, 160.0, 1000.0] {
                    let uncached = dump(try layout(text: text, font: font, width: width, options: TextOptions(usesWordCache: false)))
                    let cold = dump(try layout(text: text, font: font, width: width))
                    let warm = dump(try layout(text: text, font: font, width: width))
                    #expect(cold == uncached, "\(name) \(width) \(text)")
                    #expect(warm == uncached, "\(name) \(width) \(text)")
                }
            }
        }
    }

    @Test func arabicWordsAreServedFromTheCache() throws {
        let font = try Font(named: "Inter-Bold", size: 24)
        let text = "مرحبا بك في تطبيقك الجديد للتخطيط الهادئ"
        // Twice: a word is stored the second time it is asked for (`AskedWords`).
        for _ in 0..<2 { _ = try ShapedText(text, font: font).balance(width: 200) }
        let cold = WordShapeCache.shared.statistics
        _ = try ShapedText(text, font: font).balance(width: 200)
        let warm = WordShapeCache.shared.statistics
        // Other suites only add hits (none empties the shared cache).
        #expect(warm.hits - cold.hits >= 7)
    }
}
