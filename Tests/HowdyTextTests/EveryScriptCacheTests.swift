@testable import HowdyText
import Testing

/// The hot path's shortcuts must not show in any script: a text's runs share one glyph
/// store, runs reuse the shaper's word arrays, itemisation memoises answers per scalar,
/// and words come from the cache. For every script the benchmark measures (and Japanese,
/// whose texts change script between kana and kanji every few characters, so one text
/// holds many runs), layouts cached cold, cached warm and uncached agree glyph for
/// glyph, greedy and balanced, at several widths.
@Suite(.serialized) struct EveryScriptCacheTests {
    static let texts: [(script: String, text: String)] = [
        ("latin", "Welcome to your new home for calm planning, get reminders that arrive"),
        ("arabic", "مرحبا بك في تطبيقك الجديد للتخطيط الهادئ احصل على تذكيرات"),
        ("hebrew", "ברוכים הבאים לבית החדש שלך לתכנון רגוע קבל תזכורות שמגיעות"),
        ("cjk", "欢迎使用全新的计划应用在合适的时间收到提醒把所有计划放在一个地方"),
        ("japanese", "新しい計画アプリへようこそ適切なタイミングで通知を受け取りましょう"),
        ("devanagari", "शांत योजना के लिए आपके नए घर में स्वागत है सही समय पर"),
        ("thai", "ยินดีต้อนรับสู่บ้านใหม่สำหรับการวางแผนอย่างสงบรับการแจ้งเตือน"),
        ("emoji", "Welcome 🎉 to your 👍🏽 new home ❤️ for 👨‍👩‍👧 calm 🇯🇵 planning ✨"),
        ("mixed", "Plan 計画 with مرحبا and שלום, नमस्ते 🎉 ok"),
        // What right-to-left and emoji words carry besides letters: harakat and shadda,
        // lam-alef ligatures, niqqud, maqaf, left-to-right numbers (bidi level 2) inside
        // right-to-left text, ZWJ families, skin tones, flags, tag sequences and keycaps.
        ("arabic harakat", "بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ مَرْحَبًا بِكَ فِي تَطْبِيقِكَ"),
        ("arabic lam-alef", "لا لأ لإ لآ السلام الأصدقاء لإعداد الآن لا إله"),
        ("hebrew niqqud", "בְּרֵאשִׁית בָּרָא אֱלֹהִים אֵת הַשָּׁמַיִם בֵּית־סֵפֶר תֵּל־אָבִיב"),
        ("hebrew numbers", "קבל 20 תזכורות ב־3 שעות, 1,250 משימות ו־99.5% הצלחה"),
        ("arabic numbers", "احصل على 20 تذكيرا في ٣ ساعات و1,250 مهمة بنسبة 99.5% - 100%"),
        ("emoji sequences", "Family 👨‍👩‍👧‍👦 wave 👋🏿 coder 👩🏽‍💻 flags 🇯🇵🇫🇷 🏳️‍🌈 🏴󠁧󠁢󠁳󠁣󠁴󠁿 keys 1️⃣ #️⃣ *️⃣ ok"),
        ("rtl emoji", "שלום 👋🏽 עולם 👨‍👩‍👧 مرحبا 🇸🇦 بك ❤️"),
        // Several sentences of Hindi and Hebrew prose: matras, conjuncts, nukta, niqqud,
        // punctuation and digits (`MarkWordsCacheTests`).
        ("hindi prose", MarkWordsCacheTests.hindi.joined(separator: " ")),
        ("hebrew prose", MarkWordsCacheTests.hebrew.joined(separator: " ")),
    ]

