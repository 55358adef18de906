import Dispatch

/// How different two images may be and still count as the same.
public struct DiffTolerance: Sendable, Hashable {
    /// How many differing pixels may exist, as a count or as a fraction of all pixels.
    public enum Limit: Sendable, Hashable {
        case pixels(Int)
        case ratio(Double)
    }

    /// Per-pixel colour distance 0...1 below which pixels count as equal (default 0.1,
    /// as pixelmatch); 0 makes any change count.
    public var threshold: Double
    /// The differing pixels allowed (default none).
    public var limit: Limit

    /// A tolerance of per-pixel `threshold` (0...1, default 0.1) and `limit` (default: no differing pixel).
    public init(threshold: Double = 0.1, limit: Limit = .pixels(0)) {
        self.threshold = threshold
        self.limit = limit
    }

    /// Pixel-exact up to the default threshold, no differing pixel allowed.
    public static let strict = DiffTolerance()
}

/// A perceptual comparison of two images of the same size, in the manner of pixelmatch.
///
/// Each pixel's colour distance is measured in YIQ (brightness weighted most), after
/// blending both over white; pixels farther apart than the threshold differ, unless the
/// change looks like anti-aliasing (the pixel lies on an edge between flat areas in both
/// images), which is counted apart and not as a difference. Distances are normalised so
/// that 1 is the distance between black and white; `threshold` uses the same scale.
public struct ImageDiff: Sendable {
    /// The compared size.
    public let size: PixelSize
    /// Pixels whose distance exceeds the threshold and are not anti-aliasing.
    public let differingPixels: Int
    /// Pixels over the threshold that were recognised as anti-aliasing and not counted.
    public let antiAliasedPixels: Int
    /// The largest colour distance of any pixel, 0...1 (0 when identical).
    public let maxDistance: Double
    /// The smallest rectangle holding every differing pixel; nil when there are none.
    public let changedArea: PixelRect?
    /// The threshold used.
    public let threshold: Double
    /// When requested: unchanged pixels as faded grey, differences red, anti-aliasing yellow.
    public let diffImage: Image?

    /// `differingPixels` as a fraction of all pixels.
    public var ratio: Double { Double(differingPixels) / Double(size.width * size.height) }

    /// Whether the difference is within `tolerance`'s pixel limit (the threshold used is
    /// the one given when comparing).
    public func isWithin(_ limit: DiffTolerance.Limit) -> Bool {
        switch limit {
        case .pixels(let count): differingPixels <= count
        case .ratio(let fraction): ratio <= fraction
        }
    }

    /// Compares `actual` with `expected`.
    /// - Parameters:
    ///   - threshold: 0...1 (clamped; NaN is 0), default 0.1.
    ///   - makeDiffImage: also draw `diffImage` (based on `expected`).
    /// - Throws: `RenderError.sizeMismatch` when the sizes differ.
    public init(_ actual: Image, _ expected: Image, threshold: Double = 0.1, makeDiffImage: Bool = false)
        throws(RenderError)
    {
        guard actual.width == expected.width, actual.height == expected.height else {
            throw .sizeMismatch(actual.size, expected.size)
        }
        let threshold = threshold.isNaN ? 0 : min(1, max(0, threshold))
        let width = actual.width, height = actual.height
        let maxDelta = Float(35215 * threshold * threshold)
        var output = makeDiffImage ? [UInt8](repeating: 255, count: width * height * 4) : []
        let bandCount = min(height, 16)
        var bands = [BandResult](repeating: BandResult(), count: bandCount)
        actual.pixels.withUnsafeBufferPointer { a in
            expected.pixels.withUnsafeBufferPointer { b in
                output.withUnsafeMutableBufferPointer { out in
                    bands.withUnsafeMutableBufferPointer { results in
                        let shared = UnsafeSendable((a, b, out, results))
                        let rowsPerBand = (height + bandCount - 1) / bandCount
                        DispatchQueue.concurrentPerform(iterations: bandCount) { band in
                            let (a, b, out, results) = shared.value
                            let rows = min(height, band * rowsPerBand)..<min(height, (band + 1) * rowsPerBand)
                            results[band] = DiffKernel(a: a, b: b, width: width, height: height)
                                .compare(rows: rows, maxDelta: maxDelta, output: out)
                        }
                    }
                }
            }
        }
        var total = BandResult()
        for band in bands { total.merge(band) }
        size = actual.size
        differingPixels = total.differing
        antiAliasedPixels = total.antiAliased
        maxDistance = min(1, (Double(total.maxDelta) / 35215).squareRoot())
        changedArea =
            total.differing > 0
            ? PixelRect(
                x: total.minX, y: total.minY, width: total.maxX - total.minX + 1, height: total.maxY - total.minY + 1)
            : nil
        self.threshold = threshold
        diffImage = makeDiffImage ? try Image(width: width, height: height, premultipliedRGBA: output) : nil
    }
}

struct BandResult: Sendable {
    var differing = 0
    var antiAliased = 0
    var maxDelta: Float = 0
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

    mutating func merge(_ other: BandResult) {
        differing += other.differing
        antiAliased += other.antiAliased
        maxDelta = max(maxDelta, other.maxDelta)
        minX = min(minX, other.minX)
        minY = min(minY, other.minY)
        maxX = max(maxX, other.maxX)
        maxY = max(maxY, other.maxY)
    }
}

