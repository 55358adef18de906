import HowdyNumbers

extension Canvas {
    /// Blurs what is visible under `shape` (a material's backdrop): the pixels the shape
    /// covers are replaced by a Gaussian blur (standard deviation `sigma` px) of what is
    /// drawn there so far, anti-aliased at the shape's edge and limited to the active clips.
    ///
    /// The blur reads pixels up to 3σ outside the shape (beyond the canvas edge it repeats
    /// the edge pixel, so a background keeps its colour to the border). Inside a `layer`,
    /// "what is drawn so far" is the layer over the canvas under it, so a masked layer
    /// fades the blurred backdrop with the rest of its content. `sigma` ≤ 0.2 px or not
    /// finite does nothing; σ is capped at 256 px, which bounds the work.
    public mutating func blurBackdrop(under shape: RoundedRect, sigma requested: Double) {
        if bands != nil { return blurBackdropInBand(under: shape, sigma: requested) }
        guard requested.isFinite, requested > 0.2 else { return }
        let sigma = min(requested, 256)
        let area = PixelRect(enclosing: shape.bounds).intersection(drawableArea)
        guard !area.isEmpty else { return }
        let pad = Int(saturating: 3 * sigma, rounding: .up)
        let source = PixelRect(
            x: area.x - pad, y: area.y - pad, width: area.width + 2 * pad, height: area.height + 2 * pad
        )
        .intersection(pixelBounds)
        materializeUnderlay()
        // Streamed down the rows (`StreamingBlur`: the whole-plane blur's float operations,
        // holding only the rows its vertical windows span) in three passes of two channels:
        // alpha with red, with green, then with blue. Row y is composited as soon as it comes
        // out of the blur, which is after row y went in: each row is read before it is
        // written. A pass writes only its colour channel's bytes, and alpha's in the last
        // pass after that row's blue, so every pass reads what the first one read
        // (`visiblePixel`'s lane c depends only on channel c and alpha). Alpha is blurred in
        // each pass with the same operations, so each pass clamps to the same alpha.
        var coverage = [Float](repeating: 0, count: area.width)
        var clipCoverage = [Float](repeating: 0, count: area.width)
        for channel in 0..<3 {
            var blur = StreamingBlur(
                width: source.width, height: source.height, channels: 2, sigma: sigma, edges: .clamp)
            for row in 0..<source.height {
                blur.push { samples in
                    let y = source.y + row
                    for column in 0..<source.width {
                        let pixel = visiblePixel(x: source.x + column, y: y)
                        samples[column] = pixel[3]
                        samples[source.width + column] = pixel[channel]
                    }
                } emit: { blurredRow, samples in
                    let y = source.y + blurredRow
                    guard y >= area.y, y < area.maxY else { return }
                    rowCoverage(y, area: area, shape: shape, into: &coverage, clipScratch: &clipCoverage)
                    let offset = area.x - source.x
                    let alpha = UnsafeBufferPointer(rebasing: samples[offset..<offset + area.width])
                    let colour = UnsafeBufferPointer(
                        rebasing: samples[source.width + offset..<source.width + offset + area.width])
                    composite(colour, channel: channel, alpha: alpha, y: y, area: area, coverage: coverage)
                    if channel == 2 {
                        composite(alpha, channel: 3, alpha: alpha, y: y, area: area, coverage: coverage)
                    }
                }
            }
        }
    }

