import Foundation
import Testing

@testable import HowdyRender

/// A stroke draws its outline in one layer per part of its ring (`PixelRect.disjointCover`
/// of its pieces' bounds), not one over the outline's whole box, and a layer flattens
/// what is under it only when a backdrop blur reads it: the same bytes as before, on a
/// real screen, translucent, clipped and inside a masked layer.
@Suite struct StrokeRingLayerTests {
    /// The stroke as it was: its eight pieces in one layer over their bounds' box.
    private func boxLayerStroke(_ canvas: inout Canvas, _ shape: RoundedRect, width: Double, color: Color) throws {
        let pieces = try shape.outlinePieces(width: width)
        let solid = color.opacity(1 / max(color.alpha, 0.0001))
        let opaque = Color(red: solid.red, green: solid.green, blue: solid.blue)
        var extent = PixelRect(enclosing: pieces[0].bounds)
        for piece in pieces.dropFirst() { extent = extent.union(PixelRect(enclosing: piece.bounds)) }
        canvas.layer(opacity: color.alpha, mask: nil, within: extent) { layer in
            for piece in pieces { layer.fill(piece, with: opaque) }
        }
    }

    @Test func aStrokeInRingPartsDrawsTheBoxLayersBytes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let screen = try Image(
            contentsOf: root.appendingPathComponent("Goldens/HowdyKitUI/branded/06-goal_phone-light-accessibility5.png"))
        let shapes = [
            try RoundedRect(Rect(x: 40.5, y: 200.25, width: 600, height: 900), cornerRadius: 36, style: .continuous),
            try RoundedRect(Rect(x: -20, y: -10, width: 300, height: 120), cornerRadius: 2, style: .circular),
            try RoundedRect(Rect(x: 100, y: 1_000, width: 8, height: 5_000), cornerRadius: 4, style: .circular),
            try RoundedRect(Rect(x: 300.7, y: 500.3, width: 200.6, height: 80.2), cornerRadius: 60, style: .circular),
        ]
        let clip = try RoundedRect(Rect(x: 60, y: 150, width: 900, height: 1_200), cornerRadius: 80, style: .circular)
        var compared = 0
        for shape in shapes {
            for (width, color) in [(1.0, Color(hex: 0x000000).opacity(0.12)), (7.5, Color(hex: 0x3366FF)), (0.3, Color(hex: 0xFF2D55).opacity(0.7))] {
                var ring = Canvas(image: screen)
                var box = Canvas(image: screen)
                try ring.stroke(shape, width: width, color: color)
                try boxLayerStroke(&box, shape, width: width, color: color)
                #expect(ring.image == box.image, "\(shape.rect) width \(width): other bytes")
                if ring.image != screen { compared += 1 }

                // Clipped, in a masked layer that also blurs its backdrop (so its underlay is
                // flattened on demand) around the stroke.
                func layered(_ draw: (inout Canvas) throws -> Void) throws -> Image {
                    var canvas = Canvas(image: screen)
                    try canvas.layer(mask: try .fadeOut(from: 700, to: 1_100)) { content in
                        content.fill(try RoundedRect(Rect(x: 0, y: 300, width: 800, height: 200)), with: Color(hex: 0x22AA66).opacity(0.5))
                        try content.clip(to: clip) { clipped in
                            try draw(&clipped)
                            clipped.blurBackdrop(under: try RoundedRect(Rect(x: 50, y: 250, width: 400, height: 300), cornerRadius: 20), sigma: 6)
                        }
                    }
                    return canvas.image
                }
                #expect(
                    try layered { try $0.stroke(shape, width: width, color: color) }
                        == (try layered { try boxLayerStroke(&$0, shape, width: width, color: color) }),
                    "\(shape.rect) width \(width) in a layer: other bytes")
            }
        }
        #expect(compared >= 8, "only \(compared) strokes drew anything")
    }

    @Test func theDisjointCoverCoversExactlyTheUnionOnce() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<200 {
            let rects = (0..<(1 + next(8))).map { _ in
                PixelRect(x: next(40) - 5, y: next(40) - 5, width: next(20), height: next(20))
            }
            var count = [Int](repeating: 0, count: 80 * 80)
            let parts = PixelRect.disjointCover(of: rects)
            #expect(parts.allSatisfy { !$0.isEmpty })
            for part in parts {
                for y in part.y..<part.maxY { for x in part.x..<part.maxX { count[(y + 10) * 80 + x + 10] += 1 } }
            }
            var wrong = 0
            for y in -10..<70 {
                for x in -10..<70 {
                    let inUnion = rects.contains { !$0.isEmpty && x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
                    if count[(y + 10) * 80 + x + 10] != (inUnion ? 1 : 0) { wrong += 1 }
                }
            }
            #expect(wrong == 0, "\(wrong) pixels covered other than once-if-in-the-union: \(rects) -> \(parts)")
        }
    }
}
