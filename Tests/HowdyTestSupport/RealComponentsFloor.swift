import CHarfBuzz
import CHowdyICU
import HowdyText

/// The work of a text's layout that HarfBuzz and ICU do themselves, timed apart from
/// everything else: each glyph run as the layout draws it shaped once in its own font
/// (`shapeRuns`), and one pass of ICU's line-break iterator over the text
/// (`breakLines`). Benchmark support, in no product: the text benchmark divides these
/// by `ReferenceShaper`'s one `hb_shape`, as it divides the balance itself, so that its
/// JSON shows how much of the `balanceOverShape` budget these two libraries take before
/// any work of ours (for Thai, ICU's dictionary pass alone is about 0.4 of a reference).
///
/// Runs are shaped as the layout shapes them: the whole text as HarfBuzz context, the
/// run's direction, script and language guessed from its text. A layout that needs no
/// ICU pass (plain Hebrew or Arabic, `SimpleLineBreaks`) pays less than this floor.
package final class RealComponentsFloor {
    /// The HarfBuzz buffer (`hb_buffer_t *`), kept between shapes.
    private let buffer: OpaquePointer
    /// ICU's line-break iterator (root rules), kept between passes.
    private let lineBreaks: OpaquePointer
    private let units: [UInt16]
    private let runs: [(font: Font, range: Range<Int>, rightToLeft: Bool)]

    /// The floor of laying out `text` with `primary` and the bundled fallback chain: its
    /// runs are those `ReferenceShaper.drawnRuns` finds (one line, uncached).
    package init(text: String, primary: Font) throws {
        runs = try ReferenceShaper.drawnRuns(of: text, primary: primary).map { ($0.font, $0.range, $0.isRightToLeft) }
        units = Array(text.utf16)
        buffer = hb_buffer_create()!
        var status = howdy_icu_status(0)
        guard let iterator = howdy_break_open(Int32(HOWDY_BREAK_LINE), "", &status) else {
            hb_buffer_destroy(buffer)
            throw FloorError.icu(String(cString: howdy_icu_status_name(status)))
        }
        lineBreaks = iterator
    }

    deinit {
        hb_buffer_destroy(buffer)
        howdy_break_close(lineBreaks)
    }

    /// What failed while opening ICU's iterator.
    package enum FloorError: Error { case icu(String) }

    /// Shapes every run once; returns the glyph count.
    @discardableResult
    package func shapeRuns() -> Int {
        var glyphs = 0
        units.withUnsafeBufferPointer { text in
            for run in runs {
                hb_buffer_clear_contents(buffer)
                hb_buffer_add_utf16(
                    buffer, text.baseAddress, Int32(text.count), UInt32(run.range.lowerBound), Int32(run.range.count))
                hb_buffer_set_direction(buffer, run.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
                hb_buffer_guess_segment_properties(buffer)
                hb_shape(run.font.harfBuzzFont, buffer, nil, 0)
                glyphs += Int(hb_buffer_get_length(buffer))
            }
        }
        return glyphs
    }

    /// Walks ICU's line-break boundaries over the whole text once; returns their count.
    @discardableResult
    package func breakLines() -> Int {
        units.withUnsafeBufferPointer { text in
            _ = howdy_break_set_text(lineBreaks, text.baseAddress, Int32(text.count))
            var count = 0
            var hard: Int32 = 0
            while howdy_break_next(lineBreaks, &hard) >= 0 { count += 1 }
            return count
        }
    }
}
