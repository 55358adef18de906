import Testing

@testable import HowdyText

/// `AskedWords.mark(_:before:)` marks a CJK run's pieces in one pass through pointers.
/// It must answer and leave the table exactly as `contains` for every hash and then
/// `mark` for each did, including batches that repeat a hash and batches that fill the
/// table past its limit, so that it starts afresh part way through.
@Suite struct AskedWordsTests {
    /// SplitMix64: the same hashes every run.
    struct Hashes {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("marking a batch equals contains then mark, hash by hash, past the table's limit")
    func batchEqualsOneByOne() {
        var batched = AskedWords()
        var single = AskedWords()
        var hashes = Hashes(state: 20)
        var seen: [UInt64] = []
        var allAnswers = 0
        // 400 batches of 1–200 hashes (about 40,000 marks: the table starts afresh at
        // 16,384 set bits, so more than once); a third are hashes marked before.
        for round in 0..<400 {
            let count = 1 + (round * 37) % 200
            var batch: [UInt64] = []
            for index in 0..<count {
                if !seen.isEmpty, index % 3 == 0 {
                    batch.append(seen[Int(hashes.next() % UInt64(seen.count))])
                } else {
                    batch.append(hashes.next())
                }
            }
            if round % 5 == 0 { batch.append(batch[0]) }  // a piece the run repeats
            seen += batch

            let expected = batch.map { single.contains($0) }
            for hash in batch { single.mark(hash) }
            var before = [Bool](repeating: false, count: batch.count)
            let all = before.withUnsafeMutableBufferPointer { batched.mark(batch, before: $0) }
            #expect(before == expected, "round \(round)")
            #expect(all == !expected.contains(false), "round \(round)")
            if all { allAnswers += 1 }
            // The tables agree: every hash seen so far reads the same from both.
            #expect(seen.allSatisfy { batched.contains($0) == single.contains($0) }, "round \(round)")
        }
        #expect(allAnswers < 400, "some batches hold a hash not asked for before")
    }

    @Test("WordShapeCache.markAsked reports each hash asked before this run, not by its own repeat")
    func markAskedReportsBefore() {
        let cache = WordShapeCache(byteLimit: 1 << 20)
        var before: [Bool] = []
        #expect(!cache.markAsked([1 << 48, 2 << 48, 1 << 48], before: &before))
        #expect(before == [false, false, false])
        #expect(!cache.markAsked([2 << 48, 3 << 48], before: &before))
        #expect(before == [true, false])
        #expect(cache.markAsked([3 << 48, 1 << 48], before: &before))
        #expect(before == [true, true])
        cache.removeAll()
        #expect(!cache.markAsked([1 << 48], before: &before))
        #expect(before == [false])
    }
}
