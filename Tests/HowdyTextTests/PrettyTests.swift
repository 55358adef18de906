import Foundation
import Testing

@testable import HowdyText

/// `BalanceObjective.pretty`: its promises checked from outside (line counts, no lonely
/// last word when another layout has one, the documented score no worse than any other
/// objective's) and its dynamic program checked against brute force.
@Suite("Pretty")
struct PrettyTests {
    static let texts =
        BalanceTests.texts + [
            "Turn on notifications so we can remind you when your plan is ready",
            "Allow notifications to hear about new features and your weekly summary",
            "Track your habits, set gentle reminders and see how far you have come",
            "Get reminders for every plan you make",
        ]
    static let fonts = [("Inter-Regular", 17.0), ("Inter-Bold", 28.0)]
    static let widths = Array(stride(from: 120.0, through: 460, by: 9))

    @Test("pretty keeps greedy's line count and every line fits", arguments: texts)
    func lineCount(text: String) throws {
        for (name, size) in Self.fonts {
            let shaped = try ShapedText(text, font: try Fixtures.font(name, size: size))
            for width in Self.widths {
                let greedy = try shaped.layout(width: width)
                let pretty = try shaped.layout(width: width, strategy: .pretty)
                #expect(pretty.lineCount == greedy.lineCount, "\(name) \(width): \(pretty.lineTexts)")
                #expect(pretty.greedyLineCount == greedy.lineCount)
                #expect(pretty.strategy == (greedy.lineCount > 1 ? .pretty : .greedy))
                #expect(pretty.lineTexts.joined(separator: " ") == greedy.lineTexts.joined(separator: " "))
                if shaped.widestUnbreakableWidth <= width {
                    #expect(pretty.lines.allSatisfy { $0.width <= width }, "\(name) \(width): \(pretty.lineTexts)")
                }
            }
        }
    }

