import CHarfBuzz
import Glibc
import Synchronization

/// Shaped words kept across texts and requests, as Blink's `ShapeCache` and Minikin's
/// `LayoutCache` keep them: a run whose every word is cached is assembled without
/// calling HarfBuzz.
///
/// A word is the text up to and including the spaces after it, inside one run (one
/// font, script, direction). Entries come only from whole runs shaped in context, and
/// only where `SpaceBoundaries` shows, from the lookups the shape plan applies, that
/// the word's glyphs do not depend on the text around it (HarfBuzz's own
/// `HB_GLYPH_FLAG_UNSAFE_TO_CONCAT` marks every word edge of a kerned font), so
/// concatenating cached words gives exactly the glyphs of shaping the run whole. Joining
/// scripts read the characters around a run: Arabic is cached only where no joining can
/// cross a word's edge (`RunShaper.isCacheable`), the others (Syriac, N'Ko, Mongolian, …) never.
///
/// The cache is bounded in bytes (`byteLimit`: 8 MiB for one made alone; half its
/// system's budget for a `TextSystem`'s) and evicts in two generations: when the young
/// generation fills half the limit it becomes the old one and the previous old one is
/// dropped; a hit in the old generation moves the entry back to the young one. Safe to
/// use from any thread: lookups that find every word in the young generation lock only
/// the calling thread's stripe (`ReadMostly`) and count their hits there, so `--jobs`
/// workers copy glyphs side by side without sharing a cache line; so do misses of words
/// in neither generation (a new text's), counted there too; stores and moves between
/// generations lock every stripe. A store never waits for that: when another thread holds
/// a stripe (`ReadMostly.tryWrite`), the words are dropped and stored at a later sight, as
/// a text met once stores none (a sleep on a lock cost more than shaping the words again).
public final class WordShapeCache: Sendable {
    /// The cache `ShapedText` uses unless `TextOptions.usesWordCache` is false or the
    /// font comes from another system: `TextSystem.shared.wordCache`.
    public static var shared: WordShapeCache { TextSystem.shared.wordCache }

    /// Budget for cached glyph data, in bytes (an estimate of what entries hold).
    public var byteLimit: Int { limit.load(ordering: .relaxed) }
    private let limit: Atomic<Int>

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

    /// One generation: entries packed one after another in `arena`, found by hash.
    /// Lookups return arena offsets, so a hit copies glyph data without retaining or
    /// allocating anything, and storing a word appends to the arena instead of
    /// allocating an array for it.
    private struct Generation {
        var arena: [Int32]
        var offsets: [WordKey: Int]

        init() {
            arena = []
            offsets = [:]
        }

        /// Bytes held: the arena and about 16 per table slot.
        var bytes: Int { arena.count * 4 + offsets.count * 16 }

        /// The offset of the entry for `text[range]` in `context` under `key`, if held.
        func find(_ key: WordKey, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, _ context: ShapeContext)
            -> Int?
        {
            find(key, text, range, packed: context.packed)
        }

        /// `find` with the context already packed (`ShapeContext.packed`), once per run.
        func find(
            _ key: WordKey, _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, packed: SIMD8<Int32>
        ) -> Int? {
            guard let offset = offsets[key] else { return nil }
            return arena.withUnsafeBufferPointer { PackedWord.matches($0, at: offset, text, range, packed: packed) }
                ? offset : nil
        }

        /// Appends the packed entry `data[range]` under `key`.
        mutating func insert(_ key: WordKey, _ data: UnsafeBufferPointer<Int32>) {
            if arena.capacity == 0 {
                // Room for a few dozen words (about 10 KB), so that a cold cache does not
                // regrow its arena and table while the first texts fill it; small enough
                // that malloc serves it from free memory rather than growing the heap.
                arena.reserveCapacity(2 << 10)
                offsets.reserveCapacity(64)
            }
            // One probe on the cold path: claim the slot, and give it back when a colliding
            // or equal word already holds it.
            if let held = offsets.updateValue(arena.count, forKey: key) {
                offsets[key] = held
                return
            }
            arena.append(contentsOf: data)
        }
    }

    private struct State {
        var young = Generation()
        var old = Generation()
        var hits = 0
        var misses = 0
    }

    /// Lookups counted by the shared-access path, per stripe.
    private struct Counts {
        var hits = 0
        var misses = 0
    }

    /// Shared: the generations and the counts of the exclusive path; per stripe: hits
    /// and misses counted by the shared-access path.
    private let state = ReadMostly<State, Counts>(State()) { Counts() }
    /// Space-boundary analyses per font serial (`SpaceBoundaries.shared`): built for the
    /// words this cache stores, and dropped with them.
    let spaceBoundaries = ReadMostly<[Int: [SpaceBoundaries]], Void>([:])
    /// Their size-independent part per face and context, shared by every size of a face
    /// (`SpaceAnalyses`, bounded), dropped with them.
    let spaceAnalyses = SpaceAnalyses()
    /// Texts' segments (break opportunities), kept and dropped with the words.
    let segments = SegmentCache()
    /// Whole shaped CJK texts, kept and dropped with the words (`ShapedTextCache`).
    let texts = ShapedTextCache()
    /// Pieces of CJK runs asked for since the last `removeAll` (`AskedWords`).
    private let asked = PthreadLocked(AskedWords())
    /// Whole-run keys of runs whose words were assembled (`markRunAssembled`). Kept by
    /// `removeAll`, which drops entries, not what recurs: marks only ever decide when a run
    /// entry is stored, never what it holds, and emptying them would cost every
    /// `removeAll` a pass over the table. The table starts afresh when a quarter full.
    private let assembledRuns = PthreadLocked(AskedWords())
    /// Called (outside the cache's other locks, under this one) when a generation fills
    /// or an analysis is built: the owning `TextSystem` then checks its budget. Taken
    /// only then, so it is cold; held during the call so that the system's `deinit`,
    /// which clears it, cannot run past a call in flight.
    let onGrowth = Mutex<(@Sendable () -> Void)?>(nil)

