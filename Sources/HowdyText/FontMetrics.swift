/// Vertical metrics of a font at its size, in px, y up from the baseline (so
/// `descender` is negative), read from the font's OS/2 and hhea tables through
/// HarfBuzz (typo metrics when the font asks for them, hhea otherwise).
public struct FontMetrics: Sendable, Hashable {
    /// Distance from the baseline to the top of the line box (px, positive).
    public var ascender: Double
    /// Distance from the baseline to the bottom of the line box (px, negative).
    public var descender: Double
    /// Extra space the font asks for between lines (px, ≥ 0).
    public var lineGap: Double
    /// Height of flat capital letters (px); estimated by HarfBuzz when the table lacks it.
    public var capHeight: Double
    /// Height of flat lowercase letters (px); estimated by HarfBuzz when the table lacks it.
    public var xHeight: Double
    /// Design units per em of the face.
    public var unitsPerEm: Int

    /// The natural distance between baselines: ascender − descender + line gap (px).
    public var lineHeight: Double { ascender - descender + lineGap }
}
