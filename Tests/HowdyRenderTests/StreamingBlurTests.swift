import Foundation
import HowdyNumbers
import Testing

@testable import HowdyRender

/// The backdrop blur streamed down the rows (`StreamingBlur`, a few hundred rows held)
/// computes the same floats as `Blur.gaussian` on the whole plane, so a material card
/// draws the same bytes as with the whole-plane blur it replaced.
@Suite struct StreamingBlurTests {
    /// Deterministic samples 0...255 with fractions (as a layer over an underlay gives);
    /// `CarriedBlurTests` uses them too.
    static func samples(_ count: Int, seed: UInt64) -> [Float] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24) * 255
        }
    }

    /// Every row out of the stream, for `channels` planes pushed together.
    private func streamed(
        _ planes: [[Float]], width: Int, height: Int, sigma: Double, edges: BlurEdges
    ) -> [[Float]] {
        var blur = StreamingBlur(width: width, height: height, channels: planes.count, sigma: sigma, edges: edges)
        var out = planes.map { [Float](repeating: .nan, count: $0.count) }
        var rowsOut: [Int] = []
        for row in 0..<height {
            blur.push { samples in
                for (c, plane) in planes.enumerated() {
                    for x in 0..<width { samples[c * width + x] = plane[row * width + x] }
                }
            } emit: { y, samples in
                #expect(y <= row, "row \(y) came out before it went in (\(row))")
                rowsOut.append(y)
                for c in 0..<planes.count {
                    for x in 0..<width { out[c][y * width + x] = samples[c * width + x] }
                }
            }
        }
        #expect(rowsOut == Array(0..<height), "rows out of order or missing")
        return out
    }

    @Test(arguments: [
        (width: 37, height: 29), (width: 1, height: 1), (width: 1, height: 50), (width: 60, height: 1),
        (width: 13, height: 3), (width: 200, height: 150),
    ])
    func streamedRowsAreTheWholePlaneBlurBitForBit(size: (width: Int, height: Int)) {
        for sigma in [0.1, 0.25, 0.7, 1.5, 3, 7.3, 20, 80, 1_000] {
            for edges in [BlurEdges.clamp, .transparent] {
                let planes = (0..<2).map { Self.samples(size.width * size.height, seed: UInt64($0 + 1) &* 977) }
                let out = streamed(planes, width: size.width, height: size.height, sigma: sigma, edges: edges)
                for (c, source) in planes.enumerated() {
                    var whole = FloatPlane(width: size.width, height: size.height)
                    whole.samples = source
                    Blur.gaussian(&whole, sigma: sigma, edges: edges)
                    #expect(
                        out[c].map(\.bitPattern) == whole.samples.map(\.bitPattern),
                        "\(size) σ \(sigma) \(edges) channel \(c): streamed samples differ from the whole plane's")
                }
            }
        }
    }

    /// A real screen (the branded paywall at accessibility5, a golden nobody drew for this test) under cards
    /// at the canvas's edges and middle, with σ from sub-pixel to the 256 px cap, as a
    /// top-level canvas and inside a masked, clipped layer over part of it.
    @Test func backdropBlurDrawsTheWholePlaneBlursBytes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let screen = try Image(contentsOf: root.appendingPathComponent("Goldens/HowdyKitUI/branded/12-paywall_phone-light-accessibility5.png"))
        let cards = [
            try RoundedRect(Rect(x: 20.5, y: 300.25, width: 300, height: 180), cornerRadius: 24, style: .continuous),
            try RoundedRect(Rect(x: -10, y: -5, width: 140, height: 90), cornerRadius: 12, style: .circular),
            try RoundedRect(
                Rect(x: Double(screen.width) - 100, y: Double(screen.height) - 60, width: 140, height: 90),
                cornerRadius: 30, style: .circular),
        ]
        var changed = 0
        for card in cards {
            for sigma in [0.3, 2, 9.5, 60, 400] {
                var streamed = Canvas(image: screen)
                var whole = Canvas(image: screen)
                streamed.blurBackdrop(under: card, sigma: sigma)
                whole.wholePlaneBlurBackdrop(under: card, sigma: sigma)
                #expect(streamed.image == whole.image, "card \(card.bounds) σ \(sigma): other bytes")
                if streamed.image != screen { changed += 1 }
                guard [9.5, 60].contains(sigma) else { continue }

                // Inside a masked layer over part of the canvas, under a clip: the blur reads
                // the layer over its underlay, and the clip limits what it writes.
                let clip = try RoundedRect(Rect(x: 0, y: 100, width: 900, height: 500), cornerRadius: 40, style: .circular)
                let part = PixelRect(x: 0, y: 40, width: screen.width, height: 700)
                func layered(_ blur: (inout Canvas) -> Void) throws -> Image {
                    var canvas = Canvas(image: screen)
                    try canvas.layer(mask: try .fadeOut(from: 400, to: 650)) { content in
                        content.fill(try RoundedRect(Rect(x: 40, y: 150, width: 500, height: 90)), with: Color(hex: 0x3366FF).opacity(0.6))
                        content.clip(to: clip) { clipped in
                            clipped.layer(opacity: 0.8, mask: nil, within: part) { layer in blur(&layer) }
                        }
                    }
                    return canvas.image
                }
                #expect(
                    try layered { $0.blurBackdrop(under: card, sigma: sigma) }
                        == (try layered { $0.wholePlaneBlurBackdrop(under: card, sigma: sigma) }),
                    "card \(card.bounds) σ \(sigma) in a layer: other bytes")
            }
        }
        // Not vacuous: the blurs changed the screen.
        #expect(changed >= 12, "only \(changed) blurs changed the screen")
    }
}

