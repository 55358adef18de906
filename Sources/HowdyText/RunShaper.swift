import CHarfBuzz
import CHowdyICU

/// Shapes the runs of one text, through a `WordShapeCache` where that is safe.
struct RunShaper {
    let text: UnsafeBufferPointer<UInt16>
    let cache: WordShapeCache?
    let language: hb_language_t?
    let features: [hb_feature_t]
    let featureSet: Int
    /// The text's segments (break opportunities at their ends), where runs of a CJK
    /// script may be cut for the cache (`shapeAtBreaks`).
    let segments: [ShapedText.Segment]
    /// The HarfBuzz buffer, made on the first run HarfBuzz shapes (a text whose runs are
    /// all cached never needs one).
    private let lazyBuffer = LazyShapingBuffer()
    /// The words and hashes of the run being shaped, their capacity kept from run to run
    /// (and from text to text: `ShapedTextArrays` pools it).
    let scratch: RunScratch
    /// Whether `shapeMissing` may shape a run's missing words together in one HarfBuzz
    /// call (`MissingWordBatch`); false for the batch's own shaper.
    let batchesMissing: Bool

    var buffer: ShapingBuffer { lazyBuffer.buffer }

    init(
        text: UnsafeBufferPointer<UInt16>, cache: WordShapeCache?, language: hb_language_t?,
        features: [hb_feature_t], featureSet: Int, segments: [ShapedText.Segment] = [],
        scratch: RunScratch = RunScratch(), batchesMissing: Bool = true
    ) {
        self.scratch = scratch
        self.batchesMissing = batchesMissing
        self.text = text
        self.cache = cache
        self.language = language
        self.features = features
        self.featureSet = featureSet
        self.segments = segments
    }

    /// Appends to `store` the glyphs of the runs `items[start..<end]` for the last `end`
    /// (at least `start + 1`) such that `shape` would give each of them, in `font`, its
    /// nominal glyphs (its first branch after the cache checks), in one `NominalShaping`
    /// look-up over their joined range, and returns `end`: one glyph per unit, so the
    /// runs' glyphs are their units' offsets from `items[start].start` on, exactly what
    /// `shape` would append run by run. Nil, with `store` unchanged, when `items[start]`
    /// does not qualify or a unit is not nominal (`shape` then takes each run).
    ///
    /// Why: a Japanese paragraph is about 26 runs (kanji, hiragana and katakana are three
    /// scripts), and each run's look-up (a stripe lock, five column appends) cost about
    /// 600 instructions (callgrind, a JSON-lines request).
    @inline(never)
    func shapeNominal(_ items: [TextRun], from start: Int, font: Font, store: inout ShapedRun) -> Int? {
        guard let cache else { return nil }
        let fontIndex = items[start].fontIndex
        var end = start
        while end < items.count {
            let item = items[end]
            guard item.fontIndex == fontIndex, !item.isRightToLeft, NominalShaping.takes(item.script),
                Self.isCacheable(item, in: text)
            else { break }
            let context = ShapeContext(
                font: font.instance.serial, features: featureSet, script: item.script.rawValue,
                rightToLeft: false, language: language.map { Int(bitPattern: $0) } ?? 0)
            let boundaries = SpaceBoundaries.shared(
                in: cache, font: font, context: context, script: item.script, language: language,
                features: features)
            guard boundaries.clustersAreIndependent else { break }
            end += 1
        }
        guard end > start,
            NominalShaping.append(text, range: items[start].start..<items[end - 1].end, font: font, to: &store)
        else { return nil }
        return end
    }

