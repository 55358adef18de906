/// A circular radial gradient: offset 0 at `center`, offset 1 at `radius` px from it.
///
/// Colours are padded beyond the radius. Degenerate cases: a single stop paints that
/// colour; a zero radius paints the last stop's colour.
public struct RadialGradient: Sendable {
    /// Where offset 0 sits, canvas px.
    public let center: Point
    /// Distance of offset 1 from the centre, px.
    public let radius: Double
    /// The stops as given.
    public let stops: [GradientStop]
    let ramp: GradientRamp

    /// - Throws: `RenderError.invalidGeometry` for a non-finite centre or a negative or
    ///   non-finite radius, `RenderError.invalidPaint` for no stops or a NaN offset.
    public init(center: Point, radius: Double, stops: [GradientStop]) throws(RenderError) {
        try requireFinite(center, "gradient centre")
        try requireFinite(radius, "gradient radius")
        guard radius >= 0 else { throw .invalidGeometry("gradient radius is negative (\(radius))") }
        self.center = center
        self.radius = radius
        self.stops = stops
        self.ramp = try GradientRamp(stops: stops)
    }

    func shader() -> any Shader {
        if ramp.isUniform { return SolidShader(color: ramp.table[0]) }
        if radius == 0 { return SolidShader(color: ramp.table[GradientRamp.size - 1]) }
        return RadialShader(ramp: ramp, center: center, inverseRadius: 1 / radius)
    }
}

struct RadialShader: Shader {
    let ramp: GradientRamp
    let center: Point
    let inverseRadius: Double
    var constant: SIMD4<Float>? { nil }
    var dithers: Bool { true }

    func shade(y: Int, x0: Int, into colors: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let dy = Float((Double(y) + 0.5 - center.y) * inverseRadius)
        let dx0 = Float((Double(x0) + 0.5 - center.x) * inverseRadius)
        let step = Float(inverseRadius)
        ramp.table.withUnsafeBufferPointer { table in
            let last = Float(GradientRamp.size - 1)
            for i in 0..<colors.count {
                let dx = dx0 + Float(i) * step
                let t = min(1, (dx * dx + dy * dy).squareRoot())
                colors[i] = table[Int(t * last + 0.5)]
            }
        }
    }
}
