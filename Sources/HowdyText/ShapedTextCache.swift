import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Whole shaped CJK texts (`ShapedText.Storage`) kept across layouts of the same text,
/// as `SegmentCache` keeps a text's break opportunities: a Han or kana text in a font
/// whose plan applies nothing is shaped from the font's own tables (`NominalShaping`),
/// so the word cache has nothing to offer it, and making it again (UTF-16, bidi,
/// itemisation, segments, glyph columns, prefix sums) cost more than one `hb_shape` of
/// it. Laying out the same text again (another width, `balance` after `layout`, a view
/// drawn twice) then starts from the kept storage.
///
/// Never a guess: nothing is assembled from pieces, so no cut needs HarfBuzz's word on
/// independence. An entry answers only for the very same UTF-8 bytes (compared whole:
/// `String`'s `==` is canonical equivalence, under which two texts with different
/// UTF-16 units would be equal), the same font (`Font.==`: face, size, variations,
/// synthesis) and the same options (`TextOptions.==`, fallback chain and features
/// included), and `ShapedText.init` is a function of exactly those, with three
/// exceptions that are never kept: a fallback chain that asks fontconfig
/// (`usesSystemFonts`: installed fonts may change), `hyphens: auto` (its points depend on
/// the installed dictionaries) and a text with font failures (a bundled file missing).
/// `ShapedTextCacheTests` compares kept and fresh layouts.
///
/// Only texts whose every run is Han, Hiragana or Katakana, starting with a character in
/// U+3000–U+9FFF, are kept (so other texts pay no hash to look): other scripts' words are
/// kept by the word cache, shared between texts, where a whole text serves itself alone.
/// A text is kept the second time it is made (the first only marks it as seen), so a
/// text laid out once pays no copy. Bounded in bytes (`byteLimit`), emptied whole when
/// full; emptied with its `WordShapeCache` (`removeAll`), so a "cold" layout shapes
/// again. The kept storage holds its fonts as the system's caches do
/// (`Font.heldBySystem`), so the system's own cache never keeps the system alive; a
/// `ShapedText` made from it hands out fonts that retain the system (`handedFonts`).
final class ShapedTextCache: Sendable {
    /// Budget in bytes for kept texts (an estimate, `size(of:)`).
    static let byteLimit = 2 << 20
    /// Longer texts (UTF-16 units) are not kept: one would crowd out many titles.
    static let maximumLength = 4096

    private struct Table {
        /// What `ShapedText.init` made (its text, font and options are the key), fonts
        /// held by the system, recycling nothing.
        var entries: [WordKey: ShapedText.Storage] = [:]
        var bytes = 0
    }

    /// Per stripe: texts (their keys) seen once and not kept yet.
    private let table = ReadMostly<Table, SeenKeys>(Table()) { SeenKeys() }
    /// Bumped by `removeAll`: a stripe's `SeenKeys` of an older generation are stale. Outside
    /// the lock, as is `keptCount`, so that emptying a cache that keeps nothing (a "cold"
    /// layout's) takes no lock: a `look` racing with `removeAll` may take a text as seen,
    /// which only keeps it a sight early.
    private let generation = Atomic<Int>(0)
    /// `table.entries.count`, written under the write lock.
    private let keptCount = Atomic<Int>(0)

    /// Bytes held (estimated by `size(of:)`).
    var bytes: Int { table.read { $0.pointee.bytes } }

    /// Texts kept.
    var count: Int { table.read { $0.pointee.entries.count } }

    /// What `look` found.
    enum Found {
        /// The kept shaping: a storage whose fonts the system's caches hold, and the
        /// fonts a `ShapedText` made of it hands out (`ShapedText.handedFonts`).
        /// `fonts` nil: the storage's own fonts retain their system (the process-wide
        /// one's, `held(_:)`), so they are handed out as they are.
        case kept(ShapedText.Storage, fonts: [Font]?)
        /// Not kept: the text's key for `keep`, and whether it was seen before.
        case missed(UInt64, seen: Bool)
        /// Not a text this cache keeps (`takes` would refuse it).
        case refused
    }