    func noteGrowth() { onGrowth.withLock { $0?() } }

    /// A cache holding at most about `byteLimit` bytes of shaped words.
    public init(byteLimit: Int = 8 << 20) {
        limit = Atomic(max(0, byteLimit))
    }

    /// Sets `byteLimit`; a smaller limit drops entries down to it.
    func setByteLimit(_ value: Int) {
        let value = max(0, value)
        limit.store(value, ordering: .relaxed)
        state.write { state in
            if state.young.bytes + state.old.bytes > value / 2 { state.old = Generation() }
            if state.young.bytes > value / 2 { state.young = Generation() }
        }
    }

    /// Counters and size now.
    public var statistics: Statistics {
        state.writeWithLocals { state, locals in
            var shared = Counts()
            locals {
                shared.hits += $0.hits
                shared.misses += $0.misses
            }
            return Statistics(
                hits: state.hits + shared.hits, misses: state.misses + shared.misses,
                bytes: state.young.bytes + state.old.bytes,
                entries: state.young.offsets.count + state.old.offsets.count)
        }
    }

    /// Drops every entry (and every text's kept segments, `SegmentCache`) and resets the
    /// counters. The space-boundary analyses stay: they
    /// describe a font, not a text (built once per font and context), so a cache emptied to
    /// measure or to free words does not make the next text pay for them again. The system's
    /// budget drops them separately, with the other cheap answers.
    public func removeAll() {
        state.writeWithLocals { state, locals in
            state = State()
            locals { $0 = Counts() }
        }
        segments.removeAll()
        texts.removeAll()
        asked.withLock { $0.clear() }
    }

    /// `removeAll()`, but the young generation's arena and table and the segment table
    /// keep their allocations: what a long-running process's cache looks like to a text
    /// it has never seen (every lookup misses, yet storing its words allocates nothing
    /// new). For the benchmark, which measures first sight both ways.
    package func removeAllKeepingCapacity() {
        state.writeWithLocals { state, locals in
            state.young.arena.removeAll(keepingCapacity: true)
            state.young.offsets.removeAll(keepingCapacity: true)
            state.old = Generation()
            state.hits = 0
            state.misses = 0
            locals { $0 = Counts() }
        }
        segments.removeAll(keepingCapacity: true)
        texts.removeAll()
        asked.withLock { $0.clear() }
    }

    /// Marks each of `hashes` (a run's pieces) as asked for (`AskedWords`), under one
    /// lock; `before[i]` says whether `hashes[i]` had been asked for before this run (a
    /// character the run repeats is not shared with another text yet). Returns true
    /// when all had.
    func markAsked(_ hashes: [UInt64], before: inout [Bool]) -> Bool {
        before.removeAll(keepingCapacity: true)
        before.append(repeating: false, count: hashes.count)
        return before.withUnsafeMutableBufferPointer { before in
            asked.withLock { $0.mark(hashes, before: before) }
        }
    }

    /// Counts a sight of the run whose whole-run key is `hash` (`RunEntry`) whose words were
    /// all assembled from the cache (`assembledRuns`, an `AskedWords` table): the first
    /// such sight marks `hash`, the second a variant of it, and from the third on this
    /// returns true. A text of known words laid out once or twice (a request answered
    /// twice) never gets a run entry. A wrong yes (a bit another key set) only stores a run
    /// early.
    func markRunAssembled(_ hash: UInt64) -> Bool {
        let again = hash ^ 0x9E37_79B9_7F4A_7C15
        return assembledRuns.withLock { asked in
            if !asked.contains(hash) {
                asked.mark(hash)
                return false
            }
            if !asked.contains(again) {
                asked.mark(again)
                return false
            }
            return true
        }
    }

    /// Space-boundary analyses held.
    var spaceBoundaryCount: Int { spaceBoundaries.read { $0.pointee.values.reduce(0) { $0 + $1.count } } }

    /// Drops the space-boundary analyses (they are built again as runs need them).
    func removeSpaceBoundaries() {
        spaceBoundaries.write { $0.removeAll() }
        spaceAnalyses.removeAll()
    }

