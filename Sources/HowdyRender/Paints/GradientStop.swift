/// One colour of a gradient at `offset` 0...1 along it.
public struct GradientStop: Sendable, Hashable {
    /// Position along the gradient, 0...1 (clamped when the gradient is built).
    public let offset: Double
    /// The colour there.
    public let color: Color

    /// - Parameters:
    ///   - offset: position along the gradient; clamped to 0...1 when the ramp is built.
    ///     NaN is rejected by the gradient's initialiser.
    ///   - color: the colour at `offset`.
    public init(offset: Double, color: Color) {
        self.offset = offset
        self.color = color
    }
}

/// A gradient's colours sampled into a 1024-entry table of premultiplied colours (0...255).
///
/// Stops are sorted by offset (stably, so two stops at one offset make a hard edge).
/// Before the first stop the first colour holds, after the last the last colour holds,
/// and the table's first and last entries are exactly the end colours.
struct GradientRamp: Sendable {
    static let size = 1024
    let table: [SIMD4<Float>]

    init(stops: [GradientStop]) throws(RenderError) {
        guard !stops.isEmpty else { throw .invalidPaint("a gradient needs at least one stop") }
        for stop in stops where !stop.offset.isFinite {
            throw .invalidPaint("gradient stop offset is \(stop.offset)")
        }
        let sorted = stops.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map { (offset: min(1, max(0, $0.element.offset)), color: $0.element.color.premultiplied255) }
        var table = [SIMD4<Float>](repeating: .zero, count: GradientRamp.size)
        var segment = 0
        for i in 0..<GradientRamp.size {
            let t = Double(i) / Double(GradientRamp.size - 1)
            while segment + 1 < sorted.count && sorted[segment + 1].offset <= t { segment += 1 }
            if t <= sorted[0].offset {
                table[i] = sorted[0].color
            } else if segment + 1 >= sorted.count {
                table[i] = sorted[sorted.count - 1].color
            } else {
                let a = sorted[segment], b = sorted[segment + 1]
                let span = b.offset - a.offset
                let f = span > 0 ? Float((t - a.offset) / span) : 1
                table[i] = a.color + (b.color - a.color) * f
            }
        }
        // The ends are the end colours exactly, whatever the stops' offsets.
        table[0] = t0Color(sorted)
        table[GradientRamp.size - 1] = sorted.last { $0.offset >= 1 }?.color ?? sorted[sorted.count - 1].color
        self.table = table
        isUniform = table.allSatisfy { $0 == table[0] }
    }

    /// True when every entry is the same colour (one stop, or all stops alike).
    let isUniform: Bool

    @inline(__always)
    func color(at t: Float) -> SIMD4<Float> {
        let clamped = t.isNaN ? 0 : min(1, max(0, t))
        return table[Int(clamped * Float(GradientRamp.size - 1) + 0.5)]
    }
}

private func t0Color(_ sorted: [(offset: Double, color: SIMD4<Float>)]) -> SIMD4<Float> {
    // At t = 0 the colour is that of the last stop at offset 0, or the first stop.
    sorted.last { $0.offset <= 0 }?.color ?? sorted[0].color
}
