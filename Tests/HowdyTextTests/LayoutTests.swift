import Foundation
import HowdyText
import Testing

@Suite("Greedy layout")
struct LayoutTests {
    /// Advances are 16.16 (exact in a Double), summed unrounded; the width rounds the sum
    /// up to 1/64 px once, so the glyphs end at most 1/64 px short of it and never past it.
    @Test("a line's width is the sum of its HarfBuzz advances, rounded up to 1/64 px once")
    func lineWidthIsSumOfAdvances() throws {
        let result = try layout(text: Fixtures.paragraph, font: Fixtures.font(), width: 300)
        #expect(result.lineCount > 5)
        var unrounded = 0
        for line in result.lines {
            let glyphs = line.runs.flatMap(\.glyphs)
            let sum = glyphs.reduce(0) { $0 + $1.advance }
            #expect(line.width == (sum * 64).rounded(.up) / 64)
            if sum * 64 != (sum * 64).rounded() { unrounded += 1 }
            // The pen ends where the advances sum to: glyphs are drawn where the width says.
            let last = try #require(glyphs.last)
            #expect(last.x + last.advance == sum)
            #expect(line.width <= 300)
        }
        // The advances are finer than 1/64 px (else this test would not test the rounding).
        #expect(unrounded > 0)
    }

    @Test("a line measures the same as its text shaped alone")
    func lineMatchesStandaloneShaping() throws {
        let font = try Fixtures.font()
        let result = try layout(text: Fixtures.paragraph, font: font, width: 280)
        for line in result.lines {
            let alone = try layout(text: line.text, font: font, width: 10_000)
            #expect(alone.lineCount == 1)
            #expect(abs(alone.width - line.width) < 1e-9, "\(line.text)")
        }
    }

