import HowdyNumbers

/// An alpha that varies down the canvas: piecewise linear between stops at `y` px,
/// constant above the first stop and below the last. Used for the fade above a pinned footer.
///
/// Degenerate cases: one stop is a constant alpha; stops at the same `y` make a hard step.
public struct VerticalMask: Sendable, Hashable {
    /// One stop of the mask.
    public struct Stop: Sendable, Hashable {
        /// px from the top of the canvas.
        public var y: Double
        /// 0 (hidden) ... 1 (shown); clamped.
        public var alpha: Double
        /// A stop at `y` px with `alpha` (clamped to 0...1 by the mask).
        public init(y: Double, alpha: Double) {
            self.y = y
            self.alpha = alpha
        }
    }

    /// The stops, sorted by `y`, alphas clamped.
    public let stops: [Stop]

    /// - Throws: `RenderError.invalidGeometry` for no stops or a non-finite value.
    public init(_ stops: [Stop]) throws(RenderError) {
        guard !stops.isEmpty else { throw .invalidGeometry("a vertical mask needs at least one stop") }
        for stop in stops {
            try requireFinite(stop.y, "mask stop y")
            try requireFinite(stop.alpha, "mask stop alpha")
        }
        self.stops = stops.enumerated().sorted { ($0.element.y, $0.offset) < ($1.element.y, $1.offset) }
            .map { Stop(y: $0.element.y, alpha: min(1, max(0, $0.element.alpha))) }
    }

    /// Fully shown above `start`, fading linearly to hidden at `end` (px).
    public static func fadeOut(from start: Double, to end: Double) throws(RenderError) -> VerticalMask {
        try VerticalMask([Stop(y: start, alpha: 1), Stop(y: end, alpha: 0)])
    }

    /// The mask's alpha at the centre of pixel row `row`.
    public func alpha(row: Int) -> Double {
        let y = Double(row) + 0.5
        if y <= stops[0].y { return stops[0].alpha }
        for i in 1..<stops.count where y < stops[i].y {
            let a = stops[i - 1], b = stops[i]
            return a.alpha + (b.alpha - a.alpha) * (y - a.y) / (b.y - a.y)
        }
        return stops[stops.count - 1].alpha
    }

    /// How many rows from the top of the canvas the mask can show: every row at or below
    /// it has alpha 0 (`alpha(row:)` is 0 from there on). Nil when the last stop's alpha is
    /// above 0, so rows show however far down the canvas goes; 0 when no stop shows.
    public var shownRowCount: Int? {
        guard let lastShown = stops.lastIndex(where: { $0.alpha > 0 }) else { return 0 }
        guard lastShown + 1 < stops.count else { return nil }
        // Rows whose centre lies at or past the next stop (alpha 0, as all after it) are hidden.
        return max(0, Int(saturating: stops[lastShown + 1].y - 0.5, rounding: .up))
    }
}

extension Canvas {
    /// Draws `body` into a transparent layer of the canvas's size, then composites the
    /// layer with `opacity` (0...1, clamped) and, when given, `mask` (group opacity:
    /// overlapping shapes inside the group do not show through each other).
    /// Clips active outside apply inside too.
    public mutating func layer<R>(
        opacity: Double = 1, mask: VerticalMask? = nil, _ body: (inout Canvas) throws -> R
    ) rethrows -> R {
        try layer(opacity: opacity, mask: mask, within: nil, body)
    }

    /// `layer(opacity:mask:_:)` for a body that draws only inside `within` (px, drawing
    /// coordinates; nil is the whole canvas): the layer's pixels cover just that part of
    /// the canvas, so a small group costs memory for its own area, not the canvas's. The
    /// pixels are the same as with a whole-canvas layer as long as the body draws nothing
    /// outside `within` (what it does draw there is dropped) and reads nothing there (a
    /// backdrop blur reads 3σ around its shape: include that margin).
    ///
    /// A masked display list's content uses `layer(opacity:mask:drawn:kept:_:)`, which
    /// also leaves out the rows its mask hides.
    mutating func layer<R>(
        opacity: Double, mask: VerticalMask?, within: PixelRect?, _ body: (inout Canvas) throws -> R
    ) rethrows -> R {
        var bands: LayerBandState? = nil
        return try layer(opacity: opacity, mask: mask, within: within, compositing: nil, bands: &bands, body)
    }

