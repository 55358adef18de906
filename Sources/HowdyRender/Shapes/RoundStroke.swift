import Foundation

/// A stroke with round caps and round joins: straight segments and circular arcs, for
/// spinner arcs, check marks and dividers.
///
/// Coverage comes from the distance to the centre line, so caps and joins are exact
/// half-discs. Angles are radians, 0 pointing right (+x), growing clockwise on screen
/// (y points down). Degenerate cases: width 0 draws nothing; a zero-length segment draws
/// a dot of the stroke's width; a sweep of 2π or more draws a full ring.
public struct RoundStroke: Shape {
    enum Segment: Sendable {
        case line(Point, Point)
        case arc(center: Point, radius: Double, start: Double, sweep: Double)
    }

    let segments: [Segment]
    /// Stroke width, px.
    public let width: Double
    /// The px rectangle outside which coverage is zero.
    public let bounds: Rect

    private init(segments: [Segment], width: Double, extent: Rect) throws(RenderError) {
        self.segments = segments
        self.width = width
        bounds = try extent.insetBy(dx: -width / 2, dy: -width / 2)
    }

    /// A straight stroke from `from` to `to`, `width` px wide.
    /// - Throws: `RenderError.invalidGeometry` for non-finite points, a negative width or a
    ///   stroke reaching past the largest finite coordinate.
    public static func line(from: Point, to: Point, width: Double) throws(RenderError) -> RoundStroke {
        try polyline([from, to], width: width)
    }

    /// Connected straight strokes through `points` (a check mark), `width` px wide.
    /// - Throws: `RenderError.invalidGeometry` for no points, non-finite points, a negative
    ///   width or a stroke reaching past the largest finite coordinate.
    public static func polyline(_ points: [Point], width: Double) throws(RenderError) -> RoundStroke {
        try checkWidth(width)
        guard !points.isEmpty else { throw .invalidGeometry("a polyline needs at least one point") }
        for point in points { try requireFinite(point, "polyline point") }
        var segments: [Segment] = []
        for i in 0..<max(1, points.count - 1) {
            segments.append(.line(points[i], points[min(i + 1, points.count - 1)]))
        }
        return try RoundStroke(segments: segments, width: width, extent: try Rect(boundingBoxOf: points))
    }

    /// A circular arc of `radius` px around `center`, from `startAngle` sweeping `sweep`
    /// radians (positive: clockwise on screen), `width` px wide.
    /// - Throws: `RenderError.invalidGeometry` for non-finite values, a negative radius or
    ///   width, or an arc reaching past the largest finite coordinate.
    public static func arc(center: Point, radius: Double, startAngle: Double, sweep: Double, width: Double)
        throws(RenderError) -> RoundStroke
    {
        try checkWidth(width)
        try requireFinite(center, "arc centre")
        try requireFinite(radius, "arc radius")
        try requireFinite(startAngle, "arc start angle")
        try requireFinite(sweep, "arc sweep")
        guard radius >= 0 else { throw .invalidGeometry("arc radius is negative (\(radius))") }
        let box = try Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        return try RoundStroke(
            segments: [.arc(center: center, radius: radius, start: startAngle, sweep: sweep)], width: width,
            extent: box)
    }

    private static func checkWidth(_ width: Double) throws(RenderError) {
        try requireFinite(width, "stroke width")
        guard width >= 0 else { throw .invalidGeometry("stroke width is negative (\(width))") }
    }

    /// Coverage 0...1 of pixels `x0 ..< x0 + coverage.count` of row `y` (see `Shape`).
    public func coverage(row y: Int, from x0: Int, into coverage: UnsafeMutableBufferPointer<Float>) {
        guard width > 0 else { return }
        let half = width / 2
        let py = Double(y) + 0.5
        for i in 0..<coverage.count {
            let p = Point(x: Double(x0 + i) + 0.5, y: py)
            var distance = Double.infinity
            for segment in segments { distance = min(distance, Self.distance(from: p, to: segment)) }
            coverage[i] = HowdyRender.coverage(signedDistance: distance - half)
        }
    }

    static func distance(from p: Point, to segment: Segment) -> Double {
        switch segment {
        case .line(let a, let b):
            let dx = b.x - a.x, dy = b.y - a.y
            let length2 = dx * dx + dy * dy
            let t = length2 > 0 ? min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2)) : 0
            let ex = p.x - (a.x + t * dx), ey = p.y - (a.y + t * dy)
            return (ex * ex + ey * ey).squareRoot()
        case .arc(let center, let radius, let start, let sweep):
            let dx = p.x - center.x, dy = p.y - center.y
            let length = (dx * dx + dy * dy).squareRoot()
            if abs(sweep) >= 2 * .pi { return abs(length - radius) }
            let from = sweep >= 0 ? start : start + sweep
            var relative = (atan2(dy, dx) - from).truncatingRemainder(dividingBy: 2 * .pi)
            if relative < 0 { relative += 2 * .pi }
            if relative <= abs(sweep) { return abs(length - radius) }
            let end = from + abs(sweep)
            let ax = center.x + radius * cos(from) - p.x, ay = center.y + radius * sin(from) - p.y
            let bx = center.x + radius * cos(end) - p.x, by = center.y + radius * sin(end) - p.y
            return min((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        }
    }
}
