import Testing

@testable import HowdyText

/// The cache's two generations at a small byte limit: words stored, rotated into the
/// old generation, moved back by a hit (which may rotate the generations in the middle
/// of a run) and copied out exactly.
@Suite("Word cache generations")
struct WordCacheGenerationTests {
    static let context = ShapeContext(font: 7, features: 0, script: 0x4C61_746E, rightToLeft: false, language: 0)

    /// A fake shaped run of `text`: one glyph per unit, id = unit + 1000, advance = unit.
    static func run(_ units: [UInt16]) -> ShapedRun {
        var run = ShapedRun(start: 0, end: units.count, level: 0, fontIndex: 0)
        for (index, unit) in units.enumerated() {
            run.glyphs.append(UInt32(unit) + 1000)
            run.clusters.append(Int32(index))
            run.advances.append(Int32(unit))
            run.offsetsX.append(Int32(index))
            run.offsetsY.append(-Int32(index))
        }
        return run
    }

    /// Stores each word of `text` (split after spaces) in `cache`.
    static func store(_ text: String, in cache: WordShapeCache) -> [Range<Int>] {
        let units = Array(text.utf16)
        var pieces: [Range<Int>] = []
        var start = 0
        for index in 1..<units.count where units[index - 1] == 0x20 && units[index] != 0x20 {
            pieces.append(start..<index)
            start = index
        }
        pieces.append(start..<units.count)
        let shaped = run(units)
        units.withUnsafeBufferPointer { buffer in
            var data: [Int32] = []
            var words: [(hash: UInt64, range: Range<Int>)] = []
            for piece in pieces {
                let begin = data.count
                PackedWord.pack(
                    into: &data, context: context, text: UnsafeBufferPointer(rebasing: buffer[piece]), run: shaped,
                    glyphs: piece, base: Int32(piece.lowerBound), unsafe: piece.count > 2 ? [1] : [],
                    clean: false)
                words.append((WordShapeCache.hash(buffer, piece, context), begin..<data.count))
            }
            cache.store(data, words: words)
        }
        return pieces
    }

    static func assemble(_ text: String, _ pieces: [Range<Int>], in cache: WordShapeCache) -> (ShapedRun, OffsetSet)? {
        let units = Array(text.utf16)
        var run = ShapedRun(start: 0, end: units.count, level: 0, fontIndex: 0)
        var unsafe = OffsetSet(capacity: units.count + 1)
        let hit = units.withUnsafeBufferPointer { buffer in
            cache.assemble(buffer, pieces: pieces, context: context, rightToLeft: false, into: &run, unsafe: &unsafe)
        }
        return hit ? (run, unsafe) : nil
    }

    @Test("words come back exactly after rotations, including one in the middle of a run")
    func rotations() throws {
        // About 5 of these words fill a generation of this cache: with 3 filler words
        // per round, moving the three words back rotates the generations between them
        // from the second round on.
        let cache = WordShapeCache(byteLimit: 1800)
        let text = "alpha beta gamma"
        let pieces = Self.store(text, in: cache)
        let expected = Self.run(Array(text.utf16))
        var hits = 0
        for round in 0..<6 {
            // Filler words push the three words into the old generation.
            _ = Self.store("f\(round)a f\(round)b f\(round)c", in: cache)
            guard let (run, unsafe) = Self.assemble(text, pieces, in: cache) else {
                _ = Self.store(text, in: cache)  // evicted: store again, as RunShaper does
                continue
            }
            hits += 1
            #expect(run.glyphs == expected.glyphs)
            #expect(run.clusters == expected.clusters)
            #expect(run.advances == expected.advances)
            #expect(run.offsetsY == expected.offsetsY)
            #expect(unsafe.contains(1) && unsafe.contains(7) && unsafe.contains(12) && !unsafe.contains(0))
        }
        #expect(hits == 6)
        let statistics = cache.statistics
        #expect(statistics.bytes <= cache.byteLimit)
    }

    @Test("a word that is not cached makes the whole run a miss and leaves the run untouched")
    func miss() {
        let cache = WordShapeCache()
        let pieces = Self.store("alpha beta", in: cache)
        #expect(Self.assemble("alpha beta", pieces, in: cache) != nil)
        #expect(Self.assemble("alpha zeta", pieces, in: cache) == nil)
        #expect(cache.statistics.misses == 1)
        #expect(cache.statistics.hits == 3)
    }

    /// A word in neither generation is a miss counted on the reader's stripe; a word only
    /// in the old generation still moves up on the exclusive path. Both count as before:
    /// the words before the first missing one as hits, it and the rest as misses.
    @Test("misses of new words and of old words count alike, and old words still move up")
    func missesOnEitherPath() throws {
        let cache = WordShapeCache(byteLimit: 1800)
        let pieces = Self.store("alpha beta", in: cache)
        // New words: "zeta" is in neither generation.
        #expect(Self.assemble("alpha zeta gamma", [0..<6, 6..<11, 11..<16], in: cache) == nil)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 2)
        // Fillers push "alpha " and "beta" into the old generation; a run of them moves
        // them up (the exclusive path) and hits.
        for round in 0..<2 { _ = Self.store("f\(round)a f\(round)b f\(round)c", in: cache) }
        let (run, _) = try #require(Self.assemble("alpha beta", pieces, in: cache))
        #expect(run.glyphs == Self.run(Array("alpha beta".utf16)).glyphs)
        #expect(cache.statistics.hits == 3 && cache.statistics.misses == 2)
        // After more words, a held word before a new one (young, or old and moved up):
        // one hit, one miss.
        _ = Self.store("f2a f2b f2c", in: cache)
        #expect(Self.assemble("alpha omega", [0..<6, 6..<11], in: cache) == nil)
        #expect(cache.statistics.hits == 4 && cache.statistics.misses == 3)
        #expect(Self.assemble("alpha", [0..<5], in: cache) == nil, "\"alpha\" without its space is another word")
        cache.removeAll()
        #expect(cache.statistics.hits == 0 && cache.statistics.misses == 0)
    }
}
