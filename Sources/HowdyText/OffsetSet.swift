/// A set of UTF-16 offsets in `0..<capacity`, one bit each: what `ShapedText` keeps of
/// the offsets HarfBuzz marks unsafe to break. Insertion and lookup are a shift and a
/// mask, with one allocation per text instead of a hash table's buckets.
struct OffsetSet: Sendable {
    private var words: [UInt64]

    /// An empty set for offsets `0..<capacity`.
    init(capacity: Int) {
        words = [UInt64](repeating: 0, count: (max(0, capacity) + 63) >> 6)
    }

    /// An empty set for offsets `0..<capacity` in `storage`'s buffer (emptied and refilled
    /// with zeros; its old contents never show).
    init(capacity: Int, reusing storage: [UInt64]) {
        words = storage
        words.removeAll(keepingCapacity: true)
        words.append(repeating: 0, count: (max(0, capacity) + 63) >> 6)
    }

    /// The bit words, for `ShapedTextArrays` to reuse.
    var storage: [UInt64] { words }

    /// True when `offset` is in the set; false for offsets outside `0..<capacity`.
    @inline(__always)
    func contains(_ offset: Int) -> Bool {
        let word = offset >> 6
        guard offset >= 0, word < words.count else { return false }
        return words[word] & (1 << UInt64(offset & 63)) != 0
    }

    /// Adds `offset`; offsets outside `0..<capacity` are ignored.
    @inline(__always)
    mutating func insert(_ offset: Int) {
        let word = offset >> 6
        guard offset >= 0, word < words.count else { return }
        words[word] |= 1 << UInt64(offset & 63)
    }

    /// Removes `offset` if present.
    @inline(__always)
    mutating func remove(_ offset: Int) {
        let word = offset >> 6
        guard offset >= 0, word < words.count else { return }
        words[word] &= ~(1 << UInt64(offset & 63))
    }
}
