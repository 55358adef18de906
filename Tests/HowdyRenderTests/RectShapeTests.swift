import HowdyRender
import Testing

@Suite("Rect is a Shape")
struct RectShapeTests {
    @Test("a rect fills like a RoundedRect of radius 0, fractional edges included")
    func sameAsRoundedRect() throws {
        for rect in [
            try Rect(x: 2, y: 2, width: 4.5, height: 4), try Rect(x: 2.25, y: 3.5, width: 9.5, height: 7.75),
            try Rect(x: -3, y: -1, width: 8, height: 30), try Rect(x: 5, y: 5, width: 0, height: 4),
        ] {
            let plain = try coverageCanvas { canvas in canvas.fill(rect, with: .white) }
            let rounded = try coverageCanvas { canvas in canvas.fill(try RoundedRect(rect), with: .white) }
            #expect(plain == rounded, "\(rect)")
        }
    }

    @Test("edge pixels get their area: half, and a quarter at a corner")
    func edgeCoverage() throws {
        let image = try coverageCanvas { canvas in canvas.fill(try Rect(x: 2.5, y: 2.5, width: 4, height: 4), with: .white) }
        #expect(red(image, 4, 4) == 255)
        #expect(abs(red(image, 2, 4) - 128) <= 1)
        #expect(abs(red(image, 2, 2) - 64) <= 1)
        #expect(red(image, 7, 4) == 0)
        #expect(red(image, 4, 7) == 0)
    }
}