    /// Shapes `item` with `font`, appending its glyphs to `store` (a text's glyph store)
    /// and adding the offsets HarfBuzz marks unsafe to break to `unsafe`. Returns the
    /// range of the run's glyphs in `store`.
    func shape(_ item: TextRun, font: Font, into unsafe: inout OffsetSet, store: inout ShapedRun) -> Range<Int> {
        let first = store.glyphs.count
        guard let cache, Self.isCacheable(item, in: text) else {
            shapeWhole(item, font: font, into: &unsafe, store: &store)
            return first..<store.glyphs.count
        }
        let context = ShapeContext(
            font: font.instance.serial, features: featureSet, script: item.script.rawValue,
            rightToLeft: item.isRightToLeft, language: language.map { Int(bitPattern: $0) } ?? 0)
        let boundaries = SpaceBoundaries.shared(
            in: cache, font: font, context: context, script: item.script, language: language, features: features)
        // Ideographs and kana where the plan applies nothing: HarfBuzz's answer is the font's
        // nominal glyphs and advances, read directly (`NominalShaping`), no cache needed.
        if boundaries.clustersAreIndependent, NominalShaping.takes(item.script), !item.isRightToLeft,
            NominalShaping.append(text, range: item.start..<item.end, font: font, to: &store)
        {
            return first..<store.glyphs.count
        }
        if boundaries.clustersAreIndependent, Self.cutsAtBreaks(item.script), item.end - item.start > 1,
            !text[item.start..<item.end].contains(0x2044)
        {
            shapeAtBreaks(
                item, font: font, cache: cache, context: context, boundaries: boundaries, into: &unsafe, store: &store)
            return first..<store.glyphs.count
        }
        // Cut into words only here (a CJK run above has no spaces to walk for), and hashed
        // once, for the lookup and for storing the words after a miss, in the same walk.
        // `fractions`: the run holds U+2044 (see SpaceBoundaries).
        let fractions = words(
            item.start..<item.end, seed: WordShapeCache.seed(context), into: &scratch.pieces, hashes: &scratch.hashes)
        let pieces = scratch.pieces
        let hashes = scratch.hashes
        // Into the scratch arrays: two new arrays per run cost more than the answers.
        boundaries.canCut(text, before: pieces, into: &scratch.cuts)
        let cuts = scratch.cuts
        // Known words first, from those stored as clean: the same answer as judging every
        // word clean below and then assembling, without judging (`assembleIfClean`); and
        // before them, under the same lock, a run met often before (`storeRun`), whole
        // (`RunEntry`). Not for a batch of missing words (`MissingWordBatch`): its text is
        // made up.
        if boundaries.judgesWordsAlone, !cuts.contains(false) {
            let runHash = batchesMissing && pieces.count > 1 ? RunEntry.key(hashes) : nil
            switch cache.assembleIfClean(
                text, pieces: pieces, hashes: hashes, context: context, rightToLeft: item.isRightToLeft,
                into: &store, unsafe: &unsafe, whole: runHash.map { ($0, item.start..<item.end) })
            {
            case .whole:
                return first..<store.glyphs.count
            case .words:
                storeRun(
                    item, hash: runHash, glyphs: first..<store.glyphs.count, of: store, unsafe: unsafe, cache: cache,
                    context: context)
                return first..<store.glyphs.count
            case .missed:
                break
            }
        }
        // Missed: which words the cache was asked for before, marking the run's words
        // asked now (after the lookup above, so that a warm run pays no mark). A word is
        // stored only once it was asked for before (below), and every word of a run that
        // misses is marked here, so when none of this run's words was asked for, the
        // cache holds none of them: the run is shaped whole with no further lookup, no
        // judging of its words and nothing stored (a text met for the first time). Not
        // for a batch of missing words (`MissingWordBatch`): the run that missed them
        // marked them. Once the table starts afresh (`AskedWords`), a stored word may read
        // as never asked for; its run is then shaped whole once more, never differently.
        var asked: [Bool] = []
        if batchesMissing {
            _ = cache.markAsked(hashes, before: &scratch.asked)
            asked = scratch.asked
            // A run that starts after a font change (a Latin run after an emoji or a bold
            // span) starts with a piece of spaces only, met in every such run: asked for
            // before says nothing about its words, and counted, it sent every such run down
            // the path below (judging, lookups, a store that locks every stripe) to store
            // that piece alone. It counts only when it is the run's only piece.
            let words = pieces.count > 1 && text[pieces[0].lowerBound] == 0x20 ? 1 : 0
            guard asked[words...].contains(true) else {
                shapeWhole(item, font: font, into: &unsafe, store: &store)
                return first..<store.glyphs.count
            }
        }
        // Judged where the words are judged alone: first which the cache holds as clean
        // (judged clean before, so not judged again) and which it lacks, in one pass
        // (`WordShapeCache.survey`), so that a run of known words with a new one judges
        // and looks up what it must once, not every word again at each step below.
        let surveyed = boundaries.judgesWordsAlone
        if surveyed {
            cache.survey(
                text, pieces: pieces, hashes: hashes, context: context, clean: &scratch.known,
                missing: &scratch.missing)
            boundaries.cleanWords(text, pieces, known: scratch.known, into: &scratch.clean)
        } else {
            boundaries.cleanWords(text, pieces, into: &scratch.clean)
        }
        let clean = scratch.clean
        // Assembled from cached words only when every cut is safe and every word is clean
        // here: a cached word is not clean by being cached (`shapeWindowed` stores words
        // outside its windows, such as Inter's "x ", which are not), so a hit alone would
        // let a cross-space rule ("3 x 4" -> ×) go unapplied.
        var windows: [Range<Int>]?
        if !cuts.contains(false), !clean.contains(false) {
            // Not when the survey found a word missing: the lookup would miss it too (it is
            // counted as that lookup would count it).
            if surveyed, let firstMissing = scratch.missing.first {
                cache.countMissedLookup(pieces: pieces.count, firstMissing: firstMissing)
            } else if cache.assemble(
                text, pieces: pieces, context: context, rightToLeft: item.isRightToLeft, into: &store,
                unsafe: &unsafe, hashes: hashes)
            {
                return first..<store.glyphs.count
            }
            if shapeMissing(
                item, font: font, cache: cache, context: context, entries: pieces, hashes: hashes, clean: clean,
                missingKnown: surveyed, into: &unsafe, store: &store)
            {
                return first..<store.glyphs.count
            }
        } else if !fractions {
            windows = ShapingWindows.windows(
                text, pieces: pieces, cuts: cuts, clean: clean, crossings: boundaries.crossings,
                font: font.instance.handle, nominal: boundaries.asciiGlyphs)
            if let windows,
                shapeWindowed(
                    item, font: font, cache: cache, context: context, pieces: pieces, hashes: hashes,
                    clean: clean, windows: windows, into: &unsafe, store: &store)
            {
                return first..<store.glyphs.count
            }
        }
        shapeWhole(item, font: font, into: &unsafe, store: &store)
        let glyphs = first..<store.glyphs.count
        if !fractions {
            // Only words asked for before (by an earlier text, or earlier in this one) are
            // stored: a text met once, a one-off title or a corpus's paragraph, pays for
            // shaping, not for packing and inserting words nobody asks for again (about a
            // tenth of a first-sight Hebrew balance), and a word is stored the second
            // time it is met. Windows are kept as before once any word was asked for. A
            // batch of missing words (`MissingWordBatch`) stores them all: the run that
            // missed them asked, and is assembled from them next.
            var (data, words) = storable(
                store, glyphs: glyphs, rightToLeft: item.isRightToLeft, pieces: pieces, hashes: hashes, cuts: cuts,
                boundaries: boundaries, context: context, clean: clean, asked: batchesMissing ? asked : nil)
            if let windows {
                storeWindows(
                    windows, of: store, glyphs: glyphs, rightToLeft: item.isRightToLeft, pieces: pieces,
                    context: context, into: &data, &words)
            }
            cache.store(data, words: words)
        }
        return glyphs
    }

    /// What one more HarfBuzz call costs beyond the text it shapes, in UTF-16 units of
    /// shaped text: a call's fixed work (clearing the buffer, finding the shape plan,
    /// walking every lookup of the plan once) measured against its per-unit work in Inter,
    /// whose plan has the most lookups of the bundled fonts (callgrind). Only a choice of
    /// route; both routes give the same glyphs.
    static let callCostInUnits = 16

