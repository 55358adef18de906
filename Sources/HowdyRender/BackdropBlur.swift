import HowdyNumbers

extension Canvas {
    /// Blurs what is visible under `shape` (a material's backdrop): the pixels the shape
    /// covers are replaced by a Gaussian blur (standard deviation `sigma` px) of what is
    /// drawn there so far, anti-aliased at the shape's edge and limited to the active clips.
    ///
    /// The blur reads pixels up to 3σ outside the shape (beyond the canvas edge it repeats
    /// the edge pixel, so a background keeps its colour to the border). Inside a `layer`,
    /// "what is drawn so far" is the layer over the canvas under it, so a masked layer
    /// fades the blurred backdrop with the rest of its content. `sigma` ≤ 0.2 px or not
    /// finite does nothing; σ is capped at 256 px, which bounds the work.
    public mutating func blurBackdrop(under shape: RoundedRect, sigma requested: Double) {
        guard requested.isFinite, requested > 0.2 else { return }
        let sigma = min(requested, 256)
        let area = PixelRect(enclosing: shape.bounds).intersection(drawableArea)
        guard !area.isEmpty else { return }
        let pad = Int(saturating: 3 * sigma, rounding: .up)
        let source = PixelRect(
            x: area.x - pad, y: area.y - pad, width: area.width + 2 * pad, height: area.height + 2 * pad
        )
        .intersection(pixelBounds)
        // One channel at a time, so a blur holds two planes (8 bytes a pixel of `source`)
        // rather than four: each channel blurs alone, and compositing channel c writes
        // only channel c's bytes, so a later channel reads what it would have read before
        // any was written (`visiblePixel`'s lane c depends only on channel c and alpha).
        // Alpha is blurred first (every colour channel is clamped to it) and composited
        // last (every colour channel's underlay mix reads the unwritten alpha).
        var alpha = FloatPlane(width: source.width, height: source.height)
        fill(&alpha, channel: 3, from: source)
        Blur.gaussian(&alpha, sigma: sigma, edges: .clamp)
        var plane = FloatPlane(width: source.width, height: source.height)
        for channel in 0..<3 {
            fill(&plane, channel: channel, from: source)
            Blur.gaussian(&plane, sigma: sigma, edges: .clamp)
            composite(plane, channel: channel, alpha: alpha, source: source, area: area, under: shape)
        }
        composite(alpha, channel: 3, alpha: alpha, source: source, area: area, under: shape)
    }

    /// Writes channel `channel` of what is visible over `source` into `plane`.
    private func fill(_ plane: inout FloatPlane, channel: Int, from source: PixelRect) {
        for row in 0..<source.height {
            for column in 0..<source.width {
                plane.samples[row * source.width + column] = visiblePixel(x: source.x + column, y: source.y + row)[channel]
            }
        }
    }

    /// Mixes the blurred `plane` into channel `channel` of the pixels of `area` that
    /// `shape` (and the active clips) cover, by that coverage; colour channels are
    /// clamped to the blurred `alpha` (premultiplied).
    private mutating func composite(
        _ plane: FloatPlane, channel c: Int, alpha: FloatPlane, source: PixelRect, area: PixelRect,
        under shape: RoundedRect
    ) {
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
                // Premultiplied: a colour channel never exceeds its alpha.
                let blurred = min(c == 3 ? 255 : alpha.samples[sample], max(0, plane.samples[sample]))
                let old = Float(image.pixels[pixel + c])
                let mixed = old + (blurred - old) * coverage[i]
                image.pixels[pixel + c] = UInt8(min(255, max(0, mixed + 0.5)).rounded(.down))
            }
        }
    }

    /// What is visible so far at (`x`, `y`), premultiplied 0...255: the canvas's pixel,
    /// over the underlay's when this canvas is a layer.
    private func visiblePixel(x: Int, y: Int) -> SIMD4<Float> {
        let base = ((y - originY) * width + x - originX) * 4
        let p = image.pixels
        let top = SIMD4<Float>(Float(p[base]), Float(p[base + 1]), Float(p[base + 2]), Float(p[base + 3]))
        guard let underlay else { return top }
        return top + underlay.pixel(x: x, y: y) * ((255 - top.w) / 255)
    }
}
