import HowdyText

/// Why HowdyRender refused an input. Every bad input (a corrupt file, a huge size,
/// a NaN coordinate) ends in one of these, never in a trap.
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A canvas or image size outside `ImageLimits` (zero, over 16384 px a side, over 256 megapixels).
    case invalidSize(width: Int, height: Int, reason: String)
    /// A coordinate, radius or size that is NaN, infinite or negative where that makes no
    /// sense, or a rectangle or path whose far edge would pass the largest finite number.
    case invalidGeometry(String)
    /// A paint that cannot be built (no gradient stops, a NaN offset).
    case invalidPaint(String)
    /// A PNG the decoder or encoder rejected, with libpng's message.
    case png(String)
    /// A PPM file that is truncated or malformed.
    case ppm(String)
    /// Bytes that are neither PNG nor PPM.
    case unknownFormat
    /// A FreeType call failed: its error code, and what was being done to which font file.
    case freeType(code: Int32, during: String)
    /// Two images were compared that do not have the same size.
    case sizeMismatch(PixelSize, PixelSize)

    /// A readable form for messages and logs.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height, let reason): "invalid image size \(width)×\(height): \(reason)"
        case .invalidGeometry(let message): "invalid geometry: \(message)"
        case .invalidPaint(let message): "invalid paint: \(message)"
        case .png(let message): "PNG: \(message)"
        case .ppm(let message): "PPM: \(message)"
        case .unknownFormat: "unknown image format (expected PNG or PPM)"
        case .freeType(let code, let during):
            "FreeType error \(code) (\(FreeTypeFailure.knownMessage(for: code) ?? "unknown")) while \(during)"
        case .sizeMismatch(let a, let b): "images differ in size: \(a) vs \(b)"
        }
    }
}

/// A width and height in whole pixels.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Width, px.
    public var width: Int
    /// Height, px.
    public var height: Int
    /// A size of `width` × `height` px.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    /// A readable form for messages and logs.
    public var description: String { "\(width)×\(height) px" }
}

/// Checks that a geometric value is finite, naming it in the error.
@inline(__always)
func requireFinite(_ value: Double, _ name: String) throws(RenderError) {
    guard value.isFinite else { throw .invalidGeometry("\(name) is \(value)") }
}

func requireFinite(_ point: Point, _ name: String) throws(RenderError) {
    guard point.isFinite else { throw .invalidGeometry("\(name) is (\(point.x), \(point.y))") }
}
