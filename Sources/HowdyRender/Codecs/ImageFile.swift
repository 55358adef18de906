import Foundation
import HowdyOutput

/// Image file formats HowdyRender reads and writes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// PNG (`png`, the file extension too).
    case png
    /// Binary PPM, P6 (`ppm`).
    case ppm

    /// The format of `bytes` from their first bytes (PNG signature, or `P6` / `P3`).
    public static func detect(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: PNGCodec.signature) { return .png }
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"),
            bytes[1] == UInt8(ascii: "6") || bytes[1] == UInt8(ascii: "3")
        {
            return .ppm
        }
        return nil
    }

    /// The format a file name's extension names (`.png`, `.ppm`); nil for others.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "png": self = .png
        case "ppm", "pnm": self = .ppm
        default: return nil
        }
    }
}

extension Image {
    /// Decodes PNG or PPM bytes, detecting the format.
    /// - Throws: `RenderError.unknownFormat`, or the codec's error.
    /// `limits` is clamped to `PixelBudget.limits` (the default).
    public init(decoding bytes: [UInt8], limits: ImageLimits = PixelBudget.limits) throws(RenderError) {
        switch ImageFormat.detect(bytes) {
        case .png: self = try PNGCodec.decode(bytes, limits: limits)
        case .ppm: self = try PPMCodec.decode(bytes, limits: limits)
        case nil: throw .unknownFormat
        }
    }

    /// The size of encoded PNG or PPM bytes, from the header alone: cheap, so sizes can be
    /// compared and checked against a budget before any pixel memory is allocated.
    /// - Throws: `RenderError.unknownFormat`, or the codec's error for a bad header.
    public static func size(ofEncoded bytes: [UInt8]) throws(RenderError) -> PixelSize {
        switch ImageFormat.detect(bytes) {
        case .png: try PNGCodec.size(of: bytes)
        case .ppm: try PPMCodec.size(of: bytes)
        case nil: throw .unknownFormat
        }
    }

    /// Reads a PNG or PPM file.
    /// - Throws: `CocoaError` when the file cannot be read, `RenderError` when it is not a valid image.
    public init(contentsOf url: URL, limits: ImageLimits = PixelBudget.limits) throws {
        let data = try Data(contentsOf: url)
        try self.init(decoding: [UInt8](data), limits: limits)
    }

    /// The image encoded as `format` (PNG uses `compression`).
    public func encoded(as format: ImageFormat, compression: PNGCodec.Compression = .fast) throws(RenderError)
        -> [UInt8]
    {
        switch format {
        case .png: try PNGCodec.encode(self, compression: compression)
        case .ppm: PPMCodec.encode(self)
        }
    }

    /// Writes the image to `url`, as PPM when the extension is `.ppm`, otherwise PNG.
    public func write(to url: URL, compression: PNGCodec.Compression = .fast) throws {
        let format = ImageFormat(pathExtension: url.pathExtension) ?? .png
        try AtomicFile.write(encoded(as: format, compression: compression), to: url.path)
    }
}