    /// Shapes apart only the entries of a run (words, or `ShapingWindows` windows) that
    /// the cache lacks, stores them, and assembles the run from the cache. Every entry
    /// must be one whose glyphs shaped alone (with the text around it as HarfBuzz context)
    /// equal its glyphs in the run shaped whole: a clean word with safe cuts on both sides,
    /// or a window (see `ShapingWindows`); that is what assembling cached entries already
    /// relies on, so an entry shaped here is the entry another text would have stored.
    ///
    /// A text made mostly of known words, with a few new ones, then costs a HarfBuzz call
    /// per new word instead of one over the whole run. Taken only when those calls shape
    /// fewer units, counting `callCostInUnits` per call, than the run holds. False, with
    /// `store` and `unsafe` as they were, when it is not taken or when the run still cannot
    /// be assembled (an entry not storable, its store dropped because another thread held
    /// the cache, or evicted by another thread meanwhile); the caller then shapes the run
    /// whole.
    /// - Parameters:
    ///   - entries: the run's entries in logical order, tiling it (UTF-16 ranges of `text`).
    ///   - hashes: `WordShapeCache.hash(text, entry, context)` of each entry.
    ///   - clean: per entry, whether `SpaceBoundaries.cleanWords` found it clean (a word
    ///     outside every window may not be; a window is not a word): stored with it
    ///     (`PackedWord.cleanFlag`).
    ///   - missingKnown: `scratch.missing` already holds the entries the cache lacked, from
    ///     `WordShapeCache.survey` of these entries (else they are looked up here).
    private func shapeMissing(
        _ item: TextRun, font: Font, cache: WordShapeCache, context: ShapeContext, entries: [Range<Int>],
        hashes: [UInt64], clean: [Bool], missingKnown: Bool = false, into unsafe: inout OffsetSet,
        store: inout ShapedRun
    ) -> Bool {
        precondition(clean.count == entries.count, "a clean answer per entry")
        // Any missing entry costs at least the shortest entry and a call: when that is
        // already the run's length or more (a run of one word, as an emoji between Latin
        // words is, or of a few short ones), the route cannot be taken, so the cache is
        // not asked which entries it lacks.
        var shortest = item.end - item.start
        for entry in entries { shortest = min(shortest, entry.count) }
        guard shortest + Self.callCostInUnits < item.end - item.start else { return false }
        if !missingKnown {
            cache.missing(text, pieces: entries, hashes: hashes, context: context, into: &scratch.missing)
        }
        var missing = scratch.missing
        guard !missing.isEmpty else { return false }
        // The least the route can cost: the missing units, less a last entry that may be
        // derived without a call, and one call if anything else is missing. When even that
        // is the run's length or more (every word missing, as in a text seen first), the
        // guard below would refuse anyway, so neither the derivation's lookup nor the
        // batch's words (its repeated-word check is quadratic) are paid for.
        var missingUnits = 0
        for index in missing { missingUnits += entries[index].count }
        let lastMayDerive = missing.last == entries.count - 1
        let leastUnits =
            missingUnits - (lastMayDerive ? entries[entries.count - 1].count : 0)
            + (missing.count > (lastMayDerive ? 1 : 0) ? Self.callCostInUnits : 0)
        guard leastUnits < item.end - item.start else { return false }
        // The run's last entry, without a space after it, from its spaced twin (`SpacelessWord`).
        if let last = missing.last, last == entries.count - 1,
            deriveSpaceless(entries[last], hash: hashes[last], clean: clean[last], cache: cache, context: context)
        {
            missing.removeLast()
            if missing.isEmpty {
                return cache.assemble(
                    text, pieces: entries, context: context, rightToLeft: item.isRightToLeft, into: &store,
                    unsafe: &unsafe, hashes: hashes)
            }
        }
        // Words (not windows) go to HarfBuzz together when there are two or more.
        let batch = batchesMissing ? MissingWordBatch(text, entries: entries, hashes: hashes, missing: missing) : nil
        let alone = batch?.alone ?? missing
        var units = 0
        for index in missing { units += entries[index].count }
        units += (alone.count + (batch == nil ? 0 : 1)) * Self.callCostInUnits
        guard units < item.end - item.start else { return false }
        if let batch {
            batch.shape(
                item, font: font, cache: cache, language: language, features: features, featureSet: featureSet)
        }
        let first = store.glyphs.count
        var data: [Int32] = []
        var words: [(hash: UInt64, range: Range<Int>)] = []
        for index in alone {
            let before = store.glyphs.count
            buffer.shape(
                text, range: entries[index], context: true, level: item.level, script: item.script,
                language: language, font: font, features: features, appendingTo: &store)
            pack(
                store, glyphs: before..<store.glyphs.count, bufferStart: before, range: entries[index],
                hash: hashes[index], context: context, rightToLeft: item.isRightToLeft, clean: clean[index],
                into: &data, &words)
        }
        store.truncate(to: first)
        guard cache.store(data, words: words) else { return false }
        return cache.assemble(
            text, pieces: entries, context: context, rightToLeft: item.isRightToLeft, into: &store, unsafe: &unsafe,
            hashes: hashes)
    }

    /// A window's text: its words from the first's start to the last's end.
    private func span(_ window: Range<Int>, _ pieces: [Range<Int>]) -> Range<Int> {
        pieces[window.lowerBound].lowerBound..<pieces[window.upperBound - 1].upperBound
    }

