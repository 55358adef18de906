import CHarfBuzz

/// The words of a run the cache lacks, shaped in one HarfBuzz call instead of one call
/// each: a call's fixed cost in Inter (about 40k instructions: clearing the buffer,
/// finding the plan, walking each of its lookups once) is many times a short word's own.
///
/// The words are laid end to end as a text of their own ("owner granting Entity"), which
/// is shaped as any text is, by a `RunShaper` over it: its clean words with safe cuts on
/// both sides are stored from its whole shape (`RunShaper.storable`), the same argument
/// by which words of every text are stored (a clean word's glyphs, with safe cuts around
/// it, are its glyphs shaped alone, whatever its neighbours). Which neighbours it had does
/// not matter: the batch's text is judged again (`SpaceBoundaries.canCut`, `cleanWords`,
/// `RunShaper.matchSpansCut`), and a word it cannot store stays missing, so that the run
/// is then shaped whole. Windows (`ShapingWindows`) are not batched: their edges were
/// proven against the neighbours they have in the run, so they are shaped alone.
struct MissingWordBatch {
    /// The batch's text: the words, each once, in the run's order.
    private var units: [UInt16] = []
    /// Missing entries that are not batched (windows), in ascending order.
    private(set) var alone: [Int] = []

    /// Nil when fewer than two of `missing` (indices of `entries`) are words; then each
    /// entry is shaped alone as before.
    /// - Parameters:
    ///   - entries: a run's entries (words or windows), tiling it; only the last may lack a
    ///     space at its end.
    ///   - hashes: each entry's `WordShapeCache.hash`, to shape a repeated word once.
    init?(_ text: UnsafeBufferPointer<UInt16>, entries: [Range<Int>], hashes: [UInt64], missing: [Int]) {
        var words: [Int] = []
        for index in missing {
            let entry = entries[index]
            if Self.isWord(text, entry) {
                let repeated = words.contains { hashes[$0] == hashes[index] && text[entries[$0]].elementsEqual(text[entry]) }
                if !repeated { words.append(index) }
            } else {
                alone.append(index)
            }
        }
        guard words.count >= 2 else { return nil }
        for index in words { units.append(contentsOf: text[entries[index]]) }
    }

    /// True when `range` is one word: no space inside it is followed by another character.
    static func isWord(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> Bool {
        guard range.count > 1 else { return true }
        for index in (range.lowerBound + 1)..<range.upperBound where text[index - 1] == 0x20 && text[index] != 0x20 {
            return false
        }
        return true
    }

    /// Shapes the batch as a run like `item` (script, direction, font) through `cache`,
    /// which stores what it can of it.
    func shape(
        _ item: TextRun, font: Font, cache: WordShapeCache, language: hb_language_t?, features: [hb_feature_t],
        featureSet: Int
    ) {
        units.withUnsafeBufferPointer { batch in
            let shaper = RunShaper(
                text: batch, cache: cache, language: language, features: features, featureSet: featureSet,
                batchesMissing: false)
            let run = TextRun(start: 0, end: batch.count, level: item.level, script: item.script, fontIndex: item.fontIndex)
            var store = ShapedRun(start: 0, end: batch.count, level: item.level, fontIndex: item.fontIndex)
            var unsafe = OffsetSet(capacity: batch.count + 1)
            _ = shaper.shape(run, font: font, into: &unsafe, store: &store)
        }
    }
}
