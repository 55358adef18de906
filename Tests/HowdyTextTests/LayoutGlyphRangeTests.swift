import Testing

@testable import HowdyText

/// `LayoutBuilder.glyphRange` first looks for a line's glyphs where a run of one glyph per
/// UTF-16 unit has them and keeps that guess only when the glyphs around it prove it;
/// its answer must be the binary search's (`ShapedRun.glyphRange`) for every cut of every
/// run: left to right and right to left, with ligatures, marks, clusters of several
/// units and surrogate pairs (where the guess is wrong and must be rejected).
@Suite struct LayoutGlyphRangeTests {
    static let texts = SharedGlyphStoreTests.prose.map(\.text) + [
        "office affinity ffl fi waffle",  // ligatures: fewer glyphs than units
        "क्षत्रिय प्रधानमंत्री",  // reordering and conjuncts
        "😀 family 👨‍👩‍👧 flag 🇯🇵 e\u{301}",  // surrogate pairs, ZWJ sequences, a mark
        "שָׁלוֹם עוֹלָם and مرحبا بالعالم",  // right to left with marks
    ]

    @Test("the guessed glyph range equals the binary search's for every cut of every run", arguments: texts)
    func guessEqualsSearch(_ text: String) throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        let shaped = try ShapedText(text, font: font)
        var compared = 0
        shaped.glyphStore.withColumns { store in
            for run in shaped.runs {
                for lower in run.start..<run.end {
                    for upper in (lower + 1)...run.end {
                        let guessed = LayoutBuilder.glyphRange(
                            of: run, clusters: store.clusters, from: lower, to: upper)
                        let searched = shaped.glyphStore.glyphRange(
                            in: run.glyphs, rightToLeft: run.isRightToLeft, clustersFrom: lower, to: upper)
                        #expect(guessed == searched, "\(text): run \(run.start)..<\(run.end) cut \(lower)..<\(upper)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 0)
    }
}
