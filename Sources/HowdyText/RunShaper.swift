import CHarfBuzz

/// Shapes the runs of one text, through a `WordShapeCache` where that is safe.
struct RunShaper {
    let text: UnsafeBufferPointer<UInt16>
    let cache: WordShapeCache?
    let language: hb_language_t?
    let features: [hb_feature_t]
    let featureSet: Int
    let buffer = ShapingBuffer()

    /// Shapes `item` with `font`, adding the offsets HarfBuzz marks unsafe to break to `unsafe`.
    func shape(_ item: TextRun, font: Font, into unsafe: inout Set<Int32>) -> ShapedRun {
        guard let cache, !Self.isJoining(item.script) else {
            return shapeWhole(item, font: font, into: &unsafe)
        }
        let pieces = words(item.start..<item.end)
        let context = ShapeContext(
            font: font.instance.serial, features: featureSet, script: item.script.rawValue,
            rightToLeft: item.isRightToLeft, language: language.map { Int(bitPattern: $0) } ?? 0)
        let boundaries = SpaceBoundaries.shared(
            font: font, context: context, script: item.script, language: language, features: features)
        let cuts = pieces.dropFirst().map { boundaries.canCut(before: Itemization.decode(text, at: $0.lowerBound).0) }
        // Every cached word is clean (see `storable`), so safe cuts are all a hit needs.
        if !cuts.contains(false), let entries = cache.lookup(text, pieces: pieces, context: context) {
            return assemble(item, pieces: pieces, entries: entries, into: &unsafe)
        }
        let run = shapeWhole(item, font: font, into: &unsafe)
        if !text[item.start..<item.end].contains(0x2044) {  // fractions: see SpaceBoundaries
            cache.store(storable(run, pieces: pieces, cuts: cuts, boundaries: boundaries, context: context))
        }
        return run
    }

    private func shapeWhole(_ item: TextRun, font: Font, into unsafe: inout Set<Int32>) -> ShapedRun {
        let run = buffer.shape(
            text, range: item.start..<item.end, context: true, level: item.level, script: item.script,
            language: language, font: font, fontIndex: item.fontIndex, features: features)
        buffer.unsafeToBreakOffsets(base: 0, into: &unsafe)
        return run
    }

    /// The run's words: each ends after the spaces that follow it.
    private func words(_ range: Range<Int>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
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
        return pieces
    }

    /// The run rebuilt from cached words: glyphs in visual order (words reversed in a
    /// right-to-left run), clusters moved to the words' offsets.
    private func assemble(
        _ item: TextRun, pieces: [Range<Int>], entries: [WordShapeCache.Entry], into unsafe: inout Set<Int32>
    ) -> ShapedRun {
        var run = ShapedRun(start: item.start, end: item.end, level: item.level, fontIndex: item.fontIndex)
        let total = entries.reduce(0) { $0 + Int($1.glyphCount) }
        run.glyphs.reserveCapacity(total)
        run.clusters.reserveCapacity(total)
        run.advances.reserveCapacity(total)
        run.offsetsX.reserveCapacity(total)
        run.offsetsY.reserveCapacity(total)
        let order = item.isRightToLeft ? Array(pieces.indices.reversed()) : Array(pieces.indices)
        for index in order {
            let entry = entries[index]
            let base = Int32(pieces[index].lowerBound)
            entry.storage.withUnsafeBufferPointer { stored in
                var offset = Int(entry.textCount)
                for _ in 0..<Int(entry.glyphCount) {
                    run.glyphs.append(UInt32(bitPattern: stored[offset]))
                    run.clusters.append(stored[offset + 1] + base)
                    run.advances.append(stored[offset + 2])
                    run.offsetsX.append(stored[offset + 3])
                    run.offsetsY.append(stored[offset + 4])
                    offset += 5
                }
                while offset < stored.count {
                    unsafe.insert(stored[offset] + base)
                    offset += 1
                }
            }
        }
        return run
    }

    /// Words of a run just shaped whole whose glyphs do not depend on the text around
    /// them: their clusters start and end at their own edges, no lookup that can match
    /// across a space can change them (`SpaceBoundaries.isClean`), and pair positioning
    /// across the spaces at their edges changes nothing (`SpaceBoundaries.canCut`).
    private func storable(
        _ run: ShapedRun, pieces: [Range<Int>], cuts: [Bool], boundaries: SpaceBoundaries, context: ShapeContext
    ) -> [(hash: UInt64, entry: WordShapeCache.Entry)] {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer.handle, &count), Int(count) == run.glyphs.count
        else { return [] }
        let unsafeBreak = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        var entries: [(hash: UInt64, entry: WordShapeCache.Entry)] = []
        for (index, piece) in pieces.enumerated() {
            // cuts[i] is the cut before piece i + 1.
            guard index == 0 || cuts[index - 1], index == pieces.count - 1 || cuts[index],
                boundaries.isClean(text, piece)
            else { continue }
            let glyphs = run.glyphRange(clustersFrom: piece.lowerBound, to: piece.upperBound)
            guard !glyphs.isEmpty, glyphs.allSatisfy({ Int(run.clusters[$0]) >= piece.lowerBound }),
                glyphs.contains(where: { Int(run.clusters[$0]) == piece.lowerBound })
            else { continue }
            let base = Int32(piece.lowerBound)
            var storage: [Int32] = []
            storage.reserveCapacity(piece.count + glyphs.count * 5 + 2)
            for unit in piece { storage.append(Int32(text[unit])) }
            for glyph in glyphs {
                storage.append(Int32(bitPattern: run.glyphs[glyph]))
                storage.append(run.clusters[glyph] - base)
                storage.append(run.advances[glyph])
                storage.append(run.offsetsX[glyph])
                storage.append(run.offsetsY[glyph])
            }
            for glyph in glyphs where infos[glyph].mask & unsafeBreak != 0 {
                storage.append(Int32(infos[glyph].cluster) - base)
            }
            let entry = WordShapeCache.Entry(
                context: context, textCount: Int32(piece.count), glyphCount: Int32(glyphs.count), storage: storage)
            entries.append((WordShapeCache.hash(text, piece, context), entry))
        }
        return entries
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