    /// `layer(opacity:mask:within:_:)` that composites only the rows `compositing` of the
    /// layer (nil: all of them), the body drawing with `bands` as its canvas's band state
    /// (moved in, and back out when the body is done).
    mutating func layer<R>(
        opacity: Double, mask: VerticalMask?, within: PixelRect?, compositing rows: Range<Int>?,
        bands: inout LayerBandState?, _ body: (inout Canvas) throws -> R
    ) rethrows -> R {
        let region = within.map { $0.intersection(pixelBounds) } ?? pixelBounds
        // An empty region shows nothing, but the body still runs (for its result) on one pixel.
        let visible = !region.isEmpty
        let frame = visible ? region : PixelRect(x: originX, y: originY, width: 1, height: 1)
        var layer = Canvas(image: Image(transparentWidth: frame.width, height: frame.height))
        layer.originX = frame.x
        layer.originY = frame.y
        layer.clips = clips
        // Flattened only if the body reads it (`materializeUnderlay`); the parent cannot
        // change while the body runs, so it is the same then as now.
        layer.pendingUnderlay = PendingUnderlay(parent: self, frame: frame)
        // Moved, not copied: a blur's rows in it must stay unshared to be written in place.
        layer.bands = bands.take()
        defer { bands = layer.bands.take() }
        let result = try body(&layer)
        // Dropped before compositing: the underlay (and the parent kept for it) may share
        // this canvas's pixels, which would otherwise be copied whole on the first write.
        layer.underlay = nil
        layer.pendingUnderlay = nil
        guard visible else { return result }
        let factor = opacity.isNaN ? 0 : min(1, max(0, opacity))
        let rowAlpha = (0..<frame.height).map { Float(factor * (mask?.alpha(row: frame.y + $0) ?? 1)) }
        let shader = ImageShader(image: layer.image, origin: (x: frame.x, y: frame.y))
        let shown = rows.map {
            frame.intersection(PixelRect(x: frame.x, y: $0.lowerBound, width: frame.width, height: $0.count))
        }
        composite(area: shown ?? frame, shader: shader) { y, _, coverage in
            coverage.update(repeating: rowAlpha[y - frame.y])
        }
        return result
    }
}

extension Canvas {
    /// `layer(opacity:mask:_:)` for a body whose pixels all lie in `drawn` or `kept` (px,
    /// drawing coordinates): the layer covers `drawn` down to the rows `mask` shows, and
    /// `kept` whole: the pixels a shadow, backdrop blur or image of the body reads or lays
    /// its sampling grid over, which must not be cut. Nil for either is nothing; pass the
    /// plain `layer` when the body's pixels are not known.
    ///
    /// The bytes are those of a canvas-sized layer: what lies outside is either hidden by
    /// the mask or never drawn, and nothing inside read it. A long screen's content fading
    /// above its footer thus costs its own column above the footer, not the whole canvas.
    package mutating func layer<R>(
        opacity: Double, mask: VerticalMask?, drawn: PixelRect?, kept: PixelRect?,
        _ body: (inout Canvas) throws -> R
    ) rethrows -> R {
        let region = LayerBands.region(drawn: drawn, kept: kept, mask: mask, bounds: pixelBounds)
        return try layer(opacity: opacity, mask: mask, within: region, body)
    }
}

