import CHarfBuzz

/// Turns line breaks into positioned glyphs: slices the shaped runs per line, shapes a
/// slice again only where HarfBuzz marked the cut unsafe, orders the slices visually
/// (UAX #9 L2) and aligns the lines.
///
/// This is on the hot path of every layout, so a slice refers to the shaped run's
/// glyph arrays (a range of them) instead of copying them, the reshaping buffer is made
/// only when a cut needs one, a line whose slices are all left-to-right at one level
/// skips the reordering, and the lines share one glyph array and one run array (their
/// `runs` and `glyphs` are `LayoutSlice` views) instead of allocating arrays per line
/// and per run; a line's text is made only when read.
struct LayoutBuilder {
    let shaped: ShapedText
    /// What every line reads from `shaped`, read once: each read through `shaped` goes
    /// to its storage object and retains and releases the array it returns.
    private let runs: [TextRunGlyphs]
    private let fonts: [Font]
    private let unsafeToBreak: OffsetSet
    private let textLength: Int
    private let glyphStore: ShapedRun
    private let bidi: BidiLevels

    init(shaped: ShapedText) {
        self.shaped = shaped
        runs = shaped.runs
        fonts = shaped.fonts
        unsafeToBreak = shaped.unsafeToBreak
        textLength = shaped.utf16.count
        glyphStore = shaped.glyphStore
        bidi = shaped.bidi
    }

    /// Glyphs `glyphs` of a store at one level in one font: the text's glyph store when
    /// `store` is `Slice.textStore`, else `Pieces.reshaped[store]` (the line's piece of a
    /// run shaped alone, or its hyphen). An index, not the run itself: a `ShapedRun` holds
    /// five arrays, and copying slices of the text's store retained and released each
    /// of them per slice and per line.
    fileprivate struct Slice {
        var range: Range<Int>
        var level: UInt8
        var fontIndex: Int
        var store: Int
        var glyphs: Range<Int>

        static let textStore = -1
    }

    /// The layout's glyphs and runs so far, in line order: each run's glyphs are a range
    /// of `glyphs`, and each line's runs a range of `runs`.
    fileprivate struct Placed {
        var glyphs: [PositionedGlyph] = []
        var runs: [GlyphRun] = []
    }

    /// The slices of the line being built and the runs its reshaped slices refer to,
    /// their capacity kept from line to line.
    fileprivate struct Pieces {
        var slices: [Slice] = []
        var reshaped: [ShapedRun] = []

        mutating func removeAll() {
            // Most lines reshape nothing: an empty array needs no work at all.
            if !slices.isEmpty { slices.removeAll(keepingCapacity: true) }
            if !reshaped.isEmpty { reshaped.removeAll(keepingCapacity: true) }
        }
    }

    func build(
        _ breaks: [LineBreak], availableWidth: Double, strategy: LineBreakStrategy, greedyLineCount: Int
    ) -> TextLayout {
        let (ascent, descent, lineHeight) = shaped.metrics
        let halfLeading = (lineHeight - (ascent + descent)) / 2
        var lines: [TextLine] = []
        lines.reserveCapacity(breaks.count)
        // The layout's one glyph array and one run array: every line's runs and every
        // run's glyphs are views of them (made below, once both are complete), so a line
        // costs no allocation of its own.
        var placed = Placed()
        if !shaped.omitsGlyphs {
            placed.glyphs.reserveCapacity(shaped.glyphStore.glyphs.count + breaks.count)
            placed.runs.reserveCapacity(shaped.runs.count + breaks.count)
        }
        var reshaper: ShapingBuffer?
        var width = 0.0
        let layoutText = shaped.omitsLineTexts ? "" : shaped.text
        // One set of arrays for every line's slices, their capacity kept from line to line.
        var pieces = Pieces()
        // The text's glyph columns, read through pointers by every line.
        shaped.glyphStore.withColumns { store in
            for (index, lineBreak) in breaks.enumerated() {
                var line = buildLine(
                    lineBreak, layoutText: layoutText, store: store, reshaper: &reshaper, pieces: &pieces,
                    placed: &placed)
                line.baseline = Double(index) * lineHeight + halfLeading + ascent
                width = max(width, line.width)
                lines.append(line)
            }
        }
        if let reshaper { ShapingBuffer.recycle(reshaper) }
        let glyphs = placed.glyphs
        for index in placed.runs.indices {
            placed.runs[index].glyphs = LayoutSlice(base: glyphs, bounds: placed.runs[index].glyphs.bounds)
        }
        let lineRuns = placed.runs
        let alignment = shaped.options.alignment
        for index in lines.indices {
            lines[index].runs = LayoutSlice(base: lineRuns, bounds: lines[index].runs.bounds)
            let slack = width - lines[index].width
            let rightToLeft = lines[index].isRightToLeft
            switch alignment {
            case .leading: lines[index].x = rightToLeft ? slack : 0
            case .center: lines[index].x = slack / 2
            case .trailing: lines[index].x = rightToLeft ? 0 : slack
            }
        }
        return TextLayout(
            text: shaped.text, lines: lines, width: width, height: Double(lines.count) * lineHeight,
            availableWidth: availableWidth, lineHeight: lineHeight, strategy: strategy,
            greedyLineCount: greedyLineCount, fontFailures: shaped.fontFailures)
    }