    /// Appends the glyphs of a run's words to `run` (in visual order: words reversed
    /// when `rightToLeft`) and their unsafe-to-break offsets to `unsafe`, if every word
    /// is cached; otherwise leaves both alone, counts a miss per word, and returns false.
    /// Pieces are UTF-16 ranges of `text` in logical order; `hashes`, when given, are
    /// their `hash(_:_:_:)` values. The copy happens under the
    /// lock, straight from the arena.
    func assemble(
        _ text: UnsafeBufferPointer<UInt16>, pieces: [Range<Int>], context: ShapeContext, rightToLeft: Bool,
        into run: inout ShapedRun, unsafe: inout OffsetSet,
        hashes: [UInt64]? = nil
    ) -> Bool {
        // Given hashes are used as they are: no array is made per run.
        let hashes = hashes ?? pieces.map { Self.hash(text, $0, context) }
        @inline(__always) func key(_ index: Int) -> WordKey { WordKey(hashes[index]) }
        let packed = context.packed
        // Shared access when every word is young (the steady state), or when the first
        // word that is not young is not old either (a text seen for the first time): the
        // run misses, and the exclusive path would only count it. Otherwise exclusive
        // access below, which moves words up from the old generation.
        let answer = withUnsafeTemporaryAllocation(of: Int.self, capacity: pieces.count) { offsets in
            state.readWithLocal { state, counts -> Bool? in
                // Read in place through the pointer: a copy of the generation would
                // retain its storage, which both workers would then bounce between cores.
                var glyphCount = 0
                for (index, piece) in pieces.enumerated() {
                    guard let offset = state.pointee.young.find(key(index), text, piece, packed: packed) else {
                        guard state.pointee.old.find(key(index), text, piece, packed: packed) == nil else { return nil }
                        counts.hits += index
                        counts.misses += pieces.count - index
                        return false
                    }
                    offsets[index] = offset
                    glyphCount += Int(state.pointee.young.arena[offset + PackedWord.glyphCountSlot])
                }
                run.reserve(glyphCount)
                state.pointee.young.arena.withUnsafeBufferPointer { arena in
                    PackedWord.append(
                        arena, words: offsets, pieces: pieces, rightToLeft: rightToLeft, glyphCount: glyphCount,
                        to: &run, unsafe: &unsafe)
                }
                counts.hits += pieces.count
                return true
            }
        }
        if let answer { return answer }
        let byteLimit = self.byteLimit
        return state.write { state -> Bool in
            // Offsets in the young arena, or (after a word moved up from the old
            // generation, which may rotate the generations) to be looked up again.
            var offsets: [Int] = []
            offsets.reserveCapacity(pieces.count)
            var promoted = false
            var glyphCount = 0
            for (index, piece) in pieces.enumerated() {
                let key = WordKey(hashes[index])
                if let offset = state.young.find(key, text, piece, context) {
                    glyphCount += Int(state.young.arena[offset + PackedWord.glyphCountSlot])
                    offsets.append(offset)
                } else if let offset = state.old.find(key, text, piece, context) {
                    glyphCount += Int(state.old.arena[offset + PackedWord.glyphCountSlot])
                    state.old.arena.withUnsafeBufferPointer { old in
                        Self.insert(PackedWord.entry(old, at: offset), key: key, into: &state, limit: byteLimit)
                    }
                    promoted = true
                    offsets.append(-1)
                } else {
                    state.hits += index
                    state.misses += pieces.count - index
                    return false
                }
            }
            // Where each word is now: young, or old when a rotation moved it there.
            var inOld = [Bool](repeating: false, count: promoted ? pieces.count : 0)
            if promoted {
                for (index, piece) in pieces.enumerated() {
                    if let offset = state.young.find(key(index), text, piece, context) {
                        offsets[index] = offset
                    } else if let offset = state.old.find(key(index), text, piece, context) {
                        offsets[index] = offset
                        inOld[index] = true
                    } else {
                        state.misses += pieces.count
                        return false
                    }
                }
            }
            state.hits += pieces.count
            run.reserve(glyphCount)
            state.young.arena.withUnsafeBufferPointer { young in
                state.old.arena.withUnsafeBufferPointer { old in
                    for position in pieces.indices {
                        let index = rightToLeft ? pieces.count - 1 - position : position
                        PackedWord.append(
                            promoted && inOld[index] ? old : young, at: offsets[index], to: &run, unsafe: &unsafe,
                            base: Int32(pieces[index].lowerBound))
                    }
                }
            }
            return true
        }
    }

