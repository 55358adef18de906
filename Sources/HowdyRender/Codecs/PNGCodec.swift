import CHowdyPNG

/// PNG reading and writing through libpng.
///
/// libpng's error handling (setjmp/longjmp) lives in the C shim `CHowdyPNG`; every shim
/// call returns a status code and message, turned into `RenderError.png` in `call(_:)`.
public enum PNGCodec {
    /// How hard zlib works when writing.
    public enum Compression: Sendable, Hashable {
        /// The default: zlib level 1 with the SUB row filter, several times faster than
        /// libpng's default and ~10–20 % larger.
        case fast
        /// zlib level 9 with libpng's adaptive choice among all row filters: the smallest file.
        case smallest
    }

    /// PNG signature bytes.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Encodes `image` as an 8-bit PNG with an sRGB chunk: RGB when every pixel is opaque,
    /// RGBA (straight alpha, as PNG requires) otherwise; decoding gives back the same
    /// premultiplied bytes either way.
    /// - Throws: `RenderError.png` when libpng fails (out of memory).
    public static func encode(_ image: Image, compression: Compression = .fast) throws(RenderError) -> [UInt8] {
        let rgba = image.straightRGBA()
        // Screens are opaque: writing them as RGB saves a quarter of zlib's work and of the file.
        let opaque = rgba.withUnsafeBufferPointer { bytes in
            stride(from: 3, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 255 }
        }
        let (level, filters, strategy): (Int32, Int32, Int32) =
            switch compression {
            case .fast: (1, Int32(HOWDY_PNG_FILTER_SUB), Int32(HOWDY_ZLIB_DEFAULT_STRATEGY))
            case .smallest: (9, Int32(HOWDY_PNG_FILTER_ALL), Int32(HOWDY_ZLIB_DEFAULT_STRATEGY))
            }
        let output = PNGOutput()
        try call { message, size in
            rgba.withUnsafeBufferPointer { rgba in
                howdy_png_encode(
                    rgba.baseAddress, UInt32(image.width), UInt32(image.height), opaque ? 1 : 0, level, filters,
                    strategy,
                    &output.buffer, message, size)
            }
        }
        return output.bytes()
    }

    /// Decodes an 8-bit (or 16-bit, reduced to 8) grey, grey+alpha, palette, RGB or RGBA PNG,
    /// interlaced or not, to a premultiplied image.
    /// - Throws: `RenderError.png` for a truncated or corrupt file (libpng's message),
    ///   `RenderError.invalidSize` for a size outside `limits`, checked from the header
    ///   before any pixel memory is allocated, as is that the file is large enough to
    ///   hold that much compressed data.
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = .default) throws(RenderError) -> Image {
        var width: UInt32 = 0, height: UInt32 = 0
        var rawBytes: UInt64 = 0
        try bytes.withUnsafeBufferPointer { (data) throws(RenderError) in
            try call { message, size in
                howdy_png_read_size(data.baseAddress, data.count, &width, &height, &rawBytes, message, size)
            }
        }
        let w = Int(width), h = Int(height)
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
