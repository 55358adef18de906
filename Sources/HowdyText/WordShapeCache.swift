import CHarfBuzz
import Synchronization

/// Shaped words kept across texts and requests, as Blink's `ShapeCache` and Minikin's
/// `LayoutCache` keep them: a run whose every word is cached is assembled without
/// calling HarfBuzz.
///
/// A word is the text up to and including the spaces after it, inside one run (one
/// font, script, direction). Entries come only from whole runs shaped in context, and
/// only where HarfBuzz marks both edges of the word clear of
/// `HB_GLYPH_FLAG_UNSAFE_TO_CONCAT`: there, HarfBuzz guarantees the word's glyphs do
/// not depend on the text around it, so concatenating cached words gives exactly the
/// glyphs of shaping the run whole. Joining scripts (Arabic, Syriac, N'Ko, Mongolian, …)
/// are never cached: their shaping reads the characters around a run.
///
/// The cache is bounded in bytes (`byteLimit`, default 8 MiB) and evicts in two
/// generations: when the young generation fills half the budget it becomes the old one
/// and the previous old one is dropped; a hit in the old generation moves the entry
/// back to the young one. Safe to use from any thread.
public final class WordShapeCache: Sendable {
    /// The cache `ShapedText` uses unless `TextOptions.usesWordCache` is false.
    public static let shared = WordShapeCache()

    /// Budget for cached glyph data, in bytes (an estimate of what entries hold).
    public let byteLimit: Int

    /// Lookups and their outcome since creation or the last `removeAll()`.
    public struct Statistics: Sendable, Equatable {
        /// Words found in the cache.
        public var hits: Int
        /// Words looked up and not found (their run was shaped by HarfBuzz).
        public var misses: Int
        /// Estimated bytes held now.
        public var bytes: Int
        /// Entries held now.
        public var entries: Int

        /// hits / (hits + misses), 0 before any lookup.
        public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
    }

    private struct State {
        var young: [UInt64: Entry] = [:]
        var old: [UInt64: Entry] = [:]
        var youngBytes = 0
        var oldBytes = 0
        var hits = 0
        var misses = 0
    }

    private let state = Mutex(State())

    /// A cache holding at most about `byteLimit` bytes of shaped words.
    public init(byteLimit: Int = 8 << 20) {
        self.byteLimit = max(0, byteLimit)
    }

    /// Counters and size now.
    public var statistics: Statistics {
        state.withLock {
            Statistics(
                hits: $0.hits, misses: $0.misses, bytes: $0.youngBytes + $0.oldBytes,
                entries: $0.young.count + $0.old.count)
        }
    }

    /// Drops every entry and resets the counters.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// One cached word: its UTF-16 text and glyphs, packed in one allocation.
    /// Layout of `storage`: text units, then per glyph (id, cluster relative to the word
    /// start, x advance, x offset, y offset), then unsafe-to-break offsets (relative).
    struct Entry {
        var context: ShapeContext
        var textCount: Int32
        var glyphCount: Int32
        var storage: [Int32]

        var bytes: Int { storage.count * 4 + 64 }
    }

    /// Looks up every word of a run; returns nil (and counts a miss per word) unless all
    /// are cached. Pieces are UTF-16 ranges of `text` in logical order.
    func lookup(
        _ text: UnsafeBufferPointer<UInt16>, pieces: [Range<Int>], context: ShapeContext
    ) -> [Entry]? {
        var hashes: [UInt64] = []
        hashes.reserveCapacity(pieces.count)
        for piece in pieces { hashes.append(Self.hash(text, piece, context)) }
        return state.withLock { state -> [Entry]? in
            var found: [Entry] = []
            found.reserveCapacity(pieces.count)
            for (index, piece) in pieces.enumerated() {
                let hash = hashes[index]
                if let entry = state.young[hash], entry.matches(text, piece, context) {
                    found.append(entry)
                } else if let entry = state.old[hash], entry.matches(text, piece, context) {
                    found.append(entry)
                    Self.insert(entry, hash: hash, into: &state, limit: byteLimit)
                } else {
                    state.hits += index
                    state.misses += pieces.count - index
                    return nil
                }
            }
            state.hits += pieces.count
            return found
        }
    }

    /// Stores the words of a run shaped whole whose edges are clear of unsafe-to-concat.
    func store(_ entries: [(hash: UInt64, entry: Entry)]) {
        guard !entries.isEmpty, byteLimit > 0 else { return }
        state.withLock { state in
            for (hash, entry) in entries { Self.insert(entry, hash: hash, into: &state, limit: byteLimit) }
        }
    }

    private static func insert(_ entry: Entry, hash: UInt64, into state: inout State, limit: Int) {
        guard entry.bytes <= limit / 2 else { return }
        if let previous = state.young.updateValue(entry, forKey: hash) {
            state.youngBytes -= previous.bytes
        }
        state.youngBytes += entry.bytes
        if state.youngBytes > limit / 2 {
            state.old = state.young
            state.oldBytes = state.youngBytes
            state.young = [:]
            state.youngBytes = 0
        }
    }

    /// FNV-1a over the context and the word's UTF-16 units.
    static func hash(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, _ context: ShapeContext) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ value: UInt64) {
            hash = (hash ^ value) &* 0x0000_0100_0000_01B3
        }
        mix(UInt64(bitPattern: Int64(context.font)))
        mix(UInt64(bitPattern: Int64(context.features)))
        mix(UInt64(context.script) << 1 | (context.rightToLeft ? 1 : 0))
        mix(UInt64(bitPattern: Int64(context.language)))
        for index in range { mix(UInt64(text[index])) }
        return hash
    }
}

/// Everything besides the text that changes how a word shapes: the HarfBuzz font (face,
/// size, variations), the feature list, script, direction and language.
struct ShapeContext: Equatable {
    /// `HarfBuzzFont.serial`: unique for the process, never reused.
    var font: Int
    /// `FeatureSets.id(of:)` of the feature list.
    var features: Int
    var script: UInt32
    var rightToLeft: Bool
    /// The interned hb_language_t's address (HarfBuzz never frees languages); 0 for none.
    var language: Int
}

extension WordShapeCache.Entry {
    func matches(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, _ other: ShapeContext) -> Bool {
        guard context == other, Int(textCount) == range.count else { return false }
        return storage.withUnsafeBufferPointer { stored in
            var offset = 0
            for index in range {
                if UInt16(truncatingIfNeeded: stored[offset]) != text[index] { return false }
                offset += 1
            }
            return true
        }
    }
}

/// Small integer ids for feature lists, so a cache key compares them as numbers.
enum FeatureSets {
    private static let table = Mutex<(ids: [[FontFeature]: Int], next: Int)>(([:], 1))

    static func id(of features: [FontFeature]) -> Int {
        if features.isEmpty { return 0 }
        return table.withLock { table in
            if let id = table.ids[features] { return id }
            // A process that invents feature lists without end must not grow this forever;
            // ids stay unique because the counter only grows.
            let id = table.next
            table.next += 1
            if table.ids.count > 4096 { table.ids = [:] }
            table.ids[features] = id
            return id
        }
    }
}
