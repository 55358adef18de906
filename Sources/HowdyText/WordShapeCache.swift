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
        // Sized for a typical working set up front, so a cold cache does not rehash
        // while it fills (a cold `balance` pays for every word it stores).
        var young = [WordKey: Entry](minimumCapacity: 1024)
        var old: [WordKey: Entry] = [:]
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
    /// Layout of `storage`, field by field so that a hit copies each field whole: the
    /// text units, then the glyph ids, the clusters relative to the word start, the x
    /// advances, the x offsets and the y offsets (`glyphCount` each), then the
    /// unsafe-to-break offsets (relative).
    struct Entry {
        var context: ShapeContext
        var textCount: Int32
        var glyphCount: Int32
        var storage: [Int32]

        var bytes: Int { storage.count * 4 + 64 }
    }

    /// Appends the glyphs of a run's words to `run` (in visual order: words reversed
    /// when `rightToLeft`) and their unsafe-to-break offsets to `unsafe`, if every word
    /// is cached; otherwise leaves both alone, counts a miss per word, and returns false.
    /// Pieces are UTF-16 ranges of `text` in logical order. The copy happens under the
    /// lock, so worker threads never retain and release the shared entries.
    func assemble(
        _ text: UnsafeBufferPointer<UInt16>, pieces: [Range<Int>], context: ShapeContext, rightToLeft: Bool,
        into run: inout ShapedRun, unsafe: inout OffsetSet
    ) -> Bool {
        var keys: [WordKey] = []
        keys.reserveCapacity(pieces.count)
        for piece in pieces { keys.append(WordKey(Self.hash(text, piece, context))) }
        return state.withLock { state -> Bool in
            var found: [Entry] = []
            found.reserveCapacity(pieces.count)
            var glyphCount = 0
            for (index, piece) in pieces.enumerated() {
                let key = keys[index]
                if let entry = state.young[key], entry.matches(text, piece, context) {
                    found.append(entry)
                    glyphCount += Int(entry.glyphCount)
                } else if let entry = state.old[key], entry.matches(text, piece, context) {
                    found.append(entry)
                    glyphCount += Int(entry.glyphCount)
                    Self.insert(entry, key: key, into: &state, limit: byteLimit)
                } else {
                    state.hits += index
                    state.misses += pieces.count - index
                    return false
                }
            }
            state.hits += pieces.count
            run.reserve(glyphCount)
            for position in found.indices {
                let index = rightToLeft ? found.count - 1 - position : position
                found[index].append(to: &run, unsafe: &unsafe, base: Int32(pieces[index].lowerBound))
            }
            return true
        }
    }

    /// Stores the words of a run shaped whole whose edges are clear of unsafe-to-concat.
    func store(_ entries: [(hash: UInt64, entry: Entry)]) {
        guard !entries.isEmpty, byteLimit > 0 else { return }
        state.withLock { state in
            for (hash, entry) in entries { Self.insert(entry, key: WordKey(hash), into: &state, limit: byteLimit) }
        }
    }

    private static func insert(_ entry: Entry, key: WordKey, into state: inout State, limit: Int) {
        guard entry.bytes <= limit / 2 else { return }
        if let previous = state.young.updateValue(entry, forKey: key) {
            state.youngBytes -= previous.bytes
        }
        state.youngBytes += entry.bytes
        if state.youngBytes > limit / 2 {
            state.old = state.young
            state.oldBytes = state.youngBytes
            state.young = [:]
            state.young.reserveCapacity(state.old.count)
            state.youngBytes = 0
        }
    }

    /// FNV-1a over the context and the word's UTF-16 units, with MurmurHash3's 64-bit
    /// finalizer so that every bit of the result depends on every input bit.
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
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
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

/// A word's FNV-1a hash as a dictionary key. The hash is already well mixed by
/// `WordShapeCache.hash`'s finalizer, so the table uses it as it is instead of running
/// SipHash over it again (the lookups of every run on the hot path).
struct WordKey: Hashable {
    let value: UInt64

    init(_ value: UInt64) { self.value = value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }

    func _rawHashValue(seed: Int) -> Int {
        Int(truncatingIfNeeded: value ^ UInt64(truncatingIfNeeded: seed))
    }
}

extension ShapedRun {
    /// Room for `count` more glyphs in every array.
    mutating func reserve(_ count: Int) {
        glyphs.reserveCapacity(glyphs.count + count)
        clusters.reserveCapacity(clusters.count + count)
        advances.reserveCapacity(advances.count + count)
        offsetsX.reserveCapacity(offsetsX.count + count)
        offsetsY.reserveCapacity(offsetsY.count + count)
    }
}

extension WordShapeCache.Entry {
    /// Builds an entry from a word's text and its glyphs `glyphs` of `run` (clusters made
    /// relative to `base`) and the unsafe-to-break offsets of the word (relative).
    init(
        context: ShapeContext, text: UnsafeBufferPointer<UInt16>, run: ShapedRun, glyphs: Range<Int>, base: Int32,
        unsafe: [Int32]
    ) {
        let textCount = text.count
        let count = glyphs.count
        self.context = context
        self.textCount = Int32(textCount)
        self.glyphCount = Int32(count)
        storage = [Int32](unsafeUninitializedCapacity: textCount + count * 5 + unsafe.count) { buffer, initialized in
            var offset = 0
            for unit in text {
                buffer[offset] = Int32(unit)
                offset += 1
            }
            for glyph in glyphs {
                buffer[offset] = Int32(bitPattern: run.glyphs[glyph])
                buffer[offset + count] = run.clusters[glyph] - base
                buffer[offset + 2 * count] = run.advances[glyph]
                buffer[offset + 3 * count] = run.offsetsX[glyph]
                buffer[offset + 4 * count] = run.offsetsY[glyph]
                offset += 1
            }
            offset += 4 * count
            for value in unsafe {
                buffer[offset] = value
                offset += 1
            }
            initialized = offset
        }
    }

    /// Appends the word's glyphs to `run`, clusters moved by `base`, and its
    /// unsafe-to-break offsets (moved by `base`) to `unsafe`.
    func append(to run: inout ShapedRun, unsafe: inout OffsetSet, base: Int32) {
        let text = Int(textCount)
        let count = Int(glyphCount)
        storage.withUnsafeBufferPointer { stored in
            func field(_ index: Int) -> UnsafeBufferPointer<Int32> {
                UnsafeBufferPointer(rebasing: stored[(text + index * count)..<(text + (index + 1) * count)])
            }
            field(0).withMemoryRebound(to: UInt32.self) { run.glyphs.append(contentsOf: $0) }
            for cluster in field(1) { run.clusters.append(cluster + base) }
            run.advances.append(contentsOf: field(2))
            run.offsetsX.append(contentsOf: field(3))
            run.offsetsY.append(contentsOf: field(4))
            var offset = text + 5 * count
            while offset < stored.count {
                unsafe.insert(Int(stored[offset] + base))
                offset += 1
            }
        }
    }

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
