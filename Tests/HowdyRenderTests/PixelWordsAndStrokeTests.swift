import HowdyRender
import Testing

/// The 32-bit pixel view and the rounded-rect stroke.
@Suite struct PixelWordsAndStrokeTests {
    @Test func wordsAreLittleEndianRGBA() throws {
        var image = try Image(width: 3, height: 2, fill: Color(r8: 0x11, g8: 0x22, b8: 0x33))
        #expect(image.withUnsafePixelWords { $0.count } == 6)
        #expect(image.withUnsafePixelWords { $0[5] } == 0xFF33_2211)
        image.withUnsafeMutablePixelWords { $0[1] = 0x8000_0080 }
        #expect(image[1, 0] == SIMD4(0x80, 0, 0, 0x80))
        #expect(image.withUnsafePixelWords { words in words.allSatisfy { $0 >> 24 == 0xFF } } == false)
        image.withUnsafeMutablePixelWords { $0.update(repeating: 0xFF00_00FF) }
        #expect(image[2, 1] == SIMD4(0xFF, 0, 0, 0xFF))
    }

    @Test func aTranslucentStrokeDoesNotDoubleUpAtItsJoins() throws {
        var canvas = try Canvas(width: 64, height: 64)
        let shape = try RoundedRect(Rect(x: 8, y: 8, width: 48, height: 40), cornerRadius: 12)
        try canvas.stroke(shape, width: 4, color: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        var maxAlpha: UInt8 = 0
        for y in 0..<64 { for x in 0..<64 { maxAlpha = max(maxAlpha, canvas.image[x, y].w) } }
        // One layer at 50 %: no pixel, joins included, is darker than the colour itself.
        #expect(maxAlpha == 128)
        // The stroke sits inside the shape: nothing outside its rectangle, the middle empty.
        #expect(canvas.image[4, 30].w == 0 && canvas.image[60, 30].w == 0)
        #expect(canvas.image[32, 28].w == 0)
        #expect(canvas.image[9, 28].w == 128 && canvas.image[32, 9].w == 128)
        #expect(throws: RenderError.self) { try canvas.stroke(shape, width: -1, color: .black) }
        #expect(throws: RenderError.self) { try canvas.stroke(shape, width: .nan, color: .black) }
    }
}
