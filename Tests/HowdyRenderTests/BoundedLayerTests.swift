import Foundation
import Testing

@testable import HowdyRender

/// A layer over part of the canvas (`layer(within:)`, what a stroke uses) draws the same
/// bytes as a canvas-sized layer, inside a masked layer, under clips and with a backdrop
/// blur reading what is under it; and it only allocates its part.
@Suite struct BoundedLayerTests {
    /// A gradient ground with a masked layer holding a card, drawn with the inner group in
    /// a canvas-sized layer or one `within` the card.
    private func scene(bounded: Bool) throws -> Image {
        var canvas = try Canvas(width: 120, height: 90, background: Color(hex: 0x204060))
        canvas.fill(
            try RoundedRect(Rect(x: 0, y: 0, width: 120, height: 45)),
            with: .linear(
                try LinearGradient(
                    start: Point(x: 0, y: 0), end: Point(x: 120, y: 90),
                    stops: [
                        GradientStop(offset: 0, color: Color(hex: 0xFF8000)),
                        GradientStop(offset: 1, color: Color(hex: 0x0080FF)),
                    ])))
        let card = try RoundedRect(Rect(x: 13.5, y: 20.25, width: 70, height: 44.5), cornerRadius: 9, style: .circular)
        let clip = try RoundedRect(Rect(x: 10, y: 10, width: 100, height: 70), cornerRadius: 20, style: .circular)
        try canvas.layer(mask: try .fadeOut(from: 50, to: 80)) { content in
            try content.clip(to: clip) { clipped in
                let group: (inout Canvas) throws -> Void = { layer in
                    layer.blurBackdrop(under: card, sigma: 3)
                    layer.fill(card, with: Color(hex: 0xFFFFFF).opacity(0.4))
                    layer.fill(try RoundedRect(Rect(x: 30, y: 30, width: 20, height: 20)), with: .black)
                }
                if bounded {
                    // The card and the 3σ its backdrop blur reads around it.
                    let part = PixelRect(enclosing: try card.bounds.insetBy(dx: -10, dy: -10))
                    try clipped.layer(opacity: 0.7, mask: nil, within: part, group)
                } else {
                    try clipped.layer(opacity: 0.7, group)
                }
            }
        }
        return canvas.image
    }

    @Test func aLayerWithinAPartDrawsTheSameBytesAsACanvasSizedOne() throws {
        let whole = try scene(bounded: false)
        let part = try scene(bounded: true)
        #expect(whole.pixels == part.pixels, "the layer over part of the canvas drew other bytes")
        // The group did draw: the black square shows through at 70 %.
        #expect(whole[40, 35].x < 80)
    }

    @Test func aTranslucentStrokeMatchesItsPiecesInACanvasSizedLayer() throws {
        let shape = try RoundedRect(Rect(x: 20.5, y: 10.25, width: 150, height: 80), cornerRadius: 14, style: .circular)
        var stroked = try Canvas(width: 200, height: 120, background: Color(hex: 0xF0F0F0))
        try stroked.stroke(shape, width: 3, color: Color(hex: 0x3366CC).opacity(0.5))
        // The stroke's pieces, drawn opaque in a whole-canvas layer at half opacity.
        var reference = try Canvas(width: 200, height: 120, background: Color(hex: 0xF0F0F0))
        let inner = try shape.rect.insetBy(dx: 1.5, dy: 1.5)
        let r = 14 - 1.5
        let (x0, y0, x1, y1) = (inner.minX, inner.minY, inner.maxX, inner.maxY)
        let pieces: [RoundStroke] = [
            try .line(from: Point(x: x0 + r, y: y0), to: Point(x: x1 - r, y: y0), width: 3),
            try .line(from: Point(x: x1, y: y0 + r), to: Point(x: x1, y: y1 - r), width: 3),
            try .line(from: Point(x: x1 - r, y: y1), to: Point(x: x0 + r, y: y1), width: 3),
            try .line(from: Point(x: x0, y: y1 - r), to: Point(x: x0, y: y0 + r), width: 3),
            try .arc(center: Point(x: x1 - r, y: y0 + r), radius: r, startAngle: -.pi / 2, sweep: .pi / 2, width: 3),
            try .arc(center: Point(x: x1 - r, y: y1 - r), radius: r, startAngle: 0, sweep: .pi / 2, width: 3),
            try .arc(center: Point(x: x0 + r, y: y1 - r), radius: r, startAngle: .pi / 2, sweep: .pi / 2, width: 3),
            try .arc(center: Point(x: x0 + r, y: y0 + r), radius: r, startAngle: .pi, sweep: .pi / 2, width: 3),
        ]
        reference.layer(opacity: 0.5) { layer in
            for piece in pieces { layer.fill(piece, with: Color(hex: 0x3366CC)) }
        }
        #expect(stroked.image.pixels == reference.image.pixels, "the stroke drew other bytes")
        #expect(stroked.image[100, 11] != stroked.image[100, 50], "the stroke drew nothing")
    }

    @Test func aLayerWithinAnAreaOffTheCanvasStillRunsItsBodyAndDrawsNothing() throws {
        var canvas = try Canvas(width: 10, height: 10, background: .white)
        let before = canvas.image
        var ran = false
        canvas.layer(opacity: 1, mask: nil, within: PixelRect(x: 50, y: 50, width: 5, height: 5)) { layer in
            ran = true
            layer.fill(with: .solid(.black))
        }
        #expect(ran)
        #expect(canvas.image.pixels == before.pixels, "a layer off the canvas drew")
    }
}
