import HowdyJSON
import HowdyText
import HowdyTextJSON
import Testing

/// A small seeded generator (SplitMix64), so every run tests the same values.
private struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

private func generalNumber(_ value: Double) -> String {
    var writer = JSONTextWriter()
    writer.number(value)
    return writer.text
}

private func generalString(_ bytes: [UInt8]) -> String {
    var writer = JSONTextWriter()
    bytes.withUnsafeBufferPointer { writer.string(utf8: $0) }
    return writer.text
}

@Suite("JSON-lines answers written through a pointer")
struct AnswerWriterTests {
    @Test("numbers: every whole or 1/64 value is written as JSONTextWriter writes it; others are left to it")
    func numbers() {
        var random = Seeded(state: 7)
        var values: [Double] = [
            0, -0.0, 1, -1, 0.015625, -0.015625, 1.5, 63.984375, 1e15, -1e15, 1e15 - 1, 0x3_FFFF_FFFF,
            Double(0x3_FFFF_FFFF) + 0.5, 0x4_0000_0000, 0x4_0000_0000 + 0.5, 1e-4, 0.0001220703125, 1e20, .nan,
            .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 29.0469, 1.0 / 3,
        ]
        for _ in 0..<20_000 {
            let sixtyFourths = Int64.random(in: -(1 << 42)...(1 << 42), using: &random)
            values.append(Double(sixtyFourths) / 64)
            values.append(Double(Int64.random(in: -99_999...99_999, using: &random)) / 64)
            values.append(Double.random(in: -1000...1000, using: &random))
            values.append(Double(bitPattern: random.next()))
        }
        var fast = 0
        for value in values {
            guard let written = AnswerBytes.text(number: value) else { continue }
            fast += 1
            #expect(written == generalNumber(value), "\(value)")
        }
        // Every layout width is a whole number of 1/64 px: those must all take the fast way.
        for value in values
        where value.isFinite && (value * 64).rounded() == value * 64 && abs(value) < 0x4_0000_0000 as Double {
            #expect(AnswerBytes.text(number: value) != nil, "\(value)")
        }
        #expect(fast > 20_000)  // the 64ths below 2^40 (about half the random ones) and the whole numbers
    }

    @Test("strings: escapes at every position of every length, eight at a time or not, as JSONTextWriter escapes")
    func strings() {
        let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x01, 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1F, 0x20, 0x21, 0x5B, 0x7F]
        for length in 0..<20 {
            for position in 0..<max(length, 1) {
                for special in specials {
                    var bytes = [UInt8]((0..<length).map { UInt8(0x61 + $0 % 26) })
                    if length > 0 { bytes[position] = special }
                    #expect(AnswerBytes.text(number: nil, string: bytes) == generalString(bytes), "\(bytes)")
                }
            }
        }
        var random = Seeded(state: 11)
        let pieces = ["a", "é", "日本", "👍", "\"", "\\", "\n", "\u{1}", " ", "مرحبا", "\t", "\u{7F}", "\u{AD}"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let bytes = Array(text.utf8)
            #expect(AnswerBytes.text(number: nil, string: bytes) == generalString(bytes), "\(text)")
        }
    }

    @Test("whole answers equal the piecewise writer's, line heights and ids of every kind included")
    func answers() throws {
        let font = try Font(named: "Inter-Bold", size: 24)
        // The answer writer's texts, and soft hyphens (a line ending in a shown hyphen).
        let texts =
            AnswerBytesTests.escapingTexts + [
                "hy\u{AD}phen\u{AD}ated ex\u{AD}tra\u{AD}or\u{AD}di\u{AD}nary words that wrap"
            ]
        let ids: [JSONLValue?] = [
            nil, .null, .bool(true), .bool(false), .number(12, text: "12"), .number(-3, text: "-3"),
            .string("a\"b\\c\u{1}é"), .array([.number(1, text: "1")]), .object([("k", .null)]),
        ]
        var fast = 0
        for text in texts {
            for lineHeight in [nil, 20, 29.5, 1.3, 33.333] as [Double?] {
                var options = TextOptions()
                options.lineHeight = lineHeight
                for width in [60.0, 140, 333.25, 2000] {
                    var shaped = try ShapedText(text, font: font, options: options)
                    shaped.omitsGlyphs = true
                    shaped.omitsLineTexts = true
                    let layout = try shaped.balance(width: width)
                    for id in ids {
                        var piecewise = JSONWriter()
                        piecewise.layoutCuttingLineTextsPiecewise(layout, id: id)
                        var answer = JSONWriter()
                        answer.raw("[")  // something before, which must stay
                        answer.layoutCuttingLineTexts(layout, id: id)
                        #expect(answer.text == "[" + piecewise.text, "\(text) at \(width), \(String(describing: id))")
                        var bytes: [UInt8] = []
                        if AnswerBytes.write(layout, id: id, to: &bytes) { fast += 1 } else { #expect(bytes.isEmpty) }
                    }
                }
            }
        }
        #expect(fast > 500)
    }

    @Test("UTF-8 check: UTF8Text accepts exactly what String(validating:) accepts, with the same string")
    func utf8() {
        var random = Seeded(state: 3)
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED,
            0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        var checked = 0
        var valid = 0
        func check(_ bytes: [UInt8]) {
            let expected = String(validating: bytes, as: UTF8.self) != nil
            let quick = bytes.withUnsafeBufferPointer { UTF8Text.isWellFormed($0) }
            #expect(quick == expected, "\(bytes)")
            // The decode-and-compare route (the quick reader's strings, the C ABI's texts).
            let decoded = bytes.withUnsafeBufferPointer { UTF8Text.string($0) }
            #expect(decoded == String(validating: bytes, as: UTF8.self), "\(bytes)")
            checked += 1
            if expected { valid += 1 }
        }
        // Every sequence of up to 4 of the bytes where the ranges change.
        for a in interesting {
            check([a])
            for b in interesting {
                check([a, b])
                for c in interesting {
                    check([a, b, c])
                    for d in interesting { check([a, b, c, d]) }
                }
            }
        }
        for _ in 0..<50_000 {
            check((0..<Int.random(in: 0...12, using: &random)).map { _ in interesting.randomElement(using: &random)! })
        }
        #expect(checked > 400_000 && valid > 1000)
    }
}
