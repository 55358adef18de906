/// Area-averaging (box filter) reduction for thumbnails: each output pixel is the mean of
/// the source area it covers, source pixels cut by its edges weighted by their overlap.
///
/// Read straight from the 8-bit pixels a row at a time into one row of float sums, so
/// shrinking a 12 MB screen costs one pass over it and 16 bytes per pixel of one source
/// row, not a float copy of it (the Mitchell resampler behind `Canvas.draw(_:in:)` holds
/// 16 bytes per source pixel of the whole image).
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
    ///
    /// Two passes per output row: the source rows it covers are summed, weighted, into one
    /// row of floats (a straight multiply-add over bytes, which the compiler vectorises),
    /// then that row is reduced across. Each source byte is read once per output row that
    /// covers it (twice at a seam), and the across pass runs once per output row, not once
    /// per source row: 1.7× faster than averaging across each source row first.
    /// - Throws: `RenderError.invalidSize` for a size outside the default limits.
    package func thumbnail(width newWidth: Int, height newHeight: Int) throws(RenderError) -> Image {
        try ImageLimits.default.check(width: newWidth, height: newHeight)
        let columns = BoxFilter.Spans(count: newWidth, sourceCount: width)
        let rows = BoxFilter.Spans(count: newHeight, sourceCount: height)
        var output = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        // The output row's source rows, weighted and summed: 4 floats per source pixel.
        var line = [Float](repeating: 0, count: width * 4)
        let rowBytes = width * 4
        pixels.withUnsafeBufferPointer { source in
            line.withUnsafeMutableBufferPointer { line in
                output.withUnsafeMutableBufferPointer { output in
                    for y in 0..<newHeight {
                        let first = rows.offsets[y], end = rows.offsets[y + 1]
                        let top = source.baseAddress! + rows.start[y] * rowBytes
                        for k in first..<end {
                            let row = top + (k - first) * rowBytes, weight = rows.weights[k]
                            if k == first {
                                for i in 0..<rowBytes { line[i] = Float(row[i]) * weight }
                            } else {
                                for i in 0..<rowBytes { line[i] += Float(row[i]) * weight }
                            }
                        }
                        Self.reduce(line, across: columns, into: output.baseAddress! + y * newWidth * 4)
                    }
                }
            }
        }
        return try Image(width: newWidth, height: newHeight, premultipliedRGBA: output)
    }

    /// Averages one row of weighted sums (`line`, 4 floats per source pixel) across into
    /// `columns.start.count` premultiplied RGBA pixels at `target`.
    private static func reduce(
        _ line: UnsafeMutableBufferPointer<Float>, across columns: BoxFilter.Spans,
        into target: UnsafeMutablePointer<UInt8>
    ) {
        columns.start.withUnsafeBufferPointer { starts in
            columns.offsets.withUnsafeBufferPointer { offsets in
                columns.weights.withUnsafeBufferPointer { weights in
                    let sums = UnsafeRawPointer(line.baseAddress!)
                    for x in 0..<starts.count {
                        var sum = SIMD4<Float>.zero
                        var pixel = sums + starts[x] * 16
                        for weight in UnsafeBufferPointer(rebasing: weights[offsets[x]..<offsets[x + 1]]) {
                            sum += pixel.loadUnaligned(as: SIMD4<Float>.self) * weight
                            pixel += 16
                        }
                        let a = Compositor.round8(sum.w)
                        let base = target + x * 4
                        base[0] = UInt8(truncatingIfNeeded: min(Compositor.round8(sum.x), a))
                        base[1] = UInt8(truncatingIfNeeded: min(Compositor.round8(sum.y), a))
                        base[2] = UInt8(truncatingIfNeeded: min(Compositor.round8(sum.z), a))
                        base[3] = UInt8(truncatingIfNeeded: a)
                    }
                }
            }
        }
    }
}

extension Canvas {
    /// Composites `image` (premultiplied, unscaled) with its top-left pixel at (`x`, `y`)
    /// px: a pixel-aligned copy blended source-over, without resampling.
    ///
    /// Where the canvas has no clips, a row of the image that is wholly opaque is copied
    /// byte for byte (source-over with alpha 255 and full coverage gives the source
    /// exactly); other rows go through the compositor. A contact sheet's thumbnails are
    /// opaque screens, so drawing them costs a copy.
    package mutating func draw(_ image: Image, atPixelX x: Int, y: Int) {
        let area = PixelRect(x: x, y: y, width: image.width, height: image.height)
        let visible = area.intersection(drawableArea)
        guard !visible.isEmpty else { return }
        guard clips.isEmpty else {
            composite(area: area, shader: ImageShader(image: image, origin: (x: x, y: y))) { _, _, coverage in
                coverage.update(repeating: 1)
            }
            return
        }
        var blended: [Int] = []
        let canvasWidth = width, (originX, originY) = (self.originX, self.originY)
        image.pixels.withUnsafeBufferPointer { source in
            self.image.pixels.withUnsafeMutableBufferPointer { target in
                for row in visible.y..<visible.y + visible.height {
                    let from = source.baseAddress! + ((row - y) * image.width + visible.x - x) * 4
                    var opaque = true
                    for i in 0..<visible.width where from[4 * i + 3] != 255 {
                        opaque = false
                        break
                    }
                    guard opaque else {
                        blended.append(row)
                        continue
                    }
                    let to = target.baseAddress! + ((row - originY) * canvasWidth + visible.x - originX) * 4
                    to.update(from: from, count: visible.width * 4)
                }
            }
        }
        for row in blended {
            composite(
                area: PixelRect(x: visible.x, y: row, width: visible.width, height: 1),
                shader: ImageShader(image: image, origin: (x: x, y: y))
            ) { _, _, coverage in coverage.update(repeating: 1) }
        }
    }
}
