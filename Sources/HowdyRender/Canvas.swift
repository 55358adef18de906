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
    /// Inside a `layer`: what is visible under the layer (the parent canvas, flattened),
    /// which `blurBackdrop` blurs together with the layer. Nil for a top-level canvas.
    var underlay: Underlay? = nil
    /// Inside a `layer` whose underlay nothing has read yet: the parent as it was when the
    /// layer began, flattened into `underlay` when a backdrop blur first needs it. A layer
    /// that only fills (a stroke's, a group's) so never copies what is under it.
    var pendingUnderlay: PendingUnderlay? = nil
    /// Where the image's top-left pixel sits in drawing coordinates, px: (0, 0) except for
    /// a layer over part of its parent (`layer(within:)`), which draws in the parent's
    /// coordinates into an image only as large as that part.
    var originX = 0
    var originY = 0
    /// Inside one band of a banded layer: what its bands share (where the whole layer's
    /// blurs and shadows are bounded, and their state from band to band). Nil otherwise.
    var bands: LayerBandState? = nil

    /// A canvas of `width` × `height` px filled with `background` (default transparent).
    /// - Throws: `RenderError.invalidSize` for a side of 0 or over 16384 px, or over 256 megapixels.
    public init(width: Int, height: Int, background: Color = .clear) throws(RenderError) {
        image = try Image(width: width, height: height, fill: background)
    }

    /// A canvas that draws over an existing image.
    public init(image: Image) {
        self.image = image
    }

    /// Width, px.
    public var width: Int { image.width }
    /// Height, px.
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
        let area = pixelBounds
        composite(area: area, paint: paint) { _, _, coverage in coverage.update(repeating: 1) }
    }

    /// The image's pixels in drawing coordinates (its size at its origin).
    var pixelBounds: PixelRect { PixelRect(x: originX, y: originY, width: width, height: height) }

    /// The pixels drawing may touch: the canvas within the clips' bounds.
    var drawableArea: PixelRect { drawableArea(within: pixelBounds) }

    /// `bounds` (drawing coordinates) within the clips' bounds.
    func drawableArea(within bounds: PixelRect) -> PixelRect {
        var area = bounds
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
        let (originX, originY) = (self.originX, self.originY)
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
                                    let start = ((y - originY) * canvasWidth + area.x - originX) * 4
                                    Compositor.blendRow(
                                        into: UnsafeMutableBufferPointer(
                                            rebasing: target.value[start..<start + area.width * 4]),
                                        coverage: UnsafeBufferPointer(rowCoverage), constant: shader.constant,
                                        colors: UnsafeBufferPointer(colors), dither: shader.dithers ? y : nil,
                                        x0: area.x)
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
///
/// Each source colour is scaled by its coverage and rounded to 8 bits first (with the
/// ordered dither when the paint asks for it); then `destination = source + destination ×
/// (255 − source.a) / 255` in exact integer arithmetic, two channels per 32-bit word.
enum Compositor {
    /// Blends one row starting at canvas column `x0`; `dither` is the canvas row for the
    /// ordered dither, or nil for plain rounding.
    static func blendRow(
        into destination: UnsafeMutableBufferPointer<UInt8>, coverage: UnsafeBufferPointer<Float>,
        constant: SIMD4<Float>?, colors: UnsafeBufferPointer<SIMD4<Float>>, dither: Int?, x0: Int
    ) {
        guard let raw = destination.baseAddress, let cover = coverage.baseAddress else { return }
        let pixels = UnsafeMutableRawPointer(raw)
        // bias[k] is the dither offset of columns x with (x - x0) & 7 == k (0 without dither).
        // Audited: the package's only memory rebinding (next to the pixel rows it blends). A
        // homogeneous tuple of 8 Floats is 8 contiguous Floats, bound as Float only inside
        // the two closures below, so the hot loop indexes it without an array allocation.
        var bias: (Float, Float, Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0, 0, 0)
        if let dither {
            let row = (dither & 7) * 8
            withUnsafeMutableBytes(of: &bias) { bytes in
                let values = bytes.bindMemory(to: Float.self)
                for k in 0..<8 { values[k] = Dither.matrix[row + ((x0 + k) & 7)] }
            }
        }
        withUnsafeBytes(of: bias) { biasBytes in
            let bias = biasBytes.bindMemory(to: Float.self)
            let count = coverage.count
            if let constant {
                let full = pack(constant, 0)
                let opaque = constant.w >= 255
                for i in 0..<count {
                    let c = cover[i]
                    if c <= 0 { continue }
                    let offset = i * 4
                    if c >= 1 {
                        if opaque {
                            pixels.storeBytes(of: full, toByteOffset: offset, as: UInt32.self)
                        } else {
                            over(pixels, offset, full)
                        }
                    } else {
                        over(pixels, offset, pack(constant * c, bias[i & 7]))
                    }
                }
            } else if let source = colors.baseAddress {
                for i in 0..<count {
                    let c = cover[i]
                    if c <= 0 { continue }
                    let word = pack(c >= 1 ? source[i] : source[i] * c, bias[i & 7])
                    if word >> 24 == 255 {
                        pixels.storeBytes(of: word, toByteOffset: i * 4, as: UInt32.self)
                    } else if word != 0 {
                        over(pixels, i * 4, word)
                    }
                }
            }
        }
    }

    /// A premultiplied colour rounded to RGBA8 in one little-endian word (r in the low byte),
    /// `dither` (−0.5...0.5, or 0) added before rounding. Colour channels never exceed alpha.
    @inline(__always)
    static func pack(_ color: SIMD4<Float>, _ dither: Float) -> UInt32 {
        let a = round8(color.w + dither)
        let r = min(round8(color.x + dither), a), g = min(round8(color.y + dither), a),
            b = min(round8(color.z + dither), a)
        return r | g << 8 | b << 16 | a << 24
    }

    /// `destination = source + destination × (255 − source.a) / 255`, rounded, exact.
    @inline(__always)
    static func over(_ pixels: UnsafeMutableRawPointer, _ offset: Int, _ source: UInt32) {
        let destination = pixels.load(fromByteOffset: offset, as: UInt32.self)
        let keep = 255 - (source >> 24)
        var rb = (destination & 0x00FF_00FF) &* keep &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((destination >> 8) & 0x00FF_00FF) &* keep &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        pixels.storeBytes(of: source &+ (rb | ag), toByteOffset: offset, as: UInt32.self)
    }

    /// `value` clamped to 0...255 and rounded to nearest (ties to even); NaN becomes 0.
    /// Branch-free: the clamp compiles to max/min and the rounding adds 2^23, whose float
    /// spacing is 1, and reads the low mantissa bits (no trapping Int conversion).
    @inline(__always)
    static func round8(_ value: Float) -> UInt32 {
        let positive = value > 0 ? value : 0
        let clamped = positive < 255 ? positive : 255
        return (clamped + 8_388_608).bitPattern & 0xFF
    }
}
