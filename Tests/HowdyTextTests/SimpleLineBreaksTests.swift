import Testing

@testable import HowdyText

/// `SimpleLineBreaks` answers plain Latin prose without ICU. Its segments must be ICU's
/// (`ShapedText.segments(of:options:system:)`, the iterator itself), segment for segment,
/// for every character it accepts, in every context of its classes, under every style
/// it accepts and many locales (ICU's tailorings: CJK `lb` variants, Thai, Finnish, …).
@Suite struct SimpleLineBreaksTests {
    /// One character of each class it answers: letters (ASCII, Latin-1, Extended-A,
    /// Hebrew), digit, infix, exclamation, quote, opening and closing parenthesis, hyphen,
    /// space.
    static let representatives: [UInt16] = [
        0x61, 0xE9, 0x5D0, 0x627, 0x31, 0x2E, 0x21, 0x27, 0x28, 0x29, 0x2D, 0x20,
    ]

    /// Every character it answers (below U+0180, and in the Hebrew and Arabic blocks).
    static let accepted: [UInt16] = ((0..<0x180).map(UInt16.init) + (0x590..<0x700)).filter { unit in
        [unit].withUnsafeBufferPointer { SimpleLineBreaks.segments(of: $0, options: TextOptions()) } != nil
    }

    static let locales = [
        "", "en", "en-US", "de", "fr", "fi", "sv", "nb", "pl", "ru", "el", "tr", "es", "it", "pt", "nl", "vi",
        "ja", "zh", "zh-Hant", "ko", "th", "lo", "km", "my", "ar", "he", "hi",
    ]

    /// Every style `SimpleLineBreaks.applies(to:)` accepts, per locale.
    static func optionsAccepted(locale: String) -> [TextOptions] {
        var all: [TextOptions] = []
        for lineBreak in LineBreakStyle.allCases {
            for wordBreak in WordBreakStyle.allCases {
                for hyphens in HyphensStyle.allCases {
                    var options = TextOptions(locale: locale)
                    options.lineBreak = lineBreak
                    options.wordBreak = wordBreak
                    options.hyphens = hyphens
                    if SimpleLineBreaks.applies(to: options) { all.append(options) }
                }
            }
        }
        return all
    }

    static func same(_ units: [UInt16], _ options: TextOptions) throws -> Bool {
        try units.withUnsafeBufferPointer { buffer in
            guard let simple = SimpleLineBreaks.segments(of: buffer, options: options) else { return false }
            let icu = try ShapedText.segments(of: buffer, options: options, system: .shared)
            return simple.count == icu.count
                && zip(simple, icu).allSatisfy { a, b in
                    a.start == b.start && a.contentEnd == b.contentEnd && a.end == b.end
                        && a.isHardBreak == b.isHardBreak && a.endsWithSoftHyphen == b.endsWithSoftHyphen
                }
        }
    }

