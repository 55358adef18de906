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

    @Test func aMaskShowsNoRowAtOrBelowItsShownRowCount() throws {
        let masks: [VerticalMask] = [
            try .fadeOut(from: 50, to: 80), try .fadeOut(from: 10.25, to: 10.75), try .fadeOut(from: 40, to: 40),
            try VerticalMask([.init(y: 5, alpha: 0), .init(y: 20, alpha: 1), .init(y: 33.5, alpha: 0)]),
            try VerticalMask([.init(y: 30, alpha: 0.5), .init(y: 60.5, alpha: 0), .init(y: 70, alpha: 0)]),
            try .fadeOut(from: -30, to: -10),
        ]
        for mask in masks {
            let shown = try #require(mask.shownRowCount)
            #expect((shown..<200).allSatisfy { mask.alpha(row: $0) == 0 }, "\(mask.stops): a row at or below \(shown) shows")
            if shown > 0 { #expect(mask.alpha(row: shown - 1) > 0, "\(mask.stops): row \(shown - 1) is hidden too") }
        }
        #expect(try VerticalMask([.init(y: 10, alpha: 0), .init(y: 20, alpha: 0.2)]).shownRowCount == nil)
        #expect(try VerticalMask([.init(y: 10, alpha: 0)]).shownRowCount == 0)
    }

    /// A masked layer sized to what its body draws (down to the rows its mask shows) and
    /// keeps (what its blurs read): the same bytes as a canvas-sized one, with a backdrop
    /// blur and a shadow reaching below the fade and a bar drawn across it; the layer's
    /// image is only as large as it must be.
    @Test func aLayerSizedToWhatItDrawsAndKeepsDrawsTheSameBytes() throws {
        let card = try RoundedRect(Rect(x: 10, y: 70.5, width: 60, height: 30), cornerRadius: 8, style: .circular)
        let bar = try RoundedRect(Rect(x: 20, y: 20, width: 30, height: 130))
        func scene(drawn: PixelRect?, kept: PixelRect?, whole: Bool = false) throws -> (image: Image, layer: PixelRect) {
            var canvas = try Canvas(width: 100, height: 160, background: Color(hex: 0x204060))
            canvas.fill(
                try RoundedRect(Rect(x: 0, y: 60, width: 100, height: 100)),
                with: .linear(
                    try LinearGradient(
                        start: Point(x: 0, y: 60), end: Point(x: 0, y: 160),
                        stops: [
                            GradientStop(offset: 0, color: Color(hex: 0xFF8000)),
                            GradientStop(offset: 1, color: Color(hex: 0x0080FF)),
                        ])))
            var frame = PixelRect(x: 0, y: 0, width: 0, height: 0)
            let body: (inout Canvas) throws -> Void = { layer in
                frame = layer.pixelBounds
                layer.blurBackdrop(under: card, sigma: 4)
                try layer.drawShadow(of: card, color: .black.opacity(0.5), offset: Point(x: 0, y: 3), blurRadius: 10)
                layer.fill(card, with: Color(hex: 0xFFFFFF).opacity(0.5))
                layer.fill(bar, with: Color(hex: 0x30C060))
            }
            let mask = try VerticalMask.fadeOut(from: 70, to: 90)
            if whole {
                try canvas.layer(opacity: 1, mask: mask, body)
            } else {
                try canvas.layer(opacity: 1, mask: mask, drawn: drawn, kept: kept, body)
            }
            return (canvas.image, frame)
        }
        let whole = try scene(drawn: nil, kept: nil, whole: true)
        #expect(whole.layer == PixelRect(x: 0, y: 0, width: 100, height: 160))
        let drawn = PixelRect(x: 10, y: 20, width: 60, height: 130)
        // The blur reads 3σ = 12 px around the card; the shadow (σ = 5) 3σ + 2 around it moved down 3.
        let kept = PixelRect(x: 10 - 13, y: 70 - 13, width: 60 + 26, height: 31 + 26)
            .union(PixelRect(x: 10 - 18, y: 73 - 18, width: 60 + 36, height: 31 + 36))
        let bounded = try scene(drawn: drawn, kept: kept)
        #expect(bounded.layer == PixelRect(x: 0, y: 20, width: 70 + 18, height: 104 + 18 - 20))
        #expect(bounded.image.pixels == whole.image.pixels, "the bounded layer drew other bytes")
        // Narrower where nothing reads: drawn alone stops at the mask's 90 rows and the card's columns.
        let drawnOnly = try scene(drawn: drawn, kept: nil)
        #expect(drawnOnly.layer == PixelRect(x: 10, y: 20, width: 60, height: 70))
        // ... and that is why what is read counts: the blur and shadow near the fade then differ.
        #expect(drawnOnly.image.pixels != whole.image.pixels, "the kept area made no difference: the test shows nothing")
        // The bar was cut off by the fade: hidden from row 90 on.
        #expect(whole.image[35, 140] != whole.image[35, 40])
    }
}
