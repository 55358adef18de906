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
