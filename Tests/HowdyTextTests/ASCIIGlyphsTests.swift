import CHarfBuzz
import Testing

@testable import HowdyText

/// `ASCIIGlyphs` stands in for `hb_font_get_nominal_glyph` in the word checks: a wrong
/// glyph there would test a word against the wrong rule positions (a word cached that a
/// rule can reach), so its answers must be HarfBuzz's, glyph or none, in faces that
/// lack some ASCII characters too.
@Suite struct ASCIIGlyphsTests {
    @Test(
        "the table answers as hb_font_get_nominal_glyph does",
        arguments: ["Inter-Regular", "Inter-Bold", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "MaterialIcons-Regular"])
    func matchesHarfBuzz(_ name: String) throws {
        let font = try TextSystem().font(named: name, size: 17)
        let handle = font.instance.handle
        let table = ASCIIGlyphs(font: handle)
        var missing = 0
        for scalar in Array(0..<0x100) + [0x2044, 0x05D0, 0x0627, 0xFFFF, 0x1F600] {
            var glyph: hb_codepoint_t = 0
            let found = hb_font_get_nominal_glyph(handle, UInt32(scalar), &glyph) != 0 ? glyph : nil
            if found == nil, scalar < 0x80 { missing += 1 }
            #expect(table.glyph(UInt32(scalar), font: handle) == found, "\(name) U+\(String(scalar, radix: 16))")
        }
        if name.hasPrefix("Noto") { #expect(missing > 0, "a face without some ASCII") }
    }
}
