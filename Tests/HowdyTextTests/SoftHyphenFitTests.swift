import HowdyText
import Testing

/// A line ending at a soft hyphen fits when its content plus the hyphen glyph's advance
/// fits, as browsers measure it: the exact edge (the unrounded sum rounded up to 1/64 px).
@Suite("Soft hyphen exact fit")
struct SoftHyphenFitTests {
    @Test("content + hyphen fits exactly; 1/64 px less takes the opportunity before", arguments: [16.0, 17.0, 28.0])
    func exactEdge(size: Double) throws {
        let font = try Font(named: "Inter-Regular", size: size)
        let text = "Ex\u{AD}tra\u{AD}or\u{AD}di\u{AD}nary words"
        let shaped = try ShapedText(text, font: font)
        // The content up to the third soft hyphen, on one line (a soft hyphen not at a
        // line end is invisible), and the hyphen glyph (U+2010, which Inter has) alone.
        let content = try Fixtures.advanceSum("Ex\u{AD}tra\u{AD}or\u{AD}di", font: font)
        let hyphen = try Fixtures.advanceSum("\u{2010}", font: font)
        #expect(hyphen > 0)
        let edge = Fixtures.ceil64(content + hyphen)
        let fits = try shaped.layout(width: edge)
        #expect(fits.lines[0].text.hasSuffix("di") || fits.lines[0].text.hasSuffix("di\u{AD}"))
        #expect(fits.lines[0].endsWithHyphen)
        #expect(fits.lines[0].width == edge)
        let tight = try shaped.layout(width: edge - 1.0 / 64)
        #expect(tight.lines[0].text.hasSuffix("or") || tight.lines[0].text.hasSuffix("or\u{AD}"))
        #expect(tight.lines[0].endsWithHyphen)
        #expect(tight.lines[0].width <= edge - 1.0 / 64)
    }
}
