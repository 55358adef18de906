/// How strictly lines may break around Japanese and Chinese punctuation and small
/// kana, mirroring CSS `line-break`. Raw values are the CSS keywords.
public enum LineBreakStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// What browsers do: `normal` (Chromium and Safari use ICU's normal tailoring for
    /// `auto`), so 確認コ|ード may break before the prolonged sound mark or a small kana.
    case auto
    /// The most breaks: ICU's `@lb=loose` (also before iteration marks and some
    /// punctuation).
    case loose
    /// ICU's `@lb=normal`: breaks before small kana and ー are allowed.
    case normal
    /// ICU's `@lb=strict` (ICU's own default): no break before small kana or ー.
    case strict
    /// A break between any two grapheme clusters, punctuation and spaces included;
    /// mandatory breaks stay. Overrides `wordBreak`.
    case anywhere
}

/// Whether lines may break inside words, mirroring CSS `word-break`. Raw values are the
/// CSS keywords.
public enum WordBreakStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// UAX #14 as tailored by the locale and `lineBreak`.
    case normal
    /// Also a break between any two letters or digits (grapheme clusters), as if every
    /// letter were an ideograph; punctuation keeps its rules.
    case breakAll = "break-all"
    /// No break between two letters or digits, so CJK words stay whole and break only at
    /// spaces and punctuation (CSS `keep-all`).
    case keepAll = "keep-all"
    /// ICU's phrase-based Japanese breaking (`@lw=phrase`, ICU ≥ 71; Chromium's
    /// `word-break: auto-phrase`): Japanese breaks only between phrases (bunsetsu).
    /// Other locales behave as `normal`, as in browsers.
    case autoPhrase = "auto-phrase"
}

/// What happens to a word wider than the line, mirroring CSS `overflow-wrap`. Raw values
/// are the CSS keywords.
public enum OverflowWrapStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// The word overflows its line; it is never broken.
    case normal
    /// The word breaks between grapheme clusters, as late as fits (the default).
    case breakWord = "break-word"
    /// As `breakWord` here: the two differ in CSS only in min-content sizing, and
    /// `ShapedText.widestUnbreakableWidth` always reports whole words.
    case anywhere
}

/// Whether words are hyphenated at line ends, mirroring CSS `hyphens`. Raw values are the
/// CSS keywords. A line that ends at a hyphenation opportunity shows a hyphen glyph
/// (U+2010, or U+002D when the font lacks it) whose advance counts toward the width.
public enum HyphensStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// No hyphenation: soft hyphens (U+00AD) are not break opportunities and never show.
    case none
    /// Only at soft hyphens (U+00AD) the text contains (the default, as in CSS).
    case manual
    /// Soft hyphens, and also the hyphenation points libhyphen's patterns for the text's
    /// locale find in words (`TextOptions.locale`; a missing dictionary is an error).
    /// Words that contain a soft hyphen keep only those, as CSS requires.
    case auto
}

extension LineBreakStyle {
    /// The style named by a CSS keyword or a Swift case name ("auto", "loose", …).
    public init?(keyword: String) { self.init(matching: keyword) }
}

extension WordBreakStyle {
    /// The style named by a CSS keyword ("keep-all") or a Swift case name ("keepAll").
    public init?(keyword: String) { self.init(matching: keyword) }
}

extension OverflowWrapStyle {
    /// The style named by a CSS keyword ("break-word") or a Swift case name ("breakWord").
    public init?(keyword: String) { self.init(matching: keyword) }
}

extension HyphensStyle {
    /// The style named by a CSS keyword ("none", "manual", "auto").
    public init?(keyword: String) { self.init(matching: keyword) }
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// The case whose raw value (CSS keyword) or Swift name is `keyword`.
    fileprivate init?(matching keyword: String) {
        guard let found = Self.allCases.first(where: { $0.rawValue == keyword || "\($0)" == keyword }) else {
            return nil
        }
        self = found
    }

    /// Every accepted CSS keyword, "a|b|c", for error messages and help.
    public static var keywords: String { allCases.map(\.rawValue).joined(separator: "|") }
}
