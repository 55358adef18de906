extension Canvas {
    /// Draws `image` scaled into `rect` (px; any size, fractional edges anti-aliased) with
    /// a Mitchell–Netravali filter, at `opacity` 0...1 (clamped).
    ///
    /// Degenerate cases: an empty `rect` draws nothing. Never fails: `rect` is valid by
    /// construction and only the part on the canvas is resampled.
    public mutating func draw(_ image: Image, in rect: Rect, opacity: Double = 1) {
        guard !rect.isEmpty else { return }
        let area = PixelRect(enclosing: rect).intersection(drawableArea)
        guard !area.isEmpty else { return }
        let scaleX = Double(image.width) / rect.width, scaleY = Double(image.height) / rect.height
        let horizontal = Resampler.taps(
            count: area.width, sourceCount: image.width, scale: scaleX, offset: (Double(area.x) - rect.x) * scaleX)
        let vertical = Resampler.taps(
            count: area.height, sourceCount: image.height, scale: scaleY, offset: (Double(area.y) - rect.y) * scaleY)
        let scaled = Resampler.resample(
            Resampler.floats(image), width: image.width, height: image.height, horizontal: horizontal,
            vertical: vertical)
        let shader = FloatImageShader(pixels: scaled, area: area)
        let alpha = Float(opacity.isNaN ? 0 : min(1, max(0, opacity)))
        let frame = RoundedRect(rect, validRadius: 0, style: .circular)
        composite(area: area, shader: shader) { y, x0, coverage in
            frame.coverage(row: y, from: x0, into: coverage)
            if alpha < 1 { for i in 0..<coverage.count { coverage[i] *= alpha } }
        }
    }
}

/// Premultiplied float pixels covering exactly `area` of the canvas.
struct FloatImageShader: Shader {
    let pixels: [SIMD4<Float>]
    let area: PixelRect
    var constant: SIMD4<Float>? { nil }
    var dithers: Bool { false }

    func shade(y: Int, x0: Int, into colors: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let row = y - area.y
        for i in 0..<colors.count {
            let column = x0 + i - area.x
            colors[i] =
                row >= 0 && row < area.height && column >= 0 && column < area.width
                ? pixels[row * area.width + column] : .zero
        }
    }
}
