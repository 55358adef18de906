import HowdyNumbers
import HowdyText

extension Canvas {
    /// Draws `layout` with its top-left corner at `origin` (px) in `color`.
    /// See `draw(_:at:paint:)`.
    public mutating func draw(_ layout: TextLayout, at origin: Point, color: Color) throws(RenderError) {
        try draw(layout, at: origin, paint: .solid(color))
    }

    /// Draws `layout` with its top-left corner at `origin` (px), filling glyphs with `paint`
    /// (a colour, or a gradient for gradient text).
    ///
    /// Glyphs come from FreeType, unhinted and grey-scale anti-aliased at their sub-pixel
    /// pen positions (quantised to 1/4 px), cached by face, glyph, size and offset. A line's
    /// glyphs are merged into one coverage mask and composited once, so touching glyphs do
    /// not double-darken. Colour emoji are drawn in their own colours (scaled from the
    /// font's bitmap strike), with the paint's opacity when it is a solid colour.
    /// - Throws: `RenderError.invalidGeometry` for a non-finite origin,
    ///   `RenderError.freeType` when a glyph cannot be loaded.
    public mutating func draw(_ layout: TextLayout, at origin: Point, paint: Paint) throws(RenderError) {
        try requireFinite(origin, "text origin")
        var emojiOpacity = 1.0
        if case .solid(let color) = paint { emojiOpacity = color.alpha }
        for line in layout.lines {
            var placed: [(x: Int, y: Int, bitmap: GlyphBitmap)] = []
            var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int) = (.max, .max, .min, .min)
            try Self.placeGlyphs(of: line, at: origin) { x, y, bitmap throws(RenderError) in
                if let color = bitmap.color {
                    drawGlyphImage(color, x: x, y: y, opacity: emojiOpacity)
                    return
                }
                placed.append((x, y, bitmap))
                bounds = (
                    min(bounds.minX, x), min(bounds.minY, y), max(bounds.maxX, x + bitmap.width),
                    max(bounds.maxY, y + bitmap.height)
                )
            }
            guard !placed.isEmpty else { continue }
            let area = PixelRect(
                x: bounds.minX, y: bounds.minY, width: bounds.maxX - bounds.minX, height: bounds.maxY - bounds.minY)
            guard !area.intersection(drawableArea).isEmpty else { continue }
            // Merge the line's glyphs: coverage a ∪ b = a + b − ab.
            var mask = [Float](repeating: 0, count: area.width * area.height)
            for (x, y, bitmap) in placed {
                for row in 0..<bitmap.height {
                    let target = (y - area.y + row) * area.width + (x - area.x)
                    for column in 0..<bitmap.width {
                        let value = Float(bitmap.coverage[row * bitmap.width + column]) * (1 / 255)
                        guard value > 0 else { continue }
                        let old = mask[target + column]
                        mask[target + column] = old + value - old * value
                    }
                }
            }
            let coverageMask = mask
            composite(area: area, paint: paint) { y, x0, coverage in
                let start = (y - area.y) * area.width + (x0 - area.x)
                for i in 0..<coverage.count { coverage[i] = coverageMask[start + i] }
            }
        }
    }

    /// The pixels `draw(layout, at: origin, …)` may touch (px, drawing coordinates): the
    /// union of its glyphs' bitmaps, found as drawing finds them (the glyphs are cached for
    /// the drawing that follows); nil when it draws no glyph.
    /// - Throws: as `draw(_:at:paint:)`.
    package static func inkBounds(of layout: TextLayout, at origin: Point) throws(RenderError) -> PixelRect? {
        try requireFinite(origin, "text origin")
        var bounds: PixelRect?
        for line in layout.lines {
            try placeGlyphs(of: line, at: origin) { x, y, bitmap throws(RenderError) in
                let box = PixelRect(x: x, y: y, width: bitmap.width, height: bitmap.height)
                bounds = bounds.map { $0.union(box) } ?? box
            }
        }
        return bounds
    }

    /// Each glyph of `line` with a non-empty bitmap, placed: its bitmap's top-left pixel
    /// (px, drawing coordinates) and the bitmap (at the pen's sub-pixel offset).
    private static func placeGlyphs(
        of line: TextLine, at origin: Point,
        _ body: (_ x: Int, _ y: Int, _ bitmap: GlyphBitmap) throws(RenderError) -> Void
    ) throws(RenderError) {
        let steps = Double(GlyphCache.subpixelSteps)
        for run in line.runs {
            let size64 = Int(saturatingRounded: run.font.size * 64)
            let axisValues = run.font.axisValues
            for glyph in run.glyphs {
                let penX = origin.x + line.x + glyph.x, penY = origin.y + line.baseline + glyph.y
                guard penX.isFinite, penY.isFinite, abs(penX) < 1e7, abs(penY) < 1e7 else { continue }
                var wholeX = Int(saturating: penX, rounding: .down), wholeY = Int(saturating: penY, rounding: .down)
                var subX = Int(saturating: (penX - Double(wholeX)) * steps, rounding: .toNearestOrAwayFromZero)
                var subY = Int(saturating: (penY - Double(wholeY)) * steps, rounding: .toNearestOrAwayFromZero)
                if subX == GlyphCache.subpixelSteps { subX = 0; wholeX += 1 }
                if subY == GlyphCache.subpixelSteps { subY = 0; wholeY += 1 }
                let isColor = run.font.face.isColor && !run.font.face.isScalable
                let key = GlyphKey(
                    face: run.font.face, glyph: glyph.id, size64: size64,
                    subX: isColor ? 0 : UInt8(subX), subY: isColor ? 0 : UInt8(subY), axisValues: axisValues,
                    synthesis: run.font.synthesis)
                let bitmap = try GlyphCache.shared.glyph(key)
                guard bitmap.width > 0, bitmap.height > 0 else { continue }
                try body(wholeX + bitmap.left, wholeY - bitmap.top, bitmap)
            }
        }
    }

    /// Composites a premultiplied glyph image with its top-left pixel at (`x`, `y`).
    private mutating func drawGlyphImage(_ image: Image, x: Int, y: Int, opacity: Double) {
        let area = PixelRect(x: x, y: y, width: image.width, height: image.height)
        let alpha = Float(opacity)
        composite(area: area, shader: ImageShader(image: image, origin: (x: x, y: y))) { _, _, coverage in
            coverage.update(repeating: alpha)
        }
    }
}
