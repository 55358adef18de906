import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A text's segments (`ShapedText.Segment`: its break opportunities, with the white
/// space hanging at each and the hyphens shown there) kept across layouts of the same
/// text, as the word cache keeps shaped words: ICU's line-break iterator walks every
/// character, and CJK text, which may break after almost every character, paid more
/// for that walk than for shaping itself in a font without lookups.
///
/// Never a guess: an entry answers only for the very same UTF-16 units under the very
/// same break options (locale, `lineBreak`, `wordBreak`, `hyphens`), compared whole
/// after the hash matches, and segments are a function of exactly those (ICU's rules
/// for the locale; the white-space and soft-hyphen tests on the units). Texts with
/// `hyphens: auto` are not kept: their points also depend on which hyphenation
/// dictionaries are installed. A text's segments are kept the second time they are made
/// on a thread stripe (the first only marks the text, `SeenKeys`): a text laid out once,
/// such as a corpus's paragraph, pays for a mark, not for a copy of its units and a store
/// that locks every stripe. A store that would wait for another thread's lookup is dropped
/// (`ReadMostly.tryWrite`); the text is kept at a later sight. Bounded in bytes
/// (`byteLimit`), emptied whole when full; emptied with its `WordShapeCache`
/// (`removeAll`), so a "cold" layout walks ICU again.
final class SegmentCache: Sendable {
    /// Budget in bytes for kept texts and segments.
    static let byteLimit = 1 << 20
    /// Longer texts are not kept: one would crowd out many titles.
    static let maximumLength = 4096

    private struct Entry {
        let units: [UInt16]
        let options: Options
        let segments: [ShapedText.Segment]
    }

    /// The break options segments depend on.
    struct Options: Equatable {
        var locale: String
        var lineBreak: LineBreakStyle
        var wordBreak: WordBreakStyle
        var hyphens: HyphensStyle

        init(_ options: TextOptions) {
            locale = options.locale
            lineBreak = options.lineBreak
            wordBreak = options.wordBreak
            hyphens = options.hyphens
        }
    }

    private struct Table {
        var entries: [WordKey: Entry] = [:]
        var bytes = 0
    }

    /// Per stripe: texts (their keys) met once and not kept yet.
    private let table = ReadMostly<Table, SeenKeys>(Table()) { SeenKeys() }
    /// Bumped by `removeAll`: a stripe's `SeenKeys` of an older generation are stale.
    private let generation = Atomic<Int>(0)

    /// Bytes held (an estimate: units, segments and about 64 per entry).
    var bytes: Int { table.read { $0.pointee.bytes } }

    /// The segments of `text` under `options`: kept ones, or `make()`'s (kept when the
    /// text was met before on this stripe).
    func segments(
        of text: UnsafeBufferPointer<UInt16>, options: TextOptions, make: () throws -> [ShapedText.Segment]
    ) rethrows -> [ShapedText.Segment] {
        guard options.hyphens != .auto, text.count <= Self.maximumLength else { return try make() }
        let key = Options(options)
        let hash = WordKey(Self.hash(text, key))
        let generation = self.generation.load(ordering: .relaxed)
        let found = table.readWithLocal { table, seen -> Sight in
            if let entry = table.pointee.entries[hash], entry.options == key,
                entry.units.withUnsafeBufferPointer({ Self.equal($0, text) })
            {
                return .kept(entry.segments)
            }
            return seen.mark(hash.value, generation: generation) ? .again : .first
        }
        switch found {
        case .kept(let segments): return segments
        case .first: return try make()
        case .again: return try keep(make(), of: text, options: key, hash: hash)
        }
    }

    /// What a lookup found: the kept segments, or a text met for the first time, or
    /// again (then kept).
    private enum Sight {
        case kept([ShapedText.Segment])
        case first
        case again
    }

    /// Keeps `made`, the segments of `text` under `options` (whose key is `hash`), unless
    /// the table is busy; returns `made`.
    private func keep(
        _ made: [ShapedText.Segment], of text: UnsafeBufferPointer<UInt16>, options key: Options, hash: WordKey
    ) -> [ShapedText.Segment] {
        let size = 64 + text.count * 2 + made.count * MemoryLayout<ShapedText.Segment>.stride
        let entry = Entry(units: Array(text), options: key, segments: made)
        // A full table is swapped out under the lock and freed after it: freeing thousands
        // of texts there would keep other threads' lookups waiting.
        let dropped = table.tryWrite { table -> Table? in
            var dropped: Table?
            if table.bytes + size > Self.byteLimit {
                dropped = table
                table = Table()
            }
            if table.entries[hash] == nil {
                table.entries[hash] = entry
                table.bytes += size
            }
            return dropped
        }
        _ = dropped
        return made
    }

    /// Whether `a` and `b` hold the same units: one `memcmp`, where the generic
    /// `elementsEqual` stepped unit by unit through two iterators (2 % of a request).
    private static func equal(_ a: UnsafeBufferPointer<UInt16>, _ b: UnsafeBufferPointer<UInt16>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return memcmp(left, right, a.count * MemoryLayout<UInt16>.stride) == 0
    }

    /// Forgets every text; with `keepingCapacity`, the table keeps its allocation.
    func removeAll(keepingCapacity: Bool = false) {
        generation.add(1, ordering: .relaxed)
        table.write { table in
            if keepingCapacity {
                table.entries.removeAll(keepingCapacity: true)
                table.bytes = 0
            } else {
                table = Table()
            }
        }
    }

    /// FNV-1a over the options and units, finalized (`FNV1a.finalized`). The units go in
    /// four to a word: one multiply per unit was a chain of dependent multiplies as long
    /// as the text, paid on every lookup (the hash only picks the slot; an entry is
    /// compared whole before it answers, so how the units are mixed cannot change one).
    private static func hash(_ text: UnsafeBufferPointer<UInt16>, _ options: Options) -> UInt64 {
        var hash = FNV1a()
        for byte in options.locale.utf8 { hash.mix(UInt64(byte)) }
        hash.mix(UInt64(options.locale.utf8.count) << 32)
        hash.mix(UInt64(LineBreakStyle.allCases.firstIndex(of: options.lineBreak) ?? 0))
        hash.mix(UInt64(WordBreakStyle.allCases.firstIndex(of: options.wordBreak) ?? 0))
        hash.mix(UInt64(HyphensStyle.allCases.firstIndex(of: options.hyphens) ?? 0))
        guard let units = text.baseAddress else { return hash.finalized }
        let count = text.count
        var index = 0
        while index + 4 <= count {
            var word =
                UInt64(units[index]) | UInt64(units[index + 1]) << 16 | UInt64(units[index + 2]) << 32
                | UInt64(units[index + 3]) << 48
            // The upper units folded into the low bits, which the multiply carries upward
            // through every later word (it never carries high bits down).
            word ^= word >> 29
            hash.mix(word)
            index += 4
        }
        while index < count {
            hash.mix(UInt64(units[index]))
            index += 1
        }
        // The count, so that a text and the same text with trailing NULs differ.
        hash.mix(UInt64(count) << 40)
        return hash.finalized
    }
}
