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
    mutating func layer<R>(
        opacity: Double, mask: VerticalMask?, within: PixelRect?, _ body: (inout Canvas) throws -> R
    ) rethrows -> R {
        let region = within.map { $0.intersection(pixelBounds) } ?? pixelBounds
        // An empty region shows nothing, but the body still runs (for its result) on one pixel.
        let visible = !region.isEmpty
        let frame = visible ? region : PixelRect(x: originX, y: originY, width: 1, height: 1)
        var layer = Canvas(image: Image(transparentWidth: frame.width, height: frame.height))
        layer.originX = frame.x
        layer.originY = frame.y
        layer.clips = clips
        layer.underlay = flattened(in: frame)
        let result = try body(&layer)
        // Dropped before compositing: the underlay may share this canvas's pixels, which
        // would otherwise be copied whole on the first write.
        layer.underlay = nil
        guard visible else { return result }
        let factor = opacity.isNaN ? 0 : min(1, max(0, opacity))
        let rowAlpha = (0..<frame.height).map { Float(factor * (mask?.alpha(row: frame.y + $0) ?? 1)) }
        let shader = ImageShader(image: layer.image, origin: (x: frame.x, y: frame.y))
        composite(area: frame, shader: shader) { y, _, coverage in
            coverage.update(repeating: rowAlpha[y - frame.y])
        }
        return result
    }
}

extension Canvas {
    /// The canvas as seen over `area` (inside `pixelBounds`): its pixels, over its underlay
    /// when it is a layer. Shares storage with `image` for a top-level canvas's whole area.
    func flattened(in area: PixelRect) -> Image {
        if area == pixelBounds, underlay == nil { return image }
        var result = underlay.map { crop($0, to: area) } ?? crop(image, to: area)
        guard underlay != nil else { return result }
        var canvas = Canvas(image: result)
        canvas.originX = area.x
        canvas.originY = area.y
        result = Image(transparentWidth: 1, height: 1)
        canvas.composite(area: area, shader: ImageShader(image: image, origin: (originX, originY))) { _, _, coverage in
            coverage.update(repeating: 1)
        }
        return canvas.image
    }

    /// The part `area` (drawing coordinates, inside `pixelBounds`) of `source`, an image
    /// the size of this canvas.
    private func crop(_ source: Image, to area: PixelRect) -> Image {
        if area == pixelBounds { return source }
        var result = Image(transparentWidth: area.width, height: area.height)
        let rowBytes = area.width * 4
        source.pixels.withUnsafeBufferPointer { from in
            result.pixels.withUnsafeMutableBufferPointer { to in
                for row in 0..<area.height {
                    let start = ((area.y - originY + row) * width + area.x - originX) * 4
                    UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(to)[row * rowBytes..<(row + 1) * rowBytes])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(from)[start..<start + rowBytes]))
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
