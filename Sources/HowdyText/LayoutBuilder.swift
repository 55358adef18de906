import CHarfBuzz

/// Turns line breaks into positioned glyphs: slices the shaped runs per line, shapes a
/// slice again only where HarfBuzz marked the cut unsafe, orders the slices visually
/// (UAX #9 L2) and aligns the lines.
///
/// This is on the hot path of every layout, so a slice refers to the shaped run's
/// glyph arrays (a range of them) instead of copying them, the reshaping buffer is made
/// only when a cut needs one, and a line whose slices are all left-to-right at one
/// level skips the reordering.
struct LayoutBuilder {
    let shaped: ShapedText

    /// Glyphs `glyphs` of `store` (the text's glyph store, or the line's piece of a run
    /// shaped alone) at one level in one font.
    fileprivate struct Slice {
        var range: Range<Int>
        var level: UInt8
        var fontIndex: Int
        var store: ShapedRun
        var glyphs: Range<Int>
    }

    func build(
        _ breaks: [LineBreak], availableWidth: Double, strategy: LineBreakStrategy, greedyLineCount: Int
    ) -> TextLayout {
        let (ascent, descent, lineHeight) = shaped.metrics
        let halfLeading = (lineHeight - (ascent + descent)) / 2
        var lines: [TextLine] = []
        lines.reserveCapacity(breaks.count)
        var reshaper: ShapingBuffer?
        var width = 0.0
        var cursor = UTF8OffsetCursor(isASCII: shaped.text.utf8.count == shaped.utf16.count)
        // One array for every line's slices, its capacity kept from line to line.
        var slices: [Slice] = []
        // The text's UTF-8, where the cursor finds each line text's bytes.
        var source = shaped.text
        source.withUTF8 { utf8 in
            for (index, lineBreak) in breaks.enumerated() {
                var line = buildLine(lineBreak, reshaper: &reshaper, utf8: utf8, cursor: &cursor, slices: &slices)
                line.baseline = Double(index) * lineHeight + halfLeading + ascent
                width = max(width, line.width)
                lines.append(line)
            }
        }
        if let reshaper { ShapingBuffer.recycle(reshaper) }
        let alignment = shaped.options.alignment
        for index in lines.indices {
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
        _ lineBreak: LineBreak, reshaper: inout ShapingBuffer?, utf8: UnsafeBufferPointer<UInt8>,
        cursor: inout UTF8OffsetCursor, slices: inout [Slice]
    ) -> TextLine {
        let start = lineBreak.start
        let end = lineBreak.contentEnd
        let rightToLeft = shaped.bidi.paragraphLevel(at: min(start, max(0, shaped.utf16.count - 1))) & 1 == 1
        let text = shaped.omitsLineTexts ? "" : lineText(start..<end, utf8: utf8, cursor: &cursor)
        if shaped.omitsGlyphs {
            var pen = advance(
                from: start, to: end, nextLineStart: lineBreak.end, reshaper: &reshaper, slices: &slices)
            if lineBreak.hyphen, let hyphen = shaped.hyphen { pen += hyphen.advance }
            return TextLine(
                range: start..<end, text: text, x: 0, baseline: 0, width: ShapedText.reportedWidth(pen),
                isRightToLeft: rightToLeft, endsWithHyphen: lineBreak.hyphen, runs: [])
        }
        self.slices(from: start, to: end, nextLineStart: lineBreak.end, reshaper: &reshaper, into: &slices)
        if lineBreak.hyphen, let hyphen = shaped.hyphen {
            var run = ShapedRun(
                start: end, end: end, level: slices.last?.level ?? (rightToLeft ? 1 : 0), fontIndex: 0)
            run.glyphs = [hyphen.glyph]
            run.clusters = [Int32(end)]
            // A run's advances are at its font's scale; the hyphen is the primary font's.
            run.advances = [Int32(truncatingIfNeeded: hyphen.advance >> shaped.font.instance.shiftTo16Dot16)]
            run.offsetsX = [0]
            run.offsetsY = [0]
            slices.append(Slice(range: end..<end, level: run.level, fontIndex: 0, store: run, glyphs: 0..<1))
        }
        // The pen (16.16) sums unrounded advances: glyphs are placed where the exact sum
        // puts them, as Chromium places them, so the glyphs end within 1/64 px of the
        // line's reported width (the same sum rounded up once) and never past it.
        var pen = 0
        var runs: [GlyphRun] = []
        runs.reserveCapacity(slices.count)
        func place(_ slice: Slice) {
            let run = slice.store
            let font = shaped.fonts[slice.fontIndex]
            let shift = font.instance.shiftTo16Dot16
            let first = slice.glyphs.lowerBound
            let count = slice.glyphs.count
            // Read and written through buffers: the placing is per glyph, and five
            // bounds-checked array reads and an append per glyph cost more than the sums.
            // The pen is moved in a local and written back once per slice.
            let startPen = pen
            var endPen = pen
            let glyphs = run.glyphs.withUnsafeBufferPointer { ids in
                run.clusters.withUnsafeBufferPointer { clusters in
                    run.advances.withUnsafeBufferPointer { advances in
                        run.offsetsX.withUnsafeBufferPointer { offsetsX in
                            run.offsetsY.withUnsafeBufferPointer { offsetsY in
                                [PositionedGlyph](unsafeUninitializedCapacity: count) { out, initialized in
                                    var pen = startPen
                                    for position in 0..<count {
                                        let index = first + position
                                        let advance = Int(advances[index]) << shift
                                        (out.baseAddress! + position).initialize(
                                            to: PositionedGlyph(
                                                id: ids[index],
                                                x: ShapedText.pixels(pen + Int(offsetsX[index]) << shift),
                                                y: -ShapedText.pixels(Int(offsetsY[index]) << shift),
                                                advance: ShapedText.pixels(advance), cluster: Int(clusters[index])))
                                        pen += advance
                                    }
                                    endPen = pen
                                    initialized = count
                                }
                            }
                        }
                    }
                }
            }
            pen = endPen
            runs.append(
                GlyphRun(font: font, isRightToLeft: slice.level & 1 == 1, range: slice.range, glyphs: glyphs))
        }
        // One slice (most right-to-left lines: one run) needs no reordering, nor the two
        // arrays `visualOrder` would make for it.
        if slices.count == 1 || slices.allSatisfy({ $0.level == 0 }) {
            for slice in slices { place(slice) }  // visual order is logical order
        } else {
            for logical in BidiLevels.visualOrder(of: slices.map(\.level)) { place(slices[logical]) }
        }
        return TextLine(
            range: start..<end, text: text, x: 0, baseline: 0, width: ShapedText.reportedWidth(pen),
            isRightToLeft: rightToLeft, endsWithHyphen: lineBreak.hyphen, runs: runs)
    }

    /// The text of `range` (UTF-16 offsets on scalar boundaries: breaks are between
    /// scalars), sliced from the original string: a copy of its UTF-8 bytes, which a
    /// string made from a string's slice does not validate again (transcoding from the
    /// UTF-16 array did, and that validation was a third of a CJK line's text). The byte
    /// offsets come from `cursor`, which walks `utf8` (the text's) forward as the lines come.
    private func lineText(
        _ range: Range<Int>, utf8: UnsafeBufferPointer<UInt8>, cursor: inout UTF8OffsetCursor
    ) -> String {
        let low = cursor.position(ofUTF16: range.lowerBound, in: utf8).offset
        let high = cursor.position(ofUTF16: range.upperBound, in: utf8).offset
        let view = shaped.text.utf8
        let lower = view.index(view.startIndex, offsetBy: low)
        let upper = view.index(lower, offsetBy: high - low)
        return String(shaped.text[lower..<upper])
    }

    /// The advance (16.16) of the line `start..<end`: the glyphs' advances, read from the
    /// prefix sums except in the runs cut where HarfBuzz says cutting is unsafe, which
    /// are shaped alone as `slices` shapes them. Equal to the pen position after placing
    /// `slices`' glyphs, without placing them.
    private func advance(
        from start: Int, to end: Int, nextLineStart: Int, reshaper: inout ShapingBuffer?, slices: inout [Slice]
    ) -> Int {
        guard start < end else { return 0 }
        guard shaped.unsafeToBreak.contains(start) || shaped.unsafeToBreak.contains(nextLineStart) else {
            return shaped.advance(from: start, to: end)
        }
        var pen = 0
        self.slices(from: start, to: end, nextLineStart: nextLineStart, reshaper: &reshaper, into: &slices)
        for slice in slices {
            let shift = shaped.fonts[slice.fontIndex].instance.shiftTo16Dot16
            for index in slice.glyphs { pen += Int(slice.store.advances[index]) << shift }
        }
        return pen
    }

    /// The runs' glyphs for `start..<end` in logical run order, into `slices` (emptied first).
    private func slices(
        from start: Int, to end: Int, nextLineStart: Int, reshaper: inout ShapingBuffer?, into slices: inout [Slice]
    ) {
        slices.removeAll(keepingCapacity: true)
        guard start < end else { return }
        let runs = shaped.runs
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
            let cutAtStart = lower == start && shaped.unsafeToBreak.contains(start)
            let cutAtEnd =
                upper == end && nextLineStart < shaped.utf16.count && shaped.unsafeToBreak.contains(nextLineStart)
            if cutAtStart || cutAtEnd {
                // HarfBuzz says cutting here changes the shaping: shape the slice alone.
                let buffer = reshaper ?? ShapingBuffer.pooled()
                reshaper = buffer
                let reshaped = shaped.utf16.withUnsafeBufferPointer { text in
                    buffer.shape(
                        text, range: lower..<upper, context: false, level: run.level, script: run.script,
                        language: shaped.options.locale.isEmpty
                            ? nil : hb_language_from_string(shaped.options.locale, -1),
                        font: shaped.fonts[run.fontIndex], fontIndex: run.fontIndex,
                        features: shaped.options.features.map(\.value))
                }
                slices.append(
                    Slice(
                        range: lower..<upper, level: run.level, fontIndex: run.fontIndex, store: reshaped,
                        glyphs: reshaped.glyphs.indices))
            } else {
                let store = shaped.glyphStore
                slices.append(
                    Slice(
                        range: lower..<upper, level: run.level, fontIndex: run.fontIndex, store: store,
                        glyphs: store.glyphRange(
                            in: run.glyphs, rightToLeft: run.isRightToLeft, clustersFrom: lower, to: upper)))
            }
            index += 1
        }
    }
}
