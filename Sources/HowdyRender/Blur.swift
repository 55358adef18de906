import HowdyNumbers

/// One channel of floating-point samples, `width * height` of them, rows top to bottom.
struct FloatPlane: Sendable {
    let width: Int
    let height: Int
    var samples: [Float]

    init(width: Int, height: Int, value: Float = 0) {
        self.width = width
        self.height = height
        samples = [Float](repeating: value, count: width * height)
    }
}

/// How a blur treats samples beyond the plane's edges.
enum BlurEdges {
    /// Outside is zero: a shape fades out towards the edges (shadows).
    case transparent
    /// Outside repeats the edge sample: a background keeps its colour to the edges.
    case clamp
}

/// A Gaussian blur approximated by three box blurs per direction, computed with running
/// sums, so its cost per pixel does not depend on the radius.
enum Blur {
    /// The three box widths (odd) whose succession approximates a Gaussian of `sigma` px.
    static func boxWidths(sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(saturating: ideal, rounding: .down)
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let l = Double(lower)
        let mIdeal = (12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)
        let m = Int(saturatingRounded: mIdeal)
        return (0..<3).map { $0 < m ? lower : upper }
    }

    /// Blurs `plane` in place with a Gaussian of standard deviation `sigma` px.
    /// `sigma` ≤ 0 or non-finite leaves the plane unchanged; `sigma` above twice the plane's
    /// longer side is treated as that (the result is already flat), which bounds the work.
    static func gaussian(_ plane: inout FloatPlane, sigma requested: Double, edges: BlurEdges) {
        guard requested.isFinite, requested > 0.2, plane.width > 0, plane.height > 0 else { return }
        let sigma = min(requested, 2 * Double(max(plane.width, plane.height)))
        var scratch = [Float](repeating: 0, count: plane.samples.count)
        for width in boxWidths(sigma: sigma) where width > 1 {
            let radius = width / 2
            horizontal(&plane, into: &scratch, radius: radius, edges: edges)
            vertical(scratch, into: &plane, radius: radius, edges: edges)
        }
    }

    private static func horizontal(_ plane: inout FloatPlane, into output: inout [Float], radius: Int, edges: BlurEdges)
    {
        let width = plane.width
        let scale = 1 / Float(2 * radius + 1)
        let clamp = edges == .clamp
        plane.samples.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                let src = UnsafeSendable(source), dst = UnsafeSendable(destination)
                forEachRowBand(rowCount: plane.height, rowWidth: width) { rows in
                    for y in rows {
                        let row = y * width
                        @inline(__always) func sample(_ x: Int) -> Float {
                            if x < 0 { return clamp ? src.value[row] : 0 }
                            if x >= width { return clamp ? src.value[row + width - 1] : 0 }
                            return src.value[row + x]
                        }
                        var sum: Float = 0
                        for x in -radius...radius { sum += sample(x) }
                        for x in 0..<width {
                            dst.value[row + x] = sum * scale
                            sum += sample(x + radius + 1) - sample(x - radius)
                        }
                    }
                }
            }
        }
    }

    private static func vertical(_ source: [Float], into plane: inout FloatPlane, radius: Int, edges: BlurEdges) {
        let width = plane.width, height = plane.height
        let scale = 1 / Float(2 * radius + 1)
        let clamp = edges == .clamp
        source.withUnsafeBufferPointer { source in
            plane.samples.withUnsafeMutableBufferPointer { destination in
                let src = UnsafeSendable(source), dst = UnsafeSendable(destination)
                forEachRowBand(rowCount: width, rowWidth: height) { columns in
                    let count = columns.count
                    var sums = [Float](repeating: 0, count: count)
                    sums.withUnsafeMutableBufferPointer { sums in
                        @inline(__always) func rowStart(_ y: Int) -> Int? {
                            if y < 0 { return clamp ? 0 : nil }
                            if y >= height { return clamp ? (height - 1) * width : nil }
                            return y * width
                        }
                        for y in -radius...radius {
                            guard let start = rowStart(y) else { continue }
                            for i in 0..<count { sums[i] += src.value[start + columns.lowerBound + i] }
                        }
                        for y in 0..<height {
                            let out = y * width + columns.lowerBound
                            for i in 0..<count { dst.value[out + i] = sums[i] * scale }
                            if let add = rowStart(y + radius + 1) {
                                for i in 0..<count { sums[i] += src.value[add + columns.lowerBound + i] }
                            }
                            if let remove = rowStart(y - radius) {
                                for i in 0..<count { sums[i] -= src.value[remove + columns.lowerBound + i] }
                            }
                        }
                    }
                }
            }
        }
    }
}

extension Image {
    /// The image blurred with a Gaussian of standard deviation `sigma` px (CSS
    /// `filter: blur(r)` is σ = r). Pixels beyond the edges
    /// count as transparent. `sigma` ≤ 0 returns the image unchanged. Cost is independent
    /// of `sigma`.
    public func blurred(sigma: Double) -> Image {
        guard sigma.isFinite, sigma > 0 else { return self }
        var planes = (0..<4).map { _ in FloatPlane(width: width, height: height) }
        for i in 0..<(width * height) {
            for c in 0..<4 { planes[c].samples[i] = Float(pixels[i * 4 + c]) }
        }
        for c in 0..<4 { Blur.gaussian(&planes[c], sigma: sigma, edges: .transparent) }
        var result = self
        for i in 0..<(width * height) {
            let a = min(255, max(0, planes[3].samples[i] + 0.5)).rounded(.down)
            result.pixels[i * 4 + 3] = UInt8(a)
            for c in 0..<3 {
                result.pixels[i * 4 + c] = UInt8(min(a, max(0, planes[c].samples[i] + 0.5).rounded(.down)))
            }
        }
        return result
    }
}