extension Canvas {
    /// The backdrop blur as it was before it streamed (HowdyKit 2026-12-02): whole Float
    /// planes, alpha first, then each colour channel blurred and composited in turn.
    fileprivate mutating func wholePlaneBlurBackdrop(under shape: RoundedRect, sigma requested: Double) {
        guard requested.isFinite, requested > 0.2 else { return }
        let sigma = min(requested, 256)
        let area = PixelRect(enclosing: shape.bounds).intersection(drawableArea)
        guard !area.isEmpty else { return }
        let pad = Int(saturating: 3 * sigma, rounding: .up)
        let source = PixelRect(
            x: area.x - pad, y: area.y - pad, width: area.width + 2 * pad, height: area.height + 2 * pad
        )
        .intersection(pixelBounds)
        materializeUnderlay()
        func fill(_ plane: inout FloatPlane, channel: Int) {
            for row in 0..<source.height {
                for column in 0..<source.width {
                    plane.samples[row * source.width + column] = visiblePixel(x: source.x + column, y: source.y + row)[channel]
                }
            }
        }
        var alpha = FloatPlane(width: source.width, height: source.height)
        fill(&alpha, channel: 3)
        Blur.gaussian(&alpha, sigma: sigma, edges: .clamp)
        var plane = FloatPlane(width: source.width, height: source.height)
        for c in [0, 1, 2, 3] {
            if c < 3 {
                fill(&plane, channel: c)
                Blur.gaussian(&plane, sigma: sigma, edges: .clamp)
            }
            let blurredPlane = c == 3 ? alpha : plane
            var coverage = [Float](repeating: 0, count: area.width)
            var clipCoverage = [Float](repeating: 0, count: area.width)
            for y in area.y..<area.maxY {
                coverage.withUnsafeMutableBufferPointer { row in
                    row.update(repeating: 0)
                    shape.coverage(row: y, from: area.x, into: row)
                    for clip in clips {
                        clipCoverage.withUnsafeMutableBufferPointer { clipRow in
                            clipRow.update(repeating: 0)
                            clip.coverage(row: y, from: area.x, into: clipRow)
                            for i in 0..<area.width { row[i] *= clipRow[i] }
                        }
                    }
                }
                for i in 0..<area.width where coverage[i] > 0 {
                    let x = area.x + i
                    let pixel = ((y - originY) * width + x - originX) * 4
                    let sample = (y - source.y) * source.width + (x - source.x)
                    let blurred = min(c == 3 ? 255 : alpha.samples[sample], max(0, blurredPlane.samples[sample]))
                    let old = Float(image.pixels[pixel + c])
                    let mixed = old + (blurred - old) * coverage[i]
                    image.pixels[pixel + c] = UInt8(min(255, max(0, mixed + 0.5)).rounded(.down))
                }
            }
        }
    }
}
