/// Draws shapes, paints, images and text into an `Image`.
///
/// Pixels are premultiplied 8-bit RGBA in sRGB encoding; every draw call composites
/// source-over, blending the sRGB-encoded values as browsers do for CSS colours, text and
/// gradients. Coordinates are px, y down, (0, 0) the top-left corner of the top-left pixel;
/// pixel (x, y) spans x ..< x + 1. Drawing outside the canvas is clipped silently.
/// Rows are independent, so large fills run on all cores; results do not depend on the
/// number of cores (two renders of the same thing are byte-identical).
public struct Canvas: Sendable {
    /// The pixels drawn so far.
    public internal(set) var image: Image
    /// Active clip shapes, innermost last; coverage is multiplied by each.
    var clips: [RoundedRect] = []

    /// A canvas of `width` × `height` px filled with `background` (default transparent).
    /// - Throws: `RenderError.invalidSize` for a side of 0 or over 16384 px, or over 256 megapixels.
    public init(width: Int, height: Int, background: Color = .clear) throws(RenderError) {
        image = try Image(width: width, height: height, fill: background)
    }

    /// A canvas that draws over an existing image.
    public init(image: Image) {
        self.image = image
    }

    public var width: Int { image.width }
    public var height: Int { image.height }

    /// Fills `shape` with `paint`.
    public mutating func fill(_ shape: some Shape, with paint: Paint) {
        let area = PixelRect(enclosing: shape.bounds)
        composite(area: area, paint: paint) { y, x0, coverage in shape.coverage(row: y, from: x0, into: coverage) }
    }

    /// Fills `shape` with a solid `color`.
    public mutating func fill(_ shape: some Shape, with color: Color) {
        fill(shape, with: .solid(color))
    }

    /// Paints the whole canvas (within the active clips) with `paint`.
    public mutating func fill(with paint: Paint) {
        let area = PixelRect(x: 0, y: 0, width: width, height: height)
        composite(area: area, paint: paint) { _, _, coverage in coverage.update(repeating: 1) }
    }

    /// The pixels drawing may touch: the canvas within the clips' bounds.
    var drawableArea: PixelRect {
        var area = PixelRect(x: 0, y: 0, width: width, height: height)
        for clip in clips { area = area.intersection(PixelRect(enclosing: clip.bounds)) }
        return area
    }

    /// Composites `paint` over `area` with per-pixel coverage from `coverage(y, x0, buffer)`
    /// (buffer zeroed on entry), multiplied by the clips. The core of every draw call.
    mutating func composite(
        area requested: PixelRect, paint: Paint,
        coverage: (Int, Int, UnsafeMutableBufferPointer<Float>) -> Void
    ) {
        let area = requested.intersection(drawableArea)
        guard !area.isEmpty else { return }
        composite(area: area, shader: paint.prepare(for: area), coverage: coverage)
    }

    mutating func composite(
        area requested: PixelRect, shader: any Shader,
        coverage: (Int, Int, UnsafeMutableBufferPointer<Float>) -> Void
    ) {
        let area = requested.intersection(drawableArea)
        guard !area.isEmpty else { return }
        let clips = self.clips
        let canvasWidth = width
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            let target = UnsafeSendable(pixels)
            withoutActuallyEscaping(coverage) { coverage in
                let coverageFunction = UnsafeSendable(coverage)
                forEachRowBand(rowCount: area.height, rowWidth: area.width) { band in
                    var rowCoverage = [Float](repeating: 0, count: area.width)
                    var clipCoverage = [Float](repeating: 0, count: clips.isEmpty ? 0 : area.width)
                    var colors = [SIMD4<Float>](repeating: .zero, count: shader.constant == nil ? area.width : 0)
                    rowCoverage.withUnsafeMutableBufferPointer { rowCoverage in
                        clipCoverage.withUnsafeMutableBufferPointer { clipCoverage in
                            colors.withUnsafeMutableBufferPointer { colors in
                                for offset in band {
                                    let y = area.y + offset
                                    rowCoverage.update(repeating: 0)
                                    coverageFunction.value(y, area.x, rowCoverage)
                                    for clip in clips {
                                        clipCoverage.update(repeating: 0)
                                        clip.coverage(row: y, from: area.x, into: clipCoverage)
                                        for i in 0..<area.width { rowCoverage[i] *= clipCoverage[i] }
                                    }
                                    if shader.constant == nil { shader.shade(y: y, x0: area.x, into: colors) }
                                    let start = (y * canvasWidth + area.x) * 4
                                    Compositor.blendRow(
                                        into: UnsafeMutableBufferPointer(rebasing: target.value[start..<start + area.width * 4]),
                                        coverage: UnsafeBufferPointer(rowCoverage), constant: shader.constant,
                                        colors: UnsafeBufferPointer(colors), dither: shader.dithers ? y : nil, x0: area.x)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Source-over blending of premultiplied colours (0...255) into 8-bit premultiplied pixels.
enum Compositor {
    /// Blends one row starting at canvas column `x0`:
    /// `destination = source × coverage + destination × (1 − source.a × coverage)`,
    /// rounding to nearest (with the ordered dither of row `dither` when given).
    static func blendRow(
        into destination: UnsafeMutableBufferPointer<UInt8>, coverage: UnsafeBufferPointer<Float>,
        constant: SIMD4<Float>?, colors: UnsafeBufferPointer<SIMD4<Float>>, dither: Int?, x0: Int
    ) {
        let bias = dither.map { Array(Dither.row($0)) } ?? [Float](repeating: 0, count: 8)
        let opaqueBytes: SIMD4<UInt8>? = constant.flatMap { $0.w >= 255 ? SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(($0 + 0.5).rounded(.down))) : nil }
        for i in 0..<coverage.count {
            let c = coverage[i]
            if c <= 0 { continue }
            let base = i * 4
            if c >= 1, let opaqueBytes {
                destination[base] = opaqueBytes.x
                destination[base + 1] = opaqueBytes.y
                destination[base + 2] = opaqueBytes.z
                destination[base + 3] = opaqueBytes.w
                continue
            }
            let source = (constant ?? colors[i]) * min(c, 1)
            let old = SIMD4<Float>(
                Float(destination[base]), Float(destination[base + 1]), Float(destination[base + 2]),
                Float(destination[base + 3]))
            let blended = source + old * (1 - source.w * (1 / 255))
            store(blended, bias: bias[(x0 + i) & 7], at: base, in: destination)
        }
    }

    @inline(__always)
    static func store(_ value: SIMD4<Float>, bias: Float, at base: Int, in destination: UnsafeMutableBufferPointer<UInt8>) {
        let q = (value + (0.5 + bias)).rounded(.down).clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255))
        let bytes = SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(q))
        destination[base] = bytes.x
        destination[base + 1] = bytes.y
        destination[base + 2] = bytes.z
        destination[base + 3] = bytes.w
    }
}
