/// An arbitrary outline of straight lines and quadratic and cubic Bézier curves, in px.
///
/// Build it with `move(to:)`, `line(to:)`, `quadCurve(to:control:)`, `curve(to:control1:control2:)`
/// and `close()`; every point is checked to be finite. Fill it through `PathShape`, which
/// rasterises it with FreeType's outline rasterizer. Subpaths are always closed for filling.
public struct Path: Sendable, Hashable {
    enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case quad(Point, control: Point)
        case cubic(Point, control1: Point, control2: Point)
        case close
    }

    private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) throws(RenderError) {
        try requireFinite(point, "path point")
        elements.append(.move(point))
    }

    /// A straight line to `point` (starts a subpath at `point` when none is open).
    public mutating func line(to point: Point) throws(RenderError) {
        try requireFinite(point, "path point")
        elements.append(.line(point))
    }

    /// A quadratic Bézier curve to `point`.
    public mutating func quadCurve(to point: Point, control: Point) throws(RenderError) {
        try requireFinite(point, "path point")
        try requireFinite(control, "path control point")
        elements.append(.quad(point, control: control))
    }

    /// A cubic Bézier curve to `point`.
    public mutating func curve(to point: Point, control1: Point, control2: Point) throws(RenderError) {
        try requireFinite(point, "path point")
        try requireFinite(control1, "path control point")
        try requireFinite(control2, "path control point")
        elements.append(.cubic(point, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a straight line to its start.
    public mutating func close() {
        elements.append(.close)
    }

    /// The bounding box of all points, control points included (nil for an empty path).
    var controlBounds: Rect? {
        var points: [Point] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .quad(let p, let c): points += [p, c]
            case .cubic(let p, let c1, let c2): points += [p, c1, c2]
            case .close: break
            }
        }
        guard let first = points.first else { return nil }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in points {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