    /// Whether a text shaped into `runs` under `options`, with `failures`, may be kept
    /// (see the type). `units`: its UTF-16 units.
    static func takes(
        units: [UInt16], runs: [TextRunGlyphs], failures: [TextError], options: TextOptions, font: Font
    ) -> Bool {
        guard options.usesWordCache, options.hyphens != .auto, let first = units.first, units.count <= maximumLength,
            (0x3000...0x9FFF).contains(first), failures.isEmpty, !runs.isEmpty
        else { return false }
        let fallback = options.fallback ?? FontFallback.bundled(matching: font.face)
        guard !fallback.usesSystemFonts else { return false }
        return runs.allSatisfy { NominalShaping.takes($0.script) }
    }

    /// The kept shaping of `text` in `font` under `options`, or its key (marked as seen).
    func look(for text: String, font: Font, options: TextOptions) -> Found {
        guard options.usesWordCache else { return .refused }
        var text = text
        return text.withUTF8 { bytes -> Found in
            // Only texts starting in U+3000–U+9FFF (CJK punctuation, kana, ideographs) are
            // kept (`takes`), whose UTF-8 starts with E3–E9: others pay no hash.
            guard let lead = bytes.first, lead >= 0xE3, lead <= 0xE9 else { return .refused }
            let key = Self.hash(bytes, font: font)
            let kept = table.readWithLocal { table, seen -> Found in
                if let entry = table.pointee.entries[WordKey(key)], entry.font == font, entry.options == options {
                    // A native string's UTF-8 is contiguous: no copy.
                    var keptText = entry.text
                    if keptText.withUTF8({ Self.equal($0, bytes) }) { return .kept(entry, fonts: []) }
                }
                let before = seen.mark(key, generation: self.generation.load(ordering: .relaxed))
                return .missed(key, seen: before)
            }
            guard case .kept(let storage, _) = kept else { return kept }
            return .kept(storage, fonts: storage.font.retainsItsSystem ? nil : Self.handedFonts(storage, font: font))
        }
    }

    /// Keeps `storage`, just made by `ShapedText.init` for its text, font and options
    /// (which `takes` accepted) after `look` missed with `key` for a text seen before: a
    /// text laid out once (a fresh paragraph) pays for a mark, not for a kept copy.
    func keep(_ storage: ShapedText.Storage, key: UInt64) {
        let size = Self.size(of: storage)
        let entry = Self.held(storage)
        table.write { table in
            if table.bytes + size > Self.byteLimit {
                table.entries.removeAll(keepingCapacity: true)
                table.bytes = 0
            }
            // The same text in the same face and size under other options replaces it.
            if let old = table.entries.updateValue(entry, forKey: WordKey(key)) {
                table.bytes -= Self.size(of: old)
            }
            table.bytes += size
            keptCount.store(table.entries.count, ordering: .relaxed)
        }
    }

    /// Forgets every text, kept or seen. The table keeps its allocation (a few slots:
    /// entries are whole texts, at most `byteLimit` bytes of them), so that emptying it
    /// frees only the texts.
    func removeAll() {
        generation.add(1, ordering: .relaxed)
        guard keptCount.load(ordering: .relaxed) > 0 else { return }
        table.write { table in
            table.entries.removeAll(keepingCapacity: true)
            table.bytes = 0
            keptCount.store(0, ordering: .relaxed)
        }
    }

