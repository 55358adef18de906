import Testing

@testable import HowdyText

/// `ShapedTextCache` keeps a whole CJK text's shaping the second time it is laid out and
/// hands it to later layouts of the very same text in the same font under the same
/// options. A kept text must lay out exactly as a text shaped afresh; an entry must never
/// answer for another size, other options or a text that is only canonically equivalent
/// (`String`'s `==`); and the cache, which lives in its text system, must not keep that
/// system alive.
@Suite struct ShapedTextCacheTests {
    /// Texts the cache keeps: Chinese, Japanese with kana and punctuation, Extension A.
    static let texts = [
        "欢迎使用全新的计划应用在合适的时间收到提醒把所有计划放在一个地方",
        "新しい計画アプリへようこそ。「通知」を受け取り、データは同期を選ばない限り保存されます！",
        "ショートカットーキャッシュっぁぃぅ計画ァィゥェォャュョッ",
        "㐀㐁計画㐂通知",
    ]

    private static func dump(_ text: String, _ font: Font, width: Double, options: TextOptions) throws -> [String] {
        let layout = try ShapedText(text, font: font, options: options).balance(width: width)
        return LayoutCase.glyphDump(layout) + layout.lines.map { "\($0.text) \($0.x) \($0.baseline)" }
            + ["\(layout.width) \(layout.height)"]
    }

    @Test("a kept text lays out as one shaped afresh, in every font and option", arguments: texts)
    func keptEqualsFresh(_ text: String) throws {
        let system = TextSystem()
        let optionSets = [
            TextOptions(), TextOptions(locale: "ja", lineBreak: .strict), TextOptions(locale: "ja", lineBreak: .loose),
            TextOptions(alignment: .center, lineHeight: 31, locale: "zh"), TextOptions(direction: .rightToLeft),
        ]
        for name in ["Inter-Regular", "Inter-Bold", "DroidSansFallbackFull"] {
            let font = try system.font(named: name, size: 21)
            for options in optionSets {
                var uncached = options
                uncached.usesWordCache = false
                for width in [70.0, 150.0, 1000.0] {
                    system.wordCache.removeAll()
                    let reference = try Self.dump(text, font, width: width, options: uncached)
                    // Seen, kept, then answered from the cache twice.
                    for _ in 0..<4 {
                        #expect(try Self.dump(text, font, width: width, options: options) == reference)
                    }
                    #expect(system.wordCache.texts.count == 1, "\(name): the text was not kept")
                }
            }
        }
    }

