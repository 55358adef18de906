import HowdyTextJSON
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
    /// What the writer wrote before it formatted 1/64 px widths itself: `description`
    /// for fractions, the integer for whole numbers, and no `.0` on a whole number past
    /// 10^15 either (HowdyJSON's one writer writes numbers as `JSONEncoder` does).
    static func reference(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    @Test("numbers are written as Swift's shortest round-trip form, 1/64 steps and others")
    func numbers() {
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, 1e15, 1e16, -1e15 - 0.5, 1e-5, 0.1, 1.0 / 3, 123.456, .pi, .leastNonzeroMagnitude,
        ]
        for sixtyFourths in stride(from: -70_000, through: 70_000, by: 7) { values.append(Double(sixtyFourths) / 64) }
        for sixtyFourths in [Int64(1) << 39, (Int64(1) << 40) - 1, Int64(1) << 40, Int64(1) << 45, 999_999_999_937] {
            values.append(Double(sixtyFourths) / 64 + 1.0 / 64)
            values.append(-Double(sixtyFourths) / 64 - 1.0 / 64)
        }
        for value in values {
            var writer = JSONWriter()
            writer.number(value)
            #expect(writer.text == Self.reference(value), "\(value)")
        }
    }

    @Test("strings escape quotes, backslashes and control characters and keep the rest")
    func strings() {
        var writer = JSONWriter()
        writer.string("a\"b\\c\nd\re\tf\u{01}g\u{1F}é😀")
        #expect(writer.text == #""a\"b\\c\nd\re\tf\u0001g\u001fé😀""#)
        var plain = JSONWriter()
        plain.string("")
        plain.raw(",")
        plain.string("Get reminders")
        #expect(plain.text == #""","Get reminders""#)
    }
}