    /// `storage` as the cache keeps it: fonts held by the system, no scratch, recycling
    /// nothing (its arrays are shared with the storage handed to the text's first layout).
    /// The process-wide system's fonts are kept as they are, retaining it: it is never
    /// freed, so the cycle (system, cache, storage, font, system) costs nothing, and a hit
    /// hands them out without `handedFonts`' copies (a new font object per fallback font,
    /// an array and their retains on every warm CJK layout).
    private static func held(_ storage: ShapedText.Storage) -> ShapedText.Storage {
        if storage.font.system === TextSystem.shared, storage.font.retainsItsSystem,
            storage.fonts.allSatisfy(\.retainsItsSystem)
        {
            return copy(storage, font: storage.font, fonts: storage.fonts)
        }
        return copy(storage, font: storage.font.heldBySystem, fonts: storage.fonts.map(\.heldBySystem))
    }

    /// The fonts a `ShapedText` made from a kept storage hands out for a text laid out
    /// again in `font` (`==` the kept one): the caller's font first, the fallback fonts
    /// retaining their system, as `ShapedText.init` would have given them.
    private static func handedFonts(_ storage: ShapedText.Storage, font: Font) -> [Font] {
        var fonts = storage.fonts
        for index in fonts.indices { fonts[index] = index == 0 ? font : fonts[index].retainingSystem }
        return fonts
    }

    private static func copy(_ storage: ShapedText.Storage, font: Font, fonts: [Font]) -> ShapedText.Storage {
        ShapedText.Storage(
            text: storage.text, font: font, options: storage.options, utf16: storage.utf16, fonts: fonts,
            fontFailures: storage.fontFailures, runs: storage.runs, glyphStore: storage.glyphStore,
            bidi: storage.bidi, advancePrefix: storage.advancePrefix, segments: storage.segments,
            unsafeToBreak: storage.unsafeToBreak, hyphen: storage.hyphen, maxSegmentWidth: storage.maxSegmentWidth,
            maxHangingWidth: storage.maxHangingWidth, segmentsAreSearchable: storage.segmentsAreSearchable,
            metrics: storage.metrics, scratch: nil, recycles: false)
    }

    /// Estimated bytes of a kept storage: its text (UTF-8 and UTF-16), five 4-byte
    /// glyph columns, the 8-byte prefix sums, segments, runs, and 256 for the objects.
    private static func size(of storage: ShapedText.Storage) -> Int {
        let units = storage.utf16.count
        return 256 + units * 3 + units * 2 + storage.glyphStore.glyphs.count * 20 + (units + 1) * 8
            + storage.segments.count * MemoryLayout<ShapedText.Segment>.stride
            + storage.runs.count * MemoryLayout<TextRunGlyphs>.stride
    }

    /// Whether `a` and `b` hold the same bytes (one `memcmp`).
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return memcmp(left, right, a.count) == 0
    }

    /// Bytes hashed from each end of a longer text.
    private static let hashedEnd = 64

    /// FNV-1a over the face's identity, the size, the length and the bytes (of a text
    /// longer than 128, the first and last 64), eight to a word, finalized
    /// (`FNV1a.finalized`). Only picks the slot: an entry is compared whole before it
    /// answers, so texts alike at both ends only share a slot (the later replaces the
    /// earlier), and a long text's look costs no walk over all of it.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, font: Font) -> UInt64 {
        var hash = FNV1a()
        hash.mix(UInt64(UInt(bitPattern: ObjectIdentifier(font.face))))
        hash.mix(font.size.bitPattern)
        let raw = UnsafeRawBufferPointer(bytes)
        let count = raw.count
        hash.mix(UInt64(count) << 40)
        @inline(__always) func mix(_ range: Range<Int>) {
            var index = range.lowerBound
            while index + 8 <= range.upperBound {
                var word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // The upper bytes folded into the low bits, which the multiply carries upward.
                word ^= word >> 29
                hash.mix(word)
                index += 8
            }
            while index < range.upperBound {
                hash.mix(UInt64(raw[index]))
                index += 1
            }
        }
        if count <= 2 * hashedEnd {
            mix(0..<count)
        } else {
            mix(0..<hashedEnd)
            mix((count - hashedEnd)..<count)
        }
        return hash.finalized
    }
}
