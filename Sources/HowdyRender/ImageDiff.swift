import Dispatch
import Foundation

/// A perceptual comparison of two images of the same size, in the manner of pixelmatch 7.
///
/// Each pixel's colour distance is measured in YIQ (brightness weighted most); pixels
/// farther apart than the threshold differ, unless the change looks like anti-aliasing
/// (the pixel lies on an edge between flat areas in both images), which is counted apart
/// and not as a difference. Distances are normalised so that 1 is the distance between
/// black and white; `threshold` uses the same scale.
///
/// Transparency counts: where the alphas differ, both pixels are composited over black
/// and over white and the larger distance counts (pixelmatch 7 blends over a pattern of
/// dark and light colours for the same reason), rather than over white alone, so a pixel
/// at alpha 128 and a fully transparent one differ whatever their colour. Two images with identical bytes take a fast path
/// (one memory comparison) unless a diff image is asked for.
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
    /// The side of the density window in px.
    public let windowSize: Int
    /// The largest share 0...1 of a `windowSize` × `windowSize` px window's pixels that
    /// differ (0 when none differ). A window near an edge still counts its full area.
    public let densestWindowRatio: Double
    /// Where that window is (clipped to the image); nil when no pixel differs.
    public let densestWindow: PixelRect?
    /// True when both images have the same bytes (found by the fast path or the full pass).
    public let isByteIdentical: Bool
    /// When requested: unchanged pixels as faded grey, differences red, anti-aliasing yellow.
    public let diffImage: Image?

    /// `differingPixels` as a fraction of all pixels.
    public var ratio: Double { Double(differingPixels) / Double(max(1, size.width * size.height)) }

    /// Whether the difference is within `limit` alone (no density guard).
    public func isWithin(_ limit: DiffTolerance.Limit) -> Bool {
        switch limit {
        case .pixels(let count): differingPixels <= count
        case .ratio(let fraction): ratio <= fraction
        }
    }

    /// Whether the difference is within `tolerance`'s pixel limits and density guard. The
    /// threshold and window size are the ones this diff was computed with.
    public func isWithin(_ tolerance: DiffTolerance) -> Bool {
        differingPixels <= tolerance.allowedPixels(of: size.width * size.height)
            && densestWindowRatio <= tolerance.maxWindowRatio
    }

    /// Compares `actual` with `expected` using `tolerance`'s threshold and window size.
    public init(_ actual: Image, _ expected: Image, tolerance: DiffTolerance, makeDiffImage: Bool = false)
        throws(RenderError)
    {
        try self.init(
            actual, expected, threshold: tolerance.threshold, windowSize: tolerance.windowSize,
            makeDiffImage: makeDiffImage)
    }

    /// Compares `actual` with `expected`.
    /// - Parameters:
    ///   - actual: the image just rendered.
    ///   - expected: the golden; the two must be the same size.
    ///   - threshold: 0...1 (clamped; NaN is 0), default 0.1.
    ///   - windowSize: the density window's side in px (default 32, at least 1).
    ///   - makeDiffImage: also draw `diffImage` (based on `expected`).
    /// - Throws: `RenderError.sizeMismatch` when the sizes differ.
    public init(
        _ actual: Image, _ expected: Image, threshold: Double = 0.1, windowSize: Int = 32, makeDiffImage: Bool = false
    ) throws(RenderError) {
        guard actual.width == expected.width, actual.height == expected.height else {
            throw .sizeMismatch(actual.size, expected.size)
        }
        let threshold = threshold.isNaN ? 0 : min(1, max(0, threshold))
        let windowSize = max(1, windowSize)
        let width = actual.width, height = actual.height
        size = actual.size
        self.threshold = threshold
        self.windowSize = windowSize
        let identical = Self.sameBytes(actual.pixels, expected.pixels)
        isByteIdentical = identical
        if identical && !makeDiffImage {
            differingPixels = 0
            antiAliasedPixels = 0
            maxDistance = 0
            changedArea = nil
            densestWindowRatio = 0
            densestWindow = nil
            diffImage = nil
            return
        }
        let maxDelta = Float(35215 * threshold * threshold)
        var output = makeDiffImage ? [UInt8](repeating: 255, count: width * height * 4) : []
        let bandCount = max(1, min(height, 16))
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
        differingPixels = total.differing
        antiAliasedPixels = total.antiAliased
        maxDistance = min(1, (Double(total.maxDelta) / 35215).squareRoot())
        let area =
            total.differing > 0
            ? PixelRect(
                x: total.minX, y: total.minY, width: total.maxX - total.minX + 1, height: total.maxY - total.minY + 1)
            : nil
        changedArea = area
        if let area {
            let density = DensityWindow.densest(
                differing: bands.flatMap(\.positions), width: width, height: height, area: area, side: windowSize)
            densestWindowRatio = density.ratio
            densestWindow = density.window
        } else {
            densestWindowRatio = 0
            densestWindow = nil
        }
        diffImage = makeDiffImage ? try Image(width: width, height: height, premultipliedRGBA: output) : nil
    }

    /// Whether two pixel buffers hold the same bytes: one `memcmp`.
    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
            }
        }
    }
}