    /// `assemble`, but only from young words stored as clean (`PackedWord.isClean`): true
    /// when every piece is such a word, its glyphs then appended and a hit counted per
    /// piece; otherwise false with nothing appended and nothing counted, and the caller
    /// takes the ordinary route (judging the words, then `assemble`), which counts.
    ///
    /// For a run whose cuts are all safe, this answers as judging every word clean and
    /// then assembling would (the same entries, so the same glyphs and counts), without
    /// judging: a word is stored as clean only when `SpaceBoundaries.cleanWords` found it
    /// clean in the same context, and that verdict depends on the word's text and the
    /// context alone (`SpaceBoundaries.judgesWordsAlone`, which the caller checks). A word
    /// stored without that verdict (outside every window, `RunShaper.shapeMissing`; a
    /// window; a CJK piece) is not used here, so an unclean one ("x " in Inter) never
    /// makes a hit of a run where a lookup reaches it.
    ///
    /// With `whole` (the run's `RunEntry` key and range), that young entry is tried first,
    /// under the same lock: found, it is appended instead, a hit counted per piece, and
    /// `.whole` returned.
    func assembleIfClean(
        _ text: UnsafeBufferPointer<UInt16>, pieces: [Range<Int>], hashes: [UInt64], context: ShapeContext,
        rightToLeft: Bool, into run: inout ShapedRun, unsafe: inout OffsetSet,
        whole: (hash: UInt64, range: Range<Int>)? = nil
    ) -> CleanAssembly {
        precondition(hashes.count == pieces.count, "a hash per piece")
        let packed = context.packed
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: pieces.count) { offsets in
            state.readWithLocal { state, counts -> CleanAssembly in
                if let whole,
                    let offset = state.pointee.young.find(WordKey(whole.hash), text, whole.range, packed: packed)
                {
                    state.pointee.young.arena.withUnsafeBufferPointer { arena in
                        run.reserve(Int(arena[offset + PackedWord.glyphCountSlot]))
                        PackedWord.append(
                            arena, at: offset, to: &run, unsafe: &unsafe, base: Int32(whole.range.lowerBound))
                    }
                    counts.hits += pieces.count
                    return .whole
                }
                var glyphCount = 0
                for (index, piece) in pieces.enumerated() {
                    guard let offset = state.pointee.young.find(WordKey(hashes[index]), text, piece, packed: packed),
                        state.pointee.young.arena.withUnsafeBufferPointer({ PackedWord.isClean($0, at: offset) })
                    else { return .missed }
                    offsets[index] = offset
                    glyphCount += Int(state.pointee.young.arena[offset + PackedWord.glyphCountSlot])
                }
                run.reserve(glyphCount)
                state.pointee.young.arena.withUnsafeBufferPointer { arena in
                    PackedWord.append(
                        arena, words: offsets, pieces: pieces, rightToLeft: rightToLeft, glyphCount: glyphCount,
                        to: &run, unsafe: &unsafe)
                }
                counts.hits += pieces.count
                return .words
            }
        }
    }

    /// What `assembleIfClean` appended: nothing, the run's words, or the run whole.
    enum CleanAssembly { case missed, words, whole }

    /// Every entry held, in both generations: its text, its context (`ShapeContext.packed`)
    /// and whether it was stored as clean (`PackedWord.cleanFlag`). For tests of what the
    /// flag promises.
    func entries() -> [(text: [UInt16], context: SIMD8<Int32>, clean: Bool)] {
        state.read { state in
            var found: [(text: [UInt16], context: SIMD8<Int32>, clean: Bool)] = []
            for generation in [state.pointee.young, state.pointee.old] {
                generation.arena.withUnsafeBufferPointer { arena in
                    for offset in generation.offsets.values {
                        let count = Int(arena[offset + PackedWord.textCountSlot])
                        let text = (0..<count).map {
                            UInt16(truncatingIfNeeded: arena[offset + PackedWord.headerSlots + $0])
                        }
                        var context = SIMD8<Int32>()
                        for index in 0..<8 { context[index] = arena[offset + PackedWord.contextSlot + index] }
                        found.append((text, context, PackedWord.isClean(arena, at: offset)))
                    }
                }
            }
            return found
        }
    }

    /// The indices of `pieces` (ascending) that neither generation holds, into `missing`:
    /// the words a run would need shaped before `assemble` can succeed. A snapshot under
    /// shared access: another thread may store or evict words right after, so callers use
    /// it to choose how to shape, never as a promise.
    /// - Parameter hashes: `hash(text, piece, context)` of each piece.
    func missing(
        _ text: UnsafeBufferPointer<UInt16>, pieces: [Range<Int>], hashes: [UInt64], context: ShapeContext,
        into missing: inout [Int]
    ) {
        missing.removeAll(keepingCapacity: true)
        let packed = context.packed
        state.read { state in
            for (index, piece) in pieces.enumerated() {
                let key = WordKey(hashes[index])
                if state.pointee.young.find(key, text, piece, packed: packed) == nil,
                    state.pointee.old.find(key, text, piece, packed: packed) == nil
                {
                    missing.append(index)
                }
            }
        }
    }

    /// For each of `pieces`, in one pass under shared access: into `clean`, whether either
    /// generation holds it stored as clean (`PackedWord.isClean`: `SpaceBoundaries.cleanWords`
    /// found it clean in `context`); into `missing` (ascending), the indices neither holds,
    /// as `missing(_:pieces:hashes:context:into:)` gives them. Both are a snapshot: another
    /// thread may store or evict words right after, so a caller chooses a route by them
    /// and never relies on a word being there. What a run that missed judges its words by
    /// (`RunShaper`): a word stored as clean needs no judging again where
    /// `SpaceBoundaries.judgesWordsAlone`, and the missing ones are what it shapes.
    /// - Parameter hashes: `hash(text, piece, context)` of each piece.
    func survey(
        _ text: UnsafeBufferPointer<UInt16>, pieces: [Range<Int>], hashes: [UInt64], context: ShapeContext,
        clean: inout [Bool], missing: inout [Int]
    ) {
        clean.removeAll(keepingCapacity: true)
        clean.append(repeating: false, count: pieces.count)
        missing.removeAll(keepingCapacity: true)
        let packed = context.packed
        clean.withUnsafeMutableBufferPointer { clean in
            state.read { state in
                for (index, piece) in pieces.enumerated() {
                    let key = WordKey(hashes[index])
                    if let offset = state.pointee.young.find(key, text, piece, packed: packed) {
                        clean[index] = state.pointee.young.arena.withUnsafeBufferPointer {
                            PackedWord.isClean($0, at: offset)
                        }
                    } else if let offset = state.pointee.old.find(key, text, piece, packed: packed) {
                        clean[index] = state.pointee.old.arena.withUnsafeBufferPointer {
                            PackedWord.isClean($0, at: offset)
                        }
                    } else {
                        missing.append(index)
                    }
                }
            }
        }
    }

    /// Counts the lookup of a run's `pieces` words that `survey` found missing from
    /// `firstMissing` on, which the caller then does not make: what `assemble` would
    /// have counted (the words before the first missing one as hits, the rest as misses),
    /// so that the statistics do not depend on the route.
    func countMissedLookup(pieces: Int, firstMissing: Int) {
        state.readWithLocal { _, counts in
            counts.hits += firstMissing
            counts.misses += pieces - firstMissing
        }
    }

    /// A copy of the packed entry for `text[range]` followed by one space (U+0020) in
    /// `context`, stored under `hash` (`hashFollowedBySpace`), from either generation; nil
    /// when neither holds it. Read under shared access, counted as nothing: the caller
    /// derives the entry without the space from it (`SpacelessWord`).
    func entryFollowedBySpace(
        _ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, hash: UInt64, context: ShapeContext
    ) -> [Int32]? {
        let packed = context.packed
        let key = WordKey(hash)
        func look(_ generation: Generation) -> [Int32]? {
            guard let offset = generation.offsets[key] else { return nil }
            return generation.arena.withUnsafeBufferPointer { arena in
                SpacelessWord.matchesFollowedBySpace(arena, at: offset, text, range, packed: packed)
                    ? Array(PackedWord.entry(arena, at: offset)) : nil
            }
        }
        return state.read { state in
            look(state.pointee.young) ?? look(state.pointee.old)
        }
    }

    /// Stores packed words (`PackedWord.pack`) of a run shaped whole whose edges are
    /// clear of unsafe-to-concat: `words` are (hash, range of `data`). Returns false, having
    /// stored nothing, when another thread holds a stripe (`ReadMostly.tryWrite`): the
    /// words are then stored at a later sight, and a caller that meant to assemble from
    /// them shapes its run whole instead.
    @discardableResult
    func store(_ data: [Int32], words: [(hash: UInt64, range: Range<Int>)]) -> Bool {
        let byteLimit = self.byteLimit
        guard !words.isEmpty else { return true }
        guard byteLimit > 0 else { return false }
        let rotated = data.withUnsafeBufferPointer { data in
            state.tryWrite { state in
                let old = state.old.arena.count
                for (hash, range) in words {
                    Self.insert(
                        UnsafeBufferPointer(rebasing: data[range]), key: WordKey(hash), into: &state, limit: byteLimit)
                }
                return state.old.arena.count != old
            }
        }
        if rotated == true { noteGrowth() }
        return rotated != nil
    }

    private static func insert(
        _ entry: UnsafeBufferPointer<Int32>, key: WordKey, into state: inout State, limit: Int
    ) {
        guard entry.count * 4 + 16 <= limit / 2 else { return }
        if state.young.bytes + entry.count * 4 + 16 > limit / 2 {
            state.old = state.young
            state.young = Generation()
        }
        state.young.insert(key, entry)
    }

    /// FNV-1a over the context and the word's UTF-16 units, with MurmurHash3's 64-bit
    /// finalizer so that every bit of the result depends on every input bit.
    static func hash(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, _ context: ShapeContext) -> UInt64 {
        hash(text, range, seed: seed(context))
    }

    /// The hash state after the context: mixed once for a run's many pieces.
    static func seed(_ context: ShapeContext) -> FNV1a {
        var hash = FNV1a()
        hash.mix(UInt64(bitPattern: Int64(context.font)))
        hash.mix(UInt64(bitPattern: Int64(context.features)))
        hash.mix(UInt64(context.script) << 1 | (context.rightToLeft ? 1 : 0))
        hash.mix(UInt64(bitPattern: Int64(context.language)))
        return hash
    }

    /// `hash(text, range, context)` from `seed(context)`.
    static func hash(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, seed: FNV1a) -> UInt64 {
        var hash = seed
        for index in range { hash.mix(UInt64(text[index])) }
        return hash.finalized
    }
}