    private func buildLine(
        _ lineBreak: LineBreak, layoutText: String, store: GlyphColumns, reshaper: inout ShapingBuffer?,
        pieces: inout Pieces, placed: inout Placed
    ) -> TextLine {
        let start = lineBreak.start
        let end = lineBreak.contentEnd
        let rightToLeft = bidi.paragraphLevel(at: min(start, max(0, textLength - 1))) & 1 == 1
        if shaped.omitsGlyphs {
            var pen = advance(
                from: start, to: end, nextLineStart: lineBreak.end, store: store, reshaper: &reshaper,
                pieces: &pieces)
            if lineBreak.hyphen, let hyphen = shaped.hyphen { pen += hyphen.advance }
            return TextLine(
                range: start..<end, layoutText: layoutText, x: 0, baseline: 0, width: ShapedText.reportedWidth(pen),
                isRightToLeft: rightToLeft, endsWithHyphen: lineBreak.hyphen, runs: LayoutSlice())
        }
        self.slices(from: start, to: end, nextLineStart: lineBreak.end, reshaper: &reshaper, into: &pieces)
        if lineBreak.hyphen, let hyphen = shaped.hyphen {
            var run = ShapedRun(
                start: end, end: end, level: pieces.slices.last?.level ?? (rightToLeft ? 1 : 0), fontIndex: 0)
            run.glyphs = [hyphen.glyph]
            run.clusters = [Int32(end)]
            // A run's advances are at its font's scale; the hyphen is the primary font's.
            run.advances = [Int32(truncatingIfNeeded: hyphen.advance >> shaped.font.instance.shiftTo16Dot16)]
            run.offsetsX = [0]
            run.offsetsY = [0]
            pieces.reshaped.append(run)
            pieces.slices.append(
                Slice(
                    range: end..<end, level: run.level, fontIndex: 0, store: pieces.reshaped.count - 1,
                    glyphs: 0..<1))
        }
        // The pen (16.16) sums unrounded advances: glyphs are placed where the exact sum
        // puts them, as Chromium places them, so the glyphs end within 1/64 px of the
        // line's reported width (the same sum rounded up once) and never past it.
        var pen = 0
        let slices = pieces.slices
        let firstRun = placed.runs.count
        func place(_ slice: Slice) {
            let font = fonts[slice.fontIndex]
            let shift = font.instance.shiftTo16Dot16
            let first = slice.glyphs.lowerBound
            let count = slice.glyphs.count
            let offset = placed.glyphs.count
            // Grown by `count` blank glyphs, then written through a pointer: the placing
            // is per glyph, and five bounds-checked array reads and an append per glyph
            // cost more than the sums. The pen is moved in a local and written back once.
            placed.glyphs.append(contentsOf: repeatElement(PositionedGlyph.blank, count: count))
            let startPen = pen
            var endPen = pen
            placed.glyphs.withUnsafeMutableBufferPointer { out in
                func positioned(_ run: GlyphColumns) {
                    var pen = startPen
                    for position in 0..<count {
                        let index = first + position
                        // `&<<`: the shift is 0...10, so no test for wider shifts per glyph.
                        let advance = Int(run.advances[index]) &<< shift
                        out[offset + position] = PositionedGlyph(
                            id: run.glyphs[index],
                            x: ShapedText.pixels(pen + Int(run.offsetsX[index]) &<< shift),
                            y: -ShapedText.pixels(Int(run.offsetsY[index]) &<< shift),
                            advance: ShapedText.pixels(advance), cluster: Int(run.clusters[index]))
                        pen += advance
                    }
                    endPen = pen
                }
                if slice.store == Slice.textStore {
                    positioned(store)
                } else {
                    pieces.reshaped[slice.store].withColumns { positioned($0) }
                }
            }
            pen = endPen
            // The glyphs' view is pointed at the finished glyph array by `build`.
            placed.runs.append(
                GlyphRun(
                    font: font, isRightToLeft: slice.level & 1 == 1, range: slice.range,
                    glyphs: LayoutSlice(base: [], bounds: offset..<(offset + count))))
        }
        // One slice (most right-to-left lines: one run) needs no reordering, nor the two
        // arrays `visualOrder` would make for it.
        if slices.count == 1 || slices.allSatisfy({ $0.level == 0 }) {
            for slice in slices { place(slice) }  // visual order is logical order
        } else {
            for logical in BidiLevels.visualOrder(of: slices.map(\.level)) { place(slices[logical]) }
        }
        // The runs' view is pointed at the finished run array by `build`.
        return TextLine(
            range: start..<end, layoutText: layoutText, x: 0, baseline: 0, width: ShapedText.reportedWidth(pen),
            isRightToLeft: rightToLeft, endsWithHyphen: lineBreak.hyphen,
            runs: LayoutSlice(base: [], bounds: firstRun..<placed.runs.count))
    }

