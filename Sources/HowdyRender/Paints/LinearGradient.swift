/// A linear gradient from `start` to `end` (canvas px) through any number of stops.
///
/// Colours are padded beyond the ends. Degenerate cases: a single stop (or all stops
/// the same colour) paints that colour; `start == end` paints the last stop's colour.
public struct LinearGradient: Sendable {
    /// Where offset 0 sits, canvas px.
    public let start: Point
    /// Where offset 1 sits, canvas px.
    public let end: Point
    /// The stops as given.
    public let stops: [GradientStop]
    let ramp: GradientRamp

    /// - Throws: `RenderError.invalidGeometry` for a non-finite point,
    ///   `RenderError.invalidPaint` for no stops or a NaN offset.
    public init(start: Point, end: Point, stops: [GradientStop]) throws(RenderError) {
        try requireFinite(start, "gradient start")
        try requireFinite(end, "gradient end")
        self.start = start
        self.end = end
        self.stops = stops
        self.ramp = try GradientRamp(stops: stops)
    }

    func shader() -> any Shader {
        let dx = end.x - start.x, dy = end.y - start.y
        let length2 = dx * dx + dy * dy
        if ramp.isUniform { return SolidShader(color: ramp.table[0]) }
        if length2 == 0 { return SolidShader(color: ramp.table[GradientRamp.size - 1]) }
        return LinearShader(ramp: ramp, start: start, gx: dx / length2, gy: dy / length2)
    }
}

struct LinearShader: Shader {
    let ramp: GradientRamp
    let start: Point
    let gx: Double
    let gy: Double
    var constant: SIMD4<Float>? { nil }
    var dithers: Bool { true }

    func shade(y: Int, x0: Int, into colors: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let py = Double(y) + 0.5 - start.y
        let t0 = (Double(x0) + 0.5 - start.x) * gx + py * gy
        ramp.table.withUnsafeBufferPointer { table in
            let last = Float(GradientRamp.size - 1)
            for i in 0..<colors.count {
                let t = Float(t0 + Double(i) * gx)
                let clamped = min(1, max(0, t))
                colors[i] = table[Int(clamped * last + 0.5)]
            }
        }
    }
}
