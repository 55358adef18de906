/// Where lines may break under CSS `line-break` and `word-break`: ICU's UAX #14 iterator
/// opened for the locale with the `lb` (and `lw`) keywords, then, for `anywhere` and
/// `break-all`, ICU's grapheme boundaries added, and for `keep-all` breaks between two
/// letters dropped.
struct BreakOpportunities {
    /// UTF-16 offsets after which a line may end, increasing, the end of the text last.
    var offsets: [Int] = []
    /// Parallel to `offsets`: true for a mandatory break (after a newline).
    var isHard: [Bool] = []
    /// The offsets (also in `offsets`) that `hyphens: auto` added inside words, increasing:
    /// a line ending at one shows a hyphen.
    var automaticHyphens: [Int] = []

    /// The ICU locale ID for line breaking: `locale` with `@lb=…` and, for Japanese
    /// `autoPhrase`, `lw=phrase` (ICU reads "-" as "_" in the language part).
    static func icuLocale(_ locale: String, lineBreak: LineBreakStyle, wordBreak: WordBreakStyle) -> String {
        if locale.isEmpty {  // the common case, without building a string per text
            switch lineBreak {
            case .auto, .normal, .anywhere: return "@lb=normal"
            case .loose: return "@lb=loose"
            case .strict: return "@lb=strict"
            }
        }
        let strictness =
            switch lineBreak {
            case .auto, .normal, .anywhere: "normal"
            case .loose: "loose"
            case .strict: "strict"
            }
        var keywords = "lb=\(strictness)"
        if wordBreak == .autoPhrase, locale.lowercased() == "ja" || locale.lowercased().hasPrefix("ja-") {
            keywords += ";lw=phrase"
        }
        // A byte search: Foundation's `contains` costs a locale-aware range search per text.
        return locale.utf8.contains(UInt8(ascii: "@")) ? "\(locale);\(keywords)" : "\(locale)@\(keywords)"
    }

    init(
        in text: UnsafeBufferPointer<UInt16>, locale: String, lineBreak: LineBreakStyle, wordBreak: WordBreakStyle,
        system: TextSystem
    ) throws {
        let icuLocale = Self.icuLocale(locale, lineBreak: lineBreak, wordBreak: wordBreak)
        var lineOffsets: [Int] = []
        var lineHard: [Bool] = []
        // About a break per word: room for one per four units, so that a title's arrays
        // do not grow three or four times each (3.4k of the 19k instructions a 40-word
        // Thai title paid around ICU's walk, callgrind).
        lineOffsets.reserveCapacity(text.count / 4 + 1)
        lineHard.reserveCapacity(text.count / 4 + 1)
        try BreakIterator.with(.line, locale: icuLocale, system: system) { iterator in
            try iterator.forEachBoundary(in: text) { offset, hard in
                lineOffsets.append(offset)
                lineHard.append(hard)
            }
        }
        let count = text.count
        // Letters and digits on both sides of `offset`: a break inside a word.
        func inWord(_ offset: Int) -> Bool {
            guard offset > 0, offset < count else { return false }
            return Self.isLetter(Self.scalar(before: offset, in: text))
                && Self.isLetter(Self.scalar(at: offset, in: text))
        }
        let addsGraphemes = lineBreak == .anywhere || wordBreak == .breakAll
        let keepsWords = wordBreak == .keepAll && lineBreak != .anywhere
        if !addsGraphemes && !keepsWords {
            offsets = lineOffsets
            isHard = lineHard
            return
        }
        var extra: [Int] = []
        if addsGraphemes {
            try BreakIterator.with(.character, locale: locale, system: system) { iterator in
                try iterator.forEachBoundary(in: text) { offset, _ in
                    if lineBreak == .anywhere || inWord(offset) { extra.append(offset) }
                }
            }
        }
        // Merge the two increasing lists; a line boundary keeps its hardness.
        var line = 0
        var added = 0
        while line < lineOffsets.count || added < extra.count {
            let next: Int
            let hard: Bool
            if added >= extra.count || (line < lineOffsets.count && lineOffsets[line] <= extra[added]) {
                next = lineOffsets[line]
                hard = lineHard[line]
                if added < extra.count, extra[added] == next { added += 1 }
                line += 1
            } else {
                next = extra[added]
                hard = false
                added += 1
            }
            if keepsWords, !hard, inWord(next) { continue }
            offsets.append(next)
            isHard.append(hard)
        }
    }

    /// Letters (Alphabetic: Latin, kana, ideographs, Hangul, ー) and decimal digits.
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber
    }

    private static func scalar(at offset: Int, in text: UnsafeBufferPointer<UInt16>) -> Unicode.Scalar {
        let unit = text[offset]
        if unit & 0xFC00 == 0xD800, offset + 1 < text.count, text[offset + 1] & 0xFC00 == 0xDC00 {
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[offset + 1]) - 0xDC00)
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    private static func scalar(before offset: Int, in text: UnsafeBufferPointer<UInt16>) -> Unicode.Scalar {
        let unit = text[offset - 1]
        if unit & 0xFC00 == 0xDC00, offset >= 2, text[offset - 2] & 0xFC00 == 0xD800 {
            return scalar(at: offset - 2, in: text)
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }
}
