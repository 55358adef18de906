import HowdyNumbers

/// The largest image HowdyRender will create, decode or draw into.
public struct ImageLimits: Sendable, Hashable {
    /// The longest side in px (default 16384).
    public var maxSide: Int
    /// The most pixels in one image (default 256 megapixels, 256 000 000).
    public var maxPixels: Int

    /// Limits of `maxSide` px a side and `maxPixels` pixels (defaults 16384 and 256 000 000).
    public init(maxSide: Int = 16384, maxPixels: Int = 256_000_000) {
        self.maxSide = maxSide
        self.maxPixels = maxPixels
    }

    /// The defaults: 16384 px a side, 256 megapixels.
    public static let `default` = ImageLimits()

    /// Throws `RenderError.invalidSize` unless 1 ≤ side ≤ `maxSide` and the area ≤ `maxPixels`.
    /// Never multiplies before checking, so huge header values cannot overflow.
    public func check(width: Int, height: Int) throws(RenderError) {
        guard width > 0, height > 0 else {
            throw .invalidSize(width: width, height: height, reason: "sides must be at least 1 px")
        }
        guard width <= maxSide, height <= maxSide else {
            throw .invalidSize(width: width, height: height, reason: "a side is over \(maxSide) px")
        }
        guard width * height <= maxPixels else {
            throw .invalidSize(width: width, height: height, reason: "over \(maxPixels) pixels")
        }
    }
}

/// A W×H px raster of 8-bit RGBA, premultiplied alpha, sRGB-encoded, rows top to
/// bottom with no padding (`pixels.count == width * height * 4`).
///
/// Premultiplied means each colour channel is already multiplied by alpha, so a pixel
/// satisfies `r, g, b ≤ a`; a fully transparent pixel is `0, 0, 0, 0`. Blending is done
/// on the sRGB-encoded values, as browsers composite CSS colours and gradients, so a
/// render matches what a browser shows for the same colours.
public struct Image: Sendable, Hashable {
    /// Width, px.
    public let width: Int
    /// Height, px.
    public let height: Int
    /// RGBA bytes, premultiplied, `width * height * 4` of them.
    public internal(set) var pixels: [UInt8]

    /// A transparent (or `fill`-coloured) image.
    /// - Throws: `RenderError.invalidSize` outside `limits` (zero, a side over 16384 px,
    ///   over 256 megapixels by default).
    public init(width: Int, height: Int, fill: Color = .clear, limits: ImageLimits = .default) throws(RenderError) {
        try limits.check(width: width, height: height)
        self.width = width
        self.height = height
        let p = fill.premultiplied255
        let bytes: [UInt8] = [
            UInt8(saturatingRounded: p.x), UInt8(saturatingRounded: p.y), UInt8(saturatingRounded: p.z),
            UInt8(saturatingRounded: p.w),
        ]
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        if bytes != [0, 0, 0, 0] {
            let word = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
            withUnsafeMutablePixelWords { $0.update(repeating: word) }
        }
    }

    /// An image over existing premultiplied RGBA bytes.
    /// - Throws: `RenderError.invalidSize` when the size is outside `limits` or the byte
    ///   count is not `width * height * 4`.
    public init(width: Int, height: Int, premultipliedRGBA: [UInt8], limits: ImageLimits = .default)
        throws(RenderError)
    {
        try limits.check(width: width, height: height)
        guard premultipliedRGBA.count == width * height * 4 else {
            throw .invalidSize(
                width: width, height: height,
                reason: "expected \(width * height * 4) bytes, got \(premultipliedRGBA.count)")
        }
        self.width = width
        self.height = height
        self.pixels = premultipliedRGBA
    }

    /// An image from straight-alpha RGBA bytes (as PNG stores them); premultiplies them.
    /// - Throws: `RenderError.invalidSize` as `init(width:height:premultipliedRGBA:)`.
    public init(width: Int, height: Int, straightRGBA: [UInt8], limits: ImageLimits = .default) throws(RenderError) {
        var bytes = straightRGBA
        Image.premultiply(&bytes)
        try self.init(width: width, height: height, premultipliedRGBA: bytes, limits: limits)
    }

    /// A transparent image of a size already known to be valid (a canvas's own size).
    init(transparentWidth width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Width and height, px.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The premultiplied RGBA bytes of the pixel at column `x`, row `y` (both must be in range).
    public subscript(x: Int, y: Int) -> SIMD4<UInt8> {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside the image")
            let i = (y * width + x) * 4
            return SIMD4(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside the image")
            let i = (y * width + x) * 4
            pixels[i] = newValue.x
            pixels[i + 1] = newValue.y
            pixels[i + 2] = newValue.z
            pixels[i + 3] = newValue.w
        }
    }

    /// Straight-alpha RGBA bytes (un-premultiplied, rounded), as PNG stores them.
    /// Converting back with `init(straightRGBA:)` gives the same premultiplied bytes.
    public func straightRGBA() -> [UInt8] {
        // Opaque images (most screens) are already straight: share the storage, no copy.
        if isOpaque { return pixels }
        var bytes = pixels
        bytes.withUnsafeMutableBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                let a = Int(buffer[i + 3])
                if a != 255 {
                    if a == 0 {
                        buffer[i] = 0
                        buffer[i + 1] = 0
                        buffer[i + 2] = 0
                    } else {
                        for c in 0..<3 {
                            buffer[i + c] = UInt8(min(255, (Int(buffer[i + c]) * 255 + a / 2) / a))
                        }
                    }
                }
                i += 4
            }
        }
        return bytes
    }

    /// Whether every pixel has alpha 255 (then premultiplied and straight bytes are the same).
    var isOpaque: Bool {
        withUnsafePixelWords { words in words.allSatisfy { $0 >> 24 == 0xFF } }  // alpha: the high byte
    }

    /// Multiplies colour channels by alpha in place, rounding to nearest.
    static func premultiply(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { buffer in
            var i = 0
            while i + 3 < buffer.count {
                let a = Int(buffer[i + 3])
                if a != 255 {
                    for c in 0..<3 {
                        buffer[i + c] = UInt8((Int(buffer[i + c]) * a + 127) / 255)
                    }
                }
                i += 4
            }
        }
    }
}