    @Test("lines cut where HarfBuzz says breaking is unsafe are shaped again and match standalone shaping")
    func unsafeToBreakLines() throws {
        // Inter's contextual alternates look across spaces ("3 x 4" draws a multiplication
        // sign), so some break opportunities here are unsafe to break.
        let font = try Fixtures.font()
        let text = "Set 3 x 4 reps, 10 x 2 sets, then 5 x 5 more, 2 x 8 and 6 x 6 again"
        for width in stride(from: 40.0, through: 260, by: 7) {
            for line in try layout(text: text, font: font, width: width).lines {
                let alone = try layout(text: line.text, font: font, width: 10_000)
                #expect(abs(alone.width - line.width) < 1e-9, "at \(width): '\(line.text)'")
                #expect(
                    alone.lines.first?.runs.flatMap(\.glyphs).map(\.id) == line.runs.flatMap(\.glyphs).map(\.id),
                    "at \(width): '\(line.text)'")
            }
        }
    }

    @Test("greedy fills lines: the next word would not have fitted")
    func greedyIsGreedy() throws {
        let font = try Fixtures.font()
        let result = try layout(text: Fixtures.paragraph, font: font, width: 260)
        for (line, next) in zip(result.lines, result.lines.dropFirst()) {
            let firstWord = String(next.text.prefix { $0 != " " })
            let extended = try layout(text: line.text + " " + firstWord, font: font, width: 100_000)
            #expect(extended.width > 260, "\(line.text) + \(firstWord)")
        }
    }

    @Test("glyphs advance left to right and the layout is positioned by the font's metrics")
    func positions() throws {
        let font = try Fixtures.font(size: 20)
        let result = try layout(text: "Hello world", font: font, width: 500)
        let glyphs = result.lines[0].runs.flatMap(\.glyphs)
        #expect(glyphs.count == 11)
        #expect(zip(glyphs, glyphs.dropFirst()).allSatisfy { $0.x < $1.x })
        #expect(abs(result.lines[0].baseline - (font.metrics.ascender + font.metrics.lineGap / 2)) < 1e-9)
        #expect(abs(result.height - font.metrics.lineHeight) < 1e-9)
    }

    @Test("line height is settable and splits leading evenly")
    func lineHeight() throws {
        let font = try Fixtures.font(size: 20)
        let result = try layout(
            text: "one two three four five six", font: font, width: 60, options: TextOptions(lineHeight: 40))
        #expect(result.lineCount >= 3)
        #expect(result.height == Double(result.lineCount) * 40)
        #expect(abs(result.lines[1].baseline - result.lines[0].baseline - 40) < 1e-9)
    }

    @Test("centre alignment centres each line in the widest line's box")
    func centerAlignment() throws {
        let result = try layout(
            text: "A much longer first line here and short", font: Fixtures.font(), width: 320,
            options: TextOptions(alignment: .center))
        for line in result.lines {
            #expect(abs(line.x - (result.width - line.width) / 2) < 1e-9)
        }
    }

    @Test("newlines are mandatory breaks; blank lines are kept")
    func newlines() throws {
        let font = try Fixtures.font()
        #expect(try layout(text: "a\nb", font: font, width: 1000).lineTexts == ["a", "b"])
        #expect(try layout(text: "a\n\nb", font: font, width: 1000).lineTexts == ["a", "", "b"])
        #expect(try layout(text: "a\r\nb", font: font, width: 1000).lineTexts == ["a", "b"])
        #expect(try layout(text: "a\u{2028}b", font: font, width: 1000).lineCount == 2)
    }

    @Test("no break at a no-break space")
    func noBreakSpace() throws {
        let font = try Fixtures.font()
        let text = "Price 10\u{00A0}EUR today"
        let unbreakable = try layout(text: "10\u{00A0}EUR", font: font, width: 1000).width
        let result = try layout(text: text, font: font, width: unbreakable + 1)
        #expect(result.lineTexts.contains("10\u{00A0}EUR"))
        #expect(!result.lineTexts.contains("10\u{00A0}"))
    }

    @Test("a soft hyphen breaks with a visible hyphen that counts toward the width")
    func softHyphen() throws {
        let font = try Fixtures.font()
        let text = "extra\u{00AD}ordinary"
        let full = try layout(text: text, font: font, width: 1000)
        #expect(full.lineCount == 1)
        #expect(!full.lines[0].endsWithHyphen)
        let split = try layout(text: text, font: font, width: full.width - 10)
        #expect(split.lineCount == 2)
        #expect(split.lines[0].endsWithHyphen)
        let plain = try layout(text: "extra", font: font, width: 1000).width
        #expect(split.lines[0].width > plain)
        #expect(split.lines[0].text == "extra")
        #expect(split.lines[0].runs.flatMap(\.glyphs).count == 6)
    }

    @Test("white space is kept as typed, trailing spaces hang")
    func whiteSpace() throws {
        let font = try Fixtures.font()
        let doubled = try layout(text: "a  b", font: font, width: 1000)
        let single = try layout(text: "a b", font: font, width: 1000)
        #expect(doubled.width > single.width)
        let trailing = try layout(text: "ab   ", font: font, width: 1000)
        let bare = try layout(text: "ab", font: font, width: 1000)
        #expect(trailing.width == bare.width)
        let leading = try layout(text: "   ab", font: font, width: 1000)
        #expect(leading.width > bare.width)
    }

    @Test("a word wider than the line breaks between grapheme clusters only then")
    func overflowWrap() throws {
        let font = try Fixtures.font()
        let result = try layout(text: "tiny Supercalifragilisticexpialidocious end", font: font, width: 80)
        #expect(result.lineCount >= 4)
        #expect(result.lines.allSatisfy { $0.width <= 80 })
        #expect(result.lines[0].text == "tiny")
        #expect(result.lineTexts.joined() == "tinySupercalifragilisticexpialidociousend")
        // Combining marks stay with their letter.
        let accents = try layout(text: "e\u{0301}e\u{0301}e\u{0301}e\u{0301}e\u{0301}e\u{0301}", font: font, width: 15)
        #expect(accents.lines.allSatisfy { $0.text.unicodeScalars.first != "\u{0301}" })
    }

    @Test("empty text has no lines; white space alone has one empty line")
    func emptyAndBlank() throws {
        let font = try Fixtures.font()
        let empty = try layout(text: "", font: font, width: 100)
        #expect(empty.lineCount == 0 && empty.height == 0 && empty.width == 0)
        let blank = try layout(text: "    ", font: font, width: 100)
        #expect(blank.lineCount == 1)
        #expect(blank.width == 0)
    }

    @Test("bad widths are refused", arguments: [0.0, -1, .nan, .infinity, -.infinity])
    func badWidths(width: Double) throws {
        let font = try Fixtures.font()
        #expect(throws: TextError.self) { try layout(text: "hi", font: font, width: width) }
        #expect(throws: TextError.self) { try balance(text: "hi", font: font, width: width) }
    }

    @Test("10 MB of text is refused quickly with the limit named")
    func hugeText() throws {
        let text = String(repeating: "word ", count: 2_000_000)
        do {
            _ = try balance(text: text, font: Fixtures.font(), width: 300)
            Issue.record("expected textTooLong")
        } catch let error as TextError {
            #expect(error == .textTooLong(utf16Length: 10_000_000, limit: TextLimits.maximumUTF16Length))
        }
    }
}
