import CHarfBuzz
import HowdyText

/// One `hb_shape` of a whole text with one font, nothing else: the reference the text
/// benchmark divides layout times by (as `memsetMs` is for rendering). Benchmark support,
/// in no product.
package final class ReferenceShaper {
    /// The HarfBuzz buffer this shaper owns (`hb_buffer_t *`), kept between shapes.
    private let buffer: OpaquePointer
    private let units: [UInt16]
    private let font: Font

    /// A shaper of `text` (its UTF-16 units) in `font`.
    package init(text: String, font: Font) {
        buffer = hb_buffer_create()!
        units = Array(text.utf16)
        self.font = font
    }

    deinit { hb_buffer_destroy(buffer) }

    /// The font that draws most of `text`'s glyphs when laid out with `primary` and the
    /// bundled fallback chain: the primary font for Latin, the fallback face for Arabic
    /// or CJK. A reference shaped in the primary font would shape notdefs for a script
    /// the font lacks, which costs less than shaping the script.
    package static func drawingFont(for text: String, primary: Font) throws -> Font {
        var glyphs: [Font: Int] = [:]
        var order: [Font] = []
        for run in try drawnRuns(of: text, primary: primary) {
            if glyphs[run.font] == nil { order.append(run.font) }
            glyphs[run.font, default: 0] += run.glyphs.count
        }
        return order.max { glyphs[$0, default: 0] < glyphs[$1, default: 0] } ?? primary
    }

    /// Every glyph run of `text` laid out with `primary` and the bundled fallback chain,
    /// each with the font that drew it: one line as wide as the text needs, uncached.
    package static func drawnRuns(of text: String, primary: Font) throws -> [GlyphRun] {
        let laidOut = try layout(
            text: text, font: primary, width: 1_000_000, options: TextOptions(usesWordCache: false))
        return laidOut.lines.flatMap(\.runs)
    }

    /// Shapes the text once (script and direction guessed by HarfBuzz, as one run);
    /// returns the glyph count.
    @discardableResult
    package func shape() -> Int {
        hb_buffer_clear_contents(buffer)
        units.withUnsafeBufferPointer { text in
            hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), 0, Int32(text.count))
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.harfBuzzFont, buffer, nil, 0)
        return Int(hb_buffer_get_length(buffer))
    }
}
