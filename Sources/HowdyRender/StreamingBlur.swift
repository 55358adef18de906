import HowdyNumbers

/// `Blur.gaussian` taken down a plane one row at a time: rows go in top to bottom and come
/// out blurred top to bottom, a few hundred rows later, without the plane ever being held.
///
/// Every output sample is computed with the same `Float` operations, in the same order, as
/// `Blur.gaussian` computes it on the whole plane: each of the three box passes runs its
/// horizontal running sum along a row exactly as there, and its vertical running sum down
/// each column with the same adds and subtracts from the top. A vertical pass of radius r
/// only ever reads the 2r + 2 rows its window spans, so that is all it keeps (a ring of
/// rows); the bytes a caller rounds from the output are those of the whole-plane blur.
///
/// Several channels go through at once as one row of `channels × width` samples (channel
/// `c` at `c * width`); each channel's horizontal passes stay within its own samples.
/// Memory: about `channels × width × (2 (r₁ + r₂ + r₃) + 6)` floats, r ≈ σ, instead of
/// `channels × width × height` plus a whole-plane scratch.
struct StreamingBlur {
    /// One box pass: horizontal along each incoming row, then vertical down the columns.
    private final class Pass {
        let radius: Int
        let scale: Float
        let stride: Int
        let height: Int
        let clamp: Bool
        /// Rows of this pass's horizontal output, row `y` at slot `y % ringRows`.
        var ring: [Float]
        let ringRows: Int
        /// The vertical running sums, one per column of every channel.
        var sums: [Float]
        var output: [Float]
        /// The next output row.
        var next = 0
        /// Rows received so far.
        var received = 0
        var started = false
        /// Output `next - 1` was emitted but the sums not yet moved past it.
        var pending = false

        init(radius: Int, stride: Int, height: Int, clamp: Bool) {
            self.radius = radius
            scale = 1 / Float(2 * radius + 1)
            self.stride = stride
            self.height = height
            self.clamp = clamp
            ringRows = min(2 * radius + 2, height)
            ring = [Float](repeating: 0, count: ringRows * stride)
            sums = [Float](repeating: 0, count: stride)
            output = [Float](repeating: 0, count: stride)
        }

        /// The row `Blur`'s vertical window reads at `y`: clamped, or none outside.
        private func source(_ y: Int) -> Int? {
            if y < 0 { return clamp ? 0 : nil }
            if y >= height { return clamp ? height - 1 : nil }
            return y
        }

        /// Takes the next row's horizontal pass output, written by `write` into its slot.
        func receive(_ write: (UnsafeMutableBufferPointer<Float>) -> Void) {
            let start = (received % ringRows) * stride
            ring.withUnsafeMutableBufferPointer { ring in
                write(UnsafeMutableBufferPointer(rebasing: ring[start..<start + stride]))
            }
            received += 1
        }

        /// Moves on by one output row, left in `output`: false when that needs more rows
        /// (or every row is out). The vertical pass of `Blur`, one row at a time.
        func step() -> Bool {
            ring.withUnsafeBufferPointer { ring in
                sums.withUnsafeMutableBufferPointer { sums in
                    let stride = stride, ringRows = ringRows
                    func add(_ row: Int) {
                        let start = (row % ringRows) * stride
                        for i in 0..<stride { sums[i] += ring[start + i] }
                    }
                    func subtract(_ row: Int) {
                        let start = (row % ringRows) * stride
                        for i in 0..<stride { sums[i] -= ring[start + i] }
                    }
                    if !started {
                        guard received > min(radius, height - 1) else { return false }
                        for y in -radius...radius { if let row = source(y) { add(row) } }
                        started = true
                    }
                    if pending {
                        let y = next - 1
                        if let row = source(y + radius + 1) {
                            guard row < received else { return false }
                            add(row)
                        }
                        if let row = source(y - radius) { subtract(row) }
                        pending = false
                    }
                    guard next < height else { return false }
                    let scale = scale
                    output.withUnsafeMutableBufferPointer { output in
                        for i in 0..<stride { output[i] = sums[i] * scale }
                    }
                    next += 1
                    pending = true
                    return true
                }
            }
        }
    }

    let width: Int
    let height: Int
    let channels: Int
    private let clamp: Bool
    private let passes: [Pass]
    private var row: [Float]
    /// Rows out of the last pass so far.
    private var emitted = 0

    /// A blur of `sigma` px (as `Blur.gaussian`, including its cap at twice the longer
    /// side) for a plane of `width` × `height` samples in `channels` channels.
    init(width: Int, height: Int, channels: Int, sigma requested: Double, edges: BlurEdges) {
        self.width = width
        self.height = height
        self.channels = channels
        clamp = edges == .clamp
        row = [Float](repeating: 0, count: width * channels)
        var passes: [Pass] = []
        if requested.isFinite, requested > 0.2, width > 0, height > 0 {
            let sigma = min(requested, 2 * Double(max(width, height)))
            for boxWidth in Blur.boxWidths(sigma: sigma) where boxWidth > 1 {
                passes.append(Pass(radius: boxWidth / 2, stride: width * channels, height: height, clamp: clamp))
            }
        }
        self.passes = passes
    }

    /// Feeds the next row (top to bottom): `fill` writes its `channels × width` samples.
    /// `emit(y, samples)` is called for every row `y` blurred as a result, in order; row
    /// `y` comes out only after row `y` went in, and every row has come out once the last
    /// has gone in.
    mutating func push(
        _ fill: (UnsafeMutableBufferPointer<Float>) -> Void, emit: (Int, UnsafeBufferPointer<Float>) -> Void
    ) {
        row.withUnsafeMutableBufferPointer { fill($0) }
        var out = 0
        row.withUnsafeBufferPointer { row in
            feed(0, row) { samples in
                emit(emitted + out, samples)
                out += 1
            }
        }
        emitted += out
    }

    /// Runs `input` through pass `index` and the ones after it.
    private func feed(_ index: Int, _ input: UnsafeBufferPointer<Float>, emit: (UnsafeBufferPointer<Float>) -> Void) {
        guard index < passes.count else { return emit(input) }
        let pass = passes[index]
        let width = width, radius = pass.radius, clamp = clamp
        pass.receive { slot in
            for channel in 0..<channels {
                let range = channel * width..<(channel + 1) * width
                Self.horizontal(
                    UnsafeBufferPointer(rebasing: input[range]), into: UnsafeMutableBufferPointer(rebasing: slot[range]),
                    radius: radius, clamp: clamp)
            }
        }
        while pass.step() {
            pass.output.withUnsafeBufferPointer { feed(index + 1, $0, emit: emit) }
        }
    }

    /// One row of `Blur`'s horizontal box pass, the same operations in the same order.
    private static func horizontal(
        _ source: UnsafeBufferPointer<Float>, into destination: UnsafeMutableBufferPointer<Float>, radius: Int,
        clamp: Bool
    ) {
        let width = source.count
        let scale = 1 / Float(2 * radius + 1)
        @inline(__always) func sample(_ x: Int) -> Float {
            if x < 0 { return clamp ? source[0] : 0 }
            if x >= width { return clamp ? source[width - 1] : 0 }
            return source[x]
        }
        var sum: Float = 0
        for x in -radius...radius { sum += sample(x) }
        for x in 0..<width {
            destination[x] = sum * scale
            sum += sample(x + radius + 1) - sample(x - radius)
        }
    }
}
