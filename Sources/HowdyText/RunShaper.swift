import CHarfBuzz

/// Shapes the runs of one text, through a `WordShapeCache` where that is safe.
struct RunShaper {
    let text: UnsafeBufferPointer<UInt16>
    let cache: WordShapeCache?
    let language: hb_language_t?
    let features: [hb_feature_t]
    let featureSet: Int
    /// The HarfBuzz buffer, made on the first run HarfBuzz shapes (a text whose runs are
    /// all cached never needs one).
    private let lazyBuffer = LazyShapingBuffer()
    /// The words and hashes of the run being shaped, their capacity kept from run to run.
    private let scratch = RunScratch()

    var buffer: ShapingBuffer { lazyBuffer.buffer }

    init(
        text: UnsafeBufferPointer<UInt16>, cache: WordShapeCache?, language: hb_language_t?,
        features: [hb_feature_t], featureSet: Int
    ) {
        self.text = text
        self.cache = cache
        self.language = language
        self.features = features
        self.featureSet = featureSet
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
        words(item.start..<item.end, into: &scratch.pieces)
        let pieces = scratch.pieces
        let context = ShapeContext(
            font: font.instance.serial, features: featureSet, script: item.script.rawValue,
            rightToLeft: item.isRightToLeft, language: language.map { Int(bitPattern: $0) } ?? 0)
        let boundaries = SpaceBoundaries.shared(
            in: cache, font: font, context: context, script: item.script, language: language, features: features)
        let cuts = boundaries.canCut(text, before: pieces)
        // Hashed once, for the lookup and for storing the words after a miss.
        scratch.hashes.removeAll(keepingCapacity: true)
        for piece in pieces { scratch.hashes.append(WordShapeCache.hash(text, piece, context)) }
        let hashes = scratch.hashes
        // Every cached word is clean (see `storable`), so safe cuts are all a hit needs.
        if !cuts.contains(false) {
            if cache.assemble(
                text, pieces: pieces, context: context, rightToLeft: item.isRightToLeft, into: &store, unsafe: &unsafe,
                hashes: hashes)
            {
                return first..<store.glyphs.count
            }
        }
        shapeWhole(item, font: font, into: &unsafe, store: &store)
        let glyphs = first..<store.glyphs.count
        if !text[item.start..<item.end].contains(0x2044) {  // fractions: see SpaceBoundaries
            let (data, words) = storable(
                store, glyphs: glyphs, rightToLeft: item.isRightToLeft, pieces: pieces, hashes: hashes, cuts: cuts,
                boundaries: boundaries, context: context)
            cache.store(data, words: words)
        }
        return glyphs
    }

    private func shapeWhole(_ item: TextRun, font: Font, into unsafe: inout OffsetSet, store: inout ShapedRun) {
        buffer.shape(
            text, range: item.start..<item.end, context: true, level: item.level, script: item.script,
            language: language, font: font, features: features, appendingTo: &store)
        buffer.unsafeToBreakOffsets(base: 0, into: &unsafe)
    }

    /// The run's words, into `pieces`: each ends after the spaces that follow it.
    private func words(_ range: Range<Int>, into pieces: inout [Range<Int>]) {
        pieces.removeAll(keepingCapacity: true)
        var start = range.lowerBound
        var index = range.lowerBound + 1
        while index < range.upperBound {
            if text[index - 1] == 0x20, text[index] != 0x20 {
                pieces.append(start..<index)
                start = index
            }
            index += 1
        }
        pieces.append(start..<range.upperBound)
    }

    /// Words of a run just shaped whole whose glyphs do not depend on the text around
    /// them: their clusters start and end at their own edges, no lookup that can match
    /// across a space can change them (`SpaceBoundaries.isClean`), and pair positioning
    /// across the spaces at their edges changes nothing (`SpaceBoundaries.canCut`).
    /// `store`'s glyphs `run` are the run; the HarfBuzz buffer still holds them.
    private func storable(
        _ store: ShapedRun, glyphs run: Range<Int>, rightToLeft: Bool, pieces: [Range<Int>], hashes: [UInt64],
        cuts: [Bool], boundaries: SpaceBoundaries, context: ShapeContext
    ) -> (data: [Int32], words: [(hash: UInt64, range: Range<Int>)]) {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer.handle, &count), Int(count) == run.count
        else { return ([], []) }
        let unsafeBreak = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        let clean = boundaries.cleanWords(text, pieces)
        // The words to store and their glyphs first, so that the packed data is made in
        // one allocation of its exact size and written in place.
        var chosen = scratch.chosen
        scratch.chosen = []
        chosen.removeAll(keepingCapacity: true)
        var total = 0
        for (index, piece) in pieces.enumerated() {
            // cuts[i] is the cut before piece i + 1.
            guard index == 0 || cuts[index - 1], index == pieces.count - 1 || cuts[index], clean[index]
            else { continue }
            let glyphs = store.glyphRange(
                in: run, rightToLeft: rightToLeft, clustersFrom: piece.lowerBound, to: piece.upperBound)
            guard !glyphs.isEmpty, glyphs.allSatisfy({ Int(store.clusters[$0]) >= piece.lowerBound }),
                glyphs.contains(where: { Int(store.clusters[$0]) == piece.lowerBound })
            else { continue }
            var unsafeCount = 0
            for glyph in glyphs where infos[glyph - run.lowerBound].mask & unsafeBreak != 0 { unsafeCount += 1 }
            chosen.append((index, glyphs, unsafeCount))
            total += PackedWord.size(textCount: piece.count, glyphCount: glyphs.count, unsafeCount: unsafeCount)
        }
        var words: [(hash: UInt64, range: Range<Int>)] = []
        words.reserveCapacity(chosen.count)
        let data = [Int32](unsafeUninitializedCapacity: total) { slots, initialized in
            var at = 0
            for (index, glyphs, unsafeCount) in chosen {
                let piece = pieces[index]
                let base = Int32(piece.lowerBound)
                let unsafeOffsets = glyphs.lazy.filter { infos[$0 - run.lowerBound].mask & unsafeBreak != 0 }
                    .map { Int32(infos[$0 - run.lowerBound].cluster) - base }
                let end = PackedWord.write(
                    into: slots, at: at, context: context, text: UnsafeBufferPointer(rebasing: text[piece]),
                    run: store, glyphs: glyphs, base: base, unsafeCount: unsafeCount, unsafeOffsets: unsafeOffsets)
                words.append((hashes[index], at..<end))
                at = end
            }
            initialized = at
        }
        scratch.chosen = chosen
        return (data, words)
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
/// allocates them once.
final class RunScratch {
    var pieces: [Range<Int>] = []
    var hashes: [UInt64] = []
    /// The words of a run to store: piece index, glyphs, unsafe-to-break count.
    var chosen: [(piece: Int, glyphs: Range<Int>, unsafeCount: Int)] = []
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
