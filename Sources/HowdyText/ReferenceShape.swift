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
