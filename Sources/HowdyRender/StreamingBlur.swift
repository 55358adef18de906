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
///
/// Rows go in pushed (`push`: every row that can come out does, at once) or pulled (`pull`:
/// rows come out up to a limit, and only the input rows they need are read). A pass makes
/// a row only when the next pass (or the caller) asks for it, so the rings never overflow
/// either way, and each pass's operations do not depend on when it runs. A value: a blur
/// half done can be kept and carried on later (a layer's next band).
struct StreamingBlur: Sendable {
    /// What one step of a pass did.
    private enum Step {
        /// An output row is in `output`.
        case row
        /// The next output row needs an input row not yet received.
        case needsRow
        /// Every output row is out.
        case done
    }

    /// One box pass: horizontal along each incoming row, then vertical down the columns.
    private struct Pass: Sendable {
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
        mutating func receive(_ write: (UnsafeMutableBufferPointer<Float>) -> Void) {
            let start = (received % ringRows) * stride, stride = stride
            ring.withUnsafeMutableBufferPointer { ring in
                write(UnsafeMutableBufferPointer(rebasing: ring[start..<start + stride]))
            }
            received += 1
        }

        private mutating func add(_ row: Int) {
            let start = (row % ringRows) * stride, stride = stride
            ring.withUnsafeBufferPointer { ring in
                sums.withUnsafeMutableBufferPointer { sums in
                    for i in 0..<stride { sums[i] += ring[start + i] }
                }
            }
        }

        private mutating func subtract(_ row: Int) {
            let start = (row % ringRows) * stride, stride = stride
            ring.withUnsafeBufferPointer { ring in
                sums.withUnsafeMutableBufferPointer { sums in
                    for i in 0..<stride { sums[i] -= ring[start + i] }
                }
            }
        }

        /// Moves on by one output row, left in `output`. The vertical pass of `Blur`, one
        /// row at a time. `.needsRow` changes nothing: the same call succeeds once the row
        /// is received.
        mutating func step() -> Step {
            if !started {
                guard received > min(radius, height - 1) else { return .needsRow }
                for y in -radius...radius { if let row = source(y) { add(row) } }
                started = true
            }
            if pending {
                let y = next - 1
                let incoming = source(y + radius + 1)
                if let row = incoming, row >= received { return .needsRow }
                if let row = incoming { add(row) }
                if let row = source(y - radius) { subtract(row) }
                pending = false
            }
            guard next < height else { return .done }
            let scale = scale, stride = stride
            sums.withUnsafeBufferPointer { sums in
                output.withUnsafeMutableBufferPointer { output in
                    for i in 0..<stride { output[i] = sums[i] * scale }
                }
            }
            next += 1
            pending = true
            return .row
        }
    }

    let width: Int
    let height: Int
    let channels: Int
    /// Input rows read beyond the last row out (the passes' radii summed): row `y` comes out
    /// once row `min(y + lag, height - 1)` is in.
    let lag: Int
    private let clamp: Bool
    private var passes: [Pass]
    /// The input row being read (pulled or pushed).
    private var row: [Float]
    /// Rows out of the last pass so far.
    private(set) var rowsOut = 0
    /// Input rows read so far.
    private(set) var rowsIn = 0

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
        lag = passes.reduce(0) { $0 + $1.radius }
    }

    /// At least the `lag` of any blur of at most `sigma` px (finite, ≥ 0), whatever its
    /// plane: 3σ + 3 rows, rounded up. Each box radius is at most σ + 1 (a box is at most
    /// `√(4σ² + 1) + 2` wide, and that is at most 2σ + 3).
    static func maximumLag(sigma: Double) -> Int {
        Int(saturating: 3 * max(0, sigma), rounding: .up) + 3
    }

    /// Feeds the next row (top to bottom): `fill` writes its `channels × width` samples.
    /// `emit(y, samples)` is called for every row `y` blurred as a result, in order; row
    /// `y` comes out only after row `y` went in, and every row has come out once the last
    /// has gone in.
    mutating func push(
        _ fill: (UnsafeMutableBufferPointer<Float>) -> Void, emit: (Int, UnsafeBufferPointer<Float>) -> Void
    ) {
        var given = false
        let read = { (_: Int, samples: UnsafeMutableBufferPointer<Float>) -> Bool in
            guard !given else { return false }
            given = true
            fill(samples)
            return true
        }
        // Every row that could come out without this one did in the last push, so the first
        // pass asked for a row reads this one (before any row comes out).
        while rowsOut < height, produce(passes.count - 1, read: read) { out(emit) }
    }

    /// Every row `y < limit` not out yet comes out, in order, through `emit(y, samples)`;
    /// `read(y, samples)` writes input row `y`'s `channels × width` samples when a row out
    /// needs it: rows are read in order, each once, and row `y` out reads at most up to row
    /// `y + lag`.
    mutating func pull(
        until limit: Int, read: (Int, UnsafeMutableBufferPointer<Float>) -> Void,
        emit: (Int, UnsafeBufferPointer<Float>) -> Void
    ) {
        let reading = { (y: Int, samples: UnsafeMutableBufferPointer<Float>) -> Bool in
            read(y, samples)
            return true
        }
        while rowsOut < min(limit, height) {
            guard produce(passes.count - 1, read: reading) else { return }
            out(emit)
        }
    }

    /// Hands the row the last pass made (or the row read, without passes) to `emit`.
    private mutating func out(_ emit: (Int, UnsafeBufferPointer<Float>) -> Void) {
        let y = rowsOut
        rowsOut += 1
        if let last = passes.indices.last {
            passes[last].output.withUnsafeBufferPointer { emit(y, $0) }
        } else {
            row.withUnsafeBufferPointer { emit(y, $0) }
        }
    }

    /// Makes pass `index`'s next row (`index` -1: the next input row, in `row`); false
    /// when that needs an input row `read` does not give (it returns false).
    private mutating func produce(_ index: Int, read: (Int, UnsafeMutableBufferPointer<Float>) -> Bool) -> Bool {
        guard index >= 0 else {
            guard rowsIn < height else { return false }
            let y = rowsIn
            guard row.withUnsafeMutableBufferPointer({ read(y, $0) }) else { return false }
            rowsIn += 1
            return true
        }
        while true {
            switch passes[index].step() {
            case .row: return true
            case .done: return false
            case .needsRow:
                guard produce(index - 1, read: read) else { return false }
                let input = index == 0 ? row : passes[index - 1].output
                feed(index, input)
            }
        }
    }

    /// Runs `Blur`'s horizontal pass of pass `index` over `input` into that pass's ring.
    private mutating func feed(_ index: Int, _ input: [Float]) {
        let width = width, channels = channels, radius = passes[index].radius, clamp = clamp
        input.withUnsafeBufferPointer { input in
            passes[index].receive { slot in
                for channel in 0..<channels {
                    let range = channel * width..<(channel + 1) * width
                    Self.horizontal(
                        UnsafeBufferPointer(rebasing: input[range]),
                        into: UnsafeMutableBufferPointer(rebasing: slot[range]),
                        radius: radius, clamp: clamp)
                }
            }
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
