/// Something the canvas can fill: an area with analytic anti-aliased coverage.
///
/// Coverage is the fraction 0...1 of a pixel the shape covers; a pixel whose area is half
/// inside is 0.5. Shapes are validated when built, so every shape has finite geometry.
public protocol Shape: Sendable {
    /// The px rectangle outside which coverage is zero.
    var bounds: Rect { get }
    /// Writes the coverage of pixels `x0 ..< x0 + coverage.count` of row `y` into
    /// `coverage` (which arrives zeroed). Pixel `x` spans `x ..< x + 1` px.
    func coverage(row y: Int, from x0: Int, into coverage: UnsafeMutableBufferPointer<Float>)
}

/// The length of `[a0, a1] ∩ [b0, b1]`, at least 0.
@inline(__always)
func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
    max(0, min(a1, b1) - max(a0, b0))
}

/// Coverage of a pixel whose centre is `distance` px outside an edge (negative: inside),
/// exact for a straight edge crossing the pixel parallel to an axis.
@inline(__always)
func coverage(signedDistance distance: Double) -> Float {
    Float(min(1, max(0, 0.5 - distance)))
}
