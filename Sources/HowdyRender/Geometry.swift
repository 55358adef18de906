/// A point in px, y down, origin at the top-left of the canvas.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// True when both coordinates are finite (not NaN or infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }
}

/// An axis-aligned rectangle in px. `width` and `height` may be zero (an empty
/// rectangle draws nothing); negative sizes are rejected by the shapes that use it.
public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
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
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The overlap of two pixel rectangles (empty when they do not overlap).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

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
