/// FNV-1a over 64 bits: a hash that is the same in every process (unlike `Hasher`, which is
/// seeded per process), for cache keys built from UTF-16 units and for file checksums.
struct FNV1a {
    /// The running hash; FNV's 64-bit offset basis before anything is mixed in.
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Mixes in `word` whole (one multiply per word, not per byte: callers mix bytes or
    /// UTF-16 units, so a word is never wider than what it stands for).
    @inline(__always) mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* 0x0000_0100_0000_01B3
    }

    /// The value through MurmurHash3's 64-bit finalizer: FNV's low bits change little for
    /// keys that differ in one unit, and cache tables index by the low bits.
    var finalized: UInt64 {
        var hash = value
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }
}
