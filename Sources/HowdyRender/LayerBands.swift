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
        // The kept ranges within `rows`, merged where they overlap (a cut where two ranges
        // only touch splits neither).
        let kept = keeping.map { $0.clamped(to: rows) }.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in kept {
            if let last = merged.last, range.lowerBound < last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
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
}
