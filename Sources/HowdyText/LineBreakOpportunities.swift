/// Where UAX #14 (ICU's line break rules for `locale`) allows a line to end in `text`:
/// the UTF-16 offsets after which a break is allowed, in increasing order, the end of the
/// text included. Lint compares a layout's line ends with them to find words broken
/// between letters (a break at any other offset).
/// - Parameters:
///   - text: the text; an empty text has no opportunities.
///   - locale: a BCP 47 tag selecting ICU's tailoring (`ja` keeps kana rules); "" is the root.
///   - lineBreak: CSS `line-break` (default `.auto`, browsers' `normal`), as in `TextOptions`.
///   - wordBreak: CSS `word-break` (default `.normal`), as in `TextOptions`.
/// - Throws: `TextError.unicode` when ICU cannot open its line rules.
public func lineBreakOpportunities(
    in text: String, locale: String, lineBreak: LineBreakStyle = .auto, wordBreak: WordBreakStyle = .normal
) throws -> [Int] {
    let units = Array(text.utf16)
    guard !units.isEmpty else { return [] }
    return try units.withUnsafeBufferPointer { buffer in
        try BreakOpportunities(
            in: buffer, locale: locale, lineBreak: lineBreak, wordBreak: wordBreak, system: .shared
        ).offsets
    }
}
