import HowdyNumbers

extension Canvas {
    /// Draws the soft drop shadow of a card: `shape` moved by `offset`, grown by `spread`
    /// px, filled with `color` and blurred as CSS `box-shadow` does (`blurRadius` px,
    /// a Gaussian of σ = blurRadius / 2). Draw the card itself afterwards. As in CSS, the
    /// shadow is not drawn inside `shape` itself (anti-aliased at its edge), so a
    /// translucent card shows the background, not its own shadow.
    ///
    /// Degenerate cases: `blurRadius` 0 gives a hard-edged shadow; a negative `spread`
    /// shrinks the shape (to nothing at most); `blurRadius` is capped at 2048 px.
    /// Only the part of the shadow that can reach the canvas is computed, so far-away or
    /// huge shapes cost no more than a canvas-sized one.
    /// - Throws: `RenderError.invalidGeometry` for a non-finite or negative blur, a
    ///   non-finite offset or spread, or a shadow past the largest finite coordinate.
    public mutating func drawShadow(
        of shape: RoundedRect, color: Color, offset: Point = .zero, blurRadius: Double, spread: Double = 0
    ) throws(RenderError) {
        // In a band of a banded layer (`bands`): the whole layer's shadow, its area bounded by
        // the layer's region (not the band), so it lays the same grid in every band; its
        // blurred plane is kept for the later bands its area reaches. Taken out while in use.
        var bands = self.bands.take()
        defer { self.bands = bands }
        let call = bands?.nextCall()
        try requireFinite(offset, "shadow offset")
        try requireFinite(spread, "shadow spread")
        try requireFinite(blurRadius, "shadow blur radius")
        guard blurRadius >= 0 else { throw .invalidGeometry("shadow blur radius is negative (\(blurRadius))") }
        let grown = try shape.rect.offsetBy(dx: offset.x, dy: offset.y).insetBy(dx: -spread, dy: -spread)
        let shadowShape = try RoundedRect(
            grown, cornerRadius: max(0, shape.cornerRadius + spread), style: shape.style)
        let sigma = min(blurRadius, 2048) / 2
        guard sigma > 0.2 else {
            fill(shadowShape, with: color)
            return
        }
        let pad = Int(saturating: 3 * sigma, rounding: .up) + 2
        let shapeArea = PixelRect(enclosing: shadowShape.bounds)
        let padded = PixelRect(
            x: shapeArea.x - pad, y: shapeArea.y - pad, width: shapeArea.width + 2 * pad,
            height: shapeArea.height + 2 * pad)
        let area = padded.intersection(bands.map { drawableArea(within: $0.region) } ?? drawableArea)
        // Nothing of it in this canvas (a band above or below it): nothing to compute.
        guard !area.isEmpty, !area.intersection(drawableArea).isEmpty else { return }
        // What the blur needs: the visible area plus the blur's reach, within the shadow.
        let region = padded.intersection(
            PixelRect(x: area.x - pad, y: area.y - pad, width: area.width + 2 * pad, height: area.height + 2 * pad))
        // Rasterise and blur at 1/factor resolution (σ stays ≥ 3 texels), then sample bilinearly.
        let factor = max(1, min(8, Int(sigma / 3)))
        let scale = 1 / Double(factor)
        let width = region.width / factor + 2, height = region.height / factor + 2
        let small = try RoundedRect(
            try Rect(
                x: (shadowShape.rect.x - Double(region.x)) * scale, y: (shadowShape.rect.y - Double(region.y)) * scale,
                width: shadowShape.rect.width * scale, height: shadowShape.rect.height * scale),
            cornerRadius: shadowShape.cornerRadius * scale, style: shadowShape.style)
        let mask: FloatPlane
        if let call, let kept = bands?.shadows.removeValue(forKey: call) {
            mask = kept
        } else {
            var plane = FloatPlane(width: width, height: height)
            plane.samples.withUnsafeMutableBufferPointer { samples in
                for row in 0..<height {
                    let start = row * width
                    small.coverage(
                        row: row, from: 0, into: UnsafeMutableBufferPointer(rebasing: samples[start..<start + width]))
                }
            }
            Blur.gaussian(&plane, sigma: sigma * scale, edges: .transparent)
            mask = plane
        }
        if let call, let rows = bands?.rows, area.maxY > rows.upperBound { bands?.shadows[call] = mask }
        let inverse = Float(scale)
        let casting = shape
        composite(area: area, shader: SolidShader(color: color.premultiplied255, dithers: true)) { y, x0, coverage in
            // Outside the casting shape only: coverage × (1 − shape coverage).
            var inside = [Float](repeating: 0, count: coverage.count)
            inside.withUnsafeMutableBufferPointer { casting.coverage(row: y, from: x0, into: $0) }
            let v = max(0, min(Float(height - 1), (Float(y - region.y) + 0.5) * inverse - 0.5))
            let j = min(height - 2, Int(v)), fy = v - Float(j)
            mask.samples.withUnsafeBufferPointer { samples in
                // Interpolate the two mask rows once, then only horizontally per pixel.
                var row = [Float](repeating: 0, count: width)
                for k in 0..<width {
                    row[k] = samples[j * width + k] + (samples[(j + 1) * width + k] - samples[j * width + k]) * fy
                }
                row.withUnsafeBufferPointer { row in
                    let maxU = Float(width - 1)
                    var u = (Float(x0 - region.x) + 0.5) * inverse - 0.5
                    for i in 0..<coverage.count {
                        let clamped = max(0, min(maxU, u))
                        let k = min(width - 2, Int(clamped)), fx = clamped - Float(k)
                        coverage[i] = (row[k] + (row[k + 1] - row[k]) * fx) * (1 - inside[i])
                        u += inverse
                    }
                }
            }
        }
    }
}