    /// Shapes a run through the cache with `windows` (ranges of `pieces`,
    /// `ShapingWindows`) shaped apart: each window's glyphs are those of its text shaped
    /// alone, whatever is around it, so a window is cached as one entry, as a word is.
    /// One lookup when the run's words and windows are all cached; otherwise the entries
    /// not cached, windows or words, are shaped apart and stored when that is cheaper than
    /// the whole run (`shapeMissing`). False otherwise (a text seen for the first time):
    /// `store` and `unsafe` are then as they were, and the caller shapes the run whole,
    /// which stores its windows and those of its clean words asked for before.
    private func shapeWindowed(
        _ item: TextRun, font: Font, cache: WordShapeCache, context: ShapeContext, pieces: [Range<Int>],
        hashes: [UInt64], clean: [Bool], windows: [Range<Int>], into unsafe: inout OffsetSet, store: inout ShapedRun
    ) -> Bool {
        // The run as cache entries: words outside windows (clean or not, as judged), each
        // window whole (never marked clean: it is no word `cleanWords` judged).
        scratch.partPieces.removeAll(keepingCapacity: true)
        scratch.partHashes.removeAll(keepingCapacity: true)
        scratch.partClean.removeAll(keepingCapacity: true)
        var next = 0
        for window in windows {
            scratch.partPieces.append(contentsOf: pieces[next..<window.lowerBound])
            scratch.partHashes.append(contentsOf: hashes[next..<window.lowerBound])
            scratch.partClean.append(contentsOf: clean[next..<window.lowerBound])
            let range = span(window, pieces)
            scratch.partPieces.append(range)
            scratch.partHashes.append(WordShapeCache.hash(text, range, context))
            scratch.partClean.append(false)
            next = window.upperBound
        }
        scratch.partPieces.append(contentsOf: pieces[next...])
        scratch.partHashes.append(contentsOf: hashes[next...])
        scratch.partClean.append(contentsOf: clean[next...])
        if cache.assemble(
            text, pieces: scratch.partPieces, context: context, rightToLeft: item.isRightToLeft, into: &store,
            unsafe: &unsafe, hashes: scratch.partHashes)
        {
            return true
        }
        return shapeMissing(
            item, font: font, cache: cache, context: context, entries: scratch.partPieces,
            hashes: scratch.partHashes, clean: scratch.partClean, into: &unsafe, store: &store)
    }

