import Foundation
import HowdyRender
import Testing

@Suite struct ShapeTests {
    @Test func halfCoveredPixelOfARectIsHalfCovered() throws {
        let image = try coverageCanvas { canvas in
            canvas.fill(try RoundedRect(Rect(x: 2, y: 2, width: 4.5, height: 4)), with: .white)
        }
        #expect(red(image, 3, 3) == 255)
        #expect(abs(red(image, 6, 3) - 128) <= 1)
        #expect(red(image, 7, 3) == 0)
        #expect(red(image, 1, 3) == 0)
        // A corner pixel a quarter covered.
        let quarter = try coverageCanvas { canvas in
            canvas.fill(try RoundedRect(Rect(x: 2.5, y: 2.5, width: 4, height: 4)), with: .white)
        }
        #expect(abs(red(quarter, 2, 2) - 64) <= 1)
        #expect(abs(red(quarter, 2, 4) - 128) <= 1)
    }

    @Test func roundedRectEdgesAreExactAndCornersCut() throws {
        for style in [RoundedRect.CornerStyle.circular, .continuous] {
            let image = try coverageCanvas(width: 40, height: 40) { canvas in
                canvas.fill(
                    try RoundedRect(Rect(x: 4, y: 4.5, width: 32, height: 31), cornerRadius: 8, style: style),
                    with: .white)
            }
            // The straight top edge at y = 4.5 half-covers row 4 in the middle.
            #expect(abs(red(image, 20, 4) - 128) <= 1)
            #expect(red(image, 20, 10) == 255)
            // The corner pixel itself is outside the curve.
            #expect(red(image, 4, 4) == 0)
            #expect(red(image, 4, 5) < 40)
        }
    }

    @Test func circleAreaMatchesAndIsSymmetric() throws {
        let image = try coverageCanvas(width: 32, height: 32) { canvas in
            canvas.fill(try Circle(center: Point(x: 16, y: 16), radius: 10), with: .white)
        }
        var total = 0.0
        for y in 0..<32 { for x in 0..<32 { total += Double(red(image, x, y)) / 255 } }
        #expect(abs(total - Double.pi * 100) < 1.5)
        #expect(red(image, 15, 6) == red(image, 16, 6))
        #expect(red(image, 6, 15) == red(image, 25, 16))
        #expect(red(image, 16, 16) == 255)
    }

    @Test func strokesHaveRoundCapsAndHalfWidthCoverage() throws {
        let image = try coverageCanvas(width: 32, height: 16) { canvas in
            canvas.fill(try RoundStroke.line(from: Point(x: 6, y: 8), to: Point(x: 26, y: 8), width: 4), with: .white)
        }
        #expect(red(image, 16, 7) == 255)
        #expect(red(image, 16, 9) == 255)
        #expect(red(image, 16, 5) == 0)
        // Round cap: extends 2 px beyond the end point, on the centre line only.
        #expect(red(image, 27, 7) > 200)
        #expect(red(image, 28, 8) < 200)
        #expect(red(image, 27, 6) < 128)
        let arc = try coverageCanvas(width: 32, height: 32) { canvas in
            canvas.fill(
                try RoundStroke.arc(center: Point(x: 16, y: 16), radius: 10, startAngle: 0, sweep: .pi / 2, width: 2),
                with: .white)
        }
        #expect(red(arc, 16, 26) > 200)  // bottom (clockwise from +x)
        #expect(red(arc, 16, 5) == 0)  // top is not swept
    }

    @Test func capsuleIsRoundedRectWithHalfHeightRadius() throws {
        let capsule = try RoundedRect.capsule(Rect(x: 0, y: 0, width: 40, height: 10))
        #expect(capsule.cornerRadius == 5)
    }

    @Test func invalidGeometryIsRejected() {
        #expect(throws: RenderError.self) { try RoundedRect(Rect(x: .nan, y: 0, width: 1, height: 1)) }
        #expect(throws: RenderError.self) { try RoundedRect(Rect(x: 0, y: 0, width: -1, height: 1)) }
        #expect(throws: RenderError.self) { try Circle(center: Point(x: 0, y: .infinity), radius: 1) }
        #expect(throws: RenderError.self) { try Circle(center: .zero, radius: -1) }
        #expect(throws: RenderError.self) { try RoundStroke.polyline([], width: 1) }
        #expect(throws: RenderError.self) { try RoundStroke.line(from: .zero, to: Point(x: .nan, y: 0), width: 1) }
    }

    @Test func degenerateShapesDrawNothing() throws {
        let image = try coverageCanvas { canvas in
            canvas.fill(try RoundedRect(Rect(x: 2, y: 2, width: 0, height: 5)), with: .white)
            canvas.fill(try Circle(center: Point(x: 8, y: 8), radius: 0), with: .white)
            canvas.fill(try RoundStroke.line(from: .zero, to: Point(x: 9, y: 9), width: 0), with: .white)
            canvas.fill(try RoundedRect(Rect(x: -100, y: -100, width: 10, height: 10)), with: .white)
        }
        #expect(image.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 0 })
    }

    @Test func canvasSizesAreValidated() {
        #expect(throws: RenderError.self) { try Canvas(width: 0, height: 10) }
        #expect(throws: RenderError.self) { try Canvas(width: 16385, height: 1) }
        #expect(throws: RenderError.self) { try Canvas(width: 16384, height: 16384) }
        #expect(throws: RenderError.self) { try Canvas(width: -5, height: Int.max) }
    }
}
