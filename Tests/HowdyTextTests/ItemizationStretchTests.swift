import CHarfBuzz
import CHowdyICU
import Foundation
import Testing

@testable import HowdyText

/// Itemisation takes most characters of every script in stretches (`Itemization.plainStretch`)
/// that read the faces' BMP coverage bits (`BMPCoverage`) instead of walking `chooseFont`:
/// both must answer exactly what the set and the walk answer.
@Suite struct ItemizationStretchTests {
    /// Translated messages of the machine's programs (gettext catalogs under
    /// /usr/share/locale), a few per paragraph, in many scripts; empty where none are
    /// installed.
    static func catalogTexts() -> [String] {
        let locales = [
            "he", "ar", "fa", "ur", "th", "hi", "bn", "ta", "te", "ml", "gu", "pa", "km", "lo", "my", "si", "am",
            "ka", "hy", "ja", "zh_CN", "zh_TW", "ko", "ru", "uk", "sr", "el", "vi", "de", "pl", "tr",
        ]
        var texts: [String] = []
        for locale in locales {
            let folder = "/usr/share/locale/\(locale)/LC_MESSAGES"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.sorted() ?? []
            // Two catalogs per locale: interface strings and country or language names.
            for name in names.filter({ $0.hasSuffix(".mo") }).prefix(2) {
                guard let data = FileManager.default.contents(atPath: "\(folder)/\(name)") else { continue }
                let messages = Self.translations(in: [UInt8](data)).prefix(48)
                for start in stride(from: 0, to: messages.count, by: 4) {
                    texts.append(messages[start..<min(start + 4, messages.count)].joined(separator: " "))
                }
            }
        }
        return texts
    }

    /// The translated strings of a little-endian GNU .mo catalog (plural forms split),
    /// without its header entry; empty for anything else.
    static func translations(in bytes: [UInt8]) -> [String] {
        func word(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            return (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        guard word(0) == 0x9504_12DE, let count = word(8), let table = word(16), count < 100_000 else { return [] }
        var strings: [String] = []
        for entry in 0..<count {
            guard let length = word(table + entry * 8), let offset = word(table + entry * 8 + 4),
                offset + length <= bytes.count, length > 0
            else { continue }
            let text = String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
            if text.contains("Content-Type:") { continue }  // the header
            strings += text.split(separator: "\0").map(String.init)
        }
        return strings
    }

    /// Edge cases for the stretch's rules: marks first, controls, white space after
    /// colour and fallback faces, variation selectors, ZWJ, Cyrillic Supplement beside
    /// Hebrew (one BMP block), keycaps, unpaired surrogates are not in `String`s.
    static let edges = [
        "\u{05B8}שָׁלוֹם עוֹלָם\tעִברִית\n ԀԁԂ שלום",
        "\u{0E31}สวัสดีครับ ภาษาไทย\u{0E48}\u{0E49}!",
        "مَرْحَبًا بِكُمْ ١٢٣ 123 «نص» ؟ \u{200C}\u{200D}ـ",
        "नमस्ते\u{094D}\u{200D}क्ष दुनिया। १२३ ॐ",
        "😀 😀\u{0020}a ❤️ ❤\u{FE0E} #️⃣ 1\u{20E3} \u{00A0}\u{3000}x\u{0301}\u{0302}",
        "Привет, мир! Ѐ Ԁ Ӏ — ‘quotes’ … €100 ½",
        "\u{0001}\u{007F}a\u{0009}\u{000B} \u{0085}\u{2028}\u{202F}b",
        "ქართული Հայերեն አማርኛ ខ្មែរ ລາວ မြန်မာ සිංහල",
    ]

    @Test("stretched runs equal the runs of walking every character, for every script")
    func stretchedRunsEqualWalkedRuns() throws {
        let catalogs = Self.catalogTexts()
        let texts = Self.edges + ItemizationFastPathTests.mixed + ItemizationFastPathTests.realTexts() + catalogs
        let primaries = [
            "Inter-Regular", "Inter-Bold", "NotoSansHebrew-Regular", "NotoSansThai-Bold", "NotoSansArabic-Regular",
            "DroidSansFallbackFull", "NotoColorEmoji",
        ]
        for name in primaries {
            let walking = TextSystem()
            let walkingFont = try walking.font(named: name, size: 22)
            let walked = try texts.map { try ItemizationFastPathTests.runs($0, walkingFont, remembers: false) }
            // A shared system: the first pass meets the chain's answers kept from the texts
            // before, the second all of them.
            let system = TextSystem()
            let font = try system.font(named: name, size: 22)
            for _ in 0..<2 {
                for (index, text) in texts.enumerated() {
                    #expect(try ItemizationFastPathTests.runs(text, font) == walked[index], "\(name): \(text)")
                }
            }
        }
    }

    @Test("a face's BMP coverage bits equal its coverage set for every BMP scalar")
    func coverageBitsEqualTheSet() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/HowdyText/Fonts")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }
        #expect(names.count > 20)
        let set = hb_set_create()!
        defer { hb_set_destroy(set) }
        for name in names {
            let face = try FontFace.open(path: folder.appendingPathComponent(name).path)
            hb_set_clear(set)
            hb_face_collect_unicodes(face.hbFace, set)
            let bits = face.blocks.exact
            var differ = 0
            for unit in UInt16(0)...0xFFFF where bits.covers(unit) != (hb_set_has(set, UInt32(unit)) != 0) {
                differ += 1
            }
            #expect(differ == 0, "\(name)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            hb_set_clear(set)
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let first = UInt32.random(in: 0...0x10FFFF, using: &generator)
                let length = UInt32.random(in: 0...70_000, using: &generator)
                hb_set_add_range(set, first, min(0x10FFFF, first + length))
            }
            let bits = BMPCoverage(coverage: set)
            #expect((UInt16(0)...0xFFFF).allSatisfy { bits.covers($0) == (hb_set_has(set, UInt32($0)) != 0) })
        }
    }
}

/// `BidiLevels` skips ICU for text it finds nothing right-to-left in, now with a range
/// test per unit instead of a switch (`mayNeedBidi`): every BMP character it lets
/// through must get level 0 from ICU, between letters, digits and at the ends.
@Suite struct BidiSkipRangesTests {
    @Test("every BMP character the skip lets through gets level 0 from ICU")
    func skippedCharactersAreLeftToRight() throws {
        var skipped = 0
        var wrong: [UInt16] = []
        for unit in UInt16(0)...0xFFFF where unit & 0xF800 != 0xD800 {
            let units: [UInt16] = [unit, 0x61, unit, 0x31, unit]
            let levels = try units.withUnsafeBufferPointer { try BidiLevels(text: $0, direction: .auto) }
            guard levels.levels.isEmpty else { continue }
            skipped += 1
            let expected = try units.withUnsafeBufferPointer { buffer in
                var status: howdy_icu_status = 0
                let bidi = try #require(howdy_bidi_open(buffer.baseAddress, Int32(units.count), -1, &status))
                defer { howdy_bidi_close(bidi) }
                let raw = try #require(howdy_bidi_levels(bidi, &status))
                return Array(UnsafeBufferPointer(start: raw, count: units.count))
            }
            if expected.contains(where: { $0 != 0 }) { wrong.append(unit) }
        }
        #expect(skipped > 50_000)
        #expect(wrong.isEmpty, "\(wrong.prefix(20).map { String($0, radix: 16) })")
    }
}
