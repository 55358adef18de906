/// How lines sit inside the layout's box: the width of its widest line.
public enum TextAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Left in a left-to-right paragraph, right in a right-to-left one.
    case leading
    case center
    /// Right in a left-to-right paragraph, left in a right-to-left one.
    case trailing
}

/// Everything about a layout except the text, the font and the width.
public struct TextOptions: Sendable, Hashable {
    /// Paragraph direction; `.auto` (the default) follows each paragraph's first strong character.
    public var direction: TextDirection
    /// Line alignment inside the layout's box; default `.leading`.
    public var alignment: TextAlignment
    /// The direction `.leading` and `.trailing` are read in. `.auto` (the default) reads
    /// them in each paragraph's own direction, as CSS `text-align: start` does.
    /// `.leftToRight` or `.rightToLeft` reads them in that direction whatever the text,
    /// as UIKit's and SwiftUI's natural alignment follows the interface's direction: an
    /// untranslated English string in a Hebrew screen stays a left-to-right paragraph
    /// ("What is your goal?") and still lines up on the right. `.center` ignores it.
    public var alignmentDirection: TextDirection
    /// Distance between baselines in px; nil (the default) uses the font's
    /// ascender − descender + line gap. Extra or missing space is split evenly above
    /// and below each line, as CSS half-leading does.
    public var lineHeight: Double?
    /// BCP 47 locale for line breaking and shaping ("ja", "zh-Hant", "th", "ar");
    /// "" (the default) uses ICU's root rules and lets HarfBuzz pick per script.
    public var locale: String
    /// OpenType features applied to every run (kerning and ligatures are on by default).
    public var features: [FontFeature]
    /// Fonts tried when the primary font lacks a glyph; nil (the default) uses the
    /// bundled chain in the primary font's weight.
    public var fallback: FontFallback?
    /// Reuse shaped words from `WordShapeCache.shared` (default true). The glyphs are the
    /// same either way (HarfBuzz's unsafe-to-concat flags decide what may be reused);
    /// false shapes every run with HarfBuzz, for comparison and measurement.
    public var usesWordCache: Bool
    /// CSS `line-break`: strictness around CJK punctuation and small kana; default `.auto`.
    public var lineBreak: LineBreakStyle
    /// CSS `word-break`: breaks inside words; default `.normal`.
    public var wordBreak: WordBreakStyle
    /// CSS `overflow-wrap`: whether a word wider than the line breaks; default `.breakWord`.
    public var overflowWrap: OverflowWrapStyle
    /// CSS `hyphens`: soft hyphens only (`.manual`, the default), none, or also automatic
    /// hyphenation with libhyphen's patterns for `locale` (`.auto`).
    public var hyphens: HyphensStyle

    /// Options; every field has a default: direction from the text, leading alignment read
    /// in each paragraph's direction, the font's line height, no locale, no features, the
    /// bundled fallback chain, `line-break: auto`, `word-break: normal`, `overflow-wrap:
    /// break-word`, `hyphens: manual`.
    public init(
        direction: TextDirection = .auto, alignment: TextAlignment = .leading,
        alignmentDirection: TextDirection = .auto, lineHeight: Double? = nil, locale: String = "",
        features: [FontFeature] = [], fallback: FontFallback? = nil, usesWordCache: Bool = true,
        lineBreak: LineBreakStyle = .auto, wordBreak: WordBreakStyle = .normal,
        overflowWrap: OverflowWrapStyle = .breakWord, hyphens: HyphensStyle = .manual
    ) {
        self.hyphens = hyphens
        self.lineBreak = lineBreak
        self.wordBreak = wordBreak
        self.overflowWrap = overflowWrap
        self.usesWordCache = usesWordCache
        self.direction = direction
        self.alignment = alignment
        self.alignmentDirection = alignmentDirection
        self.lineHeight = lineHeight
        self.locale = locale
        self.features = features
        self.fallback = fallback
    }
}

/// What `LineBreakStrategy.balanced` minimises among layouts with greedy's line count.
public enum BalanceObjective: String, Sendable, Hashable, Codable, CaseIterable {
    /// The narrowest width that keeps the line count (CSS `text-wrap: balance`). The
    /// result is greedy layout at that width, so every line but the last is as full as
    /// greedy would make it, and the widest line is as short as it can be.
    case narrowest
    /// The smallest sum of squared slack (available width − line width) over all lines,
    /// last line included: line lengths as equal as possible. It may leave the widest
    /// line a little longer than `.narrowest` does, in exchange for no short line.
    case even
}
