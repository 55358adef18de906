import HowdyNumbers

/// A point in px, y down, origin at the top-left of the canvas.
public struct Point: Sendable, Hashable {
    /// px from the left edge.
    public var x: Double
    /// px from the top edge (y down).
    public var y: Double

    /// The point (`x`, `y`) px.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The canvas's top-left corner.
    public static let zero = Point(x: 0, y: 0)

    /// True when both coordinates are finite (not NaN or infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }
}

/// An axis-aligned rectangle in px that is always well-formed, as tiny-skia's `Rect`: its
/// four numbers and its far edges (`maxX`, `maxY`) are finite, and its width and height are
/// zero or more. Every way to make one checks this once, so the shapes, paints and canvas
/// that take a `Rect` never check it again.
///
/// Empty rectangles (width or height 0) are valid: they draw nothing, and `isEmpty` says so.
/// The operations that could leave that domain (`insetBy`, `offsetBy`, `union`, a frame
/// scaled to px) throw instead of producing NaN, infinity or a negative size.
public struct Rect: Sendable, Hashable {
    /// Left edge, px.
    public let x: Double
    /// Top edge, px.
    public let y: Double
    /// Width, px (≥ 0).
    public let width: Double
    /// Height, px (≥ 0).
    public let height: Double

    /// A rectangle at (`x`, `y`) of `width` × `height` px. Use it for anything derived from
    /// input: it is the one check.
    /// - Throws: `RenderError.invalidGeometry` naming the value when a number is NaN or
    ///   infinite, a size is negative, or `x + width` or `y + height` overflows to infinity.
    public init(x: Double, y: Double, width: Double, height: Double) throws(RenderError) {
        if let problem = Rect.problem(x: x, y: y, width: width, height: height) {
            throw .invalidGeometry(
                "rectangle (x: \(x), y: \(y), width: \(width), height: \(height)) \(problem)")
        }
        self.init(unchecked: x, y, width, height)
    }

    /// The rectangle covering exactly the pixels of `area` (always valid).
    public init(_ area: PixelRect) {
        self.init(unchecked: Double(area.x), Double(area.y), Double(area.width), Double(area.height))
    }

    /// The smallest rectangle holding every point of `points` (control points included).
    /// - Throws: `RenderError.invalidGeometry` for no points, a non-finite point (named with
    ///   its index) or a box whose size overflows.
    public init(boundingBoxOf points: [Point]) throws(RenderError) {
        guard let first = points.first else { throw .invalidGeometry("a bounding box needs at least one point") }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for (index, p) in points.enumerated() {
            guard p.isFinite else { throw .invalidGeometry("point \(index) is (\(p.x), \(p.y))") }
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        try self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private init(unchecked x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// What is wrong with these numbers as a rectangle, or nil when they make a valid one.
    private static func problem(x: Double, y: Double, width: Double, height: Double) -> String? {
        for (name, value) in [("x", x), ("y", y), ("width", width), ("height", height)] where !value.isFinite {
            return "has a non-finite \(name) (\(value))"
        }
        if width < 0 { return "has a negative width (\(width))" }
        if height < 0 { return "has a negative height (\(height))" }
        if !(x + width).isFinite || !(y + height).isFinite { return "reaches past the largest finite coordinate" }
        return nil
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(unchecked: 0, 0, 0, 0)

    /// Left edge, px.
    public var minX: Double { x }
    /// Top edge, px.
    public var minY: Double { y }
    /// Right edge, px (finite).
    public var maxX: Double { x + width }
    /// Bottom edge, px (finite).
    public var maxY: Double { y + height }
    /// Horizontal centre, px.
    public var midX: Double { x + width / 2 }
    /// Vertical centre, px.
    public var midY: Double { y + height / 2 }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }
    /// True when width or height is zero (nothing to draw).
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The rectangle shrunk by `dx` px on the left and right and `dy` px on the top and
    /// bottom, as CoreGraphics' `insetBy`: negative values grow it, and a size that would go
    /// below zero becomes zero (the origin still moves by `dx`, `dy`).
    /// - Throws: `RenderError.invalidGeometry` for a non-finite `dx` or `dy`, or a result
    ///   past the largest finite coordinate.
    public func insetBy(dx: Double, dy: Double) throws(RenderError) -> Rect {
        guard dx.isFinite, dy.isFinite else { throw .invalidGeometry("rectangle inset is (\(dx), \(dy))") }
        return try Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// The rectangle moved by `dx`, `dy` px.
    /// - Throws: `RenderError.invalidGeometry` for a non-finite offset or a result past the
    ///   largest finite coordinate.
    public func offsetBy(dx: Double, dy: Double) throws(RenderError) -> Rect {
        guard dx.isFinite, dy.isFinite else { throw .invalidGeometry("rectangle offset is (\(dx), \(dy))") }
        return try Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The smallest rectangle holding both rectangles (empty ones included, as points).
    /// - Throws: `RenderError.invalidGeometry` when the union's size overflows to infinity.
    public func union(_ other: Rect) throws(RenderError) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return try Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The part both rectangles cover; an empty rectangle (at the nearer corner) when they
    /// do not overlap. Cannot fail: every edge is one of the two valid rectangles' edges.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        return Rect(unchecked: x0, y0, max(0, min(maxX, other.maxX) - x0), max(0, min(maxY, other.maxY) - y0))
    }
}

/// A rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
public struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// First column.
    public var x: Int
    /// First row.
    public var y: Int
    /// Columns (never negative).
    public var width: Int
    /// Rows (never negative).
    public var height: Int

    /// Columns `x ..< x + width`, rows `y ..< y + height`; negative sizes become 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// One past the last column.
    public var maxX: Int { x + width }
    /// One past the last row.
    public var maxY: Int { y + height }
    /// True when it holds no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The overlap of two pixel rectangles (empty when they do not overlap).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest pixel rectangle holding both (an empty one adds nothing).
    package func union(_ other: PixelRect) -> PixelRect {
        if other.isEmpty { return self }
        if isEmpty { return other }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// A readable form for messages and logs.
    public var description: String { "\(width)×\(height) px at (\(x), \(y))" }

    /// The pixels that a rectangle in px touches (none for an empty one). Coordinates are
    /// clamped to ±2^24 so conversion never traps.
    package init(enclosing rect: Rect) {
        guard !rect.isEmpty else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let limit = -16_777_216...16_777_216
        let x0 = Int(saturating: rect.minX, rounding: .down, in: limit)
        let y0 = Int(saturating: rect.minY, rounding: .down, in: limit)
        let x1 = Int(saturating: rect.maxX, rounding: .up, in: limit)
        let y1 = Int(saturating: rect.maxY, rounding: .up, in: limit)
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
