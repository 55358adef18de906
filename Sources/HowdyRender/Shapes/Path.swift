/// An outline of straight lines and quadratic and cubic Bézier curves, in px, that is
/// always well-formed, as tiny-skia's `Path`: it has at least one segment, every point is
/// finite, every subpath starts with a move, and its bounding box is a valid `Rect`.
///
/// Make one with `PathBuilder`. Fill it through `PathShape`, which rasterises it with
/// FreeType's outline rasterizer. Subpaths are always closed for filling.
public struct Path: Sendable, Hashable {
    enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case quad(Point, control: Point)
        case cubic(Point, control1: Point, control2: Point)
        case close
    }

    let elements: [Element]
    /// The bounding box of all points, control points included, px.
    public let bounds: Rect

    fileprivate init(elements: [Element], bounds: Rect) {
        self.elements = elements
        self.bounds = bounds
    }
}

/// Records the elements of a `Path`; `build()` checks them once.
///
/// Recording never fails. A segment with no open subpath (at the start, or after
/// `close()`) starts one: a line is then a move to its end point, a curve starts at its
/// (first) control point.
public struct PathBuilder: Sendable {
    private var elements: [Path.Element] = []
    private var subpathOpen = false
    private var segmentCount = 0

    /// An empty builder.
    public init() {}

    /// Starts a new subpath at `point` (px).
    public mutating func move(to point: Point) {
        elements.append(.move(point))
        subpathOpen = true
    }

    /// A straight line to `point` (px).
    public mutating func line(to point: Point) {
        guard subpathOpen else { return move(to: point) }
        elements.append(.line(point))
        segmentCount += 1
    }

    /// A quadratic Bézier curve to `point` through `control` (px).
    public mutating func quadCurve(to point: Point, control: Point) {
        openSubpath(at: control)
        elements.append(.quad(point, control: control))
        segmentCount += 1
    }

    /// A cubic Bézier curve to `point` through `control1` and `control2` (px).
    public mutating func curve(to point: Point, control1: Point, control2: Point) {
        openSubpath(at: control1)
        elements.append(.cubic(point, control1: control1, control2: control2))
        segmentCount += 1
    }

    /// Closes the current subpath with a straight line to its start.
    public mutating func close() {
        elements.append(.close)
        subpathOpen = false
    }

    private mutating func openSubpath(at point: Point) {
        guard !subpathOpen else { return }
        elements.append(.move(point))
        subpathOpen = true
    }

    /// The path recorded so far, or nil when it has no segment (only moves, or nothing).
    /// - Throws: `RenderError.invalidGeometry` naming the first non-finite point (by its
    ///   index in the recorded points), or when the bounding box is past the largest finite
    ///   coordinate.
    public func build() throws(RenderError) -> Path? {
        guard segmentCount > 0 else { return nil }
        var points: [Point] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .quad(let p, let c): points += [p, c]
            case .cubic(let p, let c1, let c2): points += [p, c1, c2]
            case .close: break
            }
        }
        do {
            return Path(elements: elements, bounds: try Rect(boundingBoxOf: points))
        } catch .invalidGeometry(let reason) {
            throw .invalidGeometry("path: \(reason)")
        }
    }
}
