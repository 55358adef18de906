import CHowdyPNG

/// PNG reading and writing.
///
/// Writing: the image's straight-alpha rows are Sub-filtered here (`PNGScanlines`, on all
/// cores), deflated by libdeflate (`ZlibCompressor`), and libpng writes the file around
/// them. Reading is libpng's. libpng's setjmp/longjmp error handling lives in the C shim
/// `CHowdyPNG`; every shim call returns a status code and message, turned into
/// `RenderError.png` in `call(_:)`.
public enum PNGCodec {
    /// How hard deflate works when writing. Both levels use the Sub row filter.
    public enum Compression: Sendable, Hashable {
        /// The default: libdeflate level 1. A 786×1704 screen encodes in about 25 ms,
        /// 11 % smaller than zlib's fastest level.
        case fast
        /// libdeflate level 12: the smallest file (about 30 % smaller than `.fast`), some
        /// 80 times slower. For goldens and assets written once.
        case smallest

        /// libdeflate's compression level.
        var level: Int {
            switch self {
            case .fast: 1
            case .smallest: 12
            }
        }
    }

    /// PNG signature bytes.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Encodes `image` as an 8-bit PNG with sRGB, gAMA and cHRM chunks: RGB when every pixel
    /// is opaque (a quarter less data), RGBA (straight alpha, as PNG requires) otherwise;
    /// decoding gives back the same premultiplied bytes either way.
    /// - Throws: `RenderError.png` when memory runs out.
    public static func encode(_ image: Image, compression: Compression = .fast) throws(RenderError) -> [UInt8] {
        let opaque = image.isOpaque
        let scanlines = PNGScanlines.subFiltered(
            rgba: opaque ? image.pixels : image.straightRGBA(), width: image.width, height: image.height,
            channels: opaque ? 3 : 4)
        let compressed = try ZlibCompressor(level: compression.level).compress(scanlines)
        let output = PNGOutput()
        try call { message, size in
            compressed.withUnsafeBufferPointer { data in
                howdy_png_write(
                    UInt32(image.width), UInt32(image.height), opaque ? 0 : 1, data.baseAddress, data.count,
                    &output.buffer, message, size)
            }
        }
        return output.bytes()
    }

    /// `encode(_:compression:)` for a caller done with `image` (pass it with `consume`):
    /// the same bytes, but an opaque image's pixels are Sub-filtered in their own buffer
    /// and released before deflate, so encoding costs the canvas and the compressed data,
    /// not a second, three-quarter-size copy (a scale-4 tablet screen: 46 MB less). An
    /// image whose pixels are still shared elsewhere is copied first, as any mutation.
    /// - Throws: `RenderError.png` when memory runs out.
    public static func encode(releasing image: consuming Image, compression: Compression = .fast) throws(RenderError)
        -> [UInt8]
    {
        guard image.isOpaque else { return try encode(image, compression: compression) }
        let width = image.width, height = image.height
        var pixels = image.pixels
        image.pixels = []
        PNGScanlines.subFilterRGBInPlace(&pixels, width: width, height: height)
        let compressed = try ZlibCompressor(level: compression.level).compress(pixels)
        pixels = []
        let output = PNGOutput()
        try call { message, size in
            compressed.withUnsafeBufferPointer { data in
                howdy_png_write(UInt32(width), UInt32(height), 0, data.baseAddress, data.count, &output.buffer, message, size)
            }
        }
        return output.bytes()
    }

    /// The size in a PNG's IHDR, read by libpng without decoding any pixel.
    /// - Throws: `RenderError.png` for a file libpng cannot read up to its image data.
    public static func size(of bytes: [UInt8]) throws(RenderError) -> PixelSize {
        let header = try readHeader(bytes)
        return PixelSize(width: header.width, height: header.height)
    }

    /// The size and the filtered image data's byte count, from the header.
    private static func readHeader(_ bytes: [UInt8]) throws(RenderError) -> (width: Int, height: Int, rawBytes: UInt64)
    {
        var width: UInt32 = 0, height: UInt32 = 0
        var rawBytes: UInt64 = 0
        try bytes.withUnsafeBufferPointer { (data) throws(RenderError) in
            try call { message, size in
                howdy_png_read_size(data.baseAddress, data.count, &width, &height, &rawBytes, message, size)
            }
        }
        return (Int(width), Int(height), rawBytes)
    }

    /// Decodes an 8-bit (or 16-bit, reduced to 8) grey, grey+alpha, palette, RGB or RGBA PNG,
    /// interlaced or not, to a premultiplied image.
    /// - Throws: `RenderError.png` for a truncated or corrupt file (libpng's message),
    ///   `RenderError.invalidSize` for a size outside `limits`, checked from the header
    ///   before any pixel memory is allocated, as is that the file is large enough to
    ///   hold that much compressed data.
    ///   `limits` is clamped to `PixelBudget.limits` (the default).
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = PixelBudget.limits) throws(RenderError) -> Image {
        let limits = PixelBudget.clamp(limits)
        let (w, h, rawBytes) = try readHeader(bytes)
        try limits.check(width: w, height: h)
        // Deflate expands at most 1032:1, so a file too small for its image data is truncated
        // (or a decompression bomb); refuse it before allocating the pixels.
        guard rawBytes <= UInt64(bytes.count) * 1032 else {
            throw .png(
                "\(w)×\(h) image needs \(rawBytes) bytes of data; \(bytes.count) bytes of file cannot hold them (truncated?)"
            )
        }
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let maxSide = UInt32(clamping: limits.maxSide)
        try bytes.withUnsafeBufferPointer { (data) throws(RenderError) in
            try rgba.withUnsafeMutableBufferPointer { (pixels) throws(RenderError) in
                try call { message, size in
                    howdy_png_decode(
                        data.baseAddress, data.count, pixels.baseAddress, pixels.count, maxSide, message, size)
                }
            }
        }
        return try Image(width: w, height: h, straightRGBA: rgba, limits: limits)
    }

    /// The one seam where shim status codes become Swift errors.
    private static func call(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(RenderError) {
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        guard status != Int32(HOWDY_PNG_OK) else { return }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case Int32(HOWDY_PNG_NO_MEMORY): throw .png("out of memory (\(text))")
        case Int32(HOWDY_PNG_TOO_LARGE): throw .png("image too large (\(text))")
        default: throw .png(text.isEmpty ? "libpng error \(status)" : text)
        }
    }
}

/// Owns the shim's malloc'd output buffer; frees it on deinit.
private final class PNGOutput {
    var buffer = howdy_png_buffer(data: nil, length: 0, capacity: 0)

    func bytes() -> [UInt8] {
        guard let data = buffer.data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: buffer.length))
    }

    deinit { howdy_png_buffer_free(&buffer) }
}