/// Everything besides the text that changes how a word shapes: the HarfBuzz font (face,
/// size, variations), the feature list, script, direction and language.
struct ShapeContext: Equatable {
    /// `HarfBuzzFont.serial`: unique for the process, never reused.
    var font: Int
    /// `TextSystem.featureSetID(of:)` of the feature list.
    var features: Int
    var script: UInt32
    var rightToLeft: Bool
    /// The interned hb_language_t's address (HarfBuzz never frees languages); 0 for none.
    var language: Int

    /// The context as a packed word holds it (`PackedWord.contextSlot`, 8 slots): font,
    /// features and language low then high half, script, direction.
    var packed: SIMD8<Int32> {
        SIMD8(
            Int32(truncatingIfNeeded: font), Int32(truncatingIfNeeded: font >> 32),
            Int32(truncatingIfNeeded: features), Int32(truncatingIfNeeded: features >> 32),
            Int32(truncatingIfNeeded: language), Int32(truncatingIfNeeded: language >> 32),
            Int32(bitPattern: script), rightToLeft ? 1 : 0)
    }
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

/// The five glyph arrays of a `ShapedRun` as base pointers (valid inside
/// `ShapedRun.withColumns`), `count` glyphs each.
struct GlyphColumns {
    let glyphs: UnsafePointer<UInt32>
    let clusters: UnsafePointer<Int32>
    let advances: UnsafePointer<Int32>
    let offsetsX: UnsafePointer<Int32>
    let offsetsY: UnsafePointer<Int32>
    let count: Int
}

extension ShapedRun {
    /// Calls `body` with pointers to the run's glyph arrays (one access per array, not a
    /// bounds check per glyph).
    func withColumns<R>(_ body: (GlyphColumns) throws -> R) rethrows -> R {
        precondition(
            clusters.count == glyphs.count && advances.count == glyphs.count && offsetsX.count == glyphs.count
                && offsetsY.count == glyphs.count, "glyph arrays of different lengths")
        // An empty array's buffer may have no address: an aligned dangling pointer then,
        // never read (0 glyphs).
        func base<T>(_ buffer: UnsafeBufferPointer<T>) -> UnsafePointer<T> {
            buffer.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<T>.alignment)!
        }
        return try glyphs.withUnsafeBufferPointer { glyphs in
            try clusters.withUnsafeBufferPointer { clusters in
                try advances.withUnsafeBufferPointer { advances in
                    try offsetsX.withUnsafeBufferPointer { offsetsX in
                        try offsetsY.withUnsafeBufferPointer { offsetsY in
                            try body(
                                GlyphColumns(
                                    glyphs: base(glyphs), clusters: base(clusters), advances: base(advances),
                                    offsetsX: base(offsetsX), offsetsY: base(offsetsY), count: glyphs.count))
                        }
                    }
                }
            }
        }
    }