    @Test("cached cold, cached warm and uncached layouts agree in every script", arguments: texts)
    func cachedEqualsUncached(_ item: (script: String, text: String)) throws {
        for name in ["Inter-Regular", "Inter-Bold"] {
            let font = try Font(named: name, size: 24)
            for width in [70.0, 150.0, 260.0, 2000.0] {
                for balanced in [false, true] {
                    func dump(_ usesWordCache: Bool) throws -> [String] {
                        let shaped = try ShapedText(
                            item.text, font: font, options: TextOptions(usesWordCache: usesWordCache))
                        let layout = balanced ? try shaped.balance(width: width) : try shaped.layout(width: width)
                        return LayoutCase.glyphDump(layout) + layout.lines.map(\.text)
                    }
                    let uncached = try dump(false)
                    WordShapeCache.shared.removeAll()
                    // The second sight stores the words; the third is assembled from them.
                    let cold = try dump(true)
                    let second = try dump(true)
                    let warm = try dump(true)
                    #expect(cold == uncached, "\(item.script) \(name) \(width) balanced: \(balanced)")
                    #expect(second == uncached, "\(item.script) \(name) \(width) balanced: \(balanced)")
                    #expect(warm == uncached, "\(item.script) \(name) \(width) balanced: \(balanced)")
                }
            }
        }
    }

    /// The right-to-left and emoji samples do go through the cache: shaped a second time in
    /// a private system (so no other suite's lookups count), every word is a hit.
    @Test(
        "right-to-left and emoji words are served from the cache when warm",
        arguments: [
            "arabic", "hebrew", "devanagari", "emoji", "hebrew niqqud", "hebrew numbers", "arabic harakat",
            "arabic lam-alef", "emoji sequences", "rtl emoji",
        ])
    func warmWordsHit(_ script: String) throws {
        let text = try #require(Self.texts.first { $0.script == script }).text
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 24)
        // Twice: a word is stored the second time it is asked for (`AskedWords`).
        for _ in 0..<2 { _ = try ShapedText(text, font: font).balance(width: 150) }
        let cold = system.wordCache.statistics
        _ = try ShapedText(text, font: font).balance(width: 150)
        let warm = system.wordCache.statistics
        #expect(warm.misses == cold.misses, "\(script): a word missed the warm cache")
        #expect(warm.hits > cold.hits, "\(script): no word went through the cache")
    }

    /// Every run's glyphs lie in its own range of the text's glyph store, the ranges
    /// follow one another and cover the store, and each run's clusters lie in its text.
    @Test("runs own consecutive ranges of the glyph store", arguments: texts)
    func glyphStoreRanges(_ item: (script: String, text: String)) throws {
        let shaped = try ShapedText(item.text, font: try Font(named: "Inter-Regular", size: 24))
        var next = 0
        for run in shaped.runs {
            #expect(run.glyphs.lowerBound == next)
            next = run.glyphs.upperBound
            for glyph in run.glyphs {
                #expect((run.start..<run.end).contains(Int(shaped.glyphStore.clusters[glyph])))
            }
        }
        #expect(next == shaped.glyphStore.glyphs.count)
        if item.script == "japanese" { #expect(shaped.runs.count > 3, "kana and kanji make several runs") }
    }

    /// A text's UTF-16 units are transcoded from its UTF-8 storage by hand; they must be
    /// the standard library's, for every UTF-8 length (1–4 bytes, surrogate pairs) and
    /// the boundaries between them, in strings made whole and from substrings.
    @Test("texts encode to UTF-16 as the standard library does")
    func utf16Encoding() {
        var samples = Self.texts.map(\.text)
        samples += ["", "a", "\u{0}", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}", "e\u{301}", "\u{D7FF}\u{E000}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let count = Int.random(in: 0..<16, using: &generator)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<count {
                let ranges: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
                let value = UInt32.random(in: ranges[Int.random(in: 0..<ranges.count, using: &generator)], using: &generator)
                scalars.append(Unicode.Scalar(value)!)
            }
            samples.append(String(scalars))
        }
        samples.append(String(samples[3].dropFirst(2)))  // a substring's storage, made a string
        for text in samples {
            #expect(ShapedText.utf16(of: text) == Array(text.utf16), "\(Array(text.unicodeScalars.map(\.value)))")
        }
    }
}
