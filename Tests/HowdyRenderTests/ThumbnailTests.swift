import Foundation
import Testing

@testable import HowdyRender

/// Thumbnails by area averaging: each output pixel is the mean of the source area it
/// covers, cut pixels weighted by their share; drawn pixel-aligned without resampling.
@Suite struct ThumbnailTests {
    private func image(_ width: Int, _ height: Int, _ pixels: [[UInt8]]) throws -> Image {
        try Image(width: width, height: height, premultipliedRGBA: pixels.flatMap { $0 })
    }

    @Test func wholePixelBlocksAverageExactly() throws {
        // 4 × 2: a red half and a half of black and white columns.
        let red: [UInt8] = [200, 0, 0, 255], black: [UInt8] = [0, 0, 0, 255], white: [UInt8] = [255, 255, 255, 255]
        let source = try image(4, 2, [red, red, black, white, red, red, white, black])
        let small = try source.thumbnail(width: 2, height: 1)
        #expect(small[0, 0] == SIMD4(200, 0, 0, 255))
        #expect(small[1, 0] == SIMD4(128, 128, 128, 255))  // 127.5 rounds to even
    }

    @Test func aPixelCutByTheEdgeCountsByItsShare() throws {
        // 3 × 1 → 2 × 1: output 0 covers source 0 and half of source 1.
        let source = try image(3, 1, [[0, 0, 0, 255], [90, 90, 90, 255], [240, 240, 240, 255]])
        let small = try source.thumbnail(width: 2, height: 1)
        #expect(small[0, 0] == SIMD4(30, 30, 30, 255))  // (0 + 0.5 × 90) / 1.5
        #expect(small[1, 0] == SIMD4(190, 190, 190, 255))  // (0.5 × 90 + 240) / 1.5
    }

    @Test func premultipliedColourStaysWithinAlpha() throws {
        let source = try image(2, 1, [[0, 0, 0, 0], [255, 128, 0, 255]])
        let small = try source.thumbnail(width: 1, height: 1)
        #expect(small[0, 0] == SIMD4(128, 64, 0, 128))
    }

    @Test func aScreenShrinksToItsThumbnailSizeAndColours() throws {
        var canvas = try Canvas(width: 390, height: 844, background: Color(hex: 0x00A000))
        // Red from row 423: output row 180 (source rows 422 ..< 424.3) holds both colours.
        canvas.fill(try RoundedRect(Rect(x: 0, y: 423, width: 390, height: 421)), with: Color(hex: 0xD00000))
        let small = try canvas.image.thumbnail(width: 166, height: 360)
        #expect(small.size == PixelSize(width: 166, height: 360))
        #expect(small[80, 10] == SIMD4(0, 0xA0, 0, 255))
        #expect(small[80, 350] == SIMD4(0xD0, 0, 0, 255))
        #expect(small[80, 180].y > 0 && small[80, 180].x > 0)  // the row across the edge mixes both
    }

    @Test func drawingAtAPixelCopiesWithoutResampling() throws {
        var pixels: [UInt8] = []
        for i in 0..<12 { pixels += [UInt8(i * 20), UInt8(255 - i * 20), 7, 255] }
        let tile = try Image(width: 4, height: 3, premultipliedRGBA: pixels)
        var canvas = try Canvas(width: 10, height: 10, background: .white)
        canvas.draw(tile, atPixelX: 5, y: 6)
        for y in 0..<3 {
            for x in 0..<4 { #expect(canvas.image[5 + x, 6 + y] == tile[x, y]) }
        }
        #expect(canvas.image[4, 6] == SIMD4(255, 255, 255, 255))
    }

    @Test func opaqueRowsAreCopiedAndTheRestBlendAsTheCompositorDoes() throws {
        // Rows 0 and 2 opaque, row 1 half transparent, row 3 with one clear pixel; drawn
        // partly off the canvas. Inside a clip covering the whole canvas every row goes
        // through the compositor: the copy must give the same bytes.
        var pixels: [UInt8] = []
        for y in 0..<4 {
            for x in 0..<5 {
                let alpha: UInt8 = y == 1 ? 128 : (y == 3 && x == 2 ? 0 : 255)
                let value = UInt8(min(Int(alpha), 30 * x + 40 * y))
                pixels += [value, alpha == 0 ? 0 : alpha / 2, value / 3, alpha]
            }
        }
        let tile = try Image(width: 5, height: 4, premultipliedRGBA: pixels)
        let ground = try Canvas(width: 9, height: 9, background: Color(hex: 0x336699)).image.pixels
        for (x, y) in [(2, 3), (-2, 1), (6, -1), (7, 7)] {
            var copied = try Canvas(width: 9, height: 9, background: Color(hex: 0x336699))
            copied.draw(tile, atPixelX: x, y: y)
            var composited = try Canvas(width: 9, height: 9, background: Color(hex: 0x336699))
            try composited.clip(to: RoundedRect(Rect(x: -1, y: -1, width: 11, height: 11))) {
                $0.draw(tile, atPixelX: x, y: y)
            }
            #expect(copied.image.pixels == composited.image.pixels, "at (\(x), \(y))")
            #expect(copied.image.pixels != ground)
        }
    }
}