struct BandResult: Sendable {
    var differing = 0
    var antiAliased = 0
    var maxDelta: Float = 0
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    /// Pixel indices (y × width + x) of the differing pixels, for the density guard.
    var positions: [Int] = []

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

/// The density guard: the window of `side` × `side` px holding the most differing pixels.
enum DensityWindow {
    /// The largest count of differing pixels in any window (anchored inside the image when
    /// the image is at least that large) divided by the full window area, and that window.
    /// Works on a summed-area table of the changed area only.
    static func densest(differing: [Int], width: Int, height: Int, area: PixelRect, side: Int)
        -> (ratio: Double, window: PixelRect)
    {
        // Summed-area table over `area`, one extra row and column of zeros.
        let tableWidth = area.width + 1
        var table = [Int32](repeating: 0, count: tableWidth * (area.height + 1))
        for index in differing {
            let x = index % width - area.x, y = index / width - area.y
            table[(y + 1) * tableWidth + x + 1] += 1
        }
        for y in 1...area.height {
            var rowSum: Int32 = 0
            for x in 1...area.width {
                rowSum += table[y * tableWidth + x]
                table[y * tableWidth + x] = rowSum + table[(y - 1) * tableWidth + x]
            }
        }
        /// Differing pixels in image rows y0..<y1 and columns x0..<x1 (clamped to `area`).
        func count(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Int32 {
            let ax = min(area.width, max(0, x0 - area.x)), bx = min(area.width, max(0, x1 - area.x))
            let ay = min(area.height, max(0, y0 - area.y)), by = min(area.height, max(0, y1 - area.y))
            return table[by * tableWidth + bx] - table[ay * tableWidth + bx] - table[by * tableWidth + ax]
                + table[ay * tableWidth + ax]
        }
        // Window origins that can touch the changed area, kept inside the image.
        let xs = max(0, min(area.x - side + 1, width - side))...max(0, min(area.maxX - 1, width - side))
        let ys = max(0, min(area.y - side + 1, height - side))...max(0, min(area.maxY - 1, height - side))
        var best: Int32 = -1
        var bestOrigin = (0, 0)
        for y in ys {
            for x in xs {
                let n = count(x, y, x + side, y + side)
                if n > best {
                    best = n
                    bestOrigin = (x, y)
                }
            }
        }
        let window = PixelRect(
            x: bestOrigin.0, y: bestOrigin.1, width: min(side, width - bestOrigin.0),
            height: min(side, height - bestOrigin.1))
        return (Double(max(0, best)) / Double(side * side), window)
    }
}

/// The per-pixel work of the comparison, after pixelmatch 7 (ISC licence, Mapbox): YIQ
/// distance and its anti-aliasing detector, here on premultiplied pixels.
struct DiffKernel {
    let a: UnsafeBufferPointer<UInt8>
    let b: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int

    func compare(rows: Range<Int>, maxDelta: Float, output: UnsafeMutableBufferPointer<UInt8>) -> BandResult {
        var result = BandResult()
        let drawing = !output.isEmpty
        let aWords = PixelWords(a), bWords = PixelWords(b)
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
                        result.positions.append(index)
                        result.minX = min(result.minX, x)
                        result.maxX = max(result.maxX, x)
                        result.minY = min(result.minY, y)
                        result.maxY = max(result.maxY, y)
                        if drawing { paint(output, position, 255, 0, 0) }
                    }
                } else if drawing {
                    // Unchanged: the expected pixel's brightness over white, faded towards white.
                    let white = Float(255 - Int(b[position + 3]))
                    let luma = luma(
                        Float(b[position]) + white, Float(b[position + 1]) + white, Float(b[position + 2]) + white)
                    let alpha = 0.1 * Float(b[position + 3]) / 255
                    let grey = UInt8(max(0, min(255, 255 + (luma - 255) * alpha)).rounded())
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

    @inline(__always) private func luma(_ r: Float, _ g: Float, _ b: Float) -> Float {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// Squared YIQ distance (or the signed brightness difference alone), negative when the
    /// first pixel is brighter. Pixels of equal alpha compare on their premultiplied values
    /// (the same as over any background). Where the alphas differ both pixels are composited
    /// over black and over white, and the larger distance counts: on premultiplied values
    /// that is `p1 − p2` and `p1 − p2 − 255 × (a1 − a2) / 255` per channel. Those are the
    /// extremes of pixelmatch 7's background pattern, so an alpha change shows however the
    /// colours happen to line up with the pattern (white at alpha 128 against transparent
    /// is 0.24 apart). YIQ is linear in RGB, so the distance is taken on the differences.
    @inline(__always)
    private func colorDelta(
        _ image1: UnsafeBufferPointer<UInt8>, _ image2: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int, yOnly: Bool
    ) -> Float {
        let da = Float(Int(image1[k + 3]) - Int(image2[m + 3]))
        let dr = Float(Int(image1[k]) - Int(image2[m]))
        let dg = Float(Int(image1[k + 1]) - Int(image2[m + 1]))
        let db = Float(Int(image1[k + 2]) - Int(image2[m + 2]))
        let overBlack = yiq(dr, dg, db, yOnly: yOnly)
        guard da != 0 else { return overBlack }
        let overWhite = yiq(dr - da, dg - da, db - da, yOnly: yOnly)
        return abs(overWhite) > abs(overBlack) ? overWhite : overBlack
    }

    /// The signed squared YIQ distance of channel differences (or their brightness alone).
    @inline(__always)
    private func yiq(_ dr: Float, _ dg: Float, _ db: Float, yOnly: Bool) -> Float {
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
        let words = PixelWords(image)
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
    /// The figures in one line: differing pixels, ratio, largest distance, changed area,
    /// densest window.
    public var summary: String {
        let percent = (ratio * 100_000).rounded() / 1000
        var text = "\(differingPixels) of \(size.width * size.height) pixels differ (\(percent) %)"
        text += ", \(antiAliasedPixels) anti-aliased ignored"
        text += ", max distance \((maxDistance * 1000).rounded() / 1000) (threshold \(threshold))"
        if let changedArea { text += ", changed area \(changedArea)" }
        if let densestWindow {
            text +=
                ", densest \(windowSize)×\(windowSize) px window \((densestWindowRatio * 1000).rounded() / 1000) at \(densestWindow)"
        }
        return text
    }
}
