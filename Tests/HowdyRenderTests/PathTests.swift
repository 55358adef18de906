import Foundation
import HowdyRender
import Testing

@Suite struct PathTests {
    func square(_ x: Double, _ y: Double, _ size: Double, into path: inout Path, clockwise: Bool = true) throws {
        try path.move(to: Point(x: x, y: y))
        if clockwise {
            try path.line(to: Point(x: x + size, y: y))
            try path.line(to: Point(x: x + size, y: y + size))
            try path.line(to: Point(x: x, y: y + size))
        } else {
            try path.line(to: Point(x: x, y: y + size))
            try path.line(to: Point(x: x + size, y: y + size))
            try path.line(to: Point(x: x + size, y: y))
        }
        path.close()
    }

    @Test func squarePathMatchesTheAnalyticRectangle() throws {
        var path = Path()
        try square(2, 2.5, 8, into: &path)
        let viaFreeType = try coverageCanvas { canvas in canvas.fill(try PathShape(path), with: .white) }
        let analytic = try coverageCanvas { canvas in
            canvas.fill(try RoundedRect(Rect(x: 2, y: 2.5, width: 8, height: 8)), with: .white)
        }
        for y in 0..<16 { for x in 0..<16 { #expect(abs(red(viaFreeType, x, y) - red(analytic, x, y)) <= 2) } }
        #expect(abs(red(viaFreeType, 5, 2) - 128) <= 2)
    }

    @Test func triangleAreaAndCurvesAreFilled() throws {
        var path = Path()
        try path.move(to: Point(x: 4, y: 4))
        try path.line(to: Point(x: 28, y: 4))
        try path.line(to: Point(x: 4, y: 28))
        path.close()
        let image = try coverageCanvas(width: 32, height: 32) { canvas in canvas.fill(try PathShape(path), with: .white)
        }
        var total = 0.0
        for y in 0..<32 { for x in 0..<32 { total += Double(red(image, x, y)) / 255 } }
        #expect(abs(total - 288) < 2)
        // A cubic "circle" of radius 10 has an area close to π r².
        var circle = Path()
        let k = 0.5523 * 10
        try circle.move(to: Point(x: 26, y: 16))
        try circle.curve(to: Point(x: 16, y: 26), control1: Point(x: 26, y: 16 + k), control2: Point(x: 16 + k, y: 26))
        try circle.curve(to: Point(x: 6, y: 16), control1: Point(x: 16 - k, y: 26), control2: Point(x: 6, y: 16 + k))
        try circle.curve(to: Point(x: 16, y: 6), control1: Point(x: 6, y: 16 - k), control2: Point(x: 16 - k, y: 6))
        try circle.quadCurve(to: Point(x: 26, y: 16), control: Point(x: 26, y: 6))
        circle.close()
        let disc = try coverageCanvas(width: 32, height: 32) { canvas in
            canvas.fill(try PathShape(circle), with: .white)
        }
        #expect(red(disc, 16, 16) == 255 && red(disc, 2, 2) == 0)
    }

    @Test func fillRules() throws {
        var path = Path()
        try square(2, 2, 28, into: &path)
        try square(10, 10, 12, into: &path)  // same direction: a hole only with even-odd
        let nonZero = try coverageCanvas(width: 32, height: 32) { canvas in
            canvas.fill(try PathShape(path), with: .white)
        }
        let evenOdd = try coverageCanvas(width: 32, height: 32) { canvas in
            canvas.fill(try PathShape(path, fillRule: .evenOdd), with: .white)
        }
        #expect(red(nonZero, 16, 16) == 255)
        #expect(red(evenOdd, 16, 16) == 0)
        #expect(red(evenOdd, 5, 5) == 255)
    }

    @Test func badPathsAreErrorsOrNothing() throws {
        var path = Path()
        #expect(throws: RenderError.self) { try path.move(to: Point(x: .nan, y: 0)) }
        #expect(throws: RenderError.self) {
            try path.curve(to: .zero, control1: Point(x: 0, y: .infinity), control2: .zero)
        }
        let empty = try PathShape(Path())
        #expect(empty.bounds.isEmpty)
        var huge = Path()
        try huge.move(to: .zero)
        try huge.line(to: Point(x: 1e6, y: 0))
        try huge.line(to: Point(x: 0, y: 1e6))
        #expect(throws: RenderError.self) { try PathShape(huge) }
    }
}
