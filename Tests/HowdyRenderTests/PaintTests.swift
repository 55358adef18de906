import Foundation
import HowdyRender
import Testing

@Suite struct PaintTests {
    let red = Color(hex: 0xFF0000), blue = Color(hex: 0x0000FF)

    @Test func linearGradientEndColoursAreExact() throws {
        var canvas = try Canvas(width: 64, height: 4)
        canvas.fill(
            with: .linear(
                try LinearGradient(
                    start: Point(x: 0.5, y: 0), end: Point(x: 63.5, y: 0),
                    stops: [GradientStop(offset: 0, color: red), GradientStop(offset: 1, color: blue)])))
        for y in 0..<4 {
            #expect(canvas.image[0, y] == SIMD4(255, 0, 0, 255))
            #expect(canvas.image[63, y] == SIMD4(0, 0, 255, 255))
        }
        // Halfway: about half of each.
        #expect(abs(Int(canvas.image[32, 0].x) - 124) <= 3)
    }

    @Test func radialGradientCentreAndEdgeAreExact() throws {
        var canvas = try Canvas(width: 41, height: 41)
        canvas.fill(
            with: .radial(
                try RadialGradient(
                    center: Point(x: 20.5, y: 20.5), radius: 15,
                    stops: [GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: .black)])))
        #expect(canvas.image[20, 20] == SIMD4(255, 255, 255, 255))
        #expect(canvas.image[0, 0] == SIMD4(0, 0, 0, 255))
    }

    @Test func degenerateGradients() throws {
        #expect(throws: RenderError.self) { try LinearGradient(start: .zero, end: Point(x: 1, y: 0), stops: []) }
        #expect(throws: RenderError.self) {
            try LinearGradient(start: .zero, end: Point(x: 1, y: 0), stops: [GradientStop(offset: .nan, color: .white)])
        }
        #expect(throws: RenderError.self) {
            try RadialGradient(center: .zero, radius: -1, stops: [GradientStop(offset: 0, color: .white)])
        }
        // A single stop is a solid colour.
        var canvas = try Canvas(width: 8, height: 8)
        canvas.fill(
            with: .linear(
                try LinearGradient(start: .zero, end: Point(x: 8, y: 8), stops: [GradientStop(offset: 0.3, color: red)])
            ))
        #expect(canvas.image[7, 7] == SIMD4(255, 0, 0, 255))
        // start == end: the last stop's colour.
        canvas.fill(
            with: .linear(
                try LinearGradient(
                    start: .zero, end: .zero,
                    stops: [GradientStop(offset: 0, color: red), GradientStop(offset: 1, color: blue)])))
        #expect(canvas.image[3, 3] == SIMD4(0, 0, 255, 255))
    }

    @Test func ditheredGradientHasNoBands() throws {
        // 16 levels over 512 px: undithered, each 8-px window would be off by up to 0.5 of a
        // level (a visible band); dithered, window means follow the ideal ramp closely.
        var canvas = try Canvas(width: 512, height: 8)
        canvas.fill(
            with: .linear(
                try LinearGradient(
                    start: .zero, end: Point(x: 512, y: 0),
                    stops: [
                        GradientStop(offset: 0, color: Color(r8: 100, g8: 100, b8: 100)),
                        GradientStop(offset: 1, color: Color(r8: 116, g8: 116, b8: 116)),
                    ])))
        var worst = 0.0
        for window in stride(from: 0, to: 512, by: 8) {
            var sum = 0.0, ideal = 0.0
            for y in 0..<8 {
                for x in window..<window + 8 {
                    sum += Double(canvas.image[x, y].x)
                    ideal += 100 + 16 * (Double(x) + 0.5) / 512
                }
            }
            worst = max(worst, abs(sum - ideal) / 64)
        }
        #expect(worst < 0.1)
    }

    @Test func blurKeepsFlatAreasAndSpreadsEdges() throws {
        var canvas = try Canvas(width: 64, height: 64)
        canvas.fill(try RoundedRect(Rect(x: 16, y: 16, width: 32, height: 32)), with: .white)
        let blurred = canvas.image.blurred(sigma: 3)
        #expect(blurred[32, 32] == SIMD4(255, 255, 255, 255))
        #expect(blurred[14, 32].w > 0 && blurred[14, 32].w < 128)
        #expect(abs(Int(blurred[16, 32].w) - 128) < 20)
    }

    @Test func blobFieldIsSmoothAndDeterministic() throws {
        let field = try BlobField(
            background: .solid(.black), blobs: [Blob(center: Point(x: 50, y: 50), radius: 30, color: .white)], blur: 20)
        var a = try Canvas(width: 100, height: 100)
        a.fill(with: .blobs(field))
        var b = try Canvas(width: 100, height: 100)
        b.fill(with: .blobs(field))
        #expect(a.image == b.image)
        #expect(a.image[50, 50].x > 150)
        #expect(a.image[0, 0].x < 30)
        #expect(a.image[99, 50].w == 255)
    }
}
