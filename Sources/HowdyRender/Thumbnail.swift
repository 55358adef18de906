/// Area-averaging (box filter) reduction for thumbnails: each output pixel is the mean of
/// the source area it covers, source pixels cut by its edges weighted by their overlap.
///
/// Read straight from the 8-bit pixels a row at a time into one row of sums, so shrinking
/// a 12 MB screen costs one pass over it and a few KiB, not a float copy of it (the
/// Mitchell resampler behind `Canvas.draw(_:in:)` holds 16 bytes per source pixel).
enum BoxFilter {
    /// Per output index along one axis: the first source index and the weights (summing
    /// to 1) of the source samples it covers, flattened (`weights[offsets[i] ..< offsets[i + 1]]`).
    struct Spans {
        var start: [Int]
        var offsets: [Int]
        var weights: [Float]

        /// Spans for `count` outputs over `sourceCount` samples (both at least 1).
        init(count: Int, sourceCount: Int) {
            let step = Double(sourceCount) / Double(count)
            start = []
            offsets = [0]
            weights = []
            start.reserveCapacity(count)
            for i in 0..<count {
                let a = Double(i) * step, b = min(Double(sourceCount), Double(i + 1) * step)
                let first = min(sourceCount - 1, Int(a.rounded(.down)))
                let last = max(first, min(sourceCount - 1, Int(b.rounded(.up)) - 1))
                start.append(first)
                for j in first...last {
                    let overlap = min(b, Double(j + 1)) - max(a, Double(j))
                    weights.append(Float(max(0, overlap) / step))
                }
                offsets.append(weights.count)
            }
        }
    }
}

extension Image {
    /// The image shrunk (or grown) to `width` × `height` px by area averaging: a box
    /// filter, cheap and free of ringing, for thumbnails. Premultiplied channels are
    /// averaged and rounded to nearest; a colour never exceeds its alpha.
    /// - Throws: `RenderError.invalidSize` for a size outside the default limits.
    package func thumbnail(width newWidth: Int, height newHeight: Int) throws(RenderError) -> Image {
        try ImageLimits.default.check(width: newWidth, height: newHeight)
        let columns = BoxFilter.Spans(count: newWidth, sourceCount: width)
        let rows = BoxFilter.Spans(count: newHeight, sourceCount: height)
        var output = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        var sums = [SIMD4<Float>](repeating: .zero, count: newWidth)
        let sourceWidth = width
        pixels.withUnsafeBufferPointer { source in
            columns.weights.withUnsafeBufferPointer { columnWeights in
                sums.withUnsafeMutableBufferPointer { sums in
                    for y in 0..<newHeight {
                        sums.update(repeating: .zero)
                        for k in rows.offsets[y]..<rows.offsets[y + 1] {
                            let rowWeight = rows.weights[k]
                            let row = (rows.start[y] + k - rows.offsets[y]) * sourceWidth * 4
                            for x in 0..<newWidth {
                                var sum = SIMD4<Float>.zero
                                var pixel = row + columns.start[x] * 4
                                for t in columns.offsets[x]..<columns.offsets[x + 1] {
                                    let color = SIMD4<Float>(
                                        Float(source[pixel]), Float(source[pixel + 1]), Float(source[pixel + 2]),
                                        Float(source[pixel + 3]))
                                    sum += color * columnWeights[t]
                                    pixel += 4
                                }
                                sums[x] += sum * rowWeight
                            }
                        }
                        for x in 0..<newWidth {
                            let a = Compositor.round8(sums[x].w)
                            let base = (y * newWidth + x) * 4
                            output[base] = UInt8(min(Compositor.round8(sums[x].x), a))
                            output[base + 1] = UInt8(min(Compositor.round8(sums[x].y), a))
                            output[base + 2] = UInt8(min(Compositor.round8(sums[x].z), a))
                            output[base + 3] = UInt8(a)
                        }
                    }
                }
            }
        }
        return try Image(width: newWidth, height: newHeight, premultipliedRGBA: output)
    }
}

extension Canvas {
    /// Composites `image` (premultiplied, unscaled) with its top-left pixel at (`x`, `y`)
    /// px: a pixel-aligned copy blended source-over, without resampling.
    package mutating func draw(_ image: Image, atPixelX x: Int, y: Int) {
        let area = PixelRect(x: x, y: y, width: image.width, height: image.height)
        composite(area: area, shader: ImageShader(image: image, origin: (x: x, y: y))) { _, _, coverage in
            coverage.update(repeating: 1)
        }
    }
}
