import Foundation
import HowdyRender
import Testing

@Suite struct ImageDrawingTests {
    @Test func resizingKeepsFlatColoursAndAveragesDetail() throws {
        let flat = try Image(width: 10, height: 7, fill: Color(hex: 0x3366CC))
        let up = try flat.resized(width: 33, height: 21)
        let down = try flat.resized(width: 3, height: 2)
        for y in 0..<21 { for x in 0..<33 { #expect(up[x, y] == flat[0, 0]) } }
        #expect(down[1, 1] == flat[0, 0])
        // A 1-px checkerboard shrunk 4× becomes mid grey, not aliased stripes.
        var checker = try Image(width: 32, height: 32, fill: .black)
        for y in 0..<32 { for x in 0..<32 where (x + y) % 2 == 0 { checker[x, y] = SIMD4(255, 255, 255, 255) } }
        let small = try checker.resized(width: 8, height: 8)
        for y in 1..<7 { for x in 1..<7 { #expect(abs(Int(small[x, y].x) - 128) <= 3) } }
        #expect(throws: RenderError.self) { try flat.resized(width: 0, height: 5) }
        #expect(throws: RenderError.self) { try flat.resized(width: 20000, height: 5) }
    }

    @Test func decodedIconIsDrawnScaledIntoItsRect() throws {
        let icon = try PNGCodec.decode(Fixtures.palette)  // 2×2: red, half-transparent green / blue, red
        var canvas = try Canvas(width: 40, height: 40, background: .white)
        try canvas.draw(icon, in: Rect(x: 10, y: 10, width: 20, height: 20))
        #expect(canvas.image[5, 5] == SIMD4(255, 255, 255, 255))
        #expect(canvas.image[12, 12] == SIMD4(255, 0, 0, 255))  // top-left quadrant: red
        #expect(canvas.image[27, 27] == SIMD4(255, 0, 0, 255))  // bottom-right: red
        let blue = canvas.image[12, 27]
        #expect(blue.z == 255 && blue.x < 10)
        // Half-transparent green over white (the cubic filter lets a little more white through).
        let green = canvas.image[27, 12]
        #expect(green.y == 255 && abs(Int(green.x) - 127) <= 8 && green.x == green.z, "\(green)")
        // Fractional edges are anti-aliased; opacity applies; bad rectangles are errors.
        var faded = try Canvas(width: 40, height: 40, background: .white)
        try faded.draw(icon, in: Rect(x: 10.5, y: 10, width: 20, height: 20), opacity: 0.5)
        #expect(abs(Int(faded.image[12, 12].y) - 128) <= 2)
        #expect(faded.image[10, 12].y > faded.image[12, 12].y)
        #expect(throws: RenderError.self) { try faded.draw(icon, in: Rect(x: .nan, y: 0, width: 1, height: 1)) }
    }
}