    /// Latin and Hebrew letters, the ASCII symbols of class AL, digits, `.,:;!?'"()[]-`
    /// and the space, and nothing else (no `/ { } | + $ % \`, no no-break space, no soft
    /// hyphen, no × or ÷, no Hebrew point, maqaf, paseq, geresh or gershayim).
    @Test func acceptsExactlyItsClasses() {
        #expect(
            Self.accepted.count
                == 26 * 2 + 11 + 10 + 4 + 2 + 2 + 2 + 2 + 1 + 1 + (0x180 - 0xC0 - 2) + 27 + 26 + 10)
        for unit: UInt16 in [
            0x2F, 0x7B, 0x7D, 0x7C, 0x2B, 0x24, 0x25, 0x5C, 0xA0, 0xAD, 0xD7, 0xF7, 0x0A, 0x09, 0x2019, 0x3000,
            0x5B0, 0x5BC, 0x5BE, 0x5C0,
            0x5C3, 0x5F0, 0x5F3, 0x5F4, 0x5CF, 0x5EB, 0x620, 0x63B, 0x640, 0x64B, 0x60C, 0x61B, 0x61F, 0x660,
            0x66A, 0x6D4,
        ] {
            #expect([unit].withUnsafeBufferPointer { SimpleLineBreaks.segments(of: $0, options: TextOptions()) } == nil)
        }
        var options = TextOptions()
        options.hyphens = .auto
        #expect(!SimpleLineBreaks.applies(to: options))
        options = TextOptions()
        options.wordBreak = .breakAll
        #expect(!SimpleLineBreaks.applies(to: options))
    }

    /// Every string of 1 to `length` units drawn from `units`, repeats allowed.
    static func strings(of units: [UInt16], upTo length: Int) -> [[UInt16]] {
        var all: [[UInt16]] = []
        var last: [[UInt16]] = [[]]
        for _ in 0..<length {
            last = last.flatMap { prefix in units.map { prefix + [$0] } }
            all += last
        }
        return all
    }

    /// Every string of up to four representatives, under every accepted style, in the
    /// root locale and the tailored ones.
    @Test(arguments: ["", "ja", "zh", "fi", "th", "ko"])
    func everyShortStringOfTheClasses(locale: String) throws {
        for options in Self.optionsAccepted(locale: locale) {
            for units in Self.strings(of: Self.representatives, upTo: 4) {
                #expect(try Self.same(units, options), "\(units) \(options.lineBreak) \(options.wordBreak)")
            }
        }
    }

    /// Every accepted character beside and between every representative, in every locale.
    @Test(arguments: locales)
    func everyCharacterInEveryContext(locale: String) throws {
        let options = TextOptions(locale: locale)
        for unit in Self.accepted {
            for other in Self.representatives {
                for units in [
                    [other, unit], [unit, other], [other, unit, other], [unit, 0x20, other], [other, 0x20, unit],
                ] {
                    #expect(try Self.same(units, options), "\(units) in \(locale)")
                }
            }
        }
    }

    /// Onboarding sentences and random strings of the accepted characters.
    @Test(arguments: locales)
    func sentencesAndRandomStrings(locale: String) throws {
        var texts = [
            "Welcome to Howdy! Get reminders, keep plans: all in one place.",
            "  Don't miss a thing;it's 10:30 now?Yes!OK 1,000.50 items  ",
            "Café crème à la française: naïve façade, Łódź and Ærøskøbing!",
            "a", " ", "!", "   ", "Hi!there?You'Re 3.5x",
            "(a) \"b\" c-d -e ( -f \" (g) -5 x-7 [1] ) a.(b) !(c) -(d) \u{5D0}-a \u{5D0} -\u{5D0} <tag> a_b@c.d #1 ~x",
            "THE ENTIRE RISK AS TO THE QUALITY (\"AS IS\") OF THE PROGRAM - see sections 4-5 and [b]; \"x\" (-2.5).",
        ]
        var generator = SpaceBoundariesTests.FixedGenerator(seed: UInt64(locale.utf8.count) &+ 20)
        for _ in 0..<60 {
            let length = Int.random(in: 1...80, using: &generator)
            texts.append(
                String(
                    decoding: (0..<length).map { _ in
                        Bool.random(using: &generator)
                            ? Self.representatives.randomElement(using: &generator)!
                            : Self.accepted.randomElement(using: &generator)!
                    }, as: UTF16.self))
        }
        for options in Self.optionsAccepted(locale: locale) {
            for text in texts { #expect(try Self.same(Array(text.utf16), options), "\(text)") }
        }
    }

    /// One character of each Japanese class: ideographs (and Extension A), hiragana,
    /// katakana, small kana and ー (CJ), 「 『 (OP), 、 。 」 』 (CL).
    static let japaneseRepresentatives: [UInt16] = [0x8A08, 0x3400, 0x3042, 0x30A2, 0x3083, 0x30FC, 0x300C, 0x3002]

    /// Every Japanese character it answers (an empty answer for any other).
    static let japaneseAccepted: [UInt16] = (0x3000..<0xA000).map(UInt16.init).filter { unit in
        [unit].withUnsafeBufferPointer { SimpleLineBreaks.segments(of: $0, options: TextOptions()) } != nil
    }

    @Test func acceptsExactlyTheJapaneseClasses() {
        #expect(
            Self.japaneseAccepted.count == (0x4DBF - 0x3400 + 1) + (0x9FFF - 0x4E00 + 1) + (0x3096 - 0x3041 + 1)
                + (0x30FA - 0x30A1 + 1) + 1 + 6)
        // Mixed with Latin, spaces, keep-all: ICU.
        for text in ["計画 アプリ", "Howdyへようこそ", "計画・アプリ", "々", "ゝ", "〜"] {
            #expect(
                Array(text.utf16).withUnsafeBufferPointer { SimpleLineBreaks.segments(of: $0, options: TextOptions()) }
                    == nil)
        }
        var options = TextOptions(locale: "ja")
        options.wordBreak = .keepAll
        #expect(
            Array("計画".utf16).withUnsafeBufferPointer { SimpleLineBreaks.segments(of: $0, options: options) } == nil)
    }

    /// Every string of up to four Japanese representatives, under every accepted style,
    /// in the root locale and the tailored ones (ja and zh select ICU's CJK rules).
    @Test(arguments: ["", "ja", "zh", "zh-Hant", "ko", "en"])
    func everyShortJapaneseString(locale: String) throws {
        for options in Self.optionsAccepted(locale: locale) where options.wordBreak == .normal {
            for units in Self.strings(of: Self.japaneseRepresentatives, upTo: 4) {
                #expect(try Self.same(units, options), "\(units) \(locale) \(options.lineBreak)")
            }
        }
    }

    /// Every accepted Japanese kana and punctuation mark, and every 97th ideograph, beside
    /// and between every representative, in every locale and accepted style.
    @Test(arguments: locales)
    func everyJapaneseCharacterInContext(locale: String) throws {
        let units = Self.japaneseAccepted.enumerated().filter { $0.element < 0x3400 || $0.offset % 97 == 0 }.map(
            \.element)
        for options in Self.optionsAccepted(locale: locale)
        where options.wordBreak == .normal && options.hyphens == .manual {
            for unit in units {
                for other in Self.japaneseRepresentatives {
                    for text in [[other, unit], [unit, other], [other, unit, other]] {
                        #expect(try Self.same(text, options), "\(text) in \(locale) \(options.lineBreak)")
                    }
                }
            }
        }
    }

    /// A text of plain prose is shaped with ICU's segments (cached and uncached).
    @Test func layoutsAreUnchanged() throws {
        let font = try Font(named: "Inter-Regular", size: 17)
        let text = "Welcome to Howdy! Get reminders that arrive at the right moment, and keep every plan in one place."
        for usesWordCache in [true, false] {
            let shaped = try ShapedText(text, font: font, options: TextOptions(usesWordCache: usesWordCache))
            let icu = try Array(text.utf16).withUnsafeBufferPointer {
                try ShapedText.segments(of: $0, options: TextOptions(), system: .shared)
            }
            #expect(shaped.segments.map(\.end) == icu.map(\.end))
            #expect(shaped.segments.map(\.contentEnd) == icu.map(\.contentEnd))
        }
    }
}
