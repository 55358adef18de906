/// Which words (by `WordShapeCache.hash`) a cache has been asked for since it was last
/// emptied, as a 64K-bit table indexed by the hash's top 16 bits: a bit set means the
/// word was probably asked for before, a bit clear means it certainly was not.
///
/// The CJK run cache (`RunShaper.shapeAtBreaks`) stores a run's pieces only when they
/// were asked for before, by this text or another: a text seen for the first time pays
/// for one stored entry (its run whole) instead of packing and inserting every piece,
/// and a piece is stored once a second text shows it is shared. A run of words shaped
/// whole (`RunShaper.shape`) likewise stores only the words asked for before. Only ever an
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

    /// Marks each of `hashes` as asked for, and sets `before[i]` (as many as `hashes`)
    /// to whether `hashes[i]` was marked before any of them were; returns true when all
    /// were. The same as `contains` for every hash and then `mark` for every hash, in
    /// two passes over the table through pointers (a run's pieces are one per CJK
    /// character, and a check and a copy-on-write test per character added up).
    mutating func mark(_ hashes: [UInt64], before: UnsafeMutableBufferPointer<Bool>) -> Bool {
        var all = true
        bits.withUnsafeBufferPointer { words in
            for (index, hash) in hashes.enumerated() {
                let bit = Int(truncatingIfNeeded: hash >> 48)
                let seen = words[bit >> 6] & (1 << UInt64(bit & 63)) != 0
                before[index] = seen
                all = all && seen
            }
        }
        var next = 0
        while next < hashes.count {
            var population = self.population
            bits.withUnsafeMutableBufferPointer { words in
                while next < hashes.count {
                    let bit = Int(truncatingIfNeeded: hashes[next] >> 48)
                    let mask: UInt64 = 1 << UInt64(bit & 63)
                    if words[bit >> 6] & mask == 0 {
                        if population >= Self.limit { break }  // full: start afresh below
                        words[bit >> 6] |= mask
                        population += 1
                    }
                    next += 1
                }
            }
            self.population = population
            if next < hashes.count { clear() }
        }
        return all
    }

    /// Forgets every word (the table is kept: no allocation).
    mutating func clear() {
        guard population > 0 else { return }
        bits.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        population = 0
    }
}
