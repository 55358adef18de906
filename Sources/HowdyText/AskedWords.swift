/// Which words (by `WordShapeCache.hash`) a cache has been asked for since it was last
/// emptied, as a 64K-bit table indexed by the hash's top 16 bits: a bit set means the
/// word was probably asked for before, a bit clear means it certainly was not.
///
/// The CJK run cache (`RunShaper.shapeAtBreaks`) stores a run's pieces only when they
/// were asked for before, by this text or another: a text seen for the first time pays
/// for one stored entry (its run whole) instead of packing and inserting every piece,
/// and a piece is stored once a second text shows it is shared. Only ever an
/// optimisation: a wrong answer stores a piece that is not needed, or skips a lookup
/// that could have hit, and the run is then shaped by HarfBuzz; glyphs never change.
struct AskedWords {
    /// 1024 words of 64 bits.
    private var bits = [UInt64](repeating: 0, count: 1 << 10)
    /// Bits set; past `limit` (a quarter of the table, so at most one clear bit in four
    /// reads as set) the table starts afresh.
    private var population = 0
    private static let limit = 1 << 14

    /// Whether `hash` was marked.
    func contains(_ hash: UInt64) -> Bool {
        let bit = Int(truncatingIfNeeded: hash >> 48)
        return bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    /// Marks `hash` as asked for.
    mutating func mark(_ hash: UInt64) {
        let bit = Int(truncatingIfNeeded: hash >> 48)
        let mask: UInt64 = 1 << UInt64(bit & 63)
        if bits[bit >> 6] & mask != 0 { return }
        if population >= Self.limit { clear() }
        bits[bit >> 6] |= mask
        population += 1
    }

    /// Forgets every word (the table is kept: no allocation).
    mutating func clear() {
        guard population > 0 else { return }
        bits.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        population = 0
    }
}
