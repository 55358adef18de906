import CHarfBuzz

/// Which 256-scalar blocks of the BMP a face's cmap maps at least one scalar of, read
/// once from its coverage set: a scalar in a block the face leaves empty (every CJK
/// ideograph, for a Latin face) is answered "no glyph" by one bit test, without an
/// hb_set lookup per character. Exact: a set bit only sends the question on to the set.
struct BMPBlocks: Sendable {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// The face's BMP coverage scalar by scalar (`BMPCoverage`), made with the blocks:
    /// a block can hold covered and uncovered scalars (U+0500 holds Cyrillic Supplement
    /// and Hebrew), which only this answers without the set.
    let exact: BMPCoverage

    /// The blocks of `coverage` (an `hb_set_t *`), walked range by range.
    init(coverage: OpaquePointer) {
        exact = BMPCoverage(coverage: coverage)
        var first = UInt32.max  // HB_SET_VALUE_INVALID: start the walk
        var last = UInt32.max
        while hb_set_next_range(coverage, &first, &last) != 0, first <= 0xFFFF {
            for block in (first >> 8)...(min(last, 0xFFFF) >> 8) { set(Int(block)) }
        }
    }

    private mutating func set(_ block: Int) {
        let bit = UInt64(1) << UInt64(block & 63)
        switch block >> 6 {
        case 0: bits.0 |= bit
        case 1: bits.1 |= bit
        case 2: bits.2 |= bit
        default: bits.3 |= bit
        }
    }

    /// False when `scalar` is in the BMP and its block holds no covered scalar; true
    /// otherwise (the set must then be asked).
    @inline(__always)
    func mayCover(_ scalar: UInt32) -> Bool {
        guard scalar <= 0xFFFF else { return true }
        let block = Int(scalar >> 8)
        // The word by its offset in the tuple (a load, where a switch costs a jump table).
        let word = withUnsafeBytes(of: bits) { $0.load(fromByteOffset: (block >> 6) &* 8, as: UInt64.self) }
        return word & (UInt64(1) << UInt64(block & 63)) != 0
    }
}
