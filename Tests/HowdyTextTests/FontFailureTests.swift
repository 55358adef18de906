import HowdyText
import Testing

/// A fallback font that cannot be opened is reported on the layout, not swallowed: the
/// characters it would have drawn show the primary font's missing glyph, and
/// `TextLayout.fontFailures` says why. Good input lays out as before.
@Suite struct FontFailureTests {
    let arabic = "Hi مرحبا"

    @Test func aMissingFallbackFaceBehindAMissingGlyphIsReported() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        var options = TextOptions()
        options.fallback = FontFallback(bundled: ["NoSuchFont-Regular"])
        let layout = try HowdyText.layout(text: arabic, font: font, width: 1000, options: options)
        #expect(layout.fontFailures == [.fontNotFound("NoSuchFont-Regular")])
        // Still laid out, every glyph in the primary font (its missing-glyph box for Arabic).
        #expect(layout.lines.map(\.text) == [arabic])
        #expect(layout.lines.flatMap(\.runs).allSatisfy { $0.font.face === font.face })
        // Balanced and pretty layouts carry it too.
        let balanced = try ShapedText(arabic, font: font, options: options).layout(width: 1000, strategy: .pretty)
        #expect(balanced.fontFailures == [.fontNotFound("NoSuchFont-Regular")])
    }

    @Test func aMissingFaceThatNothingNeededIsNotReported() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        var options = TextOptions()
        options.fallback = FontFallback(bundled: ["NoSuchFont-Regular", "NotoSansArabic-Regular"])
        let layout = try HowdyText.layout(text: arabic, font: font, width: 1000, options: options)
        #expect(layout.fontFailures.isEmpty)
        #expect(layout.lines.flatMap(\.runs).contains { $0.font.face !== font.face })
    }

    @Test func noFallbackOrTheBundledChainReportsNothing() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        var none = TextOptions()
        none.fallback = FontFallback.none
        #expect(try HowdyText.layout(text: arabic, font: font, width: 1000, options: none).fontFailures.isEmpty)
        #expect(try HowdyText.layout(text: arabic, font: font, width: 1000).fontFailures.isEmpty)
    }
}
