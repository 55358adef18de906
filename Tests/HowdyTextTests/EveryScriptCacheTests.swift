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
                    let cold = try dump(true)
                    let warm = try dump(true)
                    #expect(cold == uncached, "\(item.script) \(name) \(width) balanced: \(balanced)")
                    #expect(warm == uncached, "\(item.script) \(name) \(width) balanced: \(balanced)")
                }
            }
        }
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

    /// Line texts are transcoded from UTF-16 by hand; they must equal the standard
    /// library's decoding, unpaired surrogates included (each becomes U+FFFD).
    @Test("line texts decode UTF-16 as the standard library does")
    func utf16Transcoding() {
        var samples: [[UInt16]] = Self.texts.map { Array($0.text.utf16) }
        samples += [[], [0x41], [0xD800], [0xDC00, 0x41], [0xD83D, 0xDE00, 0xD83D], [0x7F, 0x80, 0x7FF, 0x800, 0xFFFF]]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let count = Int.random(in: 0..<12, using: &generator)
            samples.append(
                (0..<count).map { _ in
                    // Biased towards surrogates and the UTF-8 length boundaries.
                    [UInt16.random(in: 0...0x7F), UInt16.random(in: 0x80...0x7FF), UInt16.random(in: 0xD800...0xDFFF),
                        UInt16.random(in: 0x800...0xFFFF)][Int.random(in: 0..<4, using: &generator)]
                })
        }
        for units in samples {
            let fast = units.withUnsafeBufferPointer { LayoutBuilder.string($0) }
            #expect(fast == String(decoding: units, as: UTF16.self), "\(units)")
            #expect(Array(fast.utf8) == Array(String(decoding: units, as: UTF16.self).utf8), "\(units)")
        }
    }
}
