import Foundation
import HowdyRender
import Testing

@Suite struct PathTests {
    func square(_ x: Double, _ y: Double, _ size: Double, into path: inout PathBuilder, clockwise: Bool = true) {
        path.move(to: Point(x: x, y: y))
        if clockwise {
            path.line(to: Point(x: x + size, y: y))
            path.line(to: Point(x: x + size, y: y + size))
            path.line(to: Point(x: x, y: y + size))
        } else {
            path.line(to: Point(x: x, y: y + size))
            path.line(to: Point(x: x + size, y: y + size))
            path.line(to: Point(x: x + size, y: y))
        }
        path.close()
    }

    func build(_ builder: PathBuilder) throws -> Path { try #require(try builder.build()) }

    /// The triangle (4, 4), (28, 4), (4, 28), closed; its first point a move, or a line that starts the subpath.
    func triangle(into path: inout PathBuilder, startingWithMove: Bool = true) {
        if startingWithMove { path.move(to: Point(x: 4, y: 4)) } else { path.line(to: Point(x: 4, y: 4)) }
        path.line(to: Point(x: 28, y: 4))
        path.line(to: Point(x: 4, y: 28))
        path.close()
    }

    @Test func squarePathMatchesTheAnalyticRectangle() throws {
        var path = PathBuilder()
        square(2, 2.5, 8, into: &path)
        let shape = try PathShape(try build(path))
        let viaFreeType = try coverageCanvas { canvas in canvas.fill(shape, with: .white) }
        let analytic = try coverageCanvas { canvas in
            canvas.fill(try RoundedRect(Rect(x: 2, y: 2.5, width: 8, height: 8)), with: .white)
        }
        for y in 0..<16 { for x in 0..<16 { #expect(abs(red(viaFreeType, x, y) - red(analytic, x, y)) <= 2) } }
        #expect(abs(red(viaFreeType, 5, 2) - 128) <= 2)
    }

    @Test func triangleAreaAndCurvesAreFilled() throws {
        var path = PathBuilder()
        triangle(into: &path)
        let filled = try PathShape(try build(path))
        let image = try coverageCanvas(width: 32, height: 32) { canvas in canvas.fill(filled, with: .white) }
        var total = 0.0
        for y in 0..<32 { for x in 0..<32 { total += Double(red(image, x, y)) / 255 } }
        #expect(abs(total - 288) < 2)
        // A cubic "circle" of radius 10 has an area close to π r².
        var circle = PathBuilder()
        let k = 0.5523 * 10
        circle.move(to: Point(x: 26, y: 16))
        circle.curve(to: Point(x: 16, y: 26), control1: Point(x: 26, y: 16 + k), control2: Point(x: 16 + k, y: 26))
        circle.curve(to: Point(x: 6, y: 16), control1: Point(x: 16 - k, y: 26), control2: Point(x: 6, y: 16 + k))
        circle.curve(to: Point(x: 16, y: 6), control1: Point(x: 6, y: 16 - k), control2: Point(x: 16 - k, y: 6))
        circle.quadCurve(to: Point(x: 26, y: 16), control: Point(x: 26, y: 6))
        circle.close()
        let discShape = try PathShape(try build(circle))
        let disc = try coverageCanvas(width: 32, height: 32) { canvas in canvas.fill(discShape, with: .white) }
        #expect(red(disc, 16, 16) == 255 && red(disc, 2, 2) == 0)
    }

    @Test func fillRules() throws {
        var path = PathBuilder()
        square(2, 2, 28, into: &path)
        square(10, 10, 12, into: &path)  // same direction: a hole only with even-odd
        let built = try build(path)
        let nonZero = try coverageCanvas(width: 32, height: 32) { canvas in
            canvas.fill(try PathShape(built), with: .white)
        }
        let evenOdd = try coverageCanvas(width: 32, height: 32) { canvas in
            canvas.fill(try PathShape(built, fillRule: .evenOdd), with: .white)
        }
        #expect(red(nonZero, 16, 16) == 255)
        #expect(red(evenOdd, 16, 16) == 0)
        #expect(red(evenOdd, 5, 5) == 255)
    }

    @Test func aPathThatExistsIsFiniteAndHasSegments() throws {
        // Nothing, or only moves: no path.
        #expect(try PathBuilder().build() == nil)
        var moves = PathBuilder()
        moves.move(to: .zero)
        moves.move(to: Point(x: 5, y: 5))
        moves.close()
        #expect(try moves.build() == nil)
        // A non-finite point is named by its index among the recorded points.
        var nan = PathBuilder()
        nan.move(to: .zero)
        nan.line(to: Point(x: 4, y: 0))
        nan.curve(to: .zero, control1: Point(x: 0, y: .infinity), control2: .zero)
        #expect(throws: RenderError.invalidGeometry("path: point 3 is (0.0, inf)")) { try nan.build() }
        // Finite points whose box overflows are refused too.
        var wide = PathBuilder()
        wide.move(to: Point(x: -1e308, y: 0))
        wide.line(to: Point(x: 1e308, y: 1))
        #expect(throws: RenderError.self) { try wide.build() }
        // The bounds hold every point, control points included.
        var curve = PathBuilder()
        curve.move(to: Point(x: 1, y: 2))
        curve.quadCurve(to: Point(x: 9, y: 2), control: Point(x: 5, y: -6))
        #expect(try build(curve).bounds == Rect(x: 1, y: -6, width: 8, height: 8))
    }

    @Test func aSegmentWithoutASubpathStartsOne() throws {
        // A line first is a move; a curve first starts at its control point. The triangle drawn
        // after a close() the same way matches the one drawn with explicit moves.
        var implicit = PathBuilder()
        triangle(into: &implicit, startingWithMove: false)
        implicit.quadCurve(to: Point(x: 28, y: 28), control: Point(x: 28, y: 10))
        implicit.line(to: Point(x: 10, y: 28))
        var explicit = PathBuilder()
        triangle(into: &explicit)
        explicit.move(to: Point(x: 28, y: 10))
        explicit.quadCurve(to: Point(x: 28, y: 28), control: Point(x: 28, y: 10))
        explicit.line(to: Point(x: 10, y: 28))
        let a = try PathShape(try build(implicit)), b = try PathShape(try build(explicit))
        let drawnA = try coverageCanvas(width: 32, height: 32) { canvas in canvas.fill(a, with: .white) }
        let drawnB = try coverageCanvas(width: 32, height: 32) { canvas in canvas.fill(b, with: .white) }
        #expect(drawnA.pixels == drawnB.pixels)
        #expect(red(drawnA, 6, 6) == 255 && red(drawnA, 26, 24) > 0)
    }

    @Test func pathShapeLimits() throws {
        // A path with no area draws nothing; one over the image limits is an error.
        var line = PathBuilder()
        line.move(to: .zero)
        line.line(to: Point(x: 10, y: 0))
        #expect(try PathShape(try build(line)).bounds.isEmpty)
        var huge = PathBuilder()
        huge.move(to: .zero)
        huge.line(to: Point(x: 1e6, y: 0))
        huge.line(to: Point(x: 0, y: 1e6))
        let hugePath = try build(huge)
        #expect(throws: RenderError.self) { try PathShape(hugePath) }
    }
}
