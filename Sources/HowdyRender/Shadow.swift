extension Canvas {
    /// Draws the soft drop shadow of a card: `shape` moved by `offset`, grown by `spread`
    /// px, filled with `color` and blurred as CSS `box-shadow` does (`blurRadius` px,
    /// a Gaussian of σ = blurRadius / 2). Draw the card itself afterwards.
    ///
    /// Degenerate cases: `blurRadius` 0 gives a hard-edged shadow; a negative `spread`
    /// shrinks the shape (to nothing at most).
    /// - Throws: `RenderError.invalidGeometry` for a non-finite or negative blur, or a
    ///   non-finite offset or spread.
    public mutating func drawShadow(
        of shape: RoundedRect, color: Color, offset: Point = .zero, blurRadius: Double, spread: Double = 0
    ) throws(RenderError) {
        try requireFinite(offset, "shadow offset")
        try requireFinite(spread, "shadow spread")
        try requireFinite(blurRadius, "shadow blur radius")
        guard blurRadius >= 0 else { throw .invalidGeometry("shadow blur radius is negative (\(blurRadius))") }
        let grown = shape.rect.offsetBy(dx: offset.x, dy: offset.y).insetBy(dx: -spread, dy: -spread)
        let shadowShape = try RoundedRect(
            grown, cornerRadius: max(0, shape.cornerRadius + spread), style: shape.style)
        let sigma = blurRadius / 2
        guard sigma > 0.2 else {
            fill(shadowShape, with: color)
            return
        }
        let pad = Int((3 * sigma).rounded(.up)) + 2
        let shapeArea = PixelRect(enclosing: shadowShape.bounds)
        let padded = PixelRect(
            x: shapeArea.x - pad, y: shapeArea.y - pad, width: shapeArea.width + 2 * pad,
            height: shapeArea.height + 2 * pad)
        // Blur only what can reach the canvas.
        let visible = PixelRect(x: -pad, y: -pad, width: width + 2 * pad, height: height + 2 * pad)
        let area = padded.intersection(visible)
        guard !area.isEmpty, !drawableArea.intersection(area).isEmpty else { return }
        var plane = FloatPlane(width: area.width, height: area.height)
        plane.samples.withUnsafeMutableBufferPointer { samples in
            for row in 0..<area.height {
                let start = row * area.width
                shadowShape.coverage(
                    row: area.y + row, from: area.x,
                    into: UnsafeMutableBufferPointer(rebasing: samples[start..<start + area.width]))
            }
        }
        Blur.gaussian(&plane, sigma: sigma, edges: .transparent)
        let mask = plane
        composite(area: area, shader: SolidShader(color: color.premultiplied255, dithers: true)) { y, x0, coverage in
            let start = (y - area.y) * area.width + (x0 - area.x)
            for i in 0..<coverage.count { coverage[i] = mask.samples[start + i] }
        }
    }
}