    /// Gluing the last two words with a no-break space and asking greedy layout whether
    /// the glued text still fits greedy's count decides, without `PrettyLines`, whether a
    /// layout with greedy's count ends on two words.
    @Test("pretty never ends on one word when greedy's count allows two", arguments: texts)
    func noLonelyWord(text: String) throws {
        let lastSpace = try #require(text.lastIndex(of: " "))
        var glued = text
        glued.replaceSubrange(lastSpace...lastSpace, with: "\u{A0}")
        let words = text.split(separator: " ").count
        var avoided = 0
        for (name, size) in Self.fonts {
            let font = try Fixtures.font(name, size: size)
            let shaped = try ShapedText(text, font: font)
            let gluedShaped = try ShapedText(glued, font: font)
            for width in Self.widths where shaped.widestUnbreakableWidth <= width {
                let greedy = try shaped.layout(width: width)
                guard greedy.lineCount > 1 else { continue }
                let pretty = try shaped.layout(width: width, strategy: .pretty)
                // The glued pair must fit a line whole (greedy would cut it otherwise).
                let gluedLines = try gluedShaped.lineCount(width: width)
                let alternative =
                    gluedShaped.widestUnbreakableWidth <= width && gluedLines <= greedy.lineCount
                    && words - 1 >= greedy.lineCount
                let lonely = !pretty.lines.last!.text.contains(" ")
                #expect(!(lonely && alternative), "\(name) \(width): \(pretty.lineTexts)")
                if alternative, !greedy.lines.last!.text.contains(" ") { avoided += 1 }
            }
        }
        // The sweep must include widths where greedy leaves a word alone.
        if text.hasPrefix("Turn on") || text.hasPrefix("Allow") { #expect(avoided > 0) }
    }

    @Test("pretty's score is no worse than greedy's, narrowest's or even's, paragraph by paragraph")
    func scoreAgainstOtherObjectives() throws {
        var compared = 0
        for text in Self.texts + [Self.texts[4] + "\n" + Self.texts[5], Fixtures.paragraph] {
            for (name, size) in Self.fonts {
                let shaped = try ShapedText(text, font: try Fixtures.font(name, size: size))
                for width in Self.widths where shaped.widestUnbreakableWidth <= width {
                    let pretty = PrettyScore(try shaped.layout(width: width, strategy: .pretty), size: size)
                    for other in [
                        try shaped.layout(width: width), try shaped.balance(width: width),
                        try shaped.balance(width: width, objective: .even),
                    ] {
                        #expect(pretty.isNoWorse(than: PrettyScore(other, size: size)), "\(name) \(width) \(text)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 500)
    }

    @Test("pretty's score is no worse than narrowest's and even's on the case files", arguments: LayoutCase.load())
    func scoreOnCaseFiles(_ testCase: LayoutCase) throws {
        let size = Double(testCase.fields["size"] ?? "20")!
        let width = Double(testCase.fields["width"] ?? "300")!
        var pretty = testCase
        pretty.fields["mode"] = "pretty"
        let prettyLayout = try pretty.layout()
        let shaped = try testCase.shaped()
        // A word cut between grapheme clusters is cut where greedy cuts it; narrowest
        // cuts it at its own width, which pretty does not consider.
        guard shaped.widestUnbreakableWidth <= width else { return }
        for mode in ["greedy", "balance", "even"] {
            var other = testCase
            other.fields["mode"] = mode
            let otherLayout = try other.layout()
            #expect(prettyLayout.lineCount == otherLayout.lineCount)
            #expect(
                PrettyScore(prettyLayout, size: size).isNoWorse(than: PrettyScore(otherLayout, size: size)),
                "\(testCase) against \(mode): \(prettyLayout.lineTexts) vs \(otherLayout.lineTexts)")
        }
    }

    /// Every way of cutting a short paragraph's segments into greedy's number of lines,
    /// scored as `PrettyLines` documents, with the same cached advances: the dynamic
    /// program's pruned windows must not miss the best.
    @Test(
        "the dynamic program finds the best of all layouts (brute force)", arguments: texts.prefix(3) + texts.suffix(4))
    func bruteForce(text: String) throws {
        for (name, size) in Self.fonts {
            let shaped = try ShapedText(text, font: try Fixtures.font(name, size: size))
            for width in Self.widths where shaped.widestUnbreakableWidth <= width {
                let greedy = try shaped.layout(width: width)
                guard greedy.lineCount > 1 else { continue }
                let best = try #require(BruteForce(shaped: shaped, width: width).best(lines: greedy.lineCount))
                let pretty = try shaped.layout(width: width, strategy: .pretty)
                let ends = pretty.lines.dropLast().map(\.range.upperBound)
                let bestScore = BruteForce(shaped: shaped, width: width).score(ends: best.ends)
                let prettyScore = BruteForce(shaped: shaped, width: width).score(ends: ends)
                #expect(prettyScore.lonely == bestScore.lonely, "\(name) \(width): \(pretty.lineTexts)")
                #expect(abs(prettyScore.cost - bestScore.cost) < 1e-6, "\(name) \(width): \(pretty.lineTexts)")
            }
        }
    }

    @Test("hard breaks: each paragraph keeps its count and loses its lonely word")
    func paragraphs() throws {
        let text =
            "Turn on notifications so we can remind you when your plan is ready\n\nGet reminders for every plan you make\n"
        let shaped = try ShapedText(text, font: try Fixtures.font("Inter-Regular", size: 17))
        let greedy = try shaped.layout(width: 270)
        let pretty = try shaped.layout(width: 270, strategy: .pretty)
        #expect(greedy.lineTexts.filter { !$0.contains(" ") && !$0.isEmpty } == ["ready", "make"])
        #expect(pretty.lineCount == greedy.lineCount)
        #expect(
            pretty.lineTexts == [
                "Turn on notifications so we can", "remind you when your plan", "is ready", "",
                "Get reminders for every plan", "you make",
            ])
    }

    @Test("a soft hyphen's hyphen counts toward the line it ends, to the exact 1/64 px")
    func softHyphenFit() throws {
        let text = "Turn on noti\u{AD}fi\u{AD}ca\u{AD}tions so we can re\u{AD}mind you when your plan is ready"
        let shaped = try ShapedText(text, font: try Fixtures.font("Inter-Regular", size: 17))
        let pretty = try shaped.layout(width: 139, strategy: .pretty)
        let first = try #require(pretty.lines.first)
        #expect(first.endsWithHyphen)
        #expect(pretty.lines.dropFirst().allSatisfy { !$0.endsWithHyphen })
        // At exactly the first line's width (hyphen included) greedy's count is still 5
        // and pretty may keep that line; 1/64 px less and it no longer fits.
        let exact = try shaped.layout(width: first.width, strategy: .pretty)
        #expect(exact.lines.allSatisfy { $0.width <= first.width })
        let narrower = try shaped.layout(width: first.width - 1.0 / 64, strategy: .pretty)
        #expect(narrower.lines.allSatisfy { $0.width <= first.width - 1.0 / 64 })
        #expect(narrower.lines.first?.text != first.text || narrower.lines.first?.endsWithHyphen == false)
    }

    @Test("a word wider than the line: greedy's cuts stay, the words after it are made pretty")
    func cutWord() throws {
        let shaped = try ShapedText(
            "Supercalifragilisticexpialidocious words can be fun", font: try Fixtures.font(size: 20))
        let greedy = try shaped.layout(width: 160)
        let pretty = try shaped.layout(width: 160, strategy: .pretty)
        #expect(greedy.lineTexts.last == "fun")
        #expect(Array(pretty.lineTexts.prefix(2)) == Array(greedy.lineTexts.prefix(2)))
        #expect(pretty.lineTexts.last == "be fun")
        // overflow-wrap: normal lets the word overflow alone on its line, as greedy does.
        var options = TextOptions()
        options.overflowWrap = .normal
        let overflowing = try ShapedText(
            "Say Supercalifragilisticexpialidocious now ok then", font: try Fixtures.font(size: 20), options: options)
        let overflowGreedy = try overflowing.layout(width: 120)
        let overflowPretty = try overflowing.layout(width: 120, strategy: .pretty)
        #expect(overflowPretty.lineCount == overflowGreedy.lineCount)
        #expect(overflowPretty.lineTexts.contains("Supercalifragilisticexpialidocious"))
    }

    @Test("a paragraph over the unit budget keeps greedy's first lines and ends on two words")
    func longParagraph() throws {
        let text = Array(repeating: Fixtures.paragraph, count: 50).joined(separator: " ") + " end"
        let shaped = try ShapedText(text, font: try Fixtures.font(size: 16))
        let greedy = try shaped.layout(width: 300)
        let pretty = try shaped.layout(width: 300, strategy: .pretty)
        #expect(text.split(separator: " ").count > PrettyLines.maximumUnits)
        #expect(greedy.lineTexts.last == "end" || greedy.lineTexts.last?.contains(" ") == true)
        #expect(pretty.lineCount == greedy.lineCount)
        #expect(pretty.lineTexts.last?.contains(" ") == true)
        #expect(Array(pretty.lineTexts.prefix(10)) == Array(greedy.lineTexts.prefix(10)))
        #expect(pretty.lines.allSatisfy { $0.width <= 300 })
    }

    @Test("empty, blank and one-word texts come back as greedy lays them out")
    func degenerate() throws {
        let font = try Fixtures.font()
        for text in ["", " ", "\n", "\n\n", "word", "two words\n", "a\u{A0}b c"] {
            let shaped = try ShapedText(text, font: font)
            for width in [10.0, 50, 300] {
                let greedy = try shaped.layout(width: width)
                let pretty = try shaped.layout(width: width, strategy: .pretty)
                #expect(pretty.lineCount == greedy.lineCount, "\(text.debugDescription) \(width)")
            }
        }
    }
}

/// `PrettyLines`' score of a layout, from its public lines: per paragraph of more than
/// one line, whether its last line is lonely and its cost in px².
struct PrettyScore {
    var paragraphs: [(lonely: Bool, cost: Double)] = []

    init(_ layout: TextLayout, size: Double) {
        let utf16 = Array(layout.text.utf16)
        let width = layout.availableWidth
        let spaces: Set<UInt16> = [0x20, 0x09, 0x3000]
        func endsParagraph(_ line: TextLine) -> Bool {
            var index = line.range.upperBound
            while index < utf16.count, spaces.contains(utf16[index]) { index += 1 }
            return index >= utf16.count || utf16[index] == 0x0A || utf16[index] == 0x0D
        }
        var current: [TextLine] = []
        for line in layout.lines {
            current.append(line)
            guard endsParagraph(line) || line.range.upperBound == layout.lines.last?.range.upperBound else { continue }
            defer { current = [] }
            guard current.count > 1 else { continue }
            var cost = 0.0
            for (index, line) in current.dropLast().enumerated() {
                let slack = max(0, width - line.width)
                cost += slack * slack
                if line.endsWithHyphen { cost += 0.5 * size * width * (index == current.count - 2 ? 4 : 1) }
            }
            let last = current.last!
            let shortfall = max(0, width / 3 - last.width)
            cost += shortfall * shortfall
            let inside = utf16[last.range]
            let before = last.range.lowerBound > 0 ? utf16[last.range.lowerBound - 1] : 0x0A
            let lonely = !inside.contains(where: spaces.contains) && (spaces.contains(before) || last.width < 4 * size)
            paragraphs.append((lonely, cost))
        }
    }

    /// Lexicographic, paragraph by paragraph: not lonely beats lonely, then the lower cost
    /// (within 1e-6 relative, for widths that come back through glyph positions).
    func isNoWorse(than other: PrettyScore) -> Bool {
        guard paragraphs.count == other.paragraphs.count else { return false }
        for (mine, theirs) in zip(paragraphs, other.paragraphs) {
            if mine.lonely != theirs.lonely {
                if mine.lonely { return false }
                continue
            }
            if mine.cost > theirs.cost * (1 + 1e-9) + 1e-6 { return false }
        }
        return true
    }
}

/// All layouts of one paragraph's segments into a given number of lines, scored with the
/// cached advances, as `PrettyLines` documents its rules.
struct BruteForce {
    let shaped: ShapedText
    let width: Double

    /// The available width in the cached advances' units (16.16), as `PrettyLines` gets it.
    private var fixed: Int { (try? ShapedText.fixedWidth(width)) ?? 0 }
    private static let unitsPerPixel = Double(ShapedText.unitsPerPixel)

    private func lineWidth(from start: Int, through index: Int) -> Int {
        let segment = shaped.segments[index]
        var width = shaped.advance(from: start, to: Int(segment.contentEnd))
        if segment.endsWithSoftHyphen, let hyphen = shaped.hyphen { width += hyphen.advance }
        return width
    }

    /// The score of the lines ending at UTF-16 offsets `ends` (visible ends of all lines but the last).
    func score(ends: [Int]) -> (lonely: Bool, cost: Double) {
        let segments = shaped.segments
        var lastOfLine: [Int] = ends.map { end in segments.firstIndex { Int($0.contentEnd) == end }! }
        lastOfLine.append(segments.count - 1)
        return score(lastOfLine)
    }

    private func score(_ lastOfLine: [Int]) -> (lonely: Bool, cost: Double) {
        let segments = shaped.segments
        let available = Double(fixed) / Self.unitsPerPixel
        var cost = 0.0
        var first = 0
        for (line, last) in lastOfLine.enumerated() {
            let lineWidth = Double(self.lineWidth(from: Int(segments[first].start), through: last)) / Self.unitsPerPixel
            if line < lastOfLine.count - 1 {
                let slack = max(0, available - lineWidth)
                cost += slack * slack
                if segments[last].endsWithSoftHyphen, shaped.hyphen != nil {
                    cost += 0.5 * shaped.font.size * available * (line == lastOfLine.count - 2 ? 4 : 1)
                }
            } else {
                let shortfall = max(0, available / 3 - lineWidth)
                cost += shortfall * shortfall
            }
            first = last + 1
        }
        let lastStart = lastOfLine.count > 1 ? lastOfLine[lastOfLine.count - 2] + 1 : 0
        let utf16 = Array(shaped.text.utf16)
        func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 }
        let start = Int(segments[lastStart].start)
        let contentEnd = Int(segments[segments.count - 1].contentEnd)
        let inside = utf16[start..<contentEnd].contains(where: isSpace)
        let before = start > 0 && isSpace(utf16[start - 1])
        let short = shaped.advance(from: start, to: contentEnd) < Int(4 * shaped.font.size * Self.unitsPerPixel)
        return (!inside && (before || short), cost)
    }

    /// The best fitting layout into `lines` lines: the UTF-16 visible ends of all lines but the last.
    func best(lines: Int) -> (ends: [Int], score: (lonely: Bool, cost: Double))? {
        let segments = shaped.segments
        var best: (ends: [Int], score: (lonely: Bool, cost: Double))?
        var lastOfLine: [Int] = []
        func fits(from first: Int, through last: Int) -> Bool {
            first == last || lineWidth(from: Int(segments[first].start), through: last) <= fixed
        }
        func place(from first: Int, remaining: Int) {
            if remaining == 1 {
                guard fits(from: first, through: segments.count - 1) else { return }
                let candidate = score(lastOfLine + [segments.count - 1])
                if let current = best?.score,
                    current.lonely == candidate.lonely ? current.cost <= candidate.cost : !current.lonely
                {
                    return
                }
                best = (lastOfLine.map { Int(segments[$0].contentEnd) }, candidate)
                return
            }
            var last = first
            while last < segments.count - remaining + 1, fits(from: first, through: last) {
                lastOfLine.append(last)
                place(from: last + 1, remaining: remaining - 1)
                lastOfLine.removeLast()
                last += 1
            }
        }
        place(from: 0, remaining: lines)
        return best
    }
}