    /// `blurBackdrop` in one band of a banded layer (`bands`): the whole layer's blur, the
    /// rows of this band out. The blur's area and the rows it reads are bounded by the
    /// layer's region, as in the unbanded layer; its `StreamingBlur` (four channels: alpha,
    /// red, green, blue) is kept from band to band, so rows above the band were read in
    /// earlier bands, before they were composited. Rows out up to the band's last row read
    /// up to `lag` rows below it, which the band's canvas holds (drawn by the operations so
    /// far, over the canvas under the layer, which no band has composited yet). Each row is
    /// read before any row at or below it is written, and every sample goes through the
    /// same operations as in `blurBackdrop`'s passes, so the bytes are the unbanded layer's.
    private mutating func blurBackdropInBand(under shape: RoundedRect, sigma requested: Double) {
        // Taken out while in use: a blur's rows must not be shared, or writing them copies them.
        guard var bands = self.bands.take() else { return }
        defer { self.bands = bands }
        let call = bands.nextCall()
        guard requested.isFinite, requested > 0.2, !bands.finishedBlurs.contains(call) else { return }
        let sigma = min(requested, 256)
        let area = PixelRect(enclosing: shape.bounds).intersection(drawableArea(within: bands.region))
        guard !area.isEmpty else { return }
        let pad = Int(saturating: 3 * sigma, rounding: .up)
        let source = PixelRect(
            x: area.x - pad, y: area.y - pad, width: area.width + 2 * pad, height: area.height + 2 * pad
        )
        .intersection(bands.region)
        let limit = min(source.maxY, bands.rows.upperBound) - source.y
        let started = bands.blurs.removeValue(forKey: call)
        guard limit > started?.rowsOut ?? 0 else {
            // Nothing out in this band (it lies above the rows read): nothing held yet either.
            bands.blurs[call] = started
            return
        }
        var blur =
            started
            ?? StreamingBlur(width: source.width, height: source.height, channels: 4, sigma: sigma, edges: .clamp)
        materializeUnderlay()
        let frame = pixelBounds
        let width = source.width
        var coverage = [Float](repeating: 0, count: area.width)
        var clipCoverage = [Float](repeating: 0, count: area.width)
        blur.pull(until: limit) { row, samples in
            let y = source.y + row
            precondition(
                y >= frame.y && y < frame.maxY, "a banded backdrop blur read row \(y) outside its band \(frame)")
            for column in 0..<width {
                let pixel = visiblePixel(x: source.x + column, y: y)
                samples[column] = pixel[3]
                for channel in 0..<3 { samples[(channel + 1) * width + column] = pixel[channel] }
            }
        } emit: { row, samples in
            let y = source.y + row
            guard y >= area.y, y < area.maxY else { return }
            rowCoverage(y, area: area, shape: shape, into: &coverage, clipScratch: &clipCoverage)
            let offset = area.x - source.x
            let alpha = UnsafeBufferPointer(rebasing: samples[offset..<offset + area.width])
            for channel in 0..<3 {
                let start = (channel + 1) * width + offset
                let colour = UnsafeBufferPointer(rebasing: samples[start..<start + area.width])
                composite(colour, channel: channel, alpha: alpha, y: y, area: area, coverage: coverage)
            }
            composite(alpha, channel: 3, alpha: alpha, y: y, area: area, coverage: coverage)
        }
        if blur.rowsOut >= source.height {
            bands.finishedBlurs.insert(call)
        } else {
            bands.blurs[call] = blur
        }
    }

    /// The coverage of `shape` (and the active clips) over row `y` of `area`.
    private func rowCoverage(
        _ y: Int, area: PixelRect, shape: RoundedRect, into coverage: inout [Float], clipScratch: inout [Float]
    ) {
        coverage.withUnsafeMutableBufferPointer { row in
            row.update(repeating: 0)
            shape.coverage(row: y, from: area.x, into: row)
            for clip in clips {
                clipScratch.withUnsafeMutableBufferPointer { clipRow in
                    clipRow.update(repeating: 0)
                    clip.coverage(row: y, from: area.x, into: clipRow)
                    for i in 0..<area.width { row[i] *= clipRow[i] }
                }
            }
        }
    }

    /// Mixes the blurred `samples` (row `y` of `area`) into channel `c` of the pixels
    /// `coverage` covers, by that coverage; colour channels are clamped to the blurred
    /// `alpha` (premultiplied).
    private mutating func composite(
        _ samples: UnsafeBufferPointer<Float>, channel c: Int, alpha: UnsafeBufferPointer<Float>, y: Int,
        area: PixelRect, coverage: [Float]
    ) {
        for i in 0..<area.width where coverage[i] > 0 {
            let pixel = ((y - originY) * width + area.x + i - originX) * 4
            // Premultiplied: a colour channel never exceeds its alpha.
            let blurred = min(c == 3 ? 255 : alpha[i], max(0, samples[i]))
            let old = Float(image.pixels[pixel + c])
            let mixed = old + (blurred - old) * coverage[i]
            image.pixels[pixel + c] = UInt8(min(255, max(0, mixed + 0.5)).rounded(.down))
        }
    }

    /// What is visible so far at (`x`, `y`), premultiplied 0...255: the canvas's pixel,
    /// over the underlay's when this canvas is a layer.
    func visiblePixel(x: Int, y: Int) -> SIMD4<Float> {
        let base = ((y - originY) * width + x - originX) * 4
        let p = image.pixels
        let top = SIMD4<Float>(Float(p[base]), Float(p[base + 1]), Float(p[base + 2]), Float(p[base + 3]))
        guard let underlay else { return top }
        return top + underlay.pixel(x: x, y: y) * ((255 - top.w) / 255)
    }
}