    /// The advance (16.16) of the line `start..<end`: the glyphs' advances, read from the
    /// prefix sums except in the runs cut where HarfBuzz says cutting is unsafe, which
    /// are shaped alone as `slices` shapes them. Equal to the pen position after placing
    /// `slices`' glyphs, without placing them.
    private func advance(
        from start: Int, to end: Int, nextLineStart: Int, store: GlyphColumns, reshaper: inout ShapingBuffer?,
        pieces: inout Pieces
    ) -> Int {
        guard start < end else { return 0 }
        guard unsafeToBreak.contains(start) || unsafeToBreak.contains(nextLineStart) else {
            return shaped.advance(from: start, to: end)
        }
        var pen = 0
        self.slices(from: start, to: end, nextLineStart: nextLineStart, reshaper: &reshaper, into: &pieces)
        for slice in pieces.slices {
            let shift = fonts[slice.fontIndex].instance.shiftTo16Dot16
            if slice.store == Slice.textStore {
                for index in slice.glyphs { pen += Int(store.advances[index]) << shift }
            } else {
                let advances = pieces.reshaped[slice.store].advances
                for index in slice.glyphs { pen += Int(advances[index]) << shift }
            }
        }
        return pen
    }

    /// The runs' glyphs for `start..<end` in logical run order, into `pieces` (emptied first).
    private func slices(
        from start: Int, to end: Int, nextLineStart: Int, reshaper: inout ShapingBuffer?, into pieces: inout Pieces
    ) {
        pieces.removeAll()
        guard start < end else { return }
        var low = 0
        var high = runs.count
        while low < high {  // first run ending after `start`
            let mid = (low + high) / 2
            if runs[mid].end <= start { low = mid + 1 } else { high = mid }
        }
        var index = low
        while index < runs.count, runs[index].start < end {
            let run = runs[index]
            let lower = max(start, run.start)
            let upper = min(end, run.end)
            let cutAtStart = lower == start && unsafeToBreak.contains(start)
            let cutAtEnd =
                upper == end && nextLineStart < textLength && unsafeToBreak.contains(nextLineStart)
            if cutAtStart || cutAtEnd {
                // HarfBuzz says cutting here changes the shaping: shape the slice alone.
                let buffer = reshaper ?? ShapingBuffer.pooled()
                reshaper = buffer
                let reshaped = shaped.utf16.withUnsafeBufferPointer { text in
                    buffer.shape(
                        text, range: lower..<upper, context: false, level: run.level, script: run.script,
                        language: shaped.options.locale.isEmpty
                            ? nil : hb_language_from_string(shaped.options.locale, -1),
                        font: fonts[run.fontIndex], fontIndex: run.fontIndex,
                        features: shaped.options.features.map(\.value))
                }
                pieces.reshaped.append(reshaped)
                pieces.slices.append(
                    Slice(
                        range: lower..<upper, level: run.level, fontIndex: run.fontIndex,
                        store: pieces.reshaped.count - 1, glyphs: reshaped.glyphs.indices))
            } else {
                pieces.slices.append(
                    Slice(
                        range: lower..<upper, level: run.level, fontIndex: run.fontIndex, store: Slice.textStore,
                        glyphs: glyphStore.glyphRange(
                            in: run.glyphs, rightToLeft: run.isRightToLeft, clustersFrom: lower, to: upper)))
            }
            index += 1
        }
    }
}
