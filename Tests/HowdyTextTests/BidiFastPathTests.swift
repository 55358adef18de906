import CHowdyICU
import Testing

@testable import HowdyText

/// `BidiLevels` skips ICU's bidi pass for text that cannot leave level 0, now also text
/// with emoji and other supplementary characters (whose surrogates always took the ICU
/// pass before). Its levels must be ICU's, character for character, whichever way.
@Suite struct BidiFastPathTests {
    /// ICU's levels for `text`, straight from ubidi.
    static func icuLevels(_ text: String, _ direction: TextDirection) throws -> [UInt8] {
        let units = Array(text.utf16)
        return try units.withUnsafeBufferPointer { buffer in
            var status: howdy_icu_status = 0
            let requested: Int32 = direction == .auto ? -1 : direction == .leftToRight ? 0 : 1
            let bidi = try #require(howdy_bidi_open(buffer.baseAddress, Int32(units.count), requested, &status))
            defer { howdy_bidi_close(bidi) }
            let levels = try #require(howdy_bidi_levels(bidi, &status))
            return Array(UnsafeBufferPointer(start: levels, count: units.count))
        }
    }

    static let leftToRight = [
        "Welcome 🎉 to your 👍🏽 new home ❤️ for 👨‍👩‍👧 calm 🇯🇵 planning ✨",
        "Family 👨‍👩‍👧‍👦 keys 1️⃣ #️⃣ flags 🏳️‍🌈 🏴󠁧󠁢󠁳󠁣󠁴󠁿 ok",
        "𝐁𝐨𝐥𝐝 math 𝑥² + 𝑦² and 𠀀𠀁 extension B, 20 items 🎉",
        "🎉",
        "12 🎉 34",
    ]

    /// Supplementary characters that do leave level 0: Adlam (R), Hanifi Rohingya (AL),
    /// Rumi numerals (AN).
    static let needingICU = ["Hello 𞤀𞤁𞤂 world", "Hello 𐴀𐴁 world", "Total 𐹠𐹡 🎉"]

    @Test("emoji and other left-to-right supplementary text skips ICU with ICU's levels", arguments: leftToRight)
    func fastPath(_ text: String) throws {
        for direction in [TextDirection.auto, .leftToRight] {
            let levels = try Array(text.utf16).withUnsafeBufferPointer {
                try BidiLevels(text: $0, direction: direction)
            }
            #expect(levels.levels.isEmpty, "\(text) took the ICU pass")
            #expect(try Self.icuLevels(text, direction).allSatisfy { $0 == 0 }, "ICU gives \(text) a level above 0")
        }
    }

    @Test("right-to-left supplementary characters still get ICU's levels", arguments: needingICU)
    func icuPath(_ text: String) throws {
        let levels = try Array(text.utf16).withUnsafeBufferPointer { try BidiLevels(text: $0, direction: .auto) }
        let expected = try Self.icuLevels(text, .auto)
        if levels.levels.isEmpty {
            #expect(expected.allSatisfy { $0 == 0 }, "\(text) skipped ICU but ICU gives it levels above 0")
        } else {
            #expect(levels.levels == expected, "\(text)")
        }
        #expect(!levels.levels.isEmpty, "\(text) holds a right-to-left or Arabic-number character")
        #expect(expected.contains { $0 != 0 }, "\(text): ICU gives it no level above 0")
    }

    /// Every ASCII character (controls included), mixed with digits and separators, in
    /// each paragraph direction: told the text is ASCII, `BidiLevels` answers as ICU does
    /// (all 0 unless the paragraph is right to left, which still takes the full pass), and
    /// as its own scan does; `ShapedText.utf16(of:into:)` reports ASCII only for ASCII.
    @Test func asciiTextToldAsciiGetsICUsLevels() throws {
        let every = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        let texts = [every, "Total: 1,234.50 - 12% (net) / 3 + 4 = 7 #1 $5 @home", "12 34", "", " ", "\t1\u{0B}2"]
        for text in texts {
            var units: [UInt16] = []
            #expect(ShapedText.utf16(of: text, into: &units), "\(text.debugDescription) not found ASCII")
            #expect(units == Array(text.utf16))
            for direction in TextDirection.allCases {
                let told = try units.withUnsafeBufferPointer { try BidiLevels(text: $0, direction: direction, ascii: true) }
                let scanned = try units.withUnsafeBufferPointer { try BidiLevels(text: $0, direction: direction) }
                #expect(told.levels == scanned.levels && told.hasRightToLeft == scanned.hasRightToLeft)
                guard !units.isEmpty else { continue }  // ubidi gives no levels for no text
                let icu = try Self.icuLevels(text, direction)
                let levels = told.levels.isEmpty ? [UInt8](repeating: 0, count: units.count) : told.levels
                #expect(levels == icu, "\(text.debugDescription), \(direction)")
            }
        }
        var units: [UInt16] = []
        for text in ["Café", "שלום", "Hi 🎉", "é"] {
            #expect(!ShapedText.utf16(of: text, into: &units), "\(text) found ASCII")
        }
    }

