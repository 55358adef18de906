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

    @Test("an unpaired surrogate is left to ICU")
    func unpairedSurrogate() throws {
        for units: [UInt16] in [[0x41, 0xD83C], [0xDF89, 0x41], [0xD83C, 0x41]] {
            let levels = try units.withUnsafeBufferPointer { try BidiLevels(text: $0, direction: .auto) }
            #expect(!levels.levels.isEmpty, "\(units)")
        }
    }
}
