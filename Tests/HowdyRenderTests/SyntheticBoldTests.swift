import HowdyRender
import HowdyText
import Testing

/// Synthetic bold on fallback faces (`FontSynthesis`): a bold Japanese title, whose kana
/// and kanji come from Droid Sans Fallback (regular only), is drawn bolder, and the
/// layout's widths grow exactly as much as the ink does.
@Suite struct SyntheticBoldTests {
    let title = "計画へようこそ"

    /// Sum of coverage (red channel, white on black) and the rightmost inked column.
    func ink(_ image: Image) -> (total: Int, maxX: Int) {
        var total = 0
        var maxX = -1
        for y in 0..<image.height {
            for x in 0..<image.width {
                let value = Int(image[x, y].x)
                total += value
                if value > 64 { maxX = max(maxX, x) }
            }
        }
        return (total, maxX)
    }

    func drawn(_ fontName: String, size: Double) throws -> (layout: TextLayout, total: Int, gap: Double) {
        let font = try Font(named: fontName, size: size)
        let text = try layout(text: title, font: font, width: 1000)
        let origin = Point(x: 10, y: 10)
        var canvas = try Canvas(width: Int(text.width) + 40, height: Int(text.height) + 20, background: .black)
        try canvas.draw(text, at: origin, color: .white)
        let (total, maxX) = ink(canvas.image)
        let line = text.lines[0]
        // How far the line's measured end lies right of its last inked pixel.
        return (text, total, origin.x + line.x + line.width - Double(maxX + 1))
    }

    @Test func boldJapaneseTitleHasMoreInkAndItsWidthGrowsWithIt() throws {
        let size = 96.0
        let regular = try drawn("Inter-Regular", size: size)
        let bold = try drawn("Inter-Bold", size: size)
        let runs = bold.layout.lines[0].runs
        #expect(runs.allSatisfy { $0.font.synthesis.bold && $0.font.face.familyName == "Droid Sans Fallback" })
        #expect(regular.layout.lines[0].runs.allSatisfy { !$0.font.synthesis.bold })
        // Emboldening by size/24 on every stroke: well over a tenth more ink (about a third
        // for these glyphs); regular weight would give the same ink.
        #expect(Double(bold.total) > 1.15 * Double(regular.total))
        // Every glyph's advance grew by the strength the renderer emboldens with (4 px at 96 px).
        let glyphs = runs.reduce(0) { $0 + $1.glyphs.count }
        #expect(glyphs == title.count)
        let strength = Double(Int(size * 64) / 24) / 64
        #expect(abs(bold.layout.lines[0].width - regular.layout.lines[0].width - Double(glyphs) * strength) < 1e-9)
        // Widths match pixels: the bold line's ink ends inside its measured width (the
        // wider advances make room for the grown strokes), and the width grew no more than
        // the ink did: the room after the last inked pixel is at most the regular line's
        // (FT_Outline_Embolden mitres sharp corners, so ink grows a little more than the
        // strength; threshold rounding adds a pixel).
        #expect(bold.gap >= 0, "bold ink runs \(-bold.gap) px past the measured width")
        #expect(bold.gap <= regular.gap + 1, "gap \(bold.gap) bold vs \(regular.gap) regular")
    }

    @Test func eachEmboldenedGlyphStaysInsideItsAdvance() throws {
        let font = try Font(named: "Inter-Bold", size: 40)
        for character in title {
            let text = try layout(text: String(character), font: font, width: 500)
            let glyph = try #require(text.lines[0].runs.first?.glyphs.first)
            var canvas = try Canvas(width: 100, height: 80, background: .black)
            try canvas.draw(text, at: Point(x: 20, y: 10), color: .white)
            let (_, maxX) = ink(canvas.image)
            #expect(Double(maxX + 1) <= 20 + text.lines[0].x + glyph.x + glyph.advance + 0.5, "\(character)")
        }
    }
}