    /// An empty text lays out in every direction (ubidi refused an empty right-to-left
    /// paragraph, and `howdy balance` answered `{"text": "", "direction": "rtl"}` with an
    /// ICU error), to what a left-to-right one gives.
    @Test func emptyTextLaysOutInEveryDirection() throws {
        let font = try Font(named: "Inter-Bold", size: 24)
        let plain = try balance(text: "", font: font, width: 300)
        for direction in TextDirection.allCases {
            let layout = try balance(text: "", font: font, width: 300, options: TextOptions(direction: direction))
            #expect(layout.lines.count == plain.lines.count, "\(direction)")
            #expect(layout.width == 0 && layout.height == plain.height, "\(direction)")
        }
    }

    @Test("an unpaired surrogate is left to ICU")
    func unpairedSurrogate() throws {
        for units: [UInt16] in [[0x41, 0xD83C], [0xDF89, 0x41], [0xD83C, 0x41]] {
            let levels = try units.withUnsafeBufferPointer { try BidiLevels(text: $0, direction: .auto) }
            #expect(!levels.levels.isEmpty, "\(units)")
        }
    }

    /// Right-to-left text that skips ICU: Hebrew and Arabic words with their marks,
    /// spaces and punctuation (brackets, quotes, separators and terminators without
    /// numbers), leading and trailing neutrals and marks, emoji (Other Neutral).
    static let plainRightToLeft = [
        "שלום עולם", "ברוכים הבאים לבית החדש שלך לתכנון רגוע", "مرحبا بك في تطبيقك الجديد",
        "בְּרֵאשִׁית בָּרָא", "  שלום, עולם!  ", "(שלום) [עולם] \"ציטוט\"", "...שלום?", "ִשלום",
        "سلام، عالم؛ مرحبا؟", "שלום - עולם / + $ % #", "שלום 🎉 עולם ❤️",
    ]

    /// Right-to-left text ICU must resolve: numbers (European, Arabic-Indic, extended),
    /// Latin, a newline or tab, explicit controls, a format character (ZWNJ).
    static let mixedRightToLeft = [
        "שלום 2024", "שלום world", "سلام ٣", "سلام ۳", "שלום\nעולם", "שלום\tעולם", "\u{202B}שלום\u{202C}",
        "\u{2067}שלום\u{2069} x", "می\u{200C}خواهم", "abc", " ", "\u{05D0}\u{0031}",
    ]

    @Test("plain right-to-left text skips ICU with ICU's levels", arguments: plainRightToLeft)
    func plainRightToLeftFastPath(_ text: String) throws {
        #expect(Array(text.utf16).withUnsafeBufferPointer {
            howdy_bidi_is_plain_right_to_left($0.baseAddress, Int32($0.count))
        } == 1, "\(text) took the ICU pass")
        for direction in [TextDirection.auto, .rightToLeft] {
            let levels = try Array(text.utf16).withUnsafeBufferPointer {
                try BidiLevels(text: $0, direction: direction)
            }
            #expect(levels.levels == (try Self.icuLevels(text, direction)), "\(text) \(direction)")
            #expect(levels.paragraphs.count == 1 && levels.paragraphs[0].level == 1, "\(text) \(direction)")
            #expect(levels.hasRightToLeft)
        }
    }

    @Test("right-to-left text with numbers, Latin or controls keeps ICU's pass", arguments: mixedRightToLeft)
    func mixedRightToLeftKeepsICU(_ text: String) throws {
        #expect(Array(text.utf16).withUnsafeBufferPointer {
            howdy_bidi_is_plain_right_to_left($0.baseAddress, Int32($0.count))
        } == 0, "\(text) skipped ICU")
        for direction in TextDirection.allCases {
            let levels = try Array(text.utf16).withUnsafeBufferPointer {
                try BidiLevels(text: $0, direction: direction)
            }
            let expected = try Self.icuLevels(text, direction)
            #expect(levels.levels.isEmpty ? expected.allSatisfy { $0 == 0 } : levels.levels == expected, "\(text)")
        }
    }

    @Test("a left-to-right paragraph of Hebrew keeps ICU's levels")
    func forcedLeftToRight() throws {
        let text = "שלום עולם "
        let levels = try Array(text.utf16).withUnsafeBufferPointer {
            try BidiLevels(text: $0, direction: .leftToRight)
        }
        #expect(levels.levels == (try Self.icuLevels(text, .leftToRight)))
        #expect(levels.levels.last == 0, "trailing space takes the paragraph's level 0")
    }
}
