/// CSS `hyphens` applied to line-break opportunities.
extension BreakOpportunities {
    /// The fewest letters before and after an automatic hyphen, and in a hyphenated
    /// word: CSS `hyphenate-limit-chars: auto`, as Chromium sets it (5 2 2). A
    /// dictionary's LEFTHYPHENMIN/RIGHTHYPHENMIN win when larger (English: 2 and 3).
    static let hyphenationLimits = (word: 5, before: 2, after: 2)

    /// Applies `hyphens` to the opportunities found in `text`:
    /// - `.manual`: nothing changes (ICU's line rules already break after U+00AD).
    /// - `.none`: opportunities right after a soft hyphen are dropped, unless `lineBreak`
    ///   is `.anywhere` (which breaks between any grapheme clusters anyway).
    /// - `.auto`: libhyphen's points in each word become opportunities, listed in
    ///   `automaticHyphens` (see `automaticHyphenationPoints`).
    /// - Throws: `TextError.hyphenationDictionaryMissing` / `…Invalid` for `.auto`.
    mutating func apply(
        hyphens: HyphensStyle, locale: String, lineBreak: LineBreakStyle, in text: UnsafeBufferPointer<UInt16>,
        system: TextSystem
    ) throws {
        switch hyphens {
        case .manual:
            return
        case .none:
            guard lineBreak != .anywhere else { return }
            var keptOffsets: [Int] = []
            var keptHard: [Bool] = []
            for (offset, hard) in zip(offsets, isHard)
            where hard || offset == 0 || offset >= text.count || text[offset - 1] != 0x00AD {
                keptOffsets.append(offset)
                keptHard.append(hard)
            }
            offsets = keptOffsets
            isHard = keptHard
        case .auto:
            let points = try Self.automaticHyphenationPoints(in: text, locale: locale, system: system)
            guard !points.isEmpty else { return }
            // Merge; a point that is already an opportunity (break-all, anywhere) stays a
            // plain break without a hyphen, as in browsers.
            var mergedOffsets: [Int] = []
            var mergedHard: [Bool] = []
            mergedOffsets.reserveCapacity(offsets.count + points.count)
            mergedHard.reserveCapacity(offsets.count + points.count)
            var hyphenated: [Int] = []
            var next = 0
            for (offset, hard) in zip(offsets, isHard) {
                while next < points.count, points[next] <= offset {
                    if points[next] < offset {
                        mergedOffsets.append(points[next])
                        mergedHard.append(false)
                        hyphenated.append(points[next])
                    }
                    next += 1
                }
                mergedOffsets.append(offset)
                mergedHard.append(hard)
            }
            offsets = mergedOffsets
            isHard = mergedHard
            automaticHyphens = hyphenated
        }
    }

    /// UTF-16 offsets inside words where libhyphen's patterns for `locale` allow a
    /// hyphen, increasing.
    ///
    /// Only words are hyphenated: ICU word boundaries (UAX #29) whose word is letters
    /// (marks included) and holds no soft hyphen (a word with one keeps only those, as
    /// CSS requires), with at least `hyphenationLimits.word` letters. Numbers and
    /// anything in a URL, e-mail address or path (a run of non-space text holding `/`,
    /// `\`, `@`, `_`, or a `.` or `:` between letters or digits) are never hyphenated. In
    /// English, capitalised words (likely names) are left whole, as Chromium does.
    /// - Throws: `TextError.hyphenationDictionaryMissing` when no dictionary matches
    ///   `locale` (also for an empty locale), `…Invalid` when it cannot be loaded.
    static func automaticHyphenationPoints(
        in text: UnsafeBufferPointer<UInt16>, locale: String, system: TextSystem
    ) throws -> [Int] {
        let dictionary = try HyphenationDictionaries.dictionary(for: locale, system: system)
        let skipsCapitalized = HyphenationDictionaries.language(of: locale) == "en"
        let addresses = addressRanges(in: text)
        var points: [Int] = []
        var nextAddress = 0
        try BreakIterator.with(.word, locale: locale, system: system) { iterator in
            try iterator.forEachLetterWord(in: text) { range in
                while nextAddress < addresses.count, addresses[nextAddress].upperBound <= range.lowerBound {
                    nextAddress += 1
                }
                if nextAddress < addresses.count, addresses[nextAddress].overlaps(range) { return }
                guard range.count >= hyphenationLimits.word,
                    range.count <= HyphenationDictionary.maximumWordLength * 2
                else { return }
                let original = String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF16.self)
                if skipsCapitalized, original.unicodeScalars.first?.properties.isUppercase == true { return }
                var word: [Unicode.Scalar] = []
                var ends: [Int] = []  // UTF-16 offset after each scalar
                for scalar in original.unicodeScalars {
                    let properties = scalar.properties
                    guard properties.isAlphabetic || isMark(scalar) else { return }
                    let lower = properties.lowercaseMapping.unicodeScalars
                    guard lower.count == 1, let single = lower.first else { return }
                    word.append(single)
                    ends.append((ends.last ?? range.lowerBound) + scalar.utf16.count)
                }
                guard word.count >= hyphenationLimits.word else { return }
                let found = dictionary.points(
                    in: word, minimumBefore: hyphenationLimits.before, minimumAfter: hyphenationLimits.after)
                for index in found {
                    // Never between a letter and its combining mark.
                    if isMark(word[index]) { continue }
                    points.append(ends[index - 1])
                }
            }
        }
        return points
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// UTF-16 ranges of the runs of non-space text that look like a URL, e-mail address
    /// or path, increasing.
    private static func addressRanges(in text: UnsafeBufferPointer<UInt16>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var isAddress = false
        func isAlphanumeric(_ unit: UInt16) -> Bool {
            // Surrogates (letters beyond the BMP) count as letters here.
            if unit >= 0xD800 && unit <= 0xDFFF { return true }
            guard let scalar = Unicode.Scalar(unit) else { return false }
            return scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber
        }
        for index in 0...text.count {
            let unit: UInt16 = index < text.count ? text[index] : 0x20
            let isSpace = Unicode.Scalar(unit).map { $0.properties.isWhitespace } ?? false
            if isSpace {
                if isAddress, start < index { ranges.append(start..<index) }
                start = index + 1
                isAddress = false
                continue
            }
            switch unit {
            case 0x2F, 0x5C, 0x40, 0x5F:  // / \ @ _
                isAddress = true
            case 0x2E, 0x3A:  // . :
                if index > start, index + 1 < text.count, isAlphanumeric(text[index - 1]),
                    isAlphanumeric(text[index + 1])
                {
                    isAddress = true
                }
            default:
                break
            }
        }
        return ranges
    }
}
