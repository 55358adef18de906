import Foundation

/// An axis-aligned rectangle with rounded corners: also the plain rectangle (radius 0),
/// the capsule and the circle.
///
/// Edges are exact area coverage (a pixel half inside is 0.5); corners use the distance
/// to the curve. Degenerate cases: an empty rectangle draws nothing; a radius larger than
/// half the shorter side is reduced to it (a capsule); radius 0 is a sharp rectangle.
public struct RoundedRect: Shape, Hashable {
    /// How corners bend.
    public enum CornerStyle: Sendable, Hashable {
        /// Quarter circles of the corner radius (CSS `border-radius`).
        case circular
        /// Continuous curvature, as iOS draws cards and buttons (`.continuous`): a
        /// superellipse that starts bending 1.528 × radius from the corner and meets the
        /// circular corner at 45°, so it looks the same size but has no kink.
        case continuous
    }

    /// The rectangle, px.
    public let rect: Rect
    /// Corner radius, px, clamped to half the shorter side.
    public let cornerRadius: Double
    /// How the corners bend.
    public let style: CornerStyle
    /// The corner's extent along each edge, px (the radius, or 1.528 × it for continuous).
    let extent: Double

    /// - Parameters:
    ///   - rect: px; an empty rectangle is allowed (draws nothing).
    ///   - cornerRadius: px, default 0; clamped to half the shorter side.
    ///   - style: circular corners (default) or continuous ones, as SwiftUI's `.continuous`.
    /// - Throws: `RenderError.invalidGeometry` for a non-finite or negative corner radius
    ///   (the rectangle is valid by construction).
    public init(_ rect: Rect, cornerRadius: Double = 0, style: CornerStyle = .circular) throws(RenderError) {
        try requireFinite(cornerRadius, "corner radius")
        guard cornerRadius >= 0 else { throw .invalidGeometry("corner radius is negative (\(cornerRadius))") }
        self.init(rect, validRadius: cornerRadius, style: style)
    }

    /// A rounded rectangle whose `cornerRadius` the caller knows is finite and ≥ 0.
    init(_ rect: Rect, validRadius cornerRadius: Double, style: CornerStyle) {
        let half = min(rect.width, rect.height) / 2
        self.rect = rect
        self.cornerRadius = min(cornerRadius, half)
        self.style = style
        extent = style == .circular ? self.cornerRadius : min(cornerRadius * 1.528, half)
    }

    /// A rectangle whose short sides are semicircles (radius = half the shorter side).
    /// Never fails: a valid rectangle always has a valid half-side radius.
    public static func capsule(_ rect: Rect) -> RoundedRect {
        RoundedRect(rect, validRadius: min(rect.width, rect.height) / 2, style: .circular)
    }

    /// The px rectangle outside which coverage is zero.
    public var bounds: Rect { rect }

    /// Superellipse exponent for continuous corners: chosen so the curve passes through the
    /// 45° point of the circular corner of the same radius when its extent is 1.528 × radius.
    static let continuousExponent = 3.26
    static let continuousOuterScale = pow(2, 0.5 - 1 / continuousExponent)

    /// Coverage 0...1 of pixels `x0 ..< x0 + coverage.count` of row `y` (see `Shape`).
    public func coverage(row y: Int, from x0: Int, into coverage: UnsafeMutableBufferPointer<Float>) {
        let top = Double(y), bottom = top + 1
        let coverY = overlap(top, bottom, rect.minY, rect.maxY)
        guard coverY > 0 else { return }
        let k = extent
        let cy = Double(y) + 0.5
        let inCornerRows = k > 0 && (cy < rect.minY + k || cy > rect.maxY - k)
        let leftCorner = rect.minX + k, rightCorner = rect.maxX - k
        for i in 0..<coverage.count {
            let left = Double(x0 + i)
            let coverX = overlap(left, left + 1, rect.minX, rect.maxX)
            if coverX <= 0 { continue }
            let cx = left + 0.5
            if inCornerRows && (cx < leftCorner || cx > rightCorner) {
                coverage[i] = cornerCoverage(x: cx, y: cy)
            } else {
                coverage[i] = Float(coverX * coverY)
            }
        }
    }

    /// Coverage of a pixel centred at (`x`, `y`) in a corner zone, from the distance to the corner curve.
    private func cornerCoverage(x: Double, y: Double) -> Float {
        let k = extent
        let qx = abs(x - (rect.minX + rect.maxX) / 2) - (rect.width / 2 - k)
        let qy = abs(y - (rect.minY + rect.maxY) / 2) - (rect.height / 2 - k)
        if qx <= 0 || qy <= 0 { return HowdyRender.coverage(signedDistance: max(qx, qy) - k) }
        switch style {
        case .circular:
            return HowdyRender.coverage(signedDistance: (qx * qx + qy * qy).squareRoot() - k)
        case .continuous:
            // Cheap bounds first: the superellipse (n > 2) contains the circle of radius k and
            // lies inside the circle of radius k · 2^(1/2 − 1/n).
            let euclidean = (qx * qx + qy * qy).squareRoot()
            if euclidean < k - 1 { return 1 }
            if euclidean > k * RoundedRect.continuousOuterScale + 1 { return 0 }
            let n = RoundedRect.continuousExponent
            let u = qx / k, v = qy / k
            let un = pow(u, n), vn = pow(v, n)
            let norm = pow(un + vn, 1 / n)
            // Gradient of the norm: (u^(n-1), v^(n-1)) / norm^(n-1); distance ≈ k (norm - 1) / |∇|.
            let scale = pow(norm, n - 1)
            let gx = un / u / scale, gy = vn / v / scale
            let gradient = max(1e-6, (gx * gx + gy * gy).squareRoot())
            return HowdyRender.coverage(signedDistance: k * (norm - 1) / gradient)
        }
    }
}
