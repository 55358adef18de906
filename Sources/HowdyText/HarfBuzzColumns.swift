import CHarfBuzz

/// One column of HarfBuzz's output (glyph ids), for `Array.append(contentsOf:)` to write
/// straight into the array's free capacity, as `InPlaceElements` does but without a
/// closure: growing an array by a repeated zero and writing over it (the way before)
/// wrote every slot twice, and a closure that captures the glyph infos escapes into a
/// heap-allocated context (callgrind: 25k more instructions per cold emoji balance).
/// The array must already have room for `count` more elements (`ShapedRun.reserve`).
struct GlyphIDColumn: Sequence {
    let infos: UnsafePointer<hb_glyph_info_t>
    /// Glyphs in the buffer, all written.
    let count: Int

    /// None promised: `append(contentsOf:)` would trap on fewer than it announces.
    var underestimatedCount: Int { 0 }

    func makeIterator() -> EmptyCollection<UInt32>.Iterator { EmptyCollection().makeIterator() }

    func _copyContents(
        initializing buffer: UnsafeMutableBufferPointer<UInt32>
    ) -> (EmptyCollection<UInt32>.Iterator, UnsafeMutableBufferPointer<UInt32>.Index) {
        precondition(buffer.count >= count, "room for fewer glyphs than the buffer holds")
        for index in 0..<count { buffer[index] = infos[index].codepoint }
        return (makeIterator(), count)
    }
}

/// An Int32 column of HarfBuzz's output: clusters (plus `base`, a whole-text offset),
/// x advances (widened by a synthetic-bold `strength`, saturating), or x or y offsets;
/// written in place as `GlyphIDColumn` is.
struct GlyphPositionColumn: Sequence {
    enum Field {
        case cluster(base: Int32)
        case advance(strength: Int32)
        case offsetX
        case offsetY
    }

    let infos: UnsafePointer<hb_glyph_info_t>
    let positions: UnsafePointer<hb_glyph_position_t>
    /// Glyphs in the buffer, all written.
    let count: Int
    let field: Field

    /// None promised: `append(contentsOf:)` would trap on fewer than it announces.
    var underestimatedCount: Int { 0 }

    func makeIterator() -> EmptyCollection<Int32>.Iterator { EmptyCollection().makeIterator() }

    func _copyContents(
        initializing buffer: UnsafeMutableBufferPointer<Int32>
    ) -> (EmptyCollection<Int32>.Iterator, UnsafeMutableBufferPointer<Int32>.Index) {
        precondition(buffer.count >= count, "room for fewer glyphs than the buffer holds")
        switch field {
        case .cluster(let base):
            for index in 0..<count { buffer[index] = Int32(bitPattern: infos[index].cluster) &+ base }
        case .advance(let strength):
            for index in 0..<count {
                let advance = positions[index].x_advance
                // Saturating: a hostile font's advance near Int32.max must not trap.
                let (widened, overflow) = advance.addingReportingOverflow(strength)
                buffer[index] = advance == 0 ? 0 : overflow ? Int32.max : widened
            }
        case .offsetX:
            for index in 0..<count { buffer[index] = positions[index].x_offset }
        case .offsetY:
            for index in 0..<count { buffer[index] = positions[index].y_offset }
        }
        return (makeIterator(), count)
    }
}