extension Canvas {
    /// The canvas as seen over `area` (inside `pixelBounds`): its pixels, over its underlay
    /// when it is a layer. A top-level canvas's own pixels are shared, not copied, whatever
    /// the area: a layer over part of the canvas costs its own pixels only.
    func flattened(in area: PixelRect) -> Underlay {
        guard let below = underlay ?? pendingUnderlay.map({ $0.parent.flattened(in: area) }) else {
            return Underlay(image: image, originX: originX, originY: originY)
        }
        var canvas = Canvas(image: below.crop(to: area))
        canvas.originX = area.x
        canvas.originY = area.y
        canvas.composite(area: area, shader: ImageShader(image: image, origin: (originX, originY))) { _, _, coverage in
            coverage.update(repeating: 1)
        }
        return Underlay(image: canvas.image, originX: area.x, originY: area.y)
    }
}

extension Canvas {
    /// Inside a layer, flattens what lies under it into `underlay` the first time it is
    /// needed (a backdrop blur reads it): the parent as it was when the layer began.
    mutating func materializeUnderlay() {
        guard underlay == nil, let pending = pendingUnderlay else { return }
        underlay = pending.parent.flattened(in: pending.frame)
        pendingUnderlay = nil
    }
}

/// A layer's parent canvas, kept (sharing its pixels, not copying them) until the layer
/// needs what is under it.
final class PendingUnderlay: Sendable {
    let parent: Canvas
    /// The layer's pixels, drawing coordinates.
    let frame: PixelRect

    init(parent: Canvas, frame: PixelRect) {
        self.parent = parent
        self.frame = frame
    }
}

/// What is visible under a layer: an image placed with its top-left pixel at (`originX`,
/// `originY`) in drawing coordinates, covering at least the layer's own pixels.
struct Underlay: Sendable {
    var image: Image
    var originX: Int
    var originY: Int

    /// The premultiplied pixel (0...255) at (`x`, `y`), drawing coordinates inside the image.
    func pixel(x: Int, y: Int) -> SIMD4<Float> {
        let base = ((y - originY) * image.width + x - originX) * 4
        let p = image.pixels
        return SIMD4<Float>(Float(p[base]), Float(p[base + 1]), Float(p[base + 2]), Float(p[base + 3]))
    }

    /// The part `area` (drawing coordinates, inside the image) as an image of its own.
    func crop(to area: PixelRect) -> Image {
        if area == PixelRect(x: originX, y: originY, width: image.width, height: image.height) { return image }
        var result = Image(transparentWidth: area.width, height: area.height)
        let rowBytes = area.width * 4
        image.pixels.withUnsafeBufferPointer { from in
            result.pixels.withUnsafeMutableBufferPointer { to in
                for row in 0..<area.height {
                    let start = ((area.y - originY + row) * image.width + area.x - originX) * 4
                    UnsafeMutableRawBufferPointer(
                        rebasing: UnsafeMutableRawBufferPointer(to)[row * rowBytes..<(row + 1) * rowBytes]
                    )
                    .copyMemory(
                        from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(from)[start..<start + rowBytes]))
                }
            }
        }
        return result
    }
}

/// Samples an image's premultiplied pixels placed with its top-left pixel at `origin`;
/// outside the image it is transparent.
struct ImageShader: Shader {
    let image: Image
    let origin: (x: Int, y: Int)
    var constant: SIMD4<Float>? { nil }
    var dithers: Bool { false }

    init(image: Image, origin: (x: Int, y: Int)) {
        self.image = image
        self.origin = origin
    }

    func shade(y: Int, x0: Int, into colors: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let row = y - origin.y
        guard row >= 0, row < image.height else {
            colors.update(repeating: .zero)
            return
        }
        image.pixels.withUnsafeBufferPointer { pixels in
            for i in 0..<colors.count {
                let column = x0 + i - origin.x
                if column < 0 || column >= image.width {
                    colors[i] = .zero
                } else {
                    let base = (row * image.width + column) * 4
                    colors[i] = SIMD4(
                        Float(pixels[base]), Float(pixels[base + 1]), Float(pixels[base + 2]), Float(pixels[base + 3]))
                }
            }
        }
    }
}
