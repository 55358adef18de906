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
        var layer = Canvas(image: Image(transparentWidth: width, height: height))
        layer.clips = clips
        layer.underlay = flattened
        let result = try body(&layer)
        let factor = opacity.isNaN ? 0 : min(1, max(0, opacity))
        let rowAlpha = (0..<height).map { Float(factor * (mask?.alpha(row: $0) ?? 1)) }
        let source = layer.image
        let area = PixelRect(x: 0, y: 0, width: width, height: height)
        composite(area: area, shader: ImageShader(image: source, origin: (x: 0, y: 0))) { y, _, coverage in
            coverage.update(repeating: rowAlpha[y])
        }
        return result
    }
}

extension Canvas {
    /// The canvas as seen: its pixels, over its underlay when it is a layer. Shares storage
    /// with `image` for a top-level canvas.
    var flattened: Image {
        guard let underlay else { return image }
        var result = underlay
        var canvas = Canvas(image: result)
        canvas.composite(
            area: PixelRect(x: 0, y: 0, width: width, height: height), shader: ImageShader(image: image, origin: (0, 0))
        ) { _, _, coverage in coverage.update(repeating: 1) }
        result = canvas.image
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
