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
        let rect = shape.rect
        let r = max(0, shape.cornerRadius - width / 2)
        let inner = try rect.insetBy(dx: width / 2, dy: width / 2)
        let (x0, y0, x1, y1) = (inner.minX, inner.minY, inner.maxX, inner.maxY)
        let pieces: [RoundStroke] = [
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
        let solid = color.opacity(1 / max(color.alpha, 0.0001))
        let opaque = Color(red: solid.red, green: solid.green, blue: solid.blue)
        // The layer covers only the outline's pixels: a card's stroke does not cost a
        // canvas-sized buffer.
        var extent = PixelRect(enclosing: pieces[0].bounds)
        for piece in pieces.dropFirst() { extent = extent.union(PixelRect(enclosing: piece.bounds)) }
        layer(opacity: color.alpha, mask: nil, within: extent) { layer in
            for piece in pieces { layer.fill(piece, with: opaque) }
        }
    }
}
