import CHowdyICU
import Testing

@testable import HowdyText

/// `BidiLevels.isPlainRightToLeft` answers Hebrew and Arabic letters, ASCII spaces and
/// punctuation in Swift and hands any other text to `howdy_bidi_is_plain_right_to_left`,
/// which asks ICU for each character's class: the two must agree on every text, or a
/// text with a digit or a Latin letter would get level 1 everywhere instead of ICU's levels.
@Suite struct PlainRightToLeftScanTests {
    static func cAnswer(_ units: [UInt16]) -> Bool {
        units.withUnsafeBufferPointer { howdy_bidi_is_plain_right_to_left($0.baseAddress, Int32($0.count)) != 0 }
    }

    static func swiftAnswer(_ units: [UInt16]) -> Bool {
        units.withUnsafeBufferPointer { BidiLevels.isPlainRightToLeft($0) }
    }

    @Test("every ASCII unit is answered as ICU's classes say, after a Hebrew letter and before an Arabic one")
    func asciiUnits() {
        for unit in UInt16(0)..<0x80 {
            for units in [[0x05D0, unit], [unit, 0x0628], [0x05D0, unit, 0x05D1]] {
                #expect(Self.swiftAnswer(units) == Self.cAnswer(units), "U+\(String(unit, radix: 16))")
            }
            // The mask itself, not only the hand-over: a unit it accepts is one ICU allows.
            if BidiLevels.isPlainRightToLeftASCII(unit) {
                #expect(Self.cAnswer([0x05D0, unit]), "U+\(String(unit, radix: 16)) is not a neutral ICU allows")
            }
        }
        // Digits (EN), letters (L) and controls (S, B) are not neutrals: they need ICU's pass.
        for unit: UInt16 in [0x30, 0x39, 0x41, 0x7A, 0x09, 0x0A, 0x0D, 0x00, 0x7F] {
            #expect(!BidiLevels.isPlainRightToLeftASCII(unit), "U+\(String(unit, radix: 16))")
        }
    }

    @Test("every Hebrew and Arabic letter the scan answers is strong right-to-left for ICU")
    func letters() {
        for unit in Array(UInt16(0x05D0)...0x05EA) + Array(UInt16(0x0621)...0x063A) + Array(UInt16(0x0641)...0x064A) {
            #expect(Self.cAnswer([unit]), "U+\(String(unit, radix: 16))")
            #expect(Self.swiftAnswer([unit]))
            #expect(Self.swiftAnswer([0x20, unit, 0x2E]) == Self.cAnswer([0x20, unit, 0x2E]))
        }
        // Neighbours of the ranges are left to the C function.
        for unit: UInt16 in [0x05CF, 0x05EB, 0x0620, 0x063B, 0x0640, 0x064B, 0x0660] {
            #expect(Self.swiftAnswer([0x05D0, unit]) == Self.cAnswer([0x05D0, unit]), "U+\(String(unit, radix: 16))")
        }
    }

    @Test("random texts of letters, marks, digits, punctuation and controls: the scan agrees with the C function")
    func randomTexts() throws {
        // A pool of answered and unanswered units: Hebrew and Arabic letters, points and
        // harakat (NSM, allowed by the C function only), Arabic-Indic digits (AN), Latin,
        // digits, punctuation, NBSP, controls, ZWNJ, a lone surrogate, an emoji's halves.
        let pool: [UInt16] = [
            0x05D0, 0x05D5, 0x05E9, 0x05EA, 0x0627, 0x0644, 0x064A, 0x0628, 0x20, 0x20, 0x2E, 0x2C, 0x21, 0x3F,
            0x22, 0x28, 0x29, 0x2D, 0x05B8, 0x05BC, 0x064E, 0x0651, 0x0660, 0x06F3, 0x41, 0x61, 0x31, 0x30, 0xA0,
            0x09, 0x0A, 0x200C, 0x200F, 0x05BE, 0x060C, 0x061F, 0xD83C, 0xDF89, 0x2026, 0x40, 0x7E,
        ]
        // A fixed LCG: the same texts in every run.
        var state: UInt64 = 0x5EED_0FB1_D1
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var plain = 0
        for _ in 0..<4000 {
            let length = 1 + next() % 12
            var units: [UInt16] = []
            for _ in 0..<length {
                // Mostly answered units, so that plain texts are common too.
                let index = next() % 10 < 7 ? next() % 14 : next() % pool.count
                units.append(pool[index])
            }
            let expected = Self.cAnswer(units)
            #expect(Self.swiftAnswer(units) == expected, "\(units.map { String($0, radix: 16) })")
            if expected { plain += 1 }
            // And the levels are ICU's whichever way the text went.
            let levels = try units.withUnsafeBufferPointer { try BidiLevels(text: $0, direction: .auto) }
            if expected {
                #expect(levels.levels == (try BidiFastPathTests.icuLevels(String(decoding: units, as: UTF16.self), .auto)))
            }
        }
        #expect(plain > 500, "\(plain) plain texts: the pool should make many")
    }
}
