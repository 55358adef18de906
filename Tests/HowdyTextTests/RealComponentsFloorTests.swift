import HowdyTestSupport
import Testing

@testable import HowdyText

/// The benchmark's floor (`RealComponentsFloor`) must time the work a layout asks of
/// HarfBuzz and ICU, not some other work: its runs, shaped once each, give exactly the
/// glyphs the layout draws, and its line-break pass finds ICU's boundaries.
@Suite struct RealComponentsFloorTests {
    @Test(arguments: EveryScriptCacheTests.texts.map(\.text))
    func shapesTheRunsTheLayoutDraws(_ text: String) throws {
        let font = try Font(named: "Inter-Bold", size: 24)
        let floor = try RealComponentsFloor(text: text, primary: font)
        let laidOut = try layout(
            text: text, font: font, width: 1_000_000, options: TextOptions(usesWordCache: false))
        let drawn = laidOut.lines.flatMap(\.runs).reduce(0) { $0 + $1.glyphs.count }
        #expect(laidOut.lineCount == 1)
        #expect(floor.shapeRuns() == drawn)
        // Shaping again starts from an empty buffer.
        #expect(floor.shapeRuns() == drawn)
    }

    @Test func walksEveryLineBoundary() throws {
        let font = try Font(named: "Inter-Bold", size: 24)
        // Four words: a boundary after each of the first three and one at the end.
        #expect(try RealComponentsFloor(text: "Get reminders every day", primary: font).breakLines() == 4)
        // Thai has no spaces: ICU's dictionary finds the words (ยินดี|ต้อนรับ|สู่|บ้าน|ใหม่).
        let thai = try RealComponentsFloor(text: "ยินดีต้อนรับสู่บ้านใหม่", primary: font)
        #expect(thai.breakLines() >= 4)
        // A second pass over the same text finds the same boundaries.
        #expect(thai.breakLines() == thai.breakLines())
    }
}
