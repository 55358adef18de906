/// Keys (64-bit hashes) met once on one thread stripe, for caches that keep an answer
/// only the second time it is made (`ShapedTextCache`, `SegmentCache`): a text laid out
/// once, such as a corpus's paragraph, then pays for a mark, not for a kept copy and a
/// store that locks every stripe.
///
/// Direct-mapped by a key's low bits, `slotCount` slots: a collision forgets a key,
/// which is then kept a sight later, never wrongly. Held per stripe (the `Local` of a
/// `ReadMostly`), so marking takes no lock of its own and writes no line another thread
/// reads. A key met on two stripes once each is kept at its third sight.
struct SeenKeys {
    private var keys: [UInt64] = []
    private var generation = 0

    /// Slots (a power of two).
    static let slotCount = 64

    /// Marks `key` as met in `generation` (a cache's count of `removeAll` calls: marks of
    /// an older one are stale) and returns whether it was met before in that generation.
    /// Key 0 reads as never met.
    mutating func mark(_ key: UInt64, generation: Int) -> Bool {
        if keys.isEmpty {
            keys = [UInt64](repeating: 0, count: Self.slotCount)
        } else if self.generation != generation {
            // Emptied in place: a new array is made through the runtime's unspecialised
            // allocation (about 1k instructions, callgrind).
            keys.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        self.generation = generation
        let slot = Int(truncatingIfNeeded: key) & (Self.slotCount - 1)
        let before = key != 0 && keys[slot] == key
        keys[slot] = key
        return before
    }
}
