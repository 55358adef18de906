extension Canvas {
    /// Strokes the outline of `shape` `width` px wide, inside its edge, in `color`: four
    /// straight sides and four circular corner arcs of the shape's corner radius (a
    /// continuous-corner shape is stroked with circular corners), round caps.
    ///
    /// The eight pieces are drawn opaque into one layer composited at `color`'s alpha, so
    /// their overlapping joins do not double up when the colour is translucent.
    /// Degenerate cases: width 0 draws nothing; a corner radius under half the width draws
    /// the corners as dots.
    /// - Throws: `RenderError.invalidGeometry` for a non-finite or negative width.
    public mutating func stroke(_ shape: RoundedRect, width: Double, color: Color) throws(RenderError) {
        try requireFinite(width, "stroke width")
        guard width >= 0 else { throw .invalidGeometry("stroke width is negative (\(width))") }
        let pieces = try shape.outlinePieces(width: width)
        let solid = color.opacity(1 / max(color.alpha, 0.0001))
        let opaque = Color(red: solid.red, green: solid.green, blue: solid.blue)
        // One layer per part of the ring the pieces' bounds cover, each with every piece
        // drawn into it, not one over the outline's whole box: a card's stroke costs its
        // ring, not the card. The bytes are the same: a piece's coverage at a pixel does not
        // depend on the layer it is drawn in, and the box's middle, which no piece reaches,
        // would be transparent there, which composites to nothing.
        let parts = PixelRect.disjointCover(of: pieces.map { PixelRect(enclosing: $0.bounds) })
        for part in parts where !part.intersection(pixelBounds).isEmpty {
            layer(opacity: color.alpha, mask: nil, within: part) { layer in
                for piece in pieces { layer.fill(piece, with: opaque) }
            }
        }
    }
}

extension RoundedRect {
    /// The eight pieces `Canvas.stroke(_:width:color:)` draws for an outline `width` px
    /// wide inside the edge: the four sides, then the four corner arcs (clockwise from the
    /// top right), at the corner radius less half the width (0 at least).
    /// - Throws: `RenderError.invalidGeometry` when the inset or a piece is invalid.
    func outlinePieces(width: Double) throws(RenderError) -> [RoundStroke] {
        let rect = self.rect
        let r = max(0, cornerRadius - width / 2)
        let inner = try rect.insetBy(dx: width / 2, dy: width / 2)
        let (x0, y0, x1, y1) = (inner.minX, inner.minY, inner.maxX, inner.maxY)
        return [
            try .line(from: Point(x: x0 + r, y: y0), to: Point(x: x1 - r, y: y0), width: width),
            try .line(from: Point(x: x1, y: y0 + r), to: Point(x: x1, y: y1 - r), width: width),
            try .line(from: Point(x: x1 - r, y: y1), to: Point(x: x0 + r, y: y1), width: width),
            try .line(from: Point(x: x0, y: y1 - r), to: Point(x: x0, y: y0 + r), width: width),
            try .arc(
                center: Point(x: x1 - r, y: y0 + r), radius: r, startAngle: -.pi / 2, sweep: .pi / 2, width: width),
            try .arc(center: Point(x: x1 - r, y: y1 - r), radius: r, startAngle: 0, sweep: .pi / 2, width: width),
            try .arc(center: Point(x: x0 + r, y: y1 - r), radius: r, startAngle: .pi / 2, sweep: .pi / 2, width: width),
            try .arc(center: Point(x: x0 + r, y: y0 + r), radius: r, startAngle: .pi, sweep: .pi / 2, width: width),
        ]
    }
}

extension PixelRect {
    /// Disjoint rectangles covering exactly the union of `rects`: the rows cut at every
    /// rectangle's top and bottom, and each band's overlapping column spans merged.
    static func disjointCover(of rects: [PixelRect]) -> [PixelRect] {
        let present = rects.filter { !$0.isEmpty }
        let edges = Set(present.flatMap { [$0.y, $0.maxY] }).sorted()
        var parts: [PixelRect] = []
        for (top, bottom) in zip(edges, edges.dropFirst()) {
            let spans = present.filter { $0.y <= top && $0.maxY >= bottom }.map { ($0.x, $0.maxX) }.sorted { $0 < $1 }
            var merged: [(Int, Int)] = []
            for span in spans {
                if let last = merged.last, span.0 <= last.1 {
                    merged[merged.count - 1].1 = max(last.1, span.1)
                } else {
                    merged.append(span)
                }
            }
            for (left, right) in merged {
                parts.append(PixelRect(x: left, y: top, width: right - left, height: bottom - top))
            }
        }
        return parts
    }
}
