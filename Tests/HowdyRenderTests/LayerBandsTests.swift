import HowdyRender
import Testing

/// How a layer's rows are cut into bands: consecutive, covering the rows, never cutting
/// through an area a shadow, backdrop blur or image reads whole.
@Suite struct LayerBandsTests {
    /// Every band split covers the rows exactly, in order, with no kept range split.
    private func check(_ rows: Range<Int>, size: Int, keeping: [Range<Int>]) -> [Range<Int>] {
        let bands = LayerBands.split(rows, rows: size, keeping: keeping)
        #expect(bands.first?.lowerBound == rows.lowerBound)
        #expect(bands.last?.upperBound == rows.upperBound)
        for (a, b) in zip(bands, bands.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        for band in bands { #expect(!band.isEmpty) }
        for kept in keeping {
            let cut = bands.dropLast().map(\.upperBound).filter { kept.lowerBound < $0 && $0 < kept.upperBound }
            #expect(cut.isEmpty, "\(kept) cut at \(cut) in \(bands)")
        }
        return bands
    }

    @Test func plainRowsAreCutEveryBandHeight() {
        #expect(check(0..<10, size: 4, keeping: []) == [0..<4, 4..<8, 8..<10])
        #expect(check(5..<6, size: 1, keeping: []) == [5..<6])
        #expect(check(-3..<3, size: 100, keeping: []) == [-3..<3])
    }

    @Test func aKeptRangeGrowsTheBandThatReachesIt() {
        // 25..<40 and 38..<70 overlap: one area of 25..<70, so the first band runs to 70.
        #expect(check(0..<100, size: 30, keeping: [38..<70, 25..<40]) == [0..<70, 70..<100])
        // Touching ranges are two areas: a cut between them splits neither.
        #expect(check(0..<100, size: 30, keeping: [20..<30, 30..<50]) == [0..<30, 30..<60, 60..<90, 90..<100])
        // A range past the rows is clamped to them; one wholly outside changes nothing.
        #expect(check(10..<20, size: 3, keeping: [15..<400, -50..<0]) == [10..<13, 13..<20])
        // One-row bands around a kept range: its rows stay together.
        #expect(check(0..<6, size: 1, keeping: [2..<5]) == [0..<1, 1..<2, 2..<5, 5..<6])
    }

    @Test func manyRandomSplitsKeepEveryRangeWhole() {
        var generator = SplitMix64(seed: 21)
        for _ in 0..<200 {
            let start = Int.random(in: -50...50, using: &generator)
            let rows = start..<(start + Int.random(in: 1...300, using: &generator))
            let keeping = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                let top = Int.random(in: -60...360, using: &generator)
                return top..<(top + Int.random(in: 1...80, using: &generator))
            }
            _ = check(rows, size: Int.random(in: 1...64, using: &generator), keeping: keeping)
        }
    }
}

/// A seeded generator, so a failing split can be replayed.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
