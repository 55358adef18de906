import HowdyRender
import Testing

/// A `Rect` that exists is finite, with width and height ≥ 0 and finite far edges; every
/// way to make or change one keeps that or throws naming the bad value.
@Suite struct GeometryTests {
    @Test func validRectanglesKeepTheirNumbers() throws {
        let rect = try Rect(x: -2.5, y: 3, width: 10, height: 0)
        #expect(rect.minX == -2.5 && rect.maxX == 7.5 && rect.minY == 3 && rect.maxY == 3)
        #expect(rect.isEmpty)
        #expect(try !Rect(x: 0, y: 0, width: 1, height: 1).isEmpty)
        #expect(Rect.zero == (try Rect(x: 0, y: 0, width: 0, height: 0)))
        #expect(Rect(PixelRect(x: -3, y: 4, width: 5, height: 6)) == (try Rect(x: -3, y: 4, width: 5, height: 6)))
    }

    @Test func nonFiniteOrNegativeNumbersAreRefusedByName() {
        #expect(
            throws: RenderError.invalidGeometry(
                "rectangle (x: nan, y: 0.0, width: 1.0, height: 1.0) has a non-finite x (nan)")
        ) {
            try Rect(x: .nan, y: 0, width: 1, height: 1)
        }
        #expect(
            throws: RenderError.invalidGeometry(
                "rectangle (x: 0.0, y: 0.0, width: 1.0, height: inf) has a non-finite height (inf)")
        ) {
            try Rect(x: 0, y: 0, width: 1, height: .infinity)
        }
        #expect(
            throws: RenderError.invalidGeometry(
                "rectangle (x: 0.0, y: 0.0, width: -1.0, height: 1.0) has a negative width (-1.0)")
        ) {
            try Rect(x: 0, y: 0, width: -1, height: 1)
        }
        #expect(
            throws: RenderError.invalidGeometry(
                "rectangle (x: 0.0, y: 0.0, width: 1.0, height: -0.5) has a negative height (-0.5)")
        ) {
            try Rect(x: 0, y: 0, width: 1, height: -0.5)
        }
        // Finite numbers whose far edge is not.
        #expect(throws: RenderError.self) { try Rect(x: 1e308, y: 0, width: 1e308, height: 1) }
        #expect(throws: RenderError.self) {
            try Rect(x: 0, y: -Double.greatestFiniteMagnitude, width: 1, height: .infinity)
        }
    }

    @Test func operationsCannotMakeAnInvalidRectangle() throws {
        let rect = try Rect(x: 10, y: 20, width: 30, height: 40)
        // Insets past the middle leave an empty rectangle, never a negative size.
        let collapsed = try rect.insetBy(dx: 20, dy: 1)
        #expect(collapsed.width == 0 && collapsed.height == 38 && collapsed.x == 30)
        #expect(try rect.insetBy(dx: -5, dy: -5) == Rect(x: 5, y: 15, width: 40, height: 50))
        #expect(throws: RenderError.self) { try rect.insetBy(dx: .nan, dy: 0) }
        #expect(throws: RenderError.self) { try rect.insetBy(dx: 0, dy: -1e308) }
        #expect(throws: RenderError.self) { try rect.insetBy(dx: -.greatestFiniteMagnitude, dy: 0) }
        // Offsets.
        #expect(try rect.offsetBy(dx: -10, dy: 5) == Rect(x: 0, y: 25, width: 30, height: 40))
        #expect(throws: RenderError.self) { try rect.offsetBy(dx: .infinity, dy: 0) }
        #expect(throws: RenderError.self) { try rect.offsetBy(dx: 0, dy: 1e308).offsetBy(dx: 0, dy: 1e308) }
        // Unions.
        let other = try Rect(x: -5, y: 50, width: 1, height: 20)
        #expect(try rect.union(other) == Rect(x: -5, y: 20, width: 45, height: 50))
        let farLeft = try Rect(x: -1e308, y: 0, width: 0, height: 0)
        let farRight = try Rect(x: 1e308, y: 0, width: 0, height: 0)
        #expect(throws: RenderError.self) { try farLeft.union(farRight) }
        // Bounding boxes.
        #expect(
            try Rect(boundingBoxOf: [Point(x: 3, y: -1), Point(x: -2, y: 4)]) == Rect(x: -2, y: -1, width: 5, height: 5)
        )
        #expect(throws: RenderError.invalidGeometry("a bounding box needs at least one point")) {
            try Rect(boundingBoxOf: [])
        }
        #expect(throws: RenderError.invalidGeometry("point 1 is (nan, 0.0)")) {
            try Rect(boundingBoxOf: [.zero, Point(x: .nan, y: 0)])
        }
    }

    @Test func shapesWhoseBoundsOverflowAreRefused() {
        // Each parameter is finite, but the shape's box is not: refused when the shape is made.
        #expect(throws: RenderError.self) { try Circle(center: Point(x: -1.5e308, y: 0), radius: 1e308) }
        #expect(throws: RenderError.self) {
            try RoundStroke.line(from: Point(x: -1e308, y: 0), to: Point(x: 1e308, y: 0), width: 1)
        }
        #expect(throws: RenderError.self) {
            try RoundStroke.arc(
                center: .zero, radius: .greatestFiniteMagnitude * 0.75, startAngle: 0, sweep: 1, width: 1)
        }
    }

    @Test func shadowsThatWouldLeaveTheFiniteRangeAreRefused() throws {
        var canvas = try Canvas(width: 8, height: 8)
        let card = try RoundedRect(Rect(x: 1.7e308, y: 0, width: 4, height: 4))
        #expect(throws: RenderError.self) {
            try canvas.drawShadow(of: card, color: .black, offset: Point(x: 1e308, y: 0), blurRadius: 2)
        }
        #expect(throws: RenderError.self) {
            try canvas.drawShadow(of: card, color: .black, blurRadius: 2, spread: 1e308)
        }
    }
}