    /// Room for `count` more glyphs in every array, growing geometrically: a text's glyph
    /// store reserves once per run, and exact reservations would copy it each time.
    mutating func reserve(_ count: Int) {
        let needed = glyphs.count + count
        let held = min(glyphs.capacity, clusters.capacity, advances.capacity, offsetsX.capacity, offsetsY.capacity)
        guard needed > held else { return }
        let capacity = max(needed, 2 * glyphs.count)
        glyphs.reserveCapacity(capacity)
        clusters.reserveCapacity(capacity)
        advances.reserveCapacity(capacity)
        offsetsX.reserveCapacity(capacity)
        offsetsY.reserveCapacity(capacity)
    }
}

/// The packed form of one cached word in a generation's arena (`Int32` slots): word
/// count of text units, glyphs and unsafe-to-break offsets; the context (8 slots); the
/// text units; then field by field, so that a hit copies each field whole: glyph ids,
/// clusters relative to the word start, x advances, x offsets, y offsets; then the
/// unsafe-to-break offsets (relative).
enum PackedWord {
    static let textCountSlot = 0
    static let glyphCountSlot = 1
    /// Holds the unsafe-to-break count, and `cleanFlag` when the word was found clean.
    static let unsafeCountSlot = 2
    /// Set in the unsafe-to-break count's slot of a word `SpaceBoundaries.cleanWords`
    /// found clean when it was stored (`WordShapeCache.assembleIfClean`). Kept in a slot
    /// the word already has, so that an entry's size (and the cache's byte count, which
    /// the budget and the reported statistics read) stays what it was.
    static let cleanFlag: Int32 = 1 << 30
    static let contextSlot = 3
    static let headerSlots = 11

    /// The unsafe-to-break count of the packed word at `offset`.
    @inline(__always)
    static func unsafeCount(_ arena: UnsafeBufferPointer<Int32>, at offset: Int) -> Int {
        Int(arena[offset + unsafeCountSlot] & ~cleanFlag)
    }

    /// Whether the packed word at `offset` was stored as clean (`cleanFlag`).
    @inline(__always)
    static func isClean(_ arena: UnsafeBufferPointer<Int32>, at offset: Int) -> Bool {
        arena[offset + unsafeCountSlot] & cleanFlag != 0
    }

    /// The number of slots the packed word for `textCount` units, `glyphCount` glyphs and
    /// `unsafeCount` unsafe-to-break offsets takes.
    static func size(textCount: Int, glyphCount: Int, unsafeCount: Int) -> Int {
        headerSlots + textCount + 5 * glyphCount + unsafeCount
    }

    /// Appends the packed word for `text` (the word's units) and glyphs `glyphs` of `run`
    /// (clusters made relative to `base`) with its unsafe-to-break offsets (relative),
    /// marked `cleanFlag` when `clean`.
    static func pack(
        into data: inout [Int32], context: ShapeContext, text: UnsafeBufferPointer<UInt16>, run: ShapedRun,
        glyphs: Range<Int>, base: Int32, unsafe: [Int32], clean: Bool
    ) {
        let start = data.count
        let slots = size(textCount: text.count, glyphCount: glyphs.count, unsafeCount: unsafe.count)
        data.append(repeating: 0, count: slots)
        data.withUnsafeMutableBufferPointer { slots in
            _ = write(
                into: slots, at: start, context: context, text: text, run: run, glyphs: glyphs, base: base,
                unsafeCount: unsafe.count, unsafeOffsets: unsafe, clean: clean)
        }
    }

