import CHarfBuzz

/// Which BMP scalars a face's cmap maps, one bit each (8 KiB), read once from its
/// coverage set: itemisation answers "has a glyph" for a BMP character by one load and
/// a bit test, where the set costs a search per character (`Itemization.plainStretch`).
/// Exact for every scalar up to U+FFFF (`BMPCoverageTests` compares it with the set);
/// immutable after `init`, so shared between threads.
final class BMPCoverage: @unchecked Sendable {
    /// 1024 words: bit `s & 63` of word `s >> 6` is set when the face maps scalar `s`.
    /// Valid while this object lives (a face keeps it for its own life).
    let words: UnsafePointer<UInt64>

    /// The BMP scalars of `coverage` (an `hb_set_t *`), walked range by range.
    init(coverage: OpaquePointer) {
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: 1024)
        words.initialize(repeating: 0, count: 1024)
        var first = UInt32.max  // HB_SET_VALUE_INVALID: start the walk
        var last = UInt32.max
        while hb_set_next_range(coverage, &first, &last) != 0, first <= 0xFFFF {
            // Word by word: a CJK face's ranges span tens of thousands of scalars.
            let end = min(last, 0xFFFF)
            var scalar = first
            while scalar <= end {
                let word = Int(scalar >> 6)
                let low = scalar & 63
                let high = min(end - (scalar & ~63), 63)  // the range's last bit in this word
                words[word] |= (UInt64.max >> (63 - UInt64(high))) & (UInt64.max << UInt64(low))
                scalar = (scalar & ~63) + 64
            }
        }
        self.words = UnsafePointer(words)
    }

    deinit { words.deallocate() }

    /// True when the face maps `unit` (a BMP scalar; surrogate code points are answered
    /// as the set holds them, so callers exclude them).
    @inline(__always)
    func covers(_ unit: UInt16) -> Bool { Self.covers(words, unit) }

    /// `covers` on a face's `words`, for loops that read them without retaining the object.
    @inline(__always)
    static func covers(_ words: UnsafePointer<UInt64>, _ unit: UInt16) -> Bool {
        words[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0
    }
}
