import HowdyNumbers
import HowdyRender

/// The pixels a list of display operations touches, for a layer sized to them
/// (`Canvas.layer(opacity:mask:drawn:kept:_:)`): what is only drawn, pixel by pixel from
/// its own position, and what must be kept whole because an operation reads it or lays a
/// sampling grid over it (a shadow's or backdrop blur's padded area, an image's rectangle).
struct DisplayExtent {
    /// Pixels drawn (fills, strokes, texts' glyphs); empty when none.
    var drawn = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Pixels read or sampled as a whole; empty when none.
    var kept = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The rows of each area `kept` holds, one range per operation: a layer drawn in bands
    /// never cuts one (`Canvas.layer(opacity:mask:drawn:kept:keptRows:bandRows:_:)`).
    var keptRows: [Range<Int>] = []
    /// The rows of what must be held in one band even when the layer's own shadows and
    /// backdrop blurs are carried across bands (its images, its inner layers' reads).
    var heldRows: [Range<Int>] = []
    /// What each backdrop blur of the layer's own (outside inner layers) reads.
    var readAhead: [LayerReadAhead] = []
    /// Whether the layer's own shadows and backdrop blurs can be carried across bands
    /// (`Canvas.layer(opacity:mask:drawn:kept:keptRows:readAhead:bandRows:_:)`): no blur
    /// reads what an earlier one of them writes.
    var carriesAcrossBands = true
    /// The pixels the layer's own backdrop blurs write so far.
    private var blurred: [PixelRect] = []

    /// The extent of `operations`; nil when one of them may touch any pixel (a canvas
    /// fill, a blob paint, whole-layer pixels), so the layer must be canvas-sized.
    /// - Throws: `RenderError` for a glyph that cannot be loaded (texts are measured by
    ///   their glyphs' bitmaps, as drawing places them: the glyphs are then cached).
    static func of(_ operations: [DisplayOperation]) throws(RenderError) -> DisplayExtent? {
        var extent = DisplayExtent()
        for operation in operations {
            guard try extent.add(operation, nested: false) else { return nil }
        }
        return extent
    }

    /// Adds `operation`, inside an inner layer when `nested`; false when it may touch any pixel.
    private mutating func add(_ operation: DisplayOperation, nested: Bool) throws(RenderError) -> Bool {
        switch operation {
        case .fill(_, .blobs), .fill(.canvas, _), .pixels: return false
        case .fill(.roundedRect(let shape), _): drawn = drawn.union(PixelRect(enclosing: shape.bounds))
        case .fill(.circle(let shape), _): drawn = drawn.union(PixelRect(enclosing: shape.bounds))
        case .fill(.stroke(let shape), _): drawn = drawn.union(PixelRect(enclosing: shape.bounds))
        case .stroke(let shape, _, _):
            // Inside the shape's edge; a pixel more for the pieces' rounding.
            drawn = drawn.union(PixelRect(enclosing: shape.bounds).padded(by: 1))
        case .text(let text):
            if let ink = try Canvas.inkBounds(of: text.layout, at: text.origin) { drawn = drawn.union(ink) }
        case .image(_, let rect): keep(PixelRect(enclosing: rect), held: true)
        case .shadow(let shape, _, let offset, let blurRadius):
            // Canvas.drawShadow: the moved shape's pixels padded by 3σ + 2 (σ = blur / 2),
            // or the moved shape filled when σ ≤ 0.2.
            let moved = PixelRect(enclosing: try shape.bounds.offsetBy(dx: offset.x, dy: offset.y))
            let sigma = min(blurRadius, 2048) / 2
            if sigma > 0.2 {
                keep(moved.padded(by: Int(saturating: 3 * sigma, rounding: .up) + 3), held: nested)
            } else {
                drawn = drawn.union(moved.padded(by: 1))
            }
        case .backdropBlur(let shape, let sigma):
            // Canvas.blurBackdrop: the shape's pixels padded by 3σ (σ capped at 256).
            guard sigma.isFinite, sigma > 0.2 else { return true }
            let read = PixelRect(enclosing: shape.bounds).padded(
                by: Int(saturating: 3 * min(sigma, 256), rounding: .up) + 1)
            keep(read, held: nested)
            if !nested, let ahead = LayerReadAhead.backdropBlur(under: shape, sigma: sigma) {
                // A blur reading what an earlier one writes would read, ahead of the band,
                // what that one has not written yet.
                if blurred.contains(where: { !$0.intersection(read).isEmpty }) { carriesAcrossBands = false }
                blurred.append(PixelRect(enclosing: shape.bounds))
                readAhead.append(ahead)
            }
        case .layer(_, _, let operations):
            for inner in operations { guard try add(inner, nested: true) else { return false } }
        case .clip(_, let operations):
            for inner in operations { guard try add(inner, nested: nested) else { return false } }
        case .group(let group):
            for inner in group.operations { guard try add(inner, nested: nested) else { return false } }
        }
        return true
    }

    /// Adds `area` to what is kept whole; `held` when it must stay in one band even when
    /// the layer's own shadows and blurs are carried across bands.
    private mutating func keep(_ area: PixelRect, held: Bool) {
        guard !area.isEmpty else { return }
        kept = kept.union(area)
        keptRows.append(area.y..<area.maxY)
        if held { heldRows.append(area.y..<area.maxY) }
    }
}

extension PixelRect {
    /// Grown by `margin` px on every side (an empty rectangle stays empty).
    fileprivate func padded(by margin: Int) -> PixelRect {
        guard !isEmpty else { return self }
        return PixelRect(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }
}
