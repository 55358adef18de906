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

/// An axis-aligned rectangle in px. `width` and `height` may be zero (an empty
/// rectangle draws nothing); negative sizes are rejected by the shapes that use it.
public struct Rect: Sendable, Hashable {
    /// Left edge, px.
    public var x: Double
    /// Top edge, px.
    public var y: Double
    /// Width, px.
    public var width: Double
    /// Height, px.
    public var height: Double

    /// A rectangle at (`x`, `y`) of `width` × `height` px; not checked here (the shapes check it).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Left edge, px.
    public var minX: Double { x }
    /// Top edge, px.
    public var minY: Double { y }
    /// Right edge, px.
    public var maxX: Double { x + width }
    /// Bottom edge, px.
    public var maxY: Double { y + height }
    /// Horizontal centre, px.
    public var midX: Double { x + width / 2 }
    /// Vertical centre, px.
    public var midY: Double { y + height / 2 }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }
    /// True when no side is positive (nothing to draw).
    public var isEmpty: Bool { !(width > 0 && height > 0) }
    /// True when all four numbers are finite.
    public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom
    /// (negative values grow it; sizes never go below zero), as CoreGraphics' `insetBy`.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// The rectangle moved by `dx`, `dy` px.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
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

    /// A readable form for messages and logs.
    public var description: String { "\(width)×\(height) px at (\(x), \(y))" }

    /// The pixels that a rectangle in px touches, or an empty rectangle when it is not
    /// finite. Coordinates are clamped to ±2^24 so conversion never traps.
    init(enclosing rect: Rect) {
        guard rect.isFinite, !rect.isEmpty else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let limit = 16_777_216.0
        let x0 = Int(max(-limit, min(limit, rect.minX.rounded(.down))))
        let y0 = Int(max(-limit, min(limit, rect.minY.rounded(.down))))
        let x1 = Int(max(-limit, min(limit, rect.maxX.rounded(.up))))
        let y1 = Int(max(-limit, min(limit, rect.maxY.rounded(.up))))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