/// The per-pixel work of the comparison, after pixelmatch (ISC licence, Mapbox): YIQ
/// distance and its anti-aliasing detector, here on premultiplied pixels.
struct DiffKernel {
    let a: UnsafeBufferPointer<UInt8>
    let b: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int

    func compare(rows: Range<Int>, maxDelta: Float, output: UnsafeMutableBufferPointer<UInt8>) -> BandResult {
        var result = BandResult()
        let drawing = !output.isEmpty
        let aWords = UnsafeRawBufferPointer(a).assumingMemoryBound(to: UInt32.self)
        let bWords = UnsafeRawBufferPointer(b).assumingMemoryBound(to: UInt32.self)
        for y in rows {
            for x in 0..<width {
                let index = y * width + x
                let position = index * 4
                let delta: Float =
                    aWords[index] == bWords[index] ? 0 : colorDelta(a, b, position, position, yOnly: false)
                let magnitude = abs(delta)
                result.maxDelta = max(result.maxDelta, magnitude)
                if magnitude > maxDelta {
                    if antialiased(a, x, y, other: b) || antialiased(b, x, y, other: a) {
                        result.antiAliased += 1
                        if drawing { paint(output, position, 255, 255, 0) }
                    } else {
                        result.differing += 1
                        result.minX = min(result.minX, x)
                        result.maxX = max(result.maxX, x)
                        result.minY = min(result.minY, y)
                        result.maxY = max(result.maxY, y)
                        if drawing { paint(output, position, 255, 0, 0) }
                    }
                } else if drawing {
                    // Unchanged: the expected pixel's brightness, faded towards white.
                    let (r, g, bl) = overWhite(b, position)
                    let alpha = 0.1 * Float(b[position + 3]) / 255
                    let grey = UInt8(max(0, min(255, 255 + (luma(r, g, bl) - 255) * alpha)).rounded())
                    paint(output, position, grey, grey, grey)
                }
            }
        }
        return result
    }

    @inline(__always)
    private func paint(_ output: UnsafeMutableBufferPointer<UInt8>, _ position: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8)
    {
        output[position] = r
        output[position + 1] = g
        output[position + 2] = b
        output[position + 3] = 255
    }

    /// A premultiplied pixel blended over white: straight × a + 255 × (1 − a) = premultiplied + 255 − a.
    @inline(__always)
    private func overWhite(_ image: UnsafeBufferPointer<UInt8>, _ position: Int) -> (Float, Float, Float) {
        let white = Float(255 - Int(image[position + 3]))
        return (Float(image[position]) + white, Float(image[position + 1]) + white, Float(image[position + 2]) + white)
    }

    @inline(__always) private func luma(_ r: Float, _ g: Float, _ b: Float) -> Float {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// Squared YIQ distance (or the signed brightness difference alone), negative when the
    /// first pixel is brighter. YIQ is linear in RGB, so it is computed on the channel
    /// differences of the two pixels over white (premultiplied + 255 − alpha).
    @inline(__always)
    private func colorDelta(
        _ image1: UnsafeBufferPointer<UInt8>, _ image2: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int, yOnly: Bool
    ) -> Float {
        let a = Int(image1[k + 3]) - Int(image2[m + 3])
        let dr = Float(Int(image1[k]) - Int(image2[m]) - a)
        let dg = Float(Int(image1[k + 1]) - Int(image2[m + 1]) - a)
        let db = Float(Int(image1[k + 2]) - Int(image2[m + 2]) - a)
        if dr == 0 && dg == 0 && db == 0 { return 0 }
        let y = luma(dr, dg, db)
        if yOnly { return y }
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    /// Whether pixel (x1, y1) of `image` looks like anti-aliasing: it has at most two equal
    /// neighbours, and both its darkest and brightest neighbours sit in flat areas of both images.
    private func antialiased(
        _ image: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, other: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let position = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minDelta: Float = 0, maxDelta: Float = 0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(image, image, position, (y * width + x) * 4, yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta
                    minX = x
                    minY = y
                } else if delta > maxDelta {
                    maxDelta = delta
                    maxX = x
                    maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(image, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(image, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    /// Whether pixel (x1, y1) has more than two identical neighbours (edges count as one).
    private func hasManySiblings(_ image: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let words = UnsafeRawBufferPointer(image).assumingMemoryBound(to: UInt32.self)
        let center = words[y1 * width + x1]
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                if words[y * width + x] == center { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}

extension ImageDiff {
    /// The figures in one line: differing pixels, ratio, largest distance, changed area.
    public var summary: String {
        let percent = (ratio * 100_000).rounded() / 1000
        var text = "\(differingPixels) of \(size.width * size.height) pixels differ (\(percent) %)"
        text += ", \(antiAliasedPixels) anti-aliased ignored"
        text += ", max distance \((maxDistance * 1000).rounded() / 1000) (threshold \(threshold))"
        if let changedArea { text += ", changed area \(changedArea)" }
        return text
    }
}

extension DiffTolerance.Limit: CustomStringConvertible {
    /// A readable form for messages and logs.
    public var description: String {
        switch self {
        case .pixels(let count): "\(count) pixel\(count == 1 ? "" : "s")"
        case .ratio(let ratio): "ratio \(ratio)"
        }
    }
}
