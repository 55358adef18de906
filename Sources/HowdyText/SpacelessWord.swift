/// A run's last word has no space after it ("…is called" ends a paragraph cut anywhere), so
/// its cache entry is another text than the entry the same word gets everywhere else
/// ("called "): on fresh paragraphs of known words, that last word was most of the
/// HarfBuzz calls left (one call each, about 58k instructions in Inter, whatever the
/// word's length). Its entry is derived here from the spaced one instead, when HarfBuzz's
/// own flags prove the two agree.
///
/// Why that is sound: every entry the cache holds is its text shaped alone (a clean word
/// with safe cuts, or a `ShapingWindows` window; `RunShaper`), with the unsafe-to-break
/// flags of matches inside it (`RunShaper.matchSpansCut` keeps out entries that a match
/// from outside reaches). HarfBuzz guarantees (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`) that
/// where the glyph starting a cluster is not flagged, the text cut at that cluster and
/// its two sides shaped separately give exactly the glyphs of the whole: the line breaker
/// already relies on this at every line end. So when the space's cluster in "called "
/// starts with an unflagged glyph, "called" shaped alone is the entry without the space's
/// glyphs, and its flags are the entry's (none of them is the space's). A kerning pair or
/// a contextual rule that reads the space flags it, and then nothing is derived.
enum SpacelessWord {
    /// `WordShapeCache.hash(text, range, seed: seed)` of `text[range]` followed by U+0020.
    static func hashFollowedBySpace(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, seed: FNV1a) -> UInt64 {
        var hash = seed
        for index in range { hash.mix(UInt64(text[index])) }
        hash.mix(0x20)
        return hash.finalized
    }

    /// True when the packed word at `offset` is `text[range]` and one U+0020 after it,
    /// shaped in the context `packed` (`ShapeContext.packed`).
    static func matchesFollowedBySpace(
        _ arena: UnsafeBufferPointer<Int32>, at offset: Int, _ text: UnsafeBufferPointer<UInt16>,
        _ range: Range<Int>, packed: SIMD8<Int32>
    ) -> Bool {
        guard Int(arena[offset + PackedWord.textCountSlot]) == range.count + 1,
            offset + PackedWord.headerSlots + range.count < arena.count
        else { return false }
        for index in 0..<8 where arena[offset + PackedWord.contextSlot + index] != packed[index] { return false }
        var slot = offset + PackedWord.headerSlots
        for index in range {
            guard UInt16(truncatingIfNeeded: arena[slot]) == text[index] else { return false }
            slot += 1
        }
        return arena[slot] == 0x20
    }

    /// The packed entry (`PackedWord`) of `spaced`'s text without its final space, or nil
    /// when the two may differ: the space's cluster (the text's last unit) has no glyph of
    /// its own, its glyphs are not at the visual end of the word (last left to right,
    /// first right to left), or it is unsafe to break.
    /// - Parameter clean: whether `SpaceBoundaries.cleanWords` found the word without the
    ///   space clean in its context: the derived entry is then marked `PackedWord.cleanFlag`.
    static func dropSpace(_ spaced: [Int32], clean: Bool = false) -> [Int32]? {
        guard spaced.count >= PackedWord.headerSlots else { return nil }
        let textCount = Int(spaced[PackedWord.textCountSlot])
        let glyphCount = Int(spaced[PackedWord.glyphCountSlot])
        // The spaced word's `PackedWord.cleanFlag` is its verdict followed by a space; the
        // derived entry carries `clean`, the verdict on the word itself.
        let unsafeCount = Int(spaced[PackedWord.unsafeCountSlot] & ~PackedWord.cleanFlag)
        guard textCount >= 2, glyphCount >= 1, unsafeCount >= 0,
            spaced.count == PackedWord.size(textCount: textCount, glyphCount: glyphCount, unsafeCount: unsafeCount),
            spaced[PackedWord.headerSlots + textCount - 1] == 0x20
        else { return nil }
        let rightToLeft = spaced[PackedWord.contextSlot + 7] != 0
        let space = Int32(textCount - 1)
        let fields = PackedWord.headerSlots + textCount
        let clusters = fields + glyphCount
        let unsafe = fields + 5 * glyphCount
        // The flag is stored by cluster: the space's cluster must not be among them.
        for slot in unsafe..<(unsafe + unsafeCount) where spaced[slot] >= space { return nil }
        // The space's glyphs: a block at the visual end, every other glyph before the space.
        var kept = 0..<glyphCount
        if rightToLeft {
            while kept.lowerBound < glyphCount, spaced[clusters + kept.lowerBound] == space {
                kept = (kept.lowerBound + 1)..<glyphCount
            }
        } else {
            while kept.upperBound > 0, spaced[clusters + kept.upperBound - 1] == space {
                kept = 0..<(kept.upperBound - 1)
            }
        }
        guard kept.count < glyphCount, !kept.isEmpty else { return nil }
        for glyph in kept where spaced[clusters + glyph] >= space || spaced[clusters + glyph] < 0 { return nil }
        var out: [Int32] = []
        out.reserveCapacity(PackedWord.size(textCount: textCount - 1, glyphCount: kept.count, unsafeCount: unsafeCount))
        out.append(Int32(textCount - 1))
        out.append(Int32(kept.count))
        out.append(Int32(unsafeCount) | (clean ? PackedWord.cleanFlag : 0))
        out.append(contentsOf: spaced[PackedWord.contextSlot..<(PackedWord.headerSlots + textCount - 1)])
        for field in 0..<5 {
            let start = fields + field * glyphCount
            out.append(contentsOf: spaced[(start + kept.lowerBound)..<(start + kept.upperBound)])
        }
        out.append(contentsOf: spaced[unsafe..<(unsafe + unsafeCount)])
        return out
    }
}

extension RunShaper {
    /// Stores the entry of `text[range]` (a run's last entry, without a space after it)
    /// derived from the cached entry of the same text followed by a space, when
    /// `SpacelessWord.dropSpace` proves them equal. True when it stored one.
    /// - Parameters:
    ///   - hash: `WordShapeCache.hash(text, range, context)`.
    ///   - clean: the word's own `SpaceBoundaries.cleanWords` verdict in this run, stored
    ///     with it as a word shaped alone would be (`RunShaper.pack`).
    func deriveSpaceless(
        _ range: Range<Int>, hash: UInt64, clean: Bool, cache: WordShapeCache, context: ShapeContext
    ) -> Bool {
        guard range.count >= 1, text[range.upperBound - 1] != 0x20 else { return false }
        let spacedHash = SpacelessWord.hashFollowedBySpace(text, range, seed: WordShapeCache.seed(context))
        guard let spaced = cache.entryFollowedBySpace(text, range, hash: spacedHash, context: context),
            let entry = SpacelessWord.dropSpace(spaced, clean: clean)
        else { return false }
        return cache.store(entry, words: [(hash, 0..<entry.count)])
    }
}
