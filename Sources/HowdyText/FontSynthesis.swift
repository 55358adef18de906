/// Synthetic bold and oblique for a face that lacks the weight or slant asked of it, as
/// browsers and Core Text do: a Japanese bold title whose fallback face (Droid Sans
/// Fallback) has only a regular weight is emboldened rather than drawn regular.
///
/// - Bold: the outline is grown with FreeType's `FT_Outline_Embolden` at Chromium's
///   (Skia's FreeType port) fake-bold strength, the size in 26.6 px divided by 24
///   (`emboldenStrength`), and moved right by half of it so the left side bearing stays.
///   Every glyph with a non-zero advance is widened by the same strength, as FreeType's
///   `FT_GlyphSlot_Embolden`, HarfBuzz's non-in-place synthetic bold and Core Text do, so
///   the line breaker measures what the renderer draws (Chromium keeps the advance and
///   lets the ink run up to 1/24 em into the next glyph's room). Colour bitmap faces
///   (emoji) are never emboldened.
/// - Oblique: the outline is sheared by 1/4 (x += y / 4, about 14°, Chromium's synthetic
///   italic skew) about the baseline. Advances are unchanged.
///
/// Layout decides synthesis for fallback faces (`Itemization`): bold when the primary
/// font asks for a weight of 600 or more (its face's OS/2 weight class, or its own
/// synthetic bold) and the fallback face's weight class is under 600; oblique when the
/// primary face is italic (or synthetically oblique) and the fallback face is not.
public struct FontSynthesis: Sendable, Hashable {
    /// Embolden outlines and widen advances.
    public var bold: Bool
    /// Shear outlines by 1/4.
    public var oblique: Bool

    /// Synthesis as given; both off by default.
    public init(bold: Bool = false, oblique: Bool = false) {
        self.bold = bold
        self.oblique = oblique
    }

    /// No synthesis.
    public static let none = FontSynthesis()

    /// The horizontal shear of synthetic oblique: x grows by a quarter of y.
    public static let obliqueShear = 0.25

    /// The weight class from which a request counts as bold (CSS `font-synthesis`).
    static let boldWeight = 600

    /// The outline growth and advance increase of synthetic bold at `size64` px in 26.6
    /// (`FT_MulFix(units_per_EM, y_scale) / 24` in Skia, which is `size64 / 24`), 0 when
    /// `bold` is off.
    func emboldenStrength(size64: Int) -> Int32 { bold ? Int32(size64 / 24) : 0 }

    /// What a fallback `face` needs to honour what `primary` asks for.
    static func needed(by primary: Font, for face: FontFace) -> FontSynthesis {
        guard face.isScalable, !face.isColor else { return .none }
        let wantsBold = primary.face.weightClass >= boldWeight || primary.synthesis.bold
        let wantsItalic = primary.face.isItalic || primary.synthesis.oblique
        return FontSynthesis(bold: wantsBold && face.weightClass < boldWeight, oblique: wantsItalic && !face.isItalic)
    }
}
