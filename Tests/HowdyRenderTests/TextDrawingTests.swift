import Foundation
import HowdyRender
import HowdyText
import Testing

@Suite struct TextDrawingTests {
    /// Bounding box of pixels with red > 64 (ink drawn white on black).
    func inkBox(_ image: Image) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].x > 64 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return minX == .max ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    @Test func glyphLandsWhereTheLayoutSays() throws {
        let font = try Font(named: "Inter-Regular", size: 40)
        let text = try layout(text: "H", font: font, width: 500)
        let origin = Point(x: 20, y: 10)
        var canvas = try Canvas(width: 120, height: 80, background: .black)
        try canvas.draw(text, at: origin, color: .white)
        let box = try #require(inkBox(canvas.image))
        let line = text.lines[0]
        let penX = origin.x + line.x + line.runs[0].glyphs[0].x
        let baseline = origin.y + line.baseline
        // The H sits on the baseline, cap height tall, starting just right of the pen.
        #expect(abs(Double(box.maxY) - baseline) <= 1)
        #expect(abs(Double(box.y) - (baseline - font.metrics.capHeight)) <= 1.5)
        #expect(Double(box.x) >= penX - 0.5 && Double(box.x) < penX + 0.2 * font.size)
        #expect(Double(box.maxX) <= penX + line.runs[0].glyphs[0].advance + 0.5)
        // Moving the origin by 10.5 px moves the ink by 10 or 11 px.
        var moved = try Canvas(width: 120, height: 80, background: .black)
        try moved.draw(text, at: Point(x: origin.x + 10.5, y: origin.y), color: .white)
        let shifted = try #require(inkBox(moved.image))
        #expect(shifted.x - box.x == 10 || shifted.x - box.x == 11)
        #expect(shifted.y == box.y)
    }

    @Test func subpixelOffsetsChangeCoverageSmoothly() throws {
        let font = try Font(named: "Inter-Regular", size: 24)
        let text = try layout(text: "l", font: font, width: 500)
        var sums: [Double] = []
        for quarter in 0..<4 {
            var canvas = try Canvas(width: 40, height: 40, background: .black)
            try canvas.draw(text, at: Point(x: 10 + Double(quarter) * 0.25, y: 5), color: .white)
            var centroid = 0.0, total = 0.0
            for y in 0..<40 {
                for x in 0..<40 { let v = Double(canvas.image[x, y].x); centroid += v * Double(x); total += v }
            }
            sums.append(centroid / total)
        }
        for i in 1..<4 { #expect(abs(sums[i] - sums[i - 1] - 0.25) < 0.08) }
    }

    @Test func colourEmojiIsDrawnInColour() throws {
        let font = try Font(named: "Inter-Regular", size: 32)
        let text = try layout(text: "😀", font: font, width: 500)
        var canvas = try Canvas(width: 80, height: 60, background: .white)
        try canvas.draw(text, at: Point(x: 10, y: 5), color: .black)
        var colourful = 0
        for y in 0..<60 {
            for x in 0..<80 {
                let p = canvas.image[x, y]
                if Int(p.x) - Int(p.z) > 80 { colourful += 1 }  // yellow: red high, blue low
            }
        }
        #expect(colourful > 200)
    }

    @Test func concurrentRendersShareTheGlyphCacheSafely() async throws {
        let font = try Font(named: "Inter-Medium", size: 19)
        let text = try layout(text: "Concurrent glyphs ✓ 👍 agree", font: font, width: 300)
        let images = try await withThrowingTaskGroup(of: Image.self) { group in
            for offset in 0..<6 {
                group.addTask {
                    var canvas = try Canvas(width: 320, height: 40, background: .white)
                    try canvas.draw(text, at: Point(x: 4 + Double(offset % 2) * 0.25, y: 6), color: .black)
                    return canvas.image
                }
            }
            var result: [Image] = []
            for try await image in group { result.append(image) }
            return result
        }
        let distinct = Set(images.map(\.pixels))
        #expect(distinct.count == 2)  // one per sub-pixel offset
    }

    @Test func textRenderIsDeterministicAndRejectsNaN() throws {
        let font = try Font(named: "Inter-Regular", size: 17)
        let text = try layout(text: "Welcome to HowdyKit — balanced text", font: font, width: 200)
        var a = try Canvas(width: 240, height: 80, background: .white)
        var b = try Canvas(width: 240, height: 80, background: .white)
        try a.draw(text, at: Point(x: 10.3, y: 4.7), color: .black)
        try b.draw(text, at: Point(x: 10.3, y: 4.7), color: .black)
        #expect(a.image == b.image)
        #expect(throws: RenderError.self) { try a.draw(text, at: Point(x: .nan, y: 0), color: .black) }
    }
}