    /// Writes the packed word for `text` (the word's units) and glyphs `glyphs` of `run`
    /// (clusters made relative to `base`) into `slots` from `at`, with its `unsafeCount`
    /// unsafe-to-break offsets `unsafeOffsets` (relative), marked `cleanFlag` when `clean`;
    /// `slots` has room for `size(…)` slots from `at`. Returns the slot after the word.
    // swiftlint:disable:next function_parameter_count
    static func write(
        into slots: UnsafeMutableBufferPointer<Int32>, at start: Int, context: ShapeContext,
        text: UnsafeBufferPointer<UInt16>, run: ShapedRun, glyphs: Range<Int>, base: Int32, unsafeCount: Int,
        unsafeOffsets: some Sequence<Int32>, clean: Bool
    ) -> Int {
        run.withColumns { columns in
            write(
                into: slots, at: start, context: context, text: text, columns: columns, glyphs: glyphs, base: base,
                unsafeCount: unsafeCount, unsafeOffsets: unsafeOffsets, clean: clean)
        }
    }

    /// `write(into:at:context:text:run:glyphs:base:unsafeCount:unsafeOffsets:)` reading the
    /// run's glyph arrays through `columns`. Written in place, slot by slot and column by
    /// column, without a bounds check per glyph: a cold cache packs every word of every
    /// run it sees, and an array append per slot cost about as much as copying the glyphs
    /// out of HarfBuzz.
    // swiftlint:disable:next function_parameter_count
    static func write(
        into slots: UnsafeMutableBufferPointer<Int32>, at start: Int, context: ShapeContext,
        text: UnsafeBufferPointer<UInt16>, columns: GlyphColumns, glyphs: Range<Int>, base: Int32, unsafeCount: Int,
        unsafeOffsets: some Sequence<Int32>, clean: Bool
    ) -> Int {
        let count = glyphs.count
        precondition(
            start >= 0
                && start + size(textCount: text.count, glyphCount: count, unsafeCount: unsafeCount) <= slots.count
                && glyphs.lowerBound >= 0 && glyphs.upperBound <= columns.count && unsafeCount < Int(cleanFlag),
            "a packed word outside its slots or glyphs")
        let out = slots.baseAddress! + start
        out[textCountSlot] = Int32(text.count)
        out[glyphCountSlot] = Int32(count)
        out[unsafeCountSlot] = Int32(unsafeCount) | (clean ? cleanFlag : 0)
        let packed = context.packed
        for index in 0..<8 { out[contextSlot + index] = packed[index] }
        var at = headerSlots
        for unit in text {
            out[at] = Int32(unit)
            at += 1
        }
        let first = glyphs.lowerBound
        (out + at).withMemoryRebound(to: UInt32.self, capacity: count) {
            $0.update(from: columns.glyphs + first, count: count)
        }
        for index in 0..<count { out[at + count + index] = columns.clusters[first + index] &- base }
        (out + at + 2 * count).update(from: columns.advances + first, count: count)
        (out + at + 3 * count).update(from: columns.offsetsX + first, count: count)
        (out + at + 4 * count).update(from: columns.offsetsY + first, count: count)
        at += 5 * count
        let end = at + unsafeCount
        for offset in unsafeOffsets where at < end {
            out[at] = offset
            at += 1
        }
        precondition(at == end, "fewer unsafe-to-break offsets than counted")
        return start + at
    }

    static func appendContext(_ context: ShapeContext, to data: inout [Int32]) {
        for value in [context.font, context.features, context.language] {
            data.append(Int32(truncatingIfNeeded: value))
            data.append(Int32(truncatingIfNeeded: value >> 32))
        }
        data.append(Int32(bitPattern: context.script))
        data.append(context.rightToLeft ? 1 : 0)
    }

    /// The number of slots of the packed word at `offset`.
    static func size(_ arena: UnsafeBufferPointer<Int32>, at offset: Int) -> Int {
        headerSlots + Int(arena[offset + textCountSlot]) + 5 * Int(arena[offset + glyphCountSlot])
            + unsafeCount(arena, at: offset)
    }

