import CHarfBuzz
import Testing

@testable import HowdyText

/// `ShapingBuffer.shape` writes HarfBuzz's five glyph columns straight into a run's arrays
/// (`GlyphIDColumn`, `GlyphPositionColumn`): each column must be HarfBuzz's own answer,
/// field for field, appended after the glyphs already there and leaving them alone.
@Suite("Shaping buffer: glyph columns written in place")
struct ShapingBufferColumnsTests {
    /// Shapes `texts` one after another into one run (context on and off), and after each
    /// call compares the appended glyphs with the buffer's infos and positions. Returns
    /// whether any glyph had x and y offsets that differ (the texts then tell the two apart).
    @discardableResult
    func check(_ font: Font, _ texts: [String], script: hb_script_t = HB_SCRIPT_LATIN) -> Bool {
        var offsetsDiffer = false
        let shaper = ShapingBuffer()
        var run = ShapedRun(start: 0, end: 0, level: 0, fontIndex: 0)
        var unsafe = OffsetSet(capacity: 64)
        for (index, text) in texts.enumerated() {
            let units = Array(text.utf16)
            let context = index % 2 == 0
            // A range inside the text, so that clusters carry the whole-text base with context.
            let range = 1..<units.count
            let before = (run.glyphs, run.clusters, run.advances, run.offsetsX, run.offsetsY)
            units.withUnsafeBufferPointer { buffer in
                shaper.shape(
                    buffer, range: range, context: context, level: 0, script: script, language: nil,
                    font: font, features: [], appendingTo: &run, unsafe: &unsafe)
            }
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(shaper.handle, &count)!
            let positions = hb_buffer_get_glyph_positions(shaper.handle, &count)!
            let first = before.0.count
            #expect(run.glyphs.count == first + Int(count), "\(text)")
            #expect(Array(run.glyphs[..<first]) == before.0 && Array(run.clusters[..<first]) == before.1)
            #expect(Array(run.advances[..<first]) == before.2 && Array(run.offsetsX[..<first]) == before.3)
            #expect(Array(run.offsetsY[..<first]) == before.4)
            let base = Int32(context ? 0 : range.lowerBound)
            let strength = font.emboldenStrength << Int32(font.instance.fineShift)
            for glyph in 0..<Int(count) {
                let position = positions[glyph]
                #expect(run.glyphs[first + glyph] == infos[glyph].codepoint)
                #expect(run.clusters[first + glyph] == Int32(infos[glyph].cluster) + base)
                #expect(run.advances[first + glyph] == (position.x_advance == 0 ? 0 : position.x_advance + strength))
                #expect(run.offsetsX[first + glyph] == position.x_offset)
                #expect(run.offsetsY[first + glyph] == position.y_offset)
                if position.x_offset != position.y_offset { offsetsDiffer = true }
                if infos[glyph].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0 {
                    #expect(unsafe.contains(Int(infos[glyph].cluster)))
                }
            }
        }
        return offsetsDiffer
    }

    @Test("Inter, its accents and kerning, four texts appended to one run")
    func interColumns() throws {
        // Inter gives these marks glyphs of their own with zero offsets (the Thai test
        // below is the one whose marks have offsets).
        check(try Fixtures.font(), ["xAVAToffice", "xq\u{0303}j\u{0323}\u{0302}", "x\u{0041}\u{030A}\u{0323}ffi", "xYou 4 x 5"])
    }

    @Test("Thai marks stacked above and below, in Noto Sans Thai: offsets in both columns")
    func thaiColumns() throws {
        let thai = try Font(named: "NotoSansThai-Regular", size: 24)
        let differ = check(thai, ["xกิ่งก้าน", "xปู่ฟ้า", "xญู"], script: HB_SCRIPT_THAI)
        #expect(differ, "no glyph whose x and y offsets differ: the texts cannot tell the columns apart")
    }

    @Test("Synthetic bold widens every advance but the zero ones, in the column as written")
    func emboldenedColumns() throws {
        let face = try Font(named: "Inter-Regular", size: 28).face
        let bold = try Font(face: face, size: 28, synthesis: FontSynthesis(bold: true))
        #expect(bold.emboldenStrength > 0)
        check(bold, ["xWave\u{0301}s", "xAVA", "xo\u{0308}\u{0323}k"])
    }
}
