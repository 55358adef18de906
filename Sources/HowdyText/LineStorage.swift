/// What every line of one layout reads, made once per layout by `LayoutBuilder`: the
/// text lines are cut from, the fonts, each run as a record, and the one glyph array.
///
/// A line holds this one reference. It used to hold its text and a view of the run
/// array, and each run its font and a view of the glyph array: four references per line
/// of one run, so four atomic retains while building and four releases when the layout
/// was dropped. On this machine an uncontended retain or release costs about 6 ns, and
/// `perf` put them at 45 % of a warm 40-word CJK balance (eight lines) and a quarter of a
/// warm Latin or Hebrew one. Runs are records here (a font index, no references) and
/// become `GlyphRun` values when a line's `runs` is read.
final class LineStorage: Sendable {
    /// A run of a line: glyphs `glyphs` of `LineStorage.glyphs` in font `fontIndex` of
    /// `LineStorage.fonts`, for the UTF-16 range `range` of the text.
    struct Run: Sendable {
        var fontIndex: Int
        var isRightToLeft: Bool
        var range: Range<Int>
        var glyphs: Range<Int>
    }

    /// The layout's text (empty when made without line texts, `ShapedText.omitsLineTexts`).
    let text: String
    let fonts: [Font]
    /// Every line's runs, line after line, each line's in visual order.
    let runs: [Run]
    let glyphs: [PositionedGlyph]

    init(text: String, fonts: [Font], runs: [Run], glyphs: [PositionedGlyph]) {
        self.text = text
        self.fonts = fonts
        self.runs = runs
        self.glyphs = glyphs
    }

    /// Runs `bounds` of `runs` as the public values, in order.
    func glyphRuns(_ bounds: Range<Int>) -> [GlyphRun] {
        runs[bounds].map { run in
            GlyphRun(
                font: fonts[run.fontIndex], isRightToLeft: run.isRightToLeft, range: run.range,
                glyphs: LayoutSlice(base: glyphs, bounds: run.glyphs))
        }
    }
}