    /// Packs the windows of a run just shaped whole (`glyphs` of `store`; the HarfBuzz
    /// buffer still holds them) into `data` and `words`, to be stored with its words.
    private func storeWindows(
        _ windows: [Range<Int>], of store: ShapedRun, glyphs run: Range<Int>, rightToLeft: Bool,
        pieces: [Range<Int>], context: ShapeContext, into data: inout [Int32],
        _ words: inout [(hash: UInt64, range: Range<Int>)]
    ) {
        guard
            Self.glyphRanges(
                store.clusters, run: run, rightToLeft: rightToLeft, pieces: pieces, into: &scratch.glyphs)
        else { return }
        let pieceGlyphs = scratch.glyphs
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer.handle, &count), Int(count) == run.count else { return }
        for window in windows where !pieceGlyphs[window].contains(where: \.isEmpty) {
            guard
                !Self.matchSpansCut(
                    before: pieceGlyphs[window.lowerBound], rightToLeft: rightToLeft, infos: infos,
                    bufferStart: run.lowerBound),
                window.upperBound == pieces.count
                    || !Self.matchSpansCut(
                        before: pieceGlyphs[window.upperBound], rightToLeft: rightToLeft, infos: infos,
                        bufferStart: run.lowerBound)
            else { continue }
            let (low, high) = (pieceGlyphs[window.lowerBound], pieceGlyphs[window.upperBound - 1])
            let glyphs = rightToLeft ? high.lowerBound..<low.upperBound : low.lowerBound..<high.upperBound
            let range = span(window, pieces)
            pack(
                store, glyphs: glyphs, bufferStart: run.lowerBound, range: range,
                hash: WordShapeCache.hash(text, range, context), context: context, rightToLeft: rightToLeft,
                clean: false, into: &data, &words)
        }
    }

    /// Stores `item` whole (`RunEntry`) under `hash` (nil: nothing) when its words have
    /// all come from the cache, with every cut safe and every word clean, for the third
    /// time (`WordShapeCache.markRunAssembled`). A text met once or twice (a request of
    /// known words laid out twice) pays a missed lookup and a mark, not an entry that
    /// would never be used. Its glyphs are those words',
    /// now `glyphs` of `store`; its unsafe-to-break offsets are the run's in `unsafe`,
    /// which holds no other run's there (each run adds only offsets of its own clusters).
    @inline(never)  // Rarely past its first test: kept out of `shape`, whose routes are hot.
    private func storeRun(
        _ item: TextRun, hash: UInt64?, glyphs: Range<Int>, of store: ShapedRun, unsafe: OffsetSet,
        cache: WordShapeCache, context: ShapeContext
    ) {
        guard let hash, cache.markRunAssembled(hash) else { return }
        let range = item.start..<item.end
        var offsets: [Int32] = []
        for offset in range where unsafe.contains(offset) { offsets.append(Int32(offset - item.start)) }
        var data: [Int32] = []
        PackedWord.pack(
            into: &data, context: context, text: UnsafeBufferPointer(rebasing: text[range]), run: store,
            glyphs: glyphs, base: Int32(item.start), unsafe: offsets, clean: false)
        cache.store(data, words: [(hash, 0..<data.count)])
    }

    /// Packs `glyphs` of `store`, the glyphs of `text[range]` (the HarfBuzz buffer holds
    /// them from `bufferStart` on, for their unsafe-to-break flags), as the entry `hash`,
    /// unless no glyph starts the range (then nothing is packed); marked clean when `clean`
    /// (`PackedWord.cleanFlag`: only for a word `SpaceBoundaries.cleanWords` found clean).
    private func pack(
        _ store: ShapedRun, glyphs: Range<Int>, bufferStart: Int, range: Range<Int>, hash: UInt64,
        context: ShapeContext, rightToLeft: Bool, clean: Bool, into data: inout [Int32],
        _ words: inout [(hash: UInt64, range: Range<Int>)]
    ) {
        var count: UInt32 = 0
        guard !glyphs.isEmpty, let infos = hb_buffer_get_glyph_infos(buffer.handle, &count),
            glyphs.lowerBound >= bufferStart, glyphs.upperBound - bufferStart <= Int(count),
            Int(store.clusters[rightToLeft ? glyphs.upperBound - 1 : glyphs.lowerBound]) == range.lowerBound
        else { return }
        let unsafeBreak = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        let base = Int32(range.lowerBound)
        let unsafeOffsets = glyphs.filter { infos[$0 - bufferStart].mask & unsafeBreak != 0 }
            .map { Int32(infos[$0 - bufferStart].cluster) - base }
        let start = data.count
        PackedWord.pack(
            into: &data, context: context, text: UnsafeBufferPointer(rebasing: text[range]), run: store,
            glyphs: glyphs, base: base, unsafe: unsafeOffsets, clean: clean)
        words.append((hash, start..<data.count))
    }

    private func shapeWhole(_ item: TextRun, font: Font, into unsafe: inout OffsetSet, store: inout ShapedRun) {
        buffer.shape(
            text, range: item.start..<item.end, context: true, level: item.level, script: item.script,
            language: language, font: font, features: features, appendingTo: &store, unsafe: &unsafe)
    }

    /// A run of a CJK script in a context where HarfBuzz shapes each cluster by itself
    /// (`SpaceBoundaries.clustersAreIndependent`), through the cache: the run whole (one
    /// lookup when the same text comes again), else its pieces between break
    /// opportunities (`segments`) where a cluster starts, so that another text made of
    /// the same words and characters is assembled without HarfBuzz. After a miss the run
    /// is shaped whole and stored whole; of its pieces, only those asked for before (by
    /// an earlier text or earlier in this run, `AskedWords`) are stored, and only when
    /// their glyphs lie within them and one starts at their first unit (`storePieces`):
    /// a text seen for the first time pays for one entry, not one per character, and
    /// its pieces are looked up only when every one was asked for before (a piece never
    /// asked for was never stored).
    private func shapeAtBreaks(
        _ item: TextRun, font: Font, cache: WordShapeCache, context: ShapeContext, boundaries: SpaceBoundaries,
        into unsafe: inout OffsetSet, store: inout ShapedRun
    ) {
        let first = store.glyphs.count
        let whole = item.start..<item.end
        let wholeHash = WordShapeCache.hash(text, whole, context)
        if cache.assemble(
            text, pieces: [whole], context: context, rightToLeft: item.isRightToLeft, into: &store, unsafe: &unsafe,
            hashes: [wholeHash])
        {
            return
        }
        piecesAtBreaks(whole, into: &scratch.pieces)
        let pieces = scratch.pieces
        // A piece per character, mostly: sized once and written through a pointer
        // rather than appended to one by one (each append tests the array for sharing).
        scratch.hashes.removeAll(keepingCapacity: true)
        scratch.hashes.append(repeating: 0, count: pieces.count)
        let seed = WordShapeCache.seed(context)
        scratch.hashes.withUnsafeMutableBufferPointer { hashes in
            for (index, piece) in pieces.enumerated() { hashes[index] = WordShapeCache.hash(text, piece, seed: seed) }
        }
        let hashes = scratch.hashes
        guard pieces.count > 1 else {
            shapeWhole(item, font: font, into: &unsafe, store: &store)
            let (data, words) = storable(
                store, glyphs: first..<store.glyphs.count, rightToLeft: item.isRightToLeft, pieces: [whole],
                hashes: [wholeHash], cuts: [], boundaries: boundaries, context: context)
            cache.store(data, words: words)
            return
        }
        let allAsked = cache.markAsked(hashes, before: &scratch.asked)
        if allAsked,
            cache.assemble(
                text, pieces: pieces, context: context, rightToLeft: item.isRightToLeft, into: &store, unsafe: &unsafe,
                hashes: hashes)
        {
            return
        }
        shapeWhole(item, font: font, into: &unsafe, store: &store)
        let glyphs = first..<store.glyphs.count
        var (data, words) = storable(
            store, glyphs: glyphs, rightToLeft: item.isRightToLeft, pieces: [whole], hashes: [wholeHash], cuts: [],
            boundaries: boundaries, context: context)
        if !item.isRightToLeft, scratch.asked.contains(true) {
            // Every cut is at a cluster start, which is all this context needs.
            storePieces(
                store, glyphs: glyphs, pieces: pieces, hashes: hashes, asked: scratch.asked, context: context,
                into: &data, &words)
        }
        cache.store(data, words: words)
    }

    /// Packs (`PackedWord`) the pieces of a left-to-right run just shaped whole that were
    /// asked for before (`asked`, parallel to `pieces`), in one pass over its glyphs,
    /// which must be in cluster order: a piece is kept when its glyphs are the run's
    /// consecutive glyphs whose clusters lie in it and the first one's cluster is its
    /// start. Glyphs out of cluster order keep no piece at all. Appends to `data` and
    /// `words` (hash and slots of each entry).
    private func storePieces(
        _ store: ShapedRun, glyphs run: Range<Int>, pieces: [Range<Int>], hashes: [UInt64], asked: [Bool],
        context: ShapeContext, into data: inout [Int32], _ words: inout [(hash: UInt64, range: Range<Int>)]
    ) {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer.handle, &count), Int(count) == run.count,
            let textStart = pieces.first?.lowerBound, let textEnd = pieces.last?.upperBound
        else { return }
        let unsafeBreak = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        let kept = data.count
        let keptWords = words.count
        data.reserveCapacity(data.count + pieces.count * PackedWord.headerSlots + (textEnd - textStart) + run.count * 6)
        words.reserveCapacity(words.count + pieces.count)
        var contextSlots: [Int32] = []
        PackedWord.appendContext(context, to: &contextSlots)
        var inOrder = true
        let fields = (store.glyphs, store.clusters, store.advances, store.offsetsX, store.offsetsY)
        fields.0.withUnsafeBufferPointer { ids in
            fields.1.withUnsafeBufferPointer { clusters in
                fields.2.withUnsafeBufferPointer { advances in
                    fields.3.withUnsafeBufferPointer { offsetsX in
                        fields.4.withUnsafeBufferPointer { offsetsY in
                            var glyph = run.lowerBound
                            for (index, piece) in pieces.enumerated() {
                                let first = glyph
                                while glyph < run.upperBound, Int(clusters[glyph]) < piece.upperBound {
                                    guard Int(clusters[glyph]) >= piece.lowerBound else {
                                        inOrder = false
                                        return
                                    }
                                    glyph += 1
                                }
                                guard asked[index], first < glyph, Int(clusters[first]) == piece.lowerBound
                                else { continue }
                                let base = Int32(piece.lowerBound)
                                let start = data.count
                                data.append(Int32(piece.count))
                                data.append(Int32(glyph - first))
                                data.append(0)  // unsafe-to-break count, set below
                                data.append(contentsOf: contextSlots)
                                for unit in text[piece] { data.append(Int32(unit)) }
                                for position in first..<glyph { data.append(Int32(bitPattern: ids[position])) }
                                for position in first..<glyph { data.append(clusters[position] - base) }
                                data.append(contentsOf: UnsafeBufferPointer(rebasing: advances[first..<glyph]))
                                data.append(contentsOf: UnsafeBufferPointer(rebasing: offsetsX[first..<glyph]))
                                data.append(contentsOf: UnsafeBufferPointer(rebasing: offsetsY[first..<glyph]))
                                var unsafeCount: Int32 = 0
                                for position in first..<glyph
                                where infos[position - run.lowerBound].mask & unsafeBreak != 0 {
                                    data.append(Int32(infos[position - run.lowerBound].cluster) - base)
                                    unsafeCount += 1
                                }
                                data[start + PackedWord.unsafeCountSlot] = unsafeCount
                                words.append((hashes[index], start..<data.count))
                            }
                            if glyph != run.upperBound { inOrder = false }
                        }
                    }
                }
            }
        }
        if !inOrder {
            data.removeSubrange(kept...)
            words.removeSubrange(keptWords...)
        }
    }

    /// Scripts HarfBuzz shapes with its default shaper and that are written without
    /// spaces: Han, Hiragana, Katakana and Bopomofo (not Hangul, whose shaper composes jamo).
    static func cutsAtBreaks(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_HAN || script == HB_SCRIPT_HIRAGANA || script == HB_SCRIPT_KATAKANA
            || script == HB_SCRIPT_BOPOMOFO
    }

    /// `range` cut at the segment ends inside it where HarfBuzz starts a cluster, into `pieces`.
    private func piecesAtBreaks(_ range: Range<Int>, into pieces: inout [Range<Int>]) {
        pieces.removeAll(keepingCapacity: true)
        var low = 0
        var high = segments.count
        while low < high {  // the first segment ending after the run's start
            let mid = (low + high) / 2
            if Int(segments[mid].end) <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var end = low
        high = segments.count
        while end < high {  // the first segment ending at or after the run's end
            let mid = (end + high) / 2
            if Int(segments[mid].end) < range.upperBound { end = mid + 1 } else { high = mid }
        }
        // At most a piece per segment end inside the run, and the last: sized once and
        // written through a pointer (a CJK run has a piece per character, and each
        // append tests the array for sharing), then cut to the pieces made.
        pieces.append(repeating: 0..<0, count: end - low + 1)
        let made = pieces.withUnsafeMutableBufferPointer { pieces in
            var start = range.lowerBound
            var count = 0
            for index in low..<end {
                let cut = Int(segments[index].end)
                if Self.startsCluster(text, at: cut) {
                    pieces[count] = start..<cut
                    count += 1
                    start = cut
                }
            }
            pieces[count] = start..<range.upperBound
            return count + 1
        }
        pieces.removeLast(pieces.count - made)
    }

    /// True when HarfBuzz starts a new cluster at `offset` (its `hb_set_unicode_props` and
    /// `form_clusters`): the character there is no continuation — not a mark, format
    /// character (ZWJ, ZWNJ, variation selectors are marks or format characters, tags),
    /// control or separator (ICU's attaching classes), emoji modifier, regional indicator
    /// (pairs make flags), halfwidth katakana voiced mark or Hangul jamo — and the one
    /// before is not ZWJ. Offsets inside a surrogate pair are never cluster starts.
    static func startsCluster(_ text: UnsafeBufferPointer<UInt16>, at offset: Int) -> Bool {
        guard offset > 0, offset < text.count, text[offset] & 0xFC00 != 0xDC00, text[offset - 1] != 0x200D else {
            return false
        }
        let scalar = Itemization.decode(text, at: offset).0
        // CJK Unified Ideographs and Extension A, the bulk of a Han run: letters (Lo),
        // never a continuation, answered without the property table
        // (`ItemizationFastPathTests` checks ICU agrees).
        if (0x4E00...0x9FFF).contains(scalar) || (0x3400...0x4DBF).contains(scalar) { return true }
        switch scalar {
        case 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0xFF9E...0xFF9F, 0xE0000...0xE0FFF, 0x1100...0x11FF,
            0xA960...0xA97F, 0xD7B0...0xD7FF:
            return false
        default:
            return scalar >= 0x80
                ? howdy_scalar_properties(scalar) & UInt32(HOWDY_PROPERTY_ATTACHING) == 0
                : scalar > 0x20 && scalar != 0x7F
        }
    }

    /// The run's words, into `pieces` (each ends after the spaces that follow it), and
    /// each word's `WordShapeCache.hash(text, word, seed: seed)` into `hashes`, in one
    /// walk. Returns whether the run holds U+2044 FRACTION SLASH.
    @discardableResult
    func words(_ range: Range<Int>, seed: FNV1a, into pieces: inout [Range<Int>], hashes: inout [UInt64]) -> Bool {
        pieces.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
        var start = range.lowerBound
        var hash = seed
        var fractionSlash = false
        var index = range.lowerBound
        let end = range.upperBound
        // A word's units up to its spaces, then the spaces, each in a loop of its own (one
        // test per unit, not a look back at the unit before); a unit that is no space after
        // spaces starts the next word.
        while index < end {
            while index < end, text[index] != 0x20 {
                let unit = text[index]
                hash.mix(UInt64(unit))
                if unit == 0x2044 { fractionSlash = true }
                index += 1
            }
            while index < end, text[index] == 0x20 {
                hash.mix(0x20)
                index += 1
            }
            if index < end {
                pieces.append(start..<index)
                hashes.append(hash.finalized)
                start = index
                hash = seed
            }
        }
        pieces.append(start..<end)
        hashes.append(hash.finalized)
        return fractionSlash
    }

    /// Words of a run just shaped whole whose glyphs do not depend on the text around
    /// them: their clusters start and end at their own edges, no lookup that can match
    /// across a space can change them (`SpaceBoundaries.cleanWords`, or `clean` when known), and pair positioning
    /// across the spaces at their edges changes nothing (`SpaceBoundaries.canCut`);
    /// with `asked` (parallel to `pieces`), only those asked for before.
    /// `store`'s glyphs `run` are the run; the HarfBuzz buffer still holds them.
    @inline(__always)
    private func storable(
        _ store: ShapedRun, glyphs run: Range<Int>, rightToLeft: Bool, pieces: [Range<Int>], hashes: [UInt64],
        cuts: [Bool], boundaries: SpaceBoundaries, context: ShapeContext, clean known: [Bool]? = nil,
        asked: [Bool]? = nil
    ) -> (data: [Int32], words: [(hash: UInt64, range: Range<Int>)]) {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer.handle, &count), Int(count) == run.count
        else { return ([], []) }
        let unsafeBreak = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        let clean = known ?? boundaries.cleanWords(text, pieces)
        // The words to store and their glyphs first, so that the packed data is made in
        // one allocation of its exact size and written in place.
        var chosen = scratch.chosen
        scratch.chosen = []
        chosen.removeAll(keepingCapacity: true)
        var total = 0
        guard
            Self.glyphRanges(store.clusters, run: run, rightToLeft: rightToLeft, pieces: pieces, into: &scratch.glyphs)
        else { return ([], []) }
        let pieceGlyphs = scratch.glyphs
        for (index, piece) in pieces.enumerated() {
            // cuts[i] is the cut before piece i + 1.
            guard index == 0 || cuts[index - 1], index == pieces.count - 1 || cuts[index], clean[index],
                asked?[index] ?? true
            else { continue }
            // The piece's glyphs all lie in it (the walk made sure); one must start it:
            // the one with the smallest cluster, first left to right, last right to left.
            let glyphs = pieceGlyphs[index]
            guard !glyphs.isEmpty,
                Int(store.clusters[rightToLeft ? glyphs.upperBound - 1 : glyphs.lowerBound]) == piece.lowerBound,
                !Self.matchSpansCut(
                    before: glyphs, rightToLeft: rightToLeft, infos: infos, bufferStart: run.lowerBound),
                index == pieces.count - 1
                    || !Self.matchSpansCut(
                        before: pieceGlyphs[index + 1], rightToLeft: rightToLeft, infos: infos,
                        bufferStart: run.lowerBound)
            else { continue }
            var unsafeCount = 0
            for glyph in glyphs where infos[glyph - run.lowerBound].mask & unsafeBreak != 0 { unsafeCount += 1 }
            chosen.append((index, glyphs, unsafeCount))
            total += PackedWord.size(textCount: piece.count, glyphCount: glyphs.count, unsafeCount: unsafeCount)
        }
        var words: [(hash: UInt64, range: Range<Int>)] = []
        words.reserveCapacity(chosen.count)
        let data = store.withColumns { columns in
            [Int32](unsafeUninitializedCapacity: total) { slots, initialized in
                var at = 0
                for (index, glyphs, unsafeCount) in chosen {
                    let piece = pieces[index]
                    let base = Int32(piece.lowerBound)
                    let unsafeOffsets = glyphs.lazy.filter { infos[$0 - run.lowerBound].mask & unsafeBreak != 0 }
                        .map { Int32(infos[$0 - run.lowerBound].cluster) - base }
                    let end = PackedWord.write(
                        into: slots, at: at, context: context, text: UnsafeBufferPointer(rebasing: text[piece]),
                        columns: columns, glyphs: glyphs, base: base, unsafeCount: unsafeCount,
                        unsafeOffsets: unsafeOffsets, clean: true)
                    words.append((hashes[index], at..<end))
                    at = end
                }
                initialized = at
            }
        }
        scratch.chosen = chosen
        return (data, words)
    }

    /// Whether a lookup match of the run just shaped spans the cut before the piece whose
    /// glyphs are `glyphs` (its indices in the store; the HarfBuzz buffer holds the run
    /// from `bufferStart`). HarfBuzz flags unsafe-to-break every glyph a match covers but
    /// those of its first cluster, so the glyph that starts a piece (smallest cluster:
    /// first left to right, last right to left) is flagged only by a match that began
    /// before the piece. The pieces on both sides of such a cut then carry flags the text
    /// around them put there ("4 x 5," flags "5," through Inter's rule that turns x into ×
    /// between digits, though "5," itself is unchanged): stored, they would mark a cut
    /// unsafe in a text where nothing spans it, and a cached layout would reshape a line
    /// the uncached one keeps. An empty piece spans nothing.
    static func matchSpansCut(
        before glyphs: Range<Int>, rightToLeft: Bool, infos: UnsafeMutablePointer<hb_glyph_info_t>, bufferStart: Int
    ) -> Bool {
        guard !glyphs.isEmpty else { return false }
        let first = rightToLeft ? glyphs.upperBound - 1 : glyphs.lowerBound
        return infos[first - bufferStart].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
    }

    /// The glyphs of each piece (in logical order) of a run whose glyphs are `run` in
    /// `clusters`, into `ranges`, in one walk over the run: HarfBuzz's clusters are
    /// monotonic (`HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES`: ascending left to right,
    /// descending right to left), so each piece's glyphs are consecutive, the first
    /// piece's first (the last piece's, right to left). A piece without glyphs gets an
    /// empty range. False, with nothing to store, if the clusters are out of order or
    /// outside the pieces.
    static func glyphRanges(
        _ clusters: [Int32], run: Range<Int>, rightToLeft: Bool, pieces: [Range<Int>], into ranges: inout [Range<Int>]
    ) -> Bool {
        ranges.removeAll(keepingCapacity: true)
        ranges.append(repeating: 0..<0, count: pieces.count)
        return clusters.withUnsafeBufferPointer { clusters in
            var glyph = run.lowerBound
            for position in pieces.indices {
                let index = rightToLeft ? pieces.count - 1 - position : position
                let piece = pieces[index]
                let first = glyph
                while glyph < run.upperBound {
                    let cluster = Int(clusters[glyph])
                    guard rightToLeft ? cluster >= piece.lowerBound : cluster < piece.upperBound else { break }
                    guard piece.contains(cluster) else { return false }
                    glyph += 1
                }
                ranges[index] = first..<glyph
            }
            return glyph == run.upperBound
        }
    }

    /// Whether `item`'s words may go through the cache: any script whose letters do not
    /// join, and Arabic where no joining can cross a word's edge.
    ///
    /// Arabic letters take their forms (isolated, initial, medial, final) from the
    /// nearest non-transparent character on each side (HarfBuzz's `arabic_joining`, over
    /// the run and its context). A run is cut into words only after U+0020, whose
    /// Joining_Type is U (non-joining), and a word never starts with a mark (see
    /// `SpaceBoundaries.canCut`), so no letter's form depends on a character across a cut.
    /// The run's own edges are the other place a neighbour is read: they must be the
    /// text's edges or ASCII characters, which are all Joining_Type U (HarfBuzz gives
    /// every character outside its joining table that is not a mark or format character
    /// type U), so the first and last words see what they would see anywhere. Lookups that
    /// could match across a space are handled as for every script (`SpaceBoundaries`).
    /// Other joining scripts stay uncached: Syriac's Alaph forms read further back than
    /// one letter, Mongolian's free variation selectors and N'Ko's rules have no such
    /// simple argument.
    static func isCacheable(_ item: TextRun, in text: UnsafeBufferPointer<UInt16>) -> Bool {
        guard isJoining(item.script) else { return true }
        guard item.script == HB_SCRIPT_ARABIC else { return false }
        let before = item.start == 0 || text[item.start - 1] < 0x80
        let after = item.end == text.count || text[item.end] < 0x80
        return before && after
    }

    /// Scripts whose letters join their neighbours: HarfBuzz reads the text around a
    /// run to shape them, which a cache keyed by the word alone cannot see.
    static func isJoining(_ script: hb_script_t) -> Bool {
        switch script {
        case HB_SCRIPT_ARABIC, HB_SCRIPT_SYRIAC, HB_SCRIPT_NKO, HB_SCRIPT_MONGOLIAN, HB_SCRIPT_MANDAIC,
            HB_SCRIPT_MANICHAEAN, HB_SCRIPT_PSALTER_PAHLAVI, HB_SCRIPT_PHAGS_PA, HB_SCRIPT_ADLAM,
            HB_SCRIPT_HANIFI_ROHINGYA, HB_SCRIPT_SOGDIAN, HB_SCRIPT_CHORASMIAN, HB_SCRIPT_OLD_UYGHUR:
            return true
        default:
            return false
        }
    }
}

