import HowdyText
import Testing

/// `TextOptions.alignmentDirection`: leading and trailing read in a fixed direction
/// (an interface's, as UIKit's natural alignment) instead of each paragraph's own.
@Suite struct AlignmentDirectionTests {
    private let english = "Practise speaking with voice recognition that listens closely."
    private let hebrew = "תרגלו דיבור עם זיהוי קולי שמקשיב לכם היטב בכל יום"

    private func layout(
        _ text: String, alignment: TextAlignment, alignmentDirection: TextDirection, direction: TextDirection = .auto
    ) throws -> TextLayout {
        let font = try Font(named: "Inter-Regular", size: 16)
        let options = TextOptions(direction: direction, alignment: alignment, alignmentDirection: alignmentDirection)
        let layout = try ShapedText(text, font: font, options: options).layout(width: 240)
        // Lines of different widths, or every alignment would put them at x = 0.
        try #require(layout.lineCount > 1)
        try #require(Set(layout.lines.map(\.width)).count > 1)
        return layout
    }

    @Test func autoReadsLeadingInTheParagraphsDirection() throws {
        let ltr = try layout(english, alignment: .leading, alignmentDirection: .auto)
        for line in ltr.lines { #expect(!line.isRightToLeft && line.x == 0) }
        let rtl = try layout(hebrew, alignment: .leading, alignmentDirection: .auto)
        for line in rtl.lines { #expect(line.isRightToLeft && line.x == rtl.width - line.width) }
    }

    @Test func aRightToLeftInterfaceLinesALeftToRightParagraphUpOnTheRight() throws {
        let leading = try layout(english, alignment: .leading, alignmentDirection: .rightToLeft)
        for line in leading.lines {
            // The paragraph stays left to right: its glyphs run in logical order.
            #expect(!line.isRightToLeft)
            #expect(line.x == leading.width - line.width)
        }
        let trailing = try layout(english, alignment: .trailing, alignmentDirection: .rightToLeft)
        for line in trailing.lines { #expect(line.x == 0) }
    }

    @Test func aLeftToRightInterfaceLinesARightToLeftParagraphUpOnTheLeft() throws {
        let leading = try layout(hebrew, alignment: .leading, alignmentDirection: .leftToRight)
        for line in leading.lines { #expect(line.isRightToLeft && line.x == 0) }
        let trailing = try layout(hebrew, alignment: .trailing, alignmentDirection: .leftToRight)
        for line in trailing.lines { #expect(line.x == trailing.width - line.width) }
    }

    @Test func centerIgnoresTheDirection() throws {
        for direction in TextDirection.allCases {
            let centered = try layout(english, alignment: .center, alignmentDirection: direction)
            for line in centered.lines { #expect(line.x == (centered.width - line.width) / 2) }
        }
    }

    @Test func glyphsAreTheSameWhateverTheAlignmentDirection() throws {
        let reference = try layout(english, alignment: .leading, alignmentDirection: .auto)
        let mirrored = try layout(english, alignment: .leading, alignmentDirection: .rightToLeft)
        #expect(reference.lines.map(\.range) == mirrored.lines.map(\.range))
        #expect(reference.lines.map(\.width) == mirrored.lines.map(\.width))
    }
}
