/// Netpbm PPM: writes binary P6 (maxval 255), reads binary P6 (maxval ≤ 255) and ASCII P3
/// (any maxval ≤ 65535, scaled to 8 bits).
///
/// PPM has no alpha: writing stores each pixel composited over black (the premultiplied
/// colour as it is), so opaque images round-trip exactly; reading gives opaque pixels.
public enum PPMCodec {
    /// Encodes `image` as binary P6 with maxval 255.
    public static func encode(_ image: Image) -> [UInt8] {
        var bytes = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + image.width * image.height * 3)
        image.pixels.withUnsafeBufferPointer { pixels in
            var i = 0
            while i < pixels.count {
                bytes.append(pixels[i])
                bytes.append(pixels[i + 1])
                bytes.append(pixels[i + 2])
                i += 4
            }
        }
        return bytes
    }

    /// The size in a P6 or P3 header, read without decoding any pixel.
    /// - Throws: `RenderError.ppm` for a bad header.
    public static func size(of bytes: [UInt8]) throws(RenderError) -> PixelSize {
        var reader = Reader(bytes: bytes)
        let magic = try reader.token()
        guard magic == "P6" || magic == "P3" else { throw .ppm("not a P6 or P3 file (magic '\(magic)')") }
        let width = try reader.number("width")
        return PixelSize(width: width, height: try reader.number("height"))
    }

    /// Decodes a P6 or P3 file.
    /// - Throws: `RenderError.ppm` for a bad header, a maxval out of range, a sample above
    ///   maxval or missing data; `RenderError.invalidSize` for a size outside `limits`,
    ///   checked before any pixel memory is allocated.
    ///   `limits` is clamped to `PixelBudget.limits` (the default).
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = PixelBudget.limits) throws(RenderError) -> Image {
        let limits = PixelBudget.clamp(limits)
        var reader = Reader(bytes: bytes)
        let magic = try reader.token()
        guard magic == "P6" || magic == "P3" else { throw .ppm("not a P6 or P3 file (magic '\(magic)')") }
        let width = try reader.number("width")
        let height = try reader.number("height")
        let maxValue = try reader.number("maxval")
        try limits.check(width: width, height: height)
        guard maxValue >= 1, maxValue <= (magic == "P6" ? 255 : 65535) else {
            throw .ppm("maxval \(maxValue) is not supported (\(magic == "P6" ? "1...255" : "1...65535"))")
        }
        let count = width * height
        if magic == "P6" {
            // Exactly one whitespace byte separates the header from the samples.
            guard reader.offset < bytes.count, isSpace(bytes[reader.offset]) else {
                throw .ppm("missing pixel data")
            }
            let start = reader.offset + 1
            guard bytes.count - start >= count * 3 else {
                throw .ppm("truncated: expected \(count * 3) bytes of pixels, found \(max(0, bytes.count - start))")
            }
            var rgba = [UInt8](repeating: 255, count: count * 4)
            for i in 0..<count {
                for c in 0..<3 {
                    let value = Int(bytes[start + i * 3 + c])
                    guard value <= maxValue else { throw .ppm("sample \(value) above maxval \(maxValue)") }
                    rgba[i * 4 + c] = UInt8(maxValue == 255 ? value : (value * 255 + maxValue / 2) / maxValue)
                }
            }
            return try Image(width: width, height: height, premultipliedRGBA: rgba, limits: limits)
        }
        // P3: at least two bytes per sample ("0 "), so a short file fails before allocating.
        guard (bytes.count - reader.offset) / 2 + 1 >= count * 3 else {
            throw .ppm("truncated: \(count * 3) samples cannot fit in \(bytes.count - reader.offset) bytes")
        }
        var rgba = [UInt8](repeating: 255, count: count * 4)
        for i in 0..<count {
            for c in 0..<3 {
                let value = try reader.number("sample")
                guard value <= maxValue else { throw .ppm("sample \(value) above maxval \(maxValue)") }
                rgba[i * 4 + c] = UInt8((value * 255 + maxValue / 2) / maxValue)
            }
        }
        return try Image(width: width, height: height, premultipliedRGBA: rgba, limits: limits)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    /// Reads whitespace-separated header tokens, skipping `#` comments.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func token() throws(RenderError) -> String {
            while offset < bytes.count {
                if isSpace(bytes[offset]) {
                    offset += 1
                } else if bytes[offset] == UInt8(ascii: "#") {
                    while offset < bytes.count && bytes[offset] != 0x0A && bytes[offset] != 0x0D { offset += 1 }
                } else {
                    break
                }
            }
            let start = offset
            while offset < bytes.count && !isSpace(bytes[offset]) && bytes[offset] != UInt8(ascii: "#")
                && offset - start < 32
            {
                offset += 1
            }
            guard offset > start else { throw .ppm("unexpected end of file") }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        /// A decimal number of at most 9 digits (larger values are rejected as malformed).
        mutating func number(_ name: String) throws(RenderError) -> Int {
            let text = try token()
            guard text.count <= 9, let value = Int(text), value >= 0 else {
                throw .ppm("\(name) '\(text.prefix(16))' is not a number in range")
            }
            return value
        }
    }
}
