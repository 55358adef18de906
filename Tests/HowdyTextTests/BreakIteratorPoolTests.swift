import Testing

@testable import HowdyText

@Suite("Break iterator pool: bounded, since locales come from input")
struct BreakIteratorPoolTests {
    /// A JSONL stream may name a new locale on every line; each opens ICU rules, and the
    /// pool that keeps them for reuse must not grow with the stream.
    @Test("300 distinct locales leave at most 64 kinds × locales pooled, and layout still works")
    func distinctLocalesStayBounded() throws {
        let font = try Fixtures.font()
        for index in 0..<300 {
            var options = TextOptions()
            options.locale = "en-x-p\(index)"
            let layout = try ShapedText("Pool the rules, not the stream", font: font, options: options)
                .layout(width: 120)
            #expect(layout.lineCount > 1)
        }
        let pooled = BreakIterator.pooledKeyCount(in: .shared)
        #expect(pooled <= 64, "\(pooled) pooled")
    }
}
