import CHarfBuzz

/// The nominal glyphs (cmap) of one HarfBuzz font for the ASCII characters, read once:
/// the word checks of a fresh paragraph (`SpaceBoundaries.cleanWords`, `ShapingWindows`)
/// ask for a glyph per character, and `hb_font_get_nominal_glyph` costs about 200
/// instructions a call through the font's functions, a table read a few.
struct ASCIIGlyphs: Sendable {
    /// Per scalar 0..<128: its glyph, or `none`.
    private let table: [hb_codepoint_t]
    private static let none = hb_codepoint_t.max

    /// The table of `font` (hb_font_t *): the same answers `hb_font_get_nominal_glyph`
    /// gives it, which are fixed once the font is made.
    init(font: OpaquePointer) {
        table = (0..<128).map { scalar in
            var glyph: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(font, hb_codepoint_t(scalar), &glyph) != 0 ? glyph : Self.none
        }
    }

    /// `scalar`'s nominal glyph in `font` (the font this table was made from), nil when it
    /// has none, as `hb_font_get_nominal_glyph` answers.
    @inline(__always)
    func glyph(_ scalar: UInt32, font: OpaquePointer) -> hb_codepoint_t? {
        if scalar < 128 {
            let glyph = table[Int(scalar)]
            return glyph == Self.none ? nil : glyph
        }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 ? glyph : nil
    }
}
