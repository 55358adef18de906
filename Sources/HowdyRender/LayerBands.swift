extension Canvas {
    /// `layer(opacity:mask:drawn:kept:_:)` drawn a band of rows at a time: `body` runs once
    /// per band into a layer holding only that band's rows, which is composited before the
    /// next band is drawn. A masked content layer thus costs one band, not its whole area
    /// (a scale-4 tablet screen's content: about 4 MB instead of 48 MB).
    ///
    /// The bytes are those of the unbanded layer: every fill, stroke and text computes a
    /// pixel's coverage from that pixel's own row and column, and the mask's alpha is per
    /// row. What reads or resamples an area as a whole (a shadow, a backdrop blur, an
    /// image: `keptRows`, each such area's rows, drawing coordinates) is never cut: a band
    /// grows to hold every kept area its rows reach, so such an operation sees the same
    /// pixels and lays the same sampling grid as in the whole layer. Each band's layer is
    /// composited over rows no earlier band touched, so a backdrop blur in it reads the
    /// canvas as it was before the layer.
    ///
    /// `body` must draw the same thing each time it runs (a display list's operations).
    /// `bandRows` is the rows of a band (a kept area may make one taller); nil picks
    /// ``LayerBands/rows(width:)``. Below 1 counts as 1.
    package mutating func layer(
        opacity: Double, mask: VerticalMask?, drawn: PixelRect?, kept: PixelRect?, keptRows: [Range<Int>],
        bandRows: Int?, _ body: (inout Canvas) throws -> Void
    ) rethrows {
        let region = LayerBands.region(drawn: drawn, kept: kept, mask: mask, bounds: pixelBounds)
        guard !region.isEmpty else {
            // Nothing shows: the unbanded call runs the body once, as before.
            return try layer(opacity: opacity, mask: mask, within: region, body)
        }
        let rows = max(1, bandRows ?? LayerBands.rows(width: region.width))
        for band in LayerBands.split(region.y..<region.maxY, rows: rows, keeping: keptRows) {
            let part = PixelRect(x: region.x, y: band.lowerBound, width: region.width, height: band.count)
            try layer(opacity: opacity, mask: mask, within: part, body)
        }
    }
}

extension Canvas {
    /// `layer(opacity:mask:drawn:kept:keptRows:bandRows:_:)` whose body's backdrop blurs and
    /// shadows, outside its inner layers, are carried across the bands instead of being held
    /// whole in one band: only `keptRows` (images, inner layers' reads) still hold a band
    /// together. Each band's canvas is that of the whole layer for them (`LayerBandState`):
    /// a shadow lays the same grid over its whole area in every band, and a backdrop blur
    /// keeps its rows from band to band and reads ahead below the band, `readAhead` giving
    /// the rows each blur reads and how far below its last row out it reads. A band's canvas
    /// holds those rows too (drawn, never composited: the next band draws them again), and
    /// is grown so that it does not cut a kept range either: what a blur reads ahead is
    /// drawn as in the whole layer.
    ///
    /// A blur must not read rows that an earlier carried blur writes (the rows read ahead
    /// hold what was drawn before the earlier blur wrote them): such a body needs the plain
    /// `layer(opacity:mask:drawn:kept:keptRows:bandRows:_:)` with every blur's rows kept.
    package mutating func layer(
        opacity: Double, mask: VerticalMask?, drawn: PixelRect?, kept: PixelRect?, keptRows: [Range<Int>],
        readAhead: [LayerReadAhead], bandRows: Int?, _ body: (inout Canvas) throws -> Void
    ) rethrows {
        let region = LayerBands.region(drawn: drawn, kept: kept, mask: mask, bounds: pixelBounds)
        guard !region.isEmpty else {
            return try layer(opacity: opacity, mask: mask, within: region, body)
        }
        let rows = max(1, bandRows ?? LayerBands.rows(width: region.width))
        let held = LayerBands.merged(keptRows, within: region.y..<region.maxY)
        var bands: LayerBandState? = LayerBandState(region: region)
        for band in LayerBands.split(region.y..<region.maxY, rows: rows, keeping: keptRows) {
            let end = LayerBands.frameEnd(of: band, readAhead: readAhead, holding: held, limit: region.maxY)
            let frame = PixelRect(x: region.x, y: band.lowerBound, width: region.width, height: end - band.lowerBound)
            bands?.start(rows: band)
            try layer(opacity: opacity, mask: mask, within: frame, compositing: band, bands: &bands, body)
        }
    }
}

