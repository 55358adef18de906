/// A run of two or more words kept whole in the word cache beside its words, so that a
/// text seen again is one lookup and one copy per run instead of a lookup and a copy per
/// word (and without judging its cuts and words first).
///
/// Stored lazily (`RunShaper.storeRun`): the third time the run's words all came from
/// the cache through `WordShapeCache.assembleIfClean` (every cut safe,
/// `SpaceBoundaries.canCut`; every word stored clean where words are judged alone,
/// `SpaceBoundaries.cleanWords`), so a text met once or twice pays a key and a lookup under
/// the lock the words' lookup takes anyway. The entry's glyphs and unsafe-to-break offsets
/// are then those words' entries concatenated. Those verdicts depend on the run's text in
/// its context alone (font, features, script, direction and language, `ShapeContext`,
/// which decide the `SpaceBoundaries` analysis): `canCut` reads the units at each cut,
/// and a word judged alone is clean by its own text. So wherever the same text comes as a
/// run in the same context, the words' route would judge it the same and assemble the
/// same glyphs (or, its words evicted, shape what they held); the entry answers for it
/// under the same conditions (`judgesWordsAlone`, every cut safe), without the words'
/// lookups.
///
/// Keyed apart from words (`key`: a marker, then the words' keys, which hold the
/// context), and not marked clean (`PackedWord.cleanFlag` is a word's verdict). No word
/// entry has a run's text (a word's only spaces end it); a window (`ShapingWindows`) of
/// the same text, met only through a 64-bit key collision, holds that text shaped alone,
/// the same glyphs. A run of one word is its word's entry and gets none. A hit counts a
/// cache hit per word, as assembling the words would.
enum RunEntry {
    /// Mixed first: makes a run's key differ from a word's.
    static let marker: UInt64 = 0x52_554E_454E_5452_59

    /// The key of a run as a whole-run entry, from its words' keys (`RunShaper.words`,
    /// in logical order): each mixed after `marker`. The entry's text is compared on every
    /// lookup, so the key need only be the same for the same text in the same context.
    static func key(_ words: [UInt64]) -> UInt64 {
        var hash = FNV1a()
        hash.mix(marker)
        for word in words { hash.mix(word) }
        return hash.finalized
    }
}
