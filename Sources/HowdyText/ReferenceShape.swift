import CHarfBuzz

/// One `hb_shape` of a whole text with one font, nothing else: the reference the text
/// benchmark divides layout times by (as `memsetMs` is for rendering).
package final class ReferenceShaper {
    private let buffer = ShapingBuffer()
    private let units: [UInt16]
    private let font: Font

    package init(text: String, font: Font) {
        units = Array(text.utf16)
        self.font = font
    }

    /// The font that draws most of `text`'s glyphs when laid out with `primary` and the
    /// bundled fallback chain: the primary font for Latin, the fallback face for Arabic
    /// or CJK. A reference shaped in the primary font would shape notdefs for a script
    /// the font lacks, which costs less than shaping the script.
    package static func drawingFont(for text: String, primary: Font) throws -> Font {
        let shaped = try ShapedText(text, font: primary, options: TextOptions(usesWordCache: false))
        var glyphs = [Int](repeating: 0, count: shaped.fonts.count)
        for run in shaped.runs { glyphs[run.fontIndex] += run.glyphs.count }
        return shaped.fonts[glyphs.indices.max { glyphs[$0] < glyphs[$1] } ?? 0]
    }

    /// Shapes the text once (script and direction guessed by HarfBuzz, as one run);
    /// returns the glyph count.
    @discardableResult
    package func shape() -> Int {
        hb_buffer_clear_contents(buffer.handle)
        units.withUnsafeBufferPointer { text in
            hb_buffer_add_utf16(buffer.handle, text.baseAddress, Int32(text.count), 0, Int32(text.count))
        }
        hb_buffer_guess_segment_properties(buffer.handle)
        hb_shape(font.instance.handle, buffer.handle, nil, 0)
        return Int(hb_buffer_get_length(buffer.handle))
    }
}
