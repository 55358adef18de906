import CHarfBuzz
import Testing

@testable import HowdyText

@Suite struct PartialDebugTests {
    @Test func debugUnsafe() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Bold", size: 17)
        let texts = SpaceBoundariesTests.prose(limit: 120) + SpaceBoundariesTests.texts()
        let target = texts.firstIndex { $0.hasPrefix("and A Y, 5, HOME") }!
        for text in texts { for w in [90.0, 210, 400] { let s = try ShapedText(text, font: font); _ = try s.layout(width: w); _ = try s.balance(width: w) } }
        let text = texts[target]
        let cached = try ShapedText(text, font: font)
        let uncached = try ShapedText(text, font: font, options: TextOptions(usesWordCache: false))
        let n = text.utf16.count
        let a = (0...n).filter { cached.unsafeToBreak.contains($0) }
        let b = (0...n).filter { uncached.unsafeToBreak.contains($0) }
        print("TEXT", text)
        print("CACHED", a)
        print("UNCACHED", b)
        print("GLYPHS C", cached.glyphStore.glyphs.prefix(14), "U", uncached.glyphStore.glyphs.prefix(14))
        let lc = try cached.balance(width: 90)
        let lu = try uncached.balance(width: 90)
        print("BAL C", LayoutCase.glyphDump(lc).prefix(12))
        print("BAL U", LayoutCase.glyphDump(lu).prefix(12))
        let units = Array(text.utf16)
        for range in [9..<12, 6..<9, 0..<12, 4..<12] {
            var run = ShapedRun(start: range.lowerBound, end: range.upperBound, level: 0, fontIndex: 0)
            var unsafe = OffsetSet(capacity: units.count + 1)
            let buffer = ShapingBuffer.pooled()
            units.withUnsafeBufferPointer { t in
                buffer.shape(t, range: range, context: true, level: 0, script: HB_SCRIPT_LATIN, language: nil, font: font, features: [], appendingTo: &run, unsafe: &unsafe)
            }
            print("ALONE", range, (0...units.count).filter { unsafe.contains($0) }, run.advances)
        }
        print("ADV C", cached.glyphStore.advances.prefix(14), "U", uncached.glyphStore.advances.prefix(14))
    }
}
