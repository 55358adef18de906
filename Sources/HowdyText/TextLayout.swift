/// One glyph placed on a line.
public struct PositionedGlyph: Sendable, Hashable {
    /// Glyph index in the run's font face.
    public var id: UInt32
    /// Pen position in px relative to the line's origin (its left edge at the baseline);
    /// x grows right, y grows down. The exact sum of the advances before it (16.16, not
    /// rounded to 1/64 px per glyph). Sub-pixel: do not round before rasterising.
    public var x: Double
    /// Pen y in px relative to the line's baseline (down is positive).
    public var y: Double
    /// Advance in px, unrounded (16.16).
    public var advance: Double
    /// UTF-16 offset of the glyph's cluster in the layout's text.
    public var cluster: Int

    /// Glyph 0 at the origin: what the layout builder grows its glyph array with before
    /// writing the placed glyphs over it.
    static let blank = PositionedGlyph(id: 0, x: 0, y: 0, advance: 0, cluster: 0)
}

/// Consecutive glyphs of one line in one font and direction.
public struct GlyphRun: Sendable {
    /// The font the glyphs come from (the primary font or a fallback).
    public var font: Font
    /// True when the run is right to left.
    public var isRightToLeft: Bool
    /// The UTF-16 range of the text the run covers.
    public var range: Range<Int>
    /// Glyphs in visual order, left to right: a view of the layout's one glyph array
    /// (indices from 0), not a copy; `Array(glyphs)` makes one.
    public var glyphs: LayoutSlice<PositionedGlyph>
}

/// One line of a layout.
public struct TextLine: Sendable {
    /// The UTF-16 range of the line's visible text (trailing spaces and the line break excluded).
    public var range: Range<Int>
    /// What every line of the layout reads (its text, fonts, runs and glyphs): the line's
    /// one reference (`LineStorage`). Nil for a line of a layout made without line texts
    /// nor glyphs.
    var storage: LineStorage?
    /// This line's runs in `storage.runs`.
    var runBounds: Range<Int>

    init(
        range: Range<Int>, storage: LineStorage?, runBounds: Range<Int>, x: Double, baseline: Double, width: Double,
        isRightToLeft: Bool, endsWithHyphen: Bool
    ) {
        self.range = range
        self.storage = storage
        self.runBounds = runBounds
        self.x = x
        self.baseline = baseline
        self.width = width
        self.isRightToLeft = isRightToLeft
        self.endsWithHyphen = endsWithHyphen
    }

    /// The line's visible text: `range` of the layout's text, made when asked (each read
    /// makes a string; a layout keeps no string per line). Empty for a layout made for a
    /// caller that cuts line texts itself (`ShapedText.omitsLineTexts`).
    public var text: String {
        guard let layoutText = storage?.text, !layoutText.isEmpty else { return "" }
        // Line ranges are on scalar boundaries (breaks are between scalars), so these
        // are character-aligned enough for slicing; native strings find UTF-16 offsets
        // through their breadcrumbs, not by walking from the start.
        let utf16 = layoutText.utf16
        let lower = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
        let upper = utf16.index(lower, offsetBy: range.count)
        return String(layoutText[lower..<upper])
    }
    /// Left edge of the line in px from the layout's left edge (alignment applied).
    public var x: Double
    /// Baseline in px from the layout's top edge.
    public var baseline: Double
    /// Width in px: the sum of the line's glyph advances (hanging trailing spaces excluded,
    /// a soft hyphen's visible hyphen included), summed unrounded (16.16) and rounded up
    /// to 1/64 px once, so a box this wide holds the line: the last glyph's `x + advance`
    /// is at most this, and less than 1/64 px below it.
    public var width: Double
    /// True when the line belongs to a right-to-left paragraph.
    public var isRightToLeft: Bool
    /// True when the line ends at a soft hyphen and shows a hyphen glyph.
    public var endsWithHyphen: Bool
    /// Glyph runs in visual order, left to right; glyph x positions are relative to `x`.
    /// Made when read, from the records the layout keeps (`LineStorage`): each read makes
    /// an array of the line's runs, whose glyphs are views of the layout's one glyph array
    /// (indices from 0), not copies. Empty for a layout made without glyphs
    /// (`ShapedText.omitsGlyphs`).
    public var runs: LayoutSlice<GlyphRun> {
        guard let storage, !runBounds.isEmpty else { return LayoutSlice() }
        return LayoutSlice(storage.glyphRuns(runBounds))
    }
}

/// How text is broken into lines: the one name for the choice `layout(width:strategy:)`
/// makes and a `TextLayout` reports.
///
/// Every strategy but `.greedy` keeps greedy's line count; a text greedy layout puts on
/// one line comes back `.greedy` whatever was asked.
public enum LineBreakStrategy: Sendable, Hashable {
    /// Each line takes as many words as fit (CSS `text-wrap: wrap`).
    case greedy
    /// Greedy's line count with the lines made even; `BalanceObjective` says how
    /// (`.narrowest` is CSS `text-wrap: balance`).
    case balanced(BalanceObjective)
    /// CSS `text-wrap: pretty` over the whole paragraph: lines kept full, no lonely last
    /// word when another layout with greedy's line count avoids it (see `PrettyLines`).
    case pretty

    /// The strategy's name as display lists and `TextLayout`'s JSON spell it: "greedy",
    /// "balanced" (`.balanced(.narrowest)`), "even" (`.balanced(.even)`) or "pretty".
    public var name: String {
        switch self {
        case .greedy: "greedy"
        case .balanced(.narrowest): "balanced"
        case .balanced(.even): "even"
        case .pretty: "pretty"
        }
    }
}

extension LineBreakStrategy: Codable {
    /// Reads the strategy from its `name`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        let all: [LineBreakStrategy] = [.greedy, .balanced(.narrowest), .balanced(.even), .pretty]
        guard let strategy = all.first(where: { $0.name == name }) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected greedy, balanced, even or pretty, got \(name)")
        }
        self = strategy
    }

    /// Writes the strategy as its `name`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}

/// Lines of text in visual order with glyph positions, ready to draw.
public struct TextLayout: Sendable {
    /// The text laid out.
    public var text: String
    /// Lines top to bottom; empty for empty text.
    public var lines: [TextLine]
    /// Width in px of the widest line; lines are aligned within it.
    public var width: Double
    /// Height in px: line count × line height.
    public var height: Double
    /// The width in px the layout was asked to fit.
    public var availableWidth: Double
    /// Distance between baselines in px.
    public var lineHeight: Double
    /// How the lines were chosen: the strategy asked for, or `.greedy` when greedy
    /// layout gives one line (or `.balanced(.narrowest)` when `.even` finds no better
    /// breaks than the narrowest width).
    public var strategy: LineBreakStrategy
    /// The number of lines greedy layout gives at `availableWidth`; equal to
    /// `lines.count` for every mode (balancing never adds a line).
    public var greedyLineCount: Int
    /// Fallback fonts that could not be opened (`TextError.fontNotFound`, `.fontUnreadable`,
    /// `.fontInvalid`) while looking for a character no open face covers, each once; empty
    /// when every face opened. The layout is still made: such characters show the primary
    /// font's missing-glyph box, and this says why instead of hiding it.
    public var fontFailures: [TextError]

    /// The number of lines.
    public var lineCount: Int { lines.count }
}