    /// The packed word at `offset`, all its slots.
    static func entry(_ arena: UnsafeBufferPointer<Int32>, at offset: Int) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(rebasing: arena[offset..<(offset + size(arena, at: offset))])
    }

    /// True when the packed word at `offset` is `text[range]` shaped in `context`.
    static func matches(
        _ arena: UnsafeBufferPointer<Int32>, at offset: Int, _ text: UnsafeBufferPointer<UInt16>,
        _ range: Range<Int>, packed: SIMD8<Int32>
    ) -> Bool {
        // Offsets inside an entry the table points at: wrapping arithmetic, as no sum can
        // overflow, so that a lookup per word carries no overflow test per slot.
        guard Int(arena[offset &+ textCountSlot]) == range.count else { return false }
        // The eight context slots as four 64-bit words (the arena holds them in the
        // order `packed` does): four compares, not eight.
        let context = UnsafeRawPointer(arena.baseAddress! + (offset &+ contextSlot))
        let wanted = unsafeBitCast(packed, to: (UInt64, UInt64, UInt64, UInt64).self)
        guard context.loadUnaligned(as: UInt64.self) == wanted.0,
            context.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == wanted.1,
            context.loadUnaligned(fromByteOffset: 16, as: UInt64.self) == wanted.2,
            context.loadUnaligned(fromByteOffset: 24, as: UInt64.self) == wanted.3
        else { return false }
        var slot = offset &+ headerSlots
        for index in range {
            guard UInt16(truncatingIfNeeded: arena[slot]) == text[index] else { return false }
            slot &+= 1
        }
        return true
    }

    /// Appends the glyphs of the packed words at `offsets` (one per piece; pieces in logical
    /// order, words appended in visual order: reversed when `rightToLeft`), `glyphCount` in
    /// all, to `run`, clusters moved by each word's start, and their unsafe-to-break offsets
    /// to `unsafe`. Each of the run's five arrays grows once; then one pass over the words
    /// (every lookup done before, by the caller) copies each word's five fields and its
    /// offsets together, glyph by glyph: the words are a few glyphs each, and a pass per
    /// field with a `memmove` call per word and field cost more than the copying (a CJK
    /// run assembles a piece per character or two).
    static func append(
        _ arena: UnsafeBufferPointer<Int32>, words offsets: UnsafeMutableBufferPointer<Int>, pieces: [Range<Int>],
        rightToLeft: Bool, glyphCount: Int, to run: inout ShapedRun, unsafe: inout OffsetSet
    ) {
        let first = run.glyphs.count
        if glyphCount > 0 {
            run.glyphs.append(repeating: 0, count: glyphCount)
            run.clusters.append(repeating: 0, count: glyphCount)
            run.advances.append(repeating: 0, count: glyphCount)
            run.offsetsX.append(repeating: 0, count: glyphCount)
            run.offsetsY.append(repeating: 0, count: glyphCount)
        }
        let end = first + glyphCount
        run.glyphs.withUnsafeMutableBufferPointer { glyphs in
            run.clusters.withUnsafeMutableBufferPointer { clusters in
                run.advances.withUnsafeMutableBufferPointer { advances in
                    run.offsetsX.withUnsafeMutableBufferPointer { offsetsX in
                        run.offsetsY.withUnsafeMutableBufferPointer { offsetsY in
                            precondition(
                                glyphs.count == end && clusters.count == end && advances.count == end
                                    && offsetsX.count == end && offsetsY.count == end,
                                "glyph arrays of different lengths")
                            // Base addresses as locals: read through the closures' buffers, each
                            // store could alias them, and every glyph reloaded all five. None
                            // without glyphs (the arrays may be empty), when no word has any.
                            let bases =
                                glyphCount > 0
                                ? (
                                    glyphs.baseAddress!, clusters.baseAddress!, advances.baseAddress!,
                                    offsetsX.baseAddress!, offsetsY.baseAddress!
                                ) : nil
                            let words = pieces.count
                            var at = first
                            for position in 0..<words {
                                let index = rightToLeft ? words - 1 - position : position
                                let offset = offsets[index]
                                let count = Int(arena[offset + glyphCountSlot])
                                let fields = offset + headerSlots + Int(arena[offset + textCountSlot])
                                let unsafeCount = Self.unsafeCount(arena, at: offset)
                                precondition(
                                    at + count <= end && fields + 5 * count + unsafeCount <= arena.count,
                                    "packed words hold another glyph count")
                                let source = arena.baseAddress! + fields
                                let base = Int32(pieces[index].lowerBound)
                                // Wrapping sums: the precondition above bounds them all.
                                if count > 0, let (glyphs, clusters, advances, offsetsX, offsetsY) = bases {
                                    for slot in 0..<count {
                                        glyphs[at &+ slot] = UInt32(bitPattern: source[slot])
                                        clusters[at &+ slot] = source[count &+ slot] &+ base
                                        advances[at &+ slot] = source[2 &* count &+ slot]
                                        offsetsX[at &+ slot] = source[3 &* count &+ slot]
                                        offsetsY[at &+ slot] = source[4 &* count &+ slot]
                                    }
                                }
                                for slot in 0..<unsafeCount { unsafe.insert(Int(source[5 * count + slot] &+ base)) }
                                at += count
                            }
                            precondition(at == end, "packed words hold another glyph count")
                        }
                    }
                }
            }
        }
    }

    /// Appends the glyphs of the packed word at `offset` to `run`, clusters moved by
    /// `base`, and its unsafe-to-break offsets (moved by `base`) to `unsafe`.
    static func append(
        _ arena: UnsafeBufferPointer<Int32>, at offset: Int, to run: inout ShapedRun, unsafe: inout OffsetSet,
        base: Int32
    ) {
        let count = Int(arena[offset + glyphCountSlot])
        let start = offset + headerSlots + Int(arena[offset + textCountSlot])
        func field(_ index: Int) -> UnsafeBufferPointer<Int32> {
            UnsafeBufferPointer(rebasing: arena[(start + index * count)..<(start + (index + 1) * count)])
        }
        field(0).withMemoryRebound(to: UInt32.self) { run.glyphs.append(contentsOf: $0) }
        // Copied whole, then moved by `base` in place (one uniqueness check, not one per glyph).
        let first = run.clusters.count
        run.clusters.append(contentsOf: field(1))
        run.clusters.withUnsafeMutableBufferPointer { clusters in
            for index in first..<clusters.count { clusters[index] &+= base }
        }
        run.advances.append(contentsOf: field(2))
        run.offsetsX.append(contentsOf: field(3))
        run.offsetsY.append(contentsOf: field(4))
        let unsafeStart = start + 5 * count
        for slot in unsafeStart..<(unsafeStart + unsafeCount(arena, at: offset)) {
            unsafe.insert(Int(arena[slot] + base))
        }
    }
}
