import HowdyText
import Testing

/// CSS `hyphens` with libhyphen: the dictionary's points and no others, the soft-hyphen
/// measuring rules, the words that are never hyphenated, and the missing-dictionary error.
@Suite("hyphens: none | manual | auto")
struct HyphensTests {
    static let compound = "Kraftfahrzeughaftpflichtversicherung"
    /// libhyphen's points in the compound with Debian's hyph_de_DE.dic (hyphen-de 7.5):
    /// Kraft-fahr-zeug-haft-pflicht-ver-si-che-rung.
    static let compoundPoints: Set<Int> = [5, 9, 13, 17, 24, 27, 29, 32]

    private func shaped(_ text: String, _ hyphens: HyphensStyle, locale: String, size: Double = 28) throws -> ShapedText
    {
        try ShapedText(
            text, font: try Font(named: "Inter-Bold", size: size),
            options: TextOptions(locale: locale, hyphens: hyphens))
    }

    /// Every layout the three objectives and greedy give at `width`.
    private func layouts(_ shaped: ShapedText, width: Double) throws -> [TextLayout] {
        [
            try shaped.layout(width: width), try shaped.balance(width: width),
            try shaped.balance(width: width, objective: .even),
        ]
    }

    @Test("auto never breaks the compound at a point the dictionary does not give, at any width")
    func onlyDictionaryPoints() throws {
        let text = "Die \(Self.compound) ist Pflicht"
        let auto = try shaped(text, .auto, locale: "de")
        // Below the widest syllable plus a hyphen a word must be cut between letters
        // (overflow-wrap: break-word); from there up every cut is a dictionary point.
        let start = auto.widestUnbreakableWidth.rounded(.up)
        var hyphenated = 0
        for width in stride(from: start, through: 700, by: 7) {
            for layout in try layouts(auto, width: width) {
                for line in layout.lines.dropLast() {
                    let end = line.range.upperBound
                    let wordStart = 4
                    let inWord = end > wordStart && end < wordStart + Self.compound.utf16.count
                    guard inWord else {
                        #expect(!line.endsWithHyphen, "width \(width): \(line.text)")
                        continue
                    }
                    #expect(
                        Self.compoundPoints.contains(end - wordStart),
                        "width \(width) \(layout.strategy.name): \(line.text)")
                    #expect(line.endsWithHyphen)
                    hyphenated += 1
                }
            }
        }
        #expect(hyphenated > 50)
    }

    @Test("auto breaks exactly where manual soft hyphens at the dictionary's points break")
    func autoEqualsSoftHyphensAtPoints() throws {
        var soft = ""
        for (index, character) in Self.compound.enumerated() {
            if Self.compoundPoints.contains(index) { soft += "\u{AD}" }
            soft.append(character)
        }
        let auto = try shaped(Self.compound, .auto, locale: "de-DE")
        let manual = try shaped(soft, .manual, locale: "de-DE")
        for width in stride(from: 120.0, through: 560, by: 11) {
            for (a, m) in zip(try layouts(auto, width: width), try layouts(manual, width: width)) {
                #expect(a.lines.map(\.text) == m.lines.map { $0.text.replacingOccurrences(of: "\u{AD}", with: "") })
                #expect(a.lines.map(\.endsWithHyphen) == m.lines.map(\.endsWithHyphen))
                #expect(a.lineCount == m.lineCount && a.greedyLineCount == m.greedyLineCount)
            }
        }
    }

    @Test("a line ending at an automatic hyphen fits when content + hyphen fits, to 1/64 px")
    func exactFit() throws {
        let auto = try shaped(Self.compound, .auto, locale: "de", size: 16)
        let font = try Font(named: "Inter-Bold", size: 16)
        let content = try Fixtures.advanceSum("Kraftfahrzeug", font: font)
        let hyphen = try Fixtures.advanceSum("\u{2010}", font: font)
        let edge = Fixtures.ceil64(content + hyphen)
        let fits = try auto.layout(width: edge)
        #expect(fits.lines[0].text == "Kraftfahrzeug")
        #expect(fits.lines[0].endsWithHyphen)
        #expect(fits.lines[0].width == edge)
        let tight = try auto.layout(width: edge - 1.0 / 64)
        #expect(tight.lines[0].text == "Kraftfahr")
        #expect(tight.lines[0].endsWithHyphen)
    }

    @Test("from the widest unbreakable width up, no line overflows: the hyphen counts in it")
    func noOverflow() throws {
        for (text, hyphens) in [
            (Self.compound, HyphensStyle.auto), ("Kraft\u{AD}fahr\u{AD}zeug\u{AD}haft\u{AD}pflicht", .manual),
        ] {
            let shaped = try shaped(text, hyphens, locale: "de", size: 28)
            let widest = shaped.widestUnbreakableWidth
            for step in 0..<40 {
                let width = widest + Double(step) / 8
                for layout in try layouts(shaped, width: width) {
                    #expect(layout.lines.allSatisfy { $0.width <= width }, "\(text) at \(width)")
                }
            }
        }
    }

    @Test("the hyphen is drawn: a glyph at the line's end whose advance counts in the width")
    func hyphenGlyphIsDrawn() throws {
        let layout = try shaped(Self.compound, .auto, locale: "de").balance(width: 150)
        let first = try #require(layout.lines.first)
        #expect(first.endsWithHyphen)
        let last = try #require(first.runs.last?.glyphs.last)
        #expect(last.cluster == first.range.upperBound)
        // The pen ends at the unrounded sum; the width rounds it up to 1/64 px once.
        let end = last.x + last.advance
        #expect(end <= first.width && first.width - end < 1.0 / 64)
    }

    @Test("none: a soft hyphen is no break opportunity and shows no hyphen")
    func noneIgnoresSoftHyphens() throws {
        let text = "extra\u{AD}ordinary reminders"
        let none = try shaped(text, .none, locale: "en", size: 20)
        for width in stride(from: 60.0, through: 400, by: 5) {
            let layout = try none.layout(width: width)
            #expect(layout.lines.allSatisfy { !$0.endsWithHyphen })
            // The only places a line may end inside "extra­ordinary" are emergency cuts
            // when the whole word does not fit.
            if width >= none.widestUnbreakableWidth {
                #expect(layout.lines.allSatisfy { $0.range.upperBound != 6 && $0.range.upperBound != 5 })
            }
        }
        let manual = try shaped(text, .manual, locale: "en", size: 20)
        #expect(try manual.layout(width: 120).lines[0].endsWithHyphen)
    }

    @Test("words in URLs, e-mail addresses and paths, numbers and English capitalised words stay whole")
    func wordsNeverHyphenated() throws {
        let texts = [
            ("Open https://example.com/notifications/extraordinary now", "en"),
            ("Write to extraordinary.notifications@example.com now", "en"),
            ("Files in /usr/share/extraordinary_notifications now", "en"),
            ("Call 12345678901234567890 or 3.14159265358979 now", "en"),
            ("Extraordinary Notifications from Hyphenation", "en"),
        ]
        for (text, locale) in texts {
            let auto = try shaped(text, .auto, locale: locale, size: 20)
            let manual = try shaped(text, .manual, locale: locale, size: 20)
            for width in stride(from: 80.0, through: 500, by: 9) {
                #expect(
                    try auto.layout(width: width).lines.map(\.range) == manual.layout(width: width).lines.map(\.range),
                    "\(text) at \(width)")
            }
        }
        // The same words as prose are hyphenated.
        let prose = try shaped("extraordinary notifications", .auto, locale: "en", size: 20).layout(width: 80)
        #expect(prose.lines.contains { $0.endsWithHyphen })
        // German nouns are capitalised, and hyphenated.
        let german = try shaped(Self.compound, .auto, locale: "de", size: 20).layout(width: 150)
        #expect(german.lines.contains { $0.endsWithHyphen })
    }

    @Test("a missing dictionary is an error naming the locale and the folder searched")
    func missingDictionary() throws {
        let font = try Font(named: "Inter-Regular", size: 16)
        for locale in ["xx", "tlh-Latn", "../../etc/passwd", "de/../en", ""] {
            let options = TextOptions(locale: locale, hyphens: .auto)
            #expect(
                throws: TextError.hyphenationDictionaryMissing(locale: locale, folder: HyphenationDictionaries.folder)
            ) {
                _ = try ShapedText("Kraftfahrzeug", font: font, options: options)
            }
            let message = TextError.hyphenationDictionaryMissing(locale: locale, folder: HyphenationDictionaries.folder)
                .description
            #expect(message.contains(HyphenationDictionaries.folder))
            if !locale.isEmpty { #expect(message.contains("'\(locale)'")) }
        }
        // manual and none never need a dictionary.
        _ = try ShapedText("Kraftfahrzeug", font: font, options: TextOptions(locale: "xx", hyphens: .manual))
        _ = try ShapedText("Kraftfahrzeug", font: font, options: TextOptions(locale: "xx", hyphens: .none))
    }

    @Test("locales find their dictionary: region, language, likely region, case and separators")
    func dictionaryLookup() throws {
        let folder = HyphenationDictionaries.folder
        #expect(HyphenationDictionaries.path(for: "de-CH") == "\(folder)/hyph_de_CH.dic")
        #expect(HyphenationDictionaries.path(for: "de_AT") == "\(folder)/hyph_de_AT.dic")
        #expect(HyphenationDictionaries.path(for: "EN-us") == "\(folder)/hyph_en_US.dic")
        #expect(HyphenationDictionaries.path(for: "en-Latn-US") == "\(folder)/hyph_en_Latn_US.dic")
        #expect(HyphenationDictionaries.path(for: "en-US@lb=strict") == "\(folder)/hyph_en_US.dic")
        // hyph_en.dic (a link to en_US) or, without it, CLDR's likely region US.
        let english = try #require(HyphenationDictionaries.path(for: "en"))
        #expect(english == "\(folder)/hyph_en.dic" || english == "\(folder)/hyph_en_US.dic")
        // A region without its own file falls back to the language.
        let swiss = try #require(HyphenationDictionaries.path(for: "fr-CI"))
        #expect(swiss.hasPrefix("\(folder)/hyph_fr"))
        #expect(HyphenationDictionaries.path(for: "xx") == nil)
        #expect(HyphenationDictionaries.path(for: "../hyphen/hyph_de") == nil)
        // A huge locale from input is neither looked up nor remembered.
        #expect(HyphenationDictionaries.path(for: String(repeating: "de-", count: 100_000)) == nil)
    }

    @Test("non-ASCII words in UTF-8 patterns (French) and ISO8859-1 patterns (German) map back to UTF-16")
    func nonASCIIWords() throws {
        let french = try shaped("télécommunications", .auto, locale: "fr", size: 20).layout(width: 70)
        #expect(french.lines.count > 1)
        #expect(french.lines.dropLast().allSatisfy { $0.endsWithHyphen })
        #expect(french.lines.map(\.text).joined() == "télécommunications")
        // With a scalar beyond the BMP before it, the word's offsets shift by two units.
        let german = try shaped("𝔄 Größenänderungsmöglichkeiten", .auto, locale: "de", size: 20).balance(width: 110)
        let ends = german.lines.dropLast().map { $0.range.upperBound }
        #expect(ends.contains(3 + 6))  // "𝔄 " is 3 UTF-16 units, then Größen-
        #expect(german.lines.map(\.text) == ["𝔄 Größen", "ände", "rungsmög", "lichkeiten"])
    }

    @Test("hyphenation is the same on many threads at once")
    func concurrent() async throws {
        let expected = try shaped(Self.compound, .auto, locale: "de").balance(width: 150).lines.map(\.text)
        try await withThrowingTaskGroup(of: [String].self) { group in
            for index in 0..<16 {
                group.addTask {
                    let locale = index.isMultiple(of: 2) ? "de" : "de-DE"
                    return try self.shaped(Self.compound, .auto, locale: locale).balance(width: 150).lines.map(\.text)
                }
            }
            for try await lines in group { #expect(lines == expected) }
        }
    }

    @Test("keywords: CSS names, Swift names, and the list for errors")
    func keywords() {
        #expect(HyphensStyle(keyword: "auto") == .auto)
        #expect(HyphensStyle(keyword: "none") == HyphensStyle.none)
        #expect(HyphensStyle(keyword: "hyphenate") == nil)
        #expect(HyphensStyle.keywords == "none|manual|auto")
        #expect(TextOptions().hyphens == .manual)
    }
}
