import Foundation
import Testing

@testable import HowdyRender

/// A banded layer's own backdrop blurs and shadows carried across its bands
/// (`Canvas.layer(opacity:mask:drawn:kept:keptRows:readAhead:bandRows:_:)`): a pulled
/// `StreamingBlur` gives the whole-plane blur's floats and reads at most `lag` rows ahead,
/// and a layer drawn in bands of any height gives the bytes of the canvas-sized layer,
/// with what the layer drew before a blur under the rows it reads ahead of each band.
@Suite struct CarriedBlurTests {
    @Test(arguments: [(width: 23, height: 41), (width: 1, height: 1), (width: 5, height: 90), (width: 64, height: 7)])
    func pulledInUnevenStepsIsTheWholePlaneBlurBitForBit(size: (width: Int, height: Int)) {
        var state: UInt64 = 7
        for sigma in [0.1, 0.7, 2.5, 9, 30, 500] {
            for edges in [BlurEdges.clamp, .transparent] {
                let planes = (0..<4).map {
                    StreamingBlurTests.samples(size.width * size.height, seed: UInt64($0 + 3) &* 131)
                }
                var blur = StreamingBlur(
                    width: size.width, height: size.height, channels: 4, sigma: sigma, edges: edges)
                let lag = blur.lag
                #expect(lag <= StreamingBlur.maximumLag(sigma: sigma), "σ \(sigma): lag over its bound")
                var out = planes.map { [Float](repeating: .nan, count: $0.count) }
                var read: [Int] = [], emitted: [Int] = []
                var limit = 0
                while blur.rowsOut < size.height {
                    state = state &* 6_364_136_223_846_793_005 &+ 1
                    limit += Int(state >> 61)  // 0...7 rows more
                    blur.pull(until: limit) { y, samples in
                        read.append(y)
                        for (c, plane) in planes.enumerated() {
                            for x in 0..<size.width { samples[c * size.width + x] = plane[y * size.width + x] }
                        }
                    } emit: { y, samples in
                        #expect(y < limit, "row \(y) out past the limit \(limit)")
                        #expect(
                            read.last ?? -1 <= min(y + lag, size.height - 1),
                            "σ \(sigma): row \(y) out read row \(read.last ?? -1), over \(lag) ahead")
                        emitted.append(y)
                        for c in 0..<4 {
                            for x in 0..<size.width { out[c][y * size.width + x] = samples[c * size.width + x] }
                        }
                    }
                }
                #expect(read == Array(0..<size.height) && emitted == Array(0..<size.height), "rows out of order")
                for (c, source) in planes.enumerated() {
                    var whole = FloatPlane(width: size.width, height: size.height)
                    whole.samples = source
                    Blur.gaussian(&whole, sigma: sigma, edges: edges)
                    #expect(
                        out[c].map(\.bitPattern) == whole.samples.map(\.bitPattern),
                        "\(size) σ \(sigma) \(edges) channel \(c): pulled samples differ from the whole plane's")
                }
            }
        }
    }

    /// A canvas of noise, opaque, so every blur has something to smear.
    private func noise(width: Int, height: Int) throws -> Canvas {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        var state: UInt64 = 99
        for i in 0..<width * height {
            for c in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes[i * 4 + c] = UInt8(truncatingIfNeeded: state >> 56)
            }
        }
        return Canvas(image: try Image(width: width, height: height, premultipliedRGBA: bytes))
    }

    /// A masked layer's body: translucent stripes over every row first (what a blur reads
    /// ahead of a band is the layer so far over the canvas, not the canvas alone), a
    /// material card running past the canvas's bottom (blur, shadow, surface), a second
    /// card inside a clip, and text-like fills after.
    private func body(_ layer: inout Canvas, width: Int, height: Int) throws {
        for y in stride(from: 0, to: height, by: 6) {
            let rect = try Rect(x: Double(y % 11), y: Double(y) + 0.3, width: Double(width) * 0.7, height: 3.4)
            layer.fill(
                try RoundedRect(rect), with: .solid(Color(hex: UInt32((0x20_40_F0 + y * 977) & 0xFF_FFFF), alpha: 0.55))
            )
        }
        let card = try RoundedRect(
            try Rect(x: 12, y: 70.5, width: Double(width) - 24, height: Double(height)), cornerRadius: 9,
            style: .continuous)
        layer.blurBackdrop(under: card, sigma: 5.5)
        try layer.drawShadow(of: card, color: Color.black.opacity(0.3), offset: Point(x: 0, y: 3), blurRadius: 11)
        layer.fill(card, with: .solid(Color(hex: 0xFFFFFF, alpha: 0.6)))
        let small = try RoundedRect(try Rect(x: 8, y: 6, width: 40, height: 22.5), cornerRadius: 6)
        try layer.clip(to: try RoundedRect(try Rect(x: 0, y: 0, width: 30, height: 40))) { inner in
            inner.blurBackdrop(under: small, sigma: 3)
            try inner.drawShadow(of: small, color: .black.opacity(0.4), offset: Point(x: 2, y: 2), blurRadius: 6)
        }
        for y in stride(from: 80, to: height, by: 9) {
            layer.fill(try RoundedRect(try Rect(x: 20, y: Double(y), width: 30, height: 2)), with: .solid(.black))
        }
    }

    /// What the layer's own blurs read (`LayerReadAhead`), for `body`.
    private func readAhead(width: Int, height: Int) throws -> [LayerReadAhead] {
        let card = try RoundedRect(try Rect(x: 12, y: 70.5, width: Double(width) - 24, height: Double(height)))
        let small = try RoundedRect(try Rect(x: 8, y: 6, width: 40, height: 22.5))
        return [
            try #require(LayerReadAhead.backdropBlur(under: card, sigma: 5.5)),
            try #require(LayerReadAhead.backdropBlur(under: small, sigma: 3)),
        ]
    }

    @Test func carriedBlursAndShadowsDrawTheWholeLayersBytesInAnyBands() throws {
        let (width, height) = (72, 150)
        let mask = try VerticalMask.fadeOut(from: 120, to: 140)
        var whole = try noise(width: width, height: height)
        try whole.layer(opacity: 1, mask: mask) { try body(&$0, width: width, height: height) }
        let all = PixelRect(x: 0, y: 0, width: width, height: height)
        for rows in [1, 2, 5, 13, 40, 149, nil] {
            var banded = try noise(width: width, height: height)
            var bandsDrawn = 0
            try banded.layer(
                opacity: 1, mask: mask, drawn: all, kept: all, keptRows: [],
                readAhead: try readAhead(width: width, height: height), bandRows: rows
            ) { layer in
                bandsDrawn += 1
                try body(&layer, width: width, height: height)
            }
            #expect(banded.image == whole.image, "bands of \(rows.map(String.init) ?? "default") rows drew other bytes")
            if let rows {
                #expect(bandsDrawn >= height / rows, "\(bandsDrawn) bands of \(rows) rows: blurs held bands")
            }
        }
    }

    /// Without the rows read ahead (the band's canvas ends with its rows), a carried blur
    /// would need rows no band's canvas holds: the frame grows by the blur's lag exactly
    /// where a blur reads on below the band, and then to the end of a kept range.
    @Test func bandCanvasesHoldWhatTheBlursReadAhead() throws {
        let read = LayerReadAhead(rows: 10..<100, lag: 12)
        #expect(LayerBands.frameEnd(of: 0..<10, readAhead: [read], holding: [], limit: 200) == 10)
        #expect(LayerBands.frameEnd(of: 10..<20, readAhead: [read], holding: [], limit: 200) == 32)
        #expect(LayerBands.frameEnd(of: 80..<95, readAhead: [read], holding: [], limit: 200) == 100)
        #expect(LayerBands.frameEnd(of: 80..<95, readAhead: [read], holding: [], limit: 98) == 98)
        #expect(LayerBands.frameEnd(of: 95..<100, readAhead: [read], holding: [], limit: 200) == 100)
        #expect(LayerBands.frameEnd(of: 10..<20, readAhead: [read], holding: [25..<40], limit: 200) == 40)
        #expect(LayerBands.frameEnd(of: 10..<20, readAhead: [read], holding: [32..<40], limit: 200) == 32)
    }
}