/// Per-text arrays `RunShaper` refills for every run, so that a text of many runs (a
/// Japanese sentence changes script between kana and kanji every few characters)
/// allocates them once; kept from text to text with the text's other arrays
/// (`ShapedTextArrays`). Every use empties what it fills first. Used by one thread at a
/// time: the one shaping, then the one that frees the text and pools it. So its
/// properties skip the runtime's exclusivity tracking (`@exclusivity(unchecked)`): a
/// run made about 80 tracked accesses, each a call in and out of the runtime.
final class RunScratch: @unchecked Sendable {
    @exclusivity(unchecked) var pieces: [Range<Int>] = []
    @exclusivity(unchecked) var hashes: [UInt64] = []
    /// Each piece's glyphs in the run's glyph store (`RunShaper.glyphRanges`).
    @exclusivity(unchecked) var glyphs: [Range<Int>] = []
    /// Parallel to `pieces`: asked for before (`WordShapeCache.markAsked`).
    @exclusivity(unchecked) var asked: [Bool] = []
    /// The words of a run to store: piece index, glyphs, unsafe-to-break count.
    @exclusivity(unchecked) var chosen: [(piece: Int, glyphs: Range<Int>, unsafeCount: Int)] = []
    /// The words and hashes between two windows (`RunShaper.shapeWindowed`).
    @exclusivity(unchecked) var partPieces: [Range<Int>] = []
    @exclusivity(unchecked) var partHashes: [UInt64] = []
    /// Parallel to `partPieces`: the word was judged clean (a window never is).
    @exclusivity(unchecked) var partClean: [Bool] = []
    /// The entries of a run the cache lacks (`RunShaper.shapeMissing`).
    @exclusivity(unchecked) var missing: [Int] = []
    /// Per piece after the first, whether the run may be cut before it
    /// (`SpaceBoundaries.canCut`), and per piece whether it is clean (`cleanWords`).
    @exclusivity(unchecked) var cuts: [Bool] = []
    @exclusivity(unchecked) var clean: [Bool] = []
    /// Per piece, whether the cache holds it as clean (`WordShapeCache.survey`).
    @exclusivity(unchecked) var known: [Bool] = []
}

/// A pooled `ShapingBuffer`, taken on first use and given back when this goes away.
final class LazyShapingBuffer {
    private var made: ShapingBuffer?

    var buffer: ShapingBuffer {
        if let made { return made }
        let buffer = ShapingBuffer.pooled()
        made = buffer
        return buffer
    }

    deinit {
        if let made { ShapingBuffer.recycle(made) }
    }
}
