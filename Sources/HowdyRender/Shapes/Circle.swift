import Foundation

/// A filled circle of `radius` px around `center`.
///
/// Degenerate case: radius 0 draws nothing.
public struct Circle: Shape, Hashable {
    /// Centre, px.
    public let center: Point
    /// Radius, px.
    public let radius: Double
    /// The px rectangle outside which coverage is zero.
    public let bounds: Rect

    /// - Throws: `RenderError.invalidGeometry` for a non-finite centre, a negative or
    ///   non-finite radius, or a circle reaching past the largest finite coordinate.
    public init(center: Point, radius: Double) throws(RenderError) {
        try requireFinite(center, "circle centre")
        try requireFinite(radius, "circle radius")
        guard radius >= 0 else { throw .invalidGeometry("circle radius is negative (\(radius))") }
        self.center = center
        self.radius = radius
        bounds = try Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// Coverage 0...1 of pixels `x0 ..< x0 + coverage.count` of row `y` (see `Shape`).
    public func coverage(row y: Int, from x0: Int, into coverage: UnsafeMutableBufferPointer<Float>) {
        guard radius > 0 else { return }
        let dy = Double(y) + 0.5 - center.y
        for i in 0..<coverage.count {
            let dx = Double(x0 + i) + 0.5 - center.x
            coverage[i] = HowdyRender.coverage(signedDistance: (dx * dx + dy * dy).squareRoot() - radius)
        }
    }
}
