import Foundation
import HowdyRender
import Testing

@Suite struct CompositingTests {
    @Test func translucentColourBlendsSourceOver() throws {
        var canvas = try Canvas(width: 4, height: 4, background: .white)
        canvas.fill(try RoundedRect(Rect(x: 0, y: 0, width: 4, height: 4)), with: Color.black.opacity(0.5))
        #expect(abs(Int(canvas.image[1, 1].x) - 128) <= 1)
        #expect(canvas.image[1, 1].w == 255)
    }

    @Test func clipLimitsDrawingWithAntialiasedEdge() throws {
        var canvas = try Canvas(width: 20, height: 20, background: .black)
        let clip = try RoundedRect(Rect(x: 5, y: 5, width: 10.5, height: 10))
        canvas.clip(to: clip) { inner in
            inner.fill(with: .solid(.white))
        }
        #expect(canvas.image[4, 8].x == 0)
        #expect(canvas.image[8, 8].x == 255)
        #expect(abs(Int(canvas.image[15, 8].x) - 128) <= 1)
        // After the block the clip is gone.
        canvas.fill(try RoundedRect(Rect(x: 0, y: 0, width: 2, height: 2)), with: .white)
        #expect(canvas.image[0, 0].x == 255)
    }

    @Test func groupOpacityAppliesOnceToOverlaps() throws {
        var canvas = try Canvas(width: 10, height: 10, background: .black)
        canvas.layer(opacity: 0.5) { layer in
            let square = try! RoundedRect(Rect(x: 0, y: 0, width: 10, height: 10))
            layer.fill(square, with: .white)
            layer.fill(square, with: .white)
        }
        #expect(abs(Int(canvas.image[5, 5].x) - 128) <= 1)
    }

    @Test func verticalMaskFadesLayer() throws {
        var canvas = try Canvas(width: 4, height: 100, background: .black)
        canvas.layer(mask: try .fadeOut(from: 40, to: 60)) { layer in layer.fill(with: .solid(.white)) }
        #expect(canvas.image[0, 10].x == 255)
        #expect(abs(Int(canvas.image[0, 50].x) - 121) <= 2)
        #expect(canvas.image[0, 80].x == 0)
    }

    @Test func shadowIsSoftAndOffset() throws {
        var canvas = try Canvas(width: 200, height: 200, background: .white)
        let card = try RoundedRect(Rect(x: 50, y: 50, width: 100, height: 100), cornerRadius: 16, style: .continuous)
        try canvas.drawShadow(of: card, color: Color.black.opacity(0.5), offset: Point(x: 0, y: 10), blurRadius: 20)
        let below = canvas.image[100, 165].x, above = canvas.image[100, 45].x
        #expect(below < 250)
        #expect(below < above)
        #expect(canvas.image[100, 100].x == 255)  // as CSS: no shadow inside the casting shape
        #expect(canvas.image[5, 5].x == 255)
        #expect(throws: RenderError.self) { try canvas.drawShadow(of: card, color: .black, blurRadius: .nan) }
    }

    @Test func hugeShapesAndBlursStayBounded() throws {
        var canvas = try Canvas(width: 64, height: 64, background: .white)
        let giant = try RoundedRect(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), cornerRadius: 1e8)
        try canvas.drawShadow(of: giant, color: .black, offset: Point(x: 1e6, y: 0), blurRadius: 1e12, spread: 1e7)
        canvas.fill(
            try Circle(center: Point(x: 1e12, y: 0), radius: 1e12), with: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        canvas.fill(try RoundStroke.arc(center: .zero, radius: 1e9, startAngle: 0, sweep: 1, width: 1e3), with: .black)
        _ = canvas.image.blurred(sigma: 1e15)
        #expect(canvas.image[32, 32].w == 255)
    }

    @Test func twoRendersOfTheSameSceneAreByteIdentical() throws {
        let a = try DemoScene.render(width: 200, height: 400, time: 1)
        let b = try DemoScene.render(width: 200, height: 400, time: 1)
        #expect(a.image.pixels == b.image.pixels)
        #expect(try PNGCodec.encode(a.image) == PNGCodec.encode(b.image))
    }

    @Test func premultipliedPixelsStayValid() throws {
        let canvas = try DemoScene.render(width: 200, height: 400, time: 2)
        let pixels = canvas.image.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) {
            #expect(pixels[i] <= pixels[i + 3] && pixels[i + 1] <= pixels[i + 3] && pixels[i + 2] <= pixels[i + 3])
            if pixels[i] > pixels[i + 3] { break }
        }
    }
}
