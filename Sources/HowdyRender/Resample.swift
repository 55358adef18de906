import HowdyNumbers

/// Separable resampling with the Mitchell–Netravali cubic (B = C = 1/3): sharp without
/// visible ringing; when shrinking, the kernel is widened by the scale so every source
/// pixel contributes (no aliasing). Works on premultiplied colours.
enum Resampler {
    /// For each destination index, the first source index and the weights (summing to 1)
    /// of the source samples that contribute.
    struct Taps {
        var start: [Int]
        var weights: [[Float]]
    }

    /// The Mitchell–Netravali kernel with B = C = 1/3; support |x| < 2.
    static func mitchell(_ x: Double) -> Double {
        let x = abs(x)
        let b = 1.0 / 3, c = 1.0 / 3
        if x < 1 {
            return ((12 - 9 * b - 6 * c) * x * x * x + (-18 + 12 * b + 6 * c) * x * x + (6 - 2 * b)) / 6
        }
        if x < 2 {
            return ((-b - 6 * c) * x * x * x + (6 * b + 30 * c) * x * x + (-12 * b - 48 * c) * x + (8 * b + 24 * c)) / 6
        }
        return 0
    }

    /// Taps for `count` destination samples whose centres map to source coordinate
    /// `offset + (i + 0.5) * scale` (in source pixels), from a source of `sourceCount` samples
    /// (edges clamp).
    static func taps(count: Int, sourceCount: Int, scale: Double, offset: Double) -> Taps {
        let stretch = max(1, scale)
        let support = 2 * stretch
        var starts = [Int](repeating: 0, count: count)
        var weights = [[Float]](repeating: [], count: count)
        for i in 0..<count {
            let centre = offset + (Double(i) + 0.5) * scale - 0.5
            let first = Int(saturating: centre - support, rounding: .up)
            let last = Int(saturating: centre + support, rounding: .down)
            var row: [Double] = []
            var total = 0.0
            for j in first...max(first, last) {
                let w = mitchell((Double(j) - centre) / stretch)
                row.append(w)
                total += w
            }
            // Fold samples beyond the edges onto the edge sample (clamp).
            let lo = max(0, min(sourceCount - 1, first))
            var folded = [Float](repeating: 0, count: max(1, min(sourceCount - 1, max(first, last)) - lo + 1))
            for (k, w) in row.enumerated() {
                let j = max(0, min(sourceCount - 1, first + k))
                let index = j - lo
                if index >= 0 && index < folded.count { folded[index] += Float(total != 0 ? w / total : 0) }
            }
            starts[i] = lo
            weights[i] = folded
        }
        return Taps(start: starts, weights: weights)
    }

    /// Resamples premultiplied float RGBA (`width` × `height`) to `outWidth` × `outHeight`
    /// through the given taps, then clamps so colour stays ≤ alpha ≤ 255.
    static func resample(
        _ pixels: [SIMD4<Float>], width: Int, height: Int, horizontal: Taps, vertical: Taps
    ) -> [SIMD4<Float>] {
        let outWidth = horizontal.start.count, outHeight = vertical.start.count
        var middle = [SIMD4<Float>](repeating: .zero, count: outWidth * height)
        for y in 0..<height {
            for x in 0..<outWidth {
                var sum = SIMD4<Float>.zero
                let start = horizontal.start[x]
                for (k, w) in horizontal.weights[x].enumerated() { sum += pixels[y * width + start + k] * w }
                middle[y * outWidth + x] = sum
            }
        }
        var output = [SIMD4<Float>](repeating: .zero, count: outWidth * outHeight)
        for y in 0..<outHeight {
            let start = vertical.start[y]
            for (k, w) in vertical.weights[y].enumerated() {
                let row = (start + k) * outWidth
                for x in 0..<outWidth { output[y * outWidth + x] += middle[row + x] * w }
            }
            for x in 0..<outWidth {
                var p = output[y * outWidth + x]
                let a = Float.minimum(Float.maximum(p.w, 0), 255)
                p = SIMD4(
                    Float.minimum(Float.maximum(p.x, 0), a), Float.minimum(Float.maximum(p.y, 0), a),
                    Float.minimum(Float.maximum(p.z, 0), a), a)
                output[y * outWidth + x] = p
            }
        }
        return output
    }

    static func floats(_ image: Image) -> [SIMD4<Float>] {
        var result = [SIMD4<Float>](repeating: .zero, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { bytes in
            for i in 0..<result.count {
                result[i] = SIMD4(
                    Float(bytes[i * 4]), Float(bytes[i * 4 + 1]), Float(bytes[i * 4 + 2]), Float(bytes[i * 4 + 3]))
            }
        }
        return result
    }
}

extension Image {
    /// The image scaled to `width` × `height` px with a Mitchell–Netravali filter (widened
    /// when shrinking, so small icons stay smooth).
    /// - Throws: `RenderError.invalidSize` for a size outside the default limits.
    public func resized(width newWidth: Int, height newHeight: Int) throws(RenderError) -> Image {
        try ImageLimits.default.check(width: newWidth, height: newHeight)
        let horizontal = Resampler.taps(
            count: newWidth, sourceCount: width, scale: Double(width) / Double(newWidth), offset: 0)
        let vertical = Resampler.taps(
            count: newHeight, sourceCount: height, scale: Double(height) / Double(newHeight), offset: 0)
        let output = Resampler.resample(
            Resampler.floats(self), width: width, height: height, horizontal: horizontal, vertical: vertical)
        var bytes = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for i in 0..<output.count {
            for c in 0..<4 { bytes[i * 4 + c] = UInt8(Compositor.round8(output[i][c])) }
        }
        return try Image(width: newWidth, height: newHeight, premultipliedRGBA: bytes)
    }
}