    @Test("a text is kept at its second layout, and emptying the word cache forgets it")
    func keptAtSecondSight() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 21)
        let text = Self.texts[0]
        _ = try ShapedText(text, font: font)
        #expect(system.wordCache.texts.count == 0)
        _ = try ShapedText(text, font: font)
        #expect(system.wordCache.texts.count == 1)
        #expect(system.wordCache.texts.bytes > 0)
        system.wordCache.removeAll()
        #expect(system.wordCache.texts.count == 0)
        #expect(system.wordCache.texts.bytes == 0)
        // Latin and mixed text are the word cache's: never kept.
        for other in ["Welcome to your new home", "计划App通知", "Howdy计划"] {
            for _ in 0..<3 { _ = try ShapedText(other, font: font) }
        }
        #expect(system.wordCache.texts.count == 0)
    }

    /// Each variant differs from the kept text in one thing the layout depends on; with
    /// a key missing it (the text compared with `==`, the size or an option left out) the
    /// variant would get the kept text's glyphs, lines or positions.
    @Test("an entry answers only for the same bytes, font and options")
    func keyIsWhole() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 21)
        // が precomposed and as か + U+3099: equal `String`s, different units and glyphs.
        let composed = "計画が通知が保存がされます"
        let decomposed = "計画か\u{3099}通知か\u{3099}保存か\u{3099}されます"
        #expect(composed == decomposed)
        let base = TextOptions(locale: "ja")
        var variants: [(String, Font, TextOptions)] = [
            (decomposed, font, base),
            (composed, try system.font(named: "Inter-Regular", size: 27), base),
            (composed, try system.font(named: "Inter-Bold", size: 21), base),
            (composed, font, TextOptions(lineHeight: 40, locale: "ja")),
            (composed, font, TextOptions(alignment: .trailing, locale: "ja")),
            (composed, font, TextOptions(locale: "ja", lineBreak: .loose)),
            (composed, font, TextOptions(locale: "ja", features: [try FontFeature("-kern")])),
            (
                composed, font,
                TextOptions(
                    locale: "ja",
                    fallback: FontFallback(faces: [try system.font(named: "NanumSquareR", size: 21).face]))
            ),
        ]
        variants.append(("計画が通知が保存がされます。", font, base))
        for width in [60.0, 110.0] {
            system.wordCache.removeAll()
            let kept = try Self.dump(composed, font, width: width, options: base)
            _ = try Self.dump(composed, font, width: width, options: base)
            #expect(system.wordCache.texts.count == 1)
            for (text, variantFont, options) in variants {
                var uncached = options
                uncached.usesWordCache = false
                let reference = try Self.dump(text, variantFont, width: width, options: uncached)
                for _ in 0..<3 {
                    #expect(try Self.dump(text, variantFont, width: width, options: options) == reference)
                }
                // The kept text still answers for itself alone.
                #expect(try Self.dump(composed, font, width: width, options: base) == kept)
            }
        }
    }

    @Test("the process-wide system's kept texts hand out their own fonts, which retain it")
    func sharedSystemHandsOutKeptFonts() throws {
        let font = try Font(named: "Inter-Regular", size: 23)
        #expect(font.system === TextSystem.shared)
        // Japanese in Inter: kana and kanji in the bundled CJK fallback face.
        let text = Self.texts[1] + "（共有のシステム）"
        // Other suites may empty the shared cache meanwhile, so hits are recognised by the
        // storage two texts share rather than counted.
        var shaped: [ShapedText] = []
        for _ in 0..<6 { shaped.append(try ShapedText(text, font: font)) }
        var hits = 0
        for (earlier, later) in zip(shaped, shaped.dropFirst()) {
            #expect(later.fonts.count > 1)
            let retaining = later.fonts.allSatisfy { $0.retainsItsSystem }
            #expect(retaining, "a handed font must keep its system alive")
            guard earlier.storage === later.storage else { continue }
            hits += 1
            // The same kept fonts, not a copy of each per layout.
            let same = zip(earlier.fonts, later.fonts).allSatisfy { $0.storage === $1.storage }
            #expect(same)
            let laterLines = try later.balance(width: 140).lines.map(\.text)
            let earlierLines = try earlier.balance(width: 140).lines.map(\.text)
            #expect(laterLines == earlierLines)
        }
        #expect(hits > 0)
    }

    @Test("a system whose cache keeps texts is still freed, and its layouts outlive it")
    func systemIsFreed() throws {
        weak var weakSystem: TextSystem?
        var layout: TextLayout?
        try {
            let system = TextSystem()
            weakSystem = system
            let font = try system.font(named: "Inter-Regular", size: 21)
            for _ in 0..<3 { layout = try ShapedText(Self.texts[1], font: font).balance(width: 120) }
            #expect(system.wordCache.texts.count == 1)
        }()
        // The layout's fonts retain the system; the cache's own copies must not.
        #expect(weakSystem != nil)
        let runs = layout?.lines.flatMap(\.runs).count ?? 0
        #expect(runs > 0)
        #expect(layout?.lines.first?.runs.first?.font.face.familyName.isEmpty == false)
        layout = nil
        #expect(weakSystem == nil, "the system's text cache keeps the system alive")
    }
}

/// Long texts are hashed by their ends only: texts of one length alike at both ends must
/// still get their own layouts (the entry is compared whole).
@Suite struct ShapedTextCacheLongTextTests {
    @Test("long texts alike at both ends never answer for each other")
    func alikeAtBothEnds() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 19)
        let ends = String(repeating: "计划应用", count: 12)
        let texts = ["欢迎使用全新的", "在合适的时间收", "通知以便我们在"].map { ends + $0 + ends }
        for width in [90.0, 300.0] {
            system.wordCache.removeAll()
            for round in 0..<3 {
                for text in texts {
                    var uncached = TextOptions()
                    uncached.usesWordCache = false
                    let fresh = try ShapedText(text, font: font, options: uncached).balance(width: width)
                    let cached = try ShapedText(text, font: font).balance(width: width)
                    #expect(
                        cached.lines.map(\.text) == fresh.lines.map(\.text)
                            && String(describing: cached.lines) == String(describing: fresh.lines),
                        "round \(round)")
                }
            }
        }
    }
}