/// What a backdrop blur drawn in a banded layer reads: at most the rows `rows`, and at most
/// `lag` rows below the last row it has written (`StreamingBlur.maximumLag(sigma:)`).
package struct LayerReadAhead: Sendable, Hashable {
    /// Rows the blur reads (a superset is fine), drawing coordinates.
    package var rows: Range<Int>
    /// Rows read below the last row out, at most.
    package var lag: Int

    package init(rows: Range<Int>, lag: Int) {
        self.rows = rows
        self.lag = lag
    }

    /// What a backdrop blur of `shape` with `sigma` px reads (`Canvas.blurBackdrop`): the
    /// shape's rows padded by 3σ (one more for rounding), σ capped at 256; nil when it
    /// blurs nothing (σ ≤ 0.2 or not finite).
    package static func backdropBlur(under shape: RoundedRect, sigma: Double) -> LayerReadAhead? {
        guard sigma.isFinite, sigma > 0.2 else { return nil }
        let capped = min(sigma, 256)
        let area = PixelRect(enclosing: shape.bounds)
        guard !area.isEmpty else { return nil }
        let pad = Int(saturating: 3 * capped, rounding: .up) + 1
        return LayerReadAhead(rows: area.y - pad..<area.maxY + pad, lag: StreamingBlur.maximumLag(sigma: capped))
    }
}

/// How a layer is cut into bands of rows (`Canvas.layer(opacity:mask:drawn:kept:keptRows:bandRows:_:)`).
package enum LayerBands {
    /// Pixels in a band by default: 1 Mi (4 MiB of layer), so a band of a scale-4 tablet
    /// screen is about 340 rows.
    package static let defaultPixels = 1 << 20

    /// Rows of a default band of a layer `width` px wide: at least 1.
    package static func rows(width: Int) -> Int { max(1, defaultPixels / max(1, width)) }

    /// The layer's pixels as `Canvas.layer(opacity:mask:drawn:kept:_:)` sizes them: `drawn`
    /// down to the rows `mask` shows, and `kept` whole, within `bounds`.
    static func region(drawn: PixelRect?, kept: PixelRect?, mask: VerticalMask?, bounds: PixelRect) -> PixelRect {
        var region = drawn ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        if let shown = mask?.shownRowCount {
            region = region.intersection(
                PixelRect(x: bounds.x, y: bounds.y, width: bounds.width, height: shown - bounds.y))
        }
        if let kept { region = region.union(kept) }
        return region.intersection(bounds)
    }

    /// `rows` cut into consecutive bands of `size` rows (the last may be shorter), each
    /// grown downwards so that no range of `keeping` that overlaps the rows is split
    /// between two bands (overlapping kept ranges hold together). The bands cover `rows`
    /// exactly, in order.
    /// - Precondition: `size >= 1`.
    package static func split(_ rows: Range<Int>, rows size: Int, keeping: [Range<Int>]) -> [Range<Int>] {
        precondition(size >= 1)
        let merged = merged(keeping, within: rows)
        var bands: [Range<Int>] = []
        var start = rows.lowerBound
        var next = 0  // the first merged range that may end after `start`
        while start < rows.upperBound {
            var end = min(rows.upperBound, start + size)
            while next < merged.count, merged[next].upperBound <= end { next += 1 }
            // A cut inside a kept range moves to its end.
            if next < merged.count, merged[next].lowerBound < end { end = merged[next].upperBound }
            bands.append(start..<end)
            start = end
        }
        return bands
    }

    /// The ranges of `keeping` within `rows`, merged where they overlap (a cut where two
    /// ranges only touch splits neither), in order.
    static func merged(_ keeping: [Range<Int>], within rows: Range<Int>) -> [Range<Int>] {
        let kept = keeping.map { $0.clamped(to: rows) }.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in kept {
            if let last = merged.last, range.lowerBound < last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// Where the canvas of `band` ends (a row, at most `limit`): below the band's rows by
    /// as much as a blur reads ahead from there (each `readAhead` whose rows go on below
    /// the band: its lag, to its last row), and then not inside a range of `holding`
    /// (merged, in order), so that what is drawn there is drawn as in the whole layer.
    static func frameEnd(
        of band: Range<Int>, readAhead: [LayerReadAhead], holding: [Range<Int>], limit: Int
    ) -> Int {
        var end = band.upperBound
        for read in readAhead where read.rows.lowerBound < band.upperBound && read.rows.upperBound > band.upperBound {
            end = max(end, min(read.rows.upperBound, band.upperBound + read.lag))
        }
        for range in holding where range.lowerBound < end && end < range.upperBound { end = range.upperBound }
        return min(end, limit)
    }
}
