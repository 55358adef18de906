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

    /// Glyphs `glyphs` of `run` (the shaped run itself, or the line's piece of it shaped alone).
    fileprivate struct Slice {
        var range: Range<Int>
        var run: ShapedRun
        var glyphs: Range<Int>

        var level: UInt8 { run.level }
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
        for (index, lineBreak) in breaks.enumerated() {
            var line = buildLine(lineBreak, reshaper: &reshaper)
            line.baseline = Double(index) * lineHeight + halfLeading + ascent
            width = max(width, line.width)
            lines.append(line)
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

    private func buildLine(_ lineBreak: LineBreak, reshaper: inout ShapingBuffer?) -> TextLine {
        let start = lineBreak.start
        let end = lineBreak.contentEnd
        let rightToLeft = shaped.bidi.paragraphLevel(at: min(start, max(0, shaped.utf16.count - 1))) & 1 == 1
        let text = lineText(start..<end)
        if shaped.omitsGlyphs {
            var pen = advance(from: start, to: end, nextLineStart: lineBreak.end, reshaper: &reshaper)
            if lineBreak.hyphen, let hyphen = shaped.hyphen { pen += hyphen.advance }
            return TextLine(
                range: start..<end, text: text, x: 0, baseline: 0, width: Double(pen) / 64,
                isRightToLeft: rightToLeft, endsWithHyphen: lineBreak.hyphen, runs: [])
        }
        var slices = self.slices(from: start, to: end, nextLineStart: lineBreak.end, reshaper: &reshaper)
        if lineBreak.hyphen, let hyphen = shaped.hyphen {
            var run = ShapedRun(
                start: end, end: end, level: slices.last?.level ?? (rightToLeft ? 1 : 0), fontIndex: 0)
            run.glyphs = [hyphen.glyph]
            run.clusters = [Int32(end)]
            run.advances = [hyphen.advance]
            run.offsetsX = [0]
            run.offsetsY = [0]
            slices.append(Slice(range: end..<end, run: run, glyphs: 0..<1))
        }
        var pen: Int32 = 0
        var runs: [GlyphRun] = []
        runs.reserveCapacity(slices.count)
        func place(_ slice: Slice) {
            let run = slice.run
            var glyphs: [PositionedGlyph] = []
            glyphs.reserveCapacity(slice.glyphs.count)
            for index in slice.glyphs {
                let advance = run.advances[index]
                glyphs.append(
                    PositionedGlyph(
                        id: run.glyphs[index], x: Double(pen + run.offsetsX[index]) / 64,
                        y: -Double(run.offsetsY[index]) / 64, advance: Double(advance) / 64,
                        cluster: Int(run.clusters[index])))
                pen += advance
            }
            runs.append(
                GlyphRun(
                    font: shaped.fonts[run.fontIndex], isRightToLeft: run.level & 1 == 1, range: slice.range,
                    glyphs: glyphs))
        }
        if slices.allSatisfy({ $0.level == 0 }) {
            for slice in slices { place(slice) }  // visual order is logical order
        } else {
            for logical in BidiLevels.visualOrder(of: slices.map(\.level)) { place(slices[logical]) }
        }
        return TextLine(
            range: start..<end, text: text, x: 0, baseline: 0, width: Double(pen) / 64, isRightToLeft: rightToLeft,
            endsWithHyphen: lineBreak.hyphen, runs: runs)
    }

    /// The text of `range` (UTF-16 offsets on scalar boundaries: breaks are between
    /// scalars). ASCII text is sliced from the original string (a UTF-8 copy, offsets
    /// are byte offsets); other text is transcoded from the UTF-16 array, which costs
    /// less than finding a UTF-16 offset's index in a non-ASCII string.
    private func lineText(_ range: Range<Int>) -> String {
        let source = shaped.text
        if source.utf8.count == shaped.utf16.count {
            let utf8 = source.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let upper = utf8.index(lower, offsetBy: range.count)
            return String(source[lower..<upper])
        }
        return shaped.utf16.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF16.self)
        }
    }

    /// The advance (26.6) of the line `start..<end`: the glyphs' advances, read from the
    /// prefix sums except in the runs cut where HarfBuzz says cutting is unsafe, which
    /// are shaped alone as `slices` shapes them. Equal to the pen position after placing
    /// `slices`' glyphs, without placing them.
    private func advance(from start: Int, to end: Int, nextLineStart: Int, reshaper: inout ShapingBuffer?) -> Int32 {
        guard start < end else { return 0 }
        guard shaped.unsafeToBreak.contains(start) || shaped.unsafeToBreak.contains(nextLineStart) else {
            return Int32(shaped.advance(from: start, to: end))
        }
        var pen: Int32 = 0
        for slice in slices(from: start, to: end, nextLineStart: nextLineStart, reshaper: &reshaper) {
            for index in slice.glyphs { pen += slice.run.advances[index] }
        }
        return pen
    }

    /// The runs' glyphs for `start..<end` in logical run order.
    private func slices(
        from start: Int, to end: Int, nextLineStart: Int, reshaper: inout ShapingBuffer?
    ) -> [Slice] {
        guard start < end else { return [] }
        let runs = shaped.runs
        var low = 0
        var high = runs.count
        while low < high {  // first run ending after `start`
            let mid = (low + high) / 2
            if runs[mid].end <= start { low = mid + 1 } else { high = mid }
        }
        var slices: [Slice] = []
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
                        text, range: lower..<upper, context: false, level: run.level, script: shaped.scripts[index],
                        language: shaped.options.locale.isEmpty
                            ? nil : hb_language_from_string(shaped.options.locale, -1),
                        font: shaped.fonts[run.fontIndex], fontIndex: run.fontIndex,
                        features: shaped.options.features.map(\.value))
                }
                slices.append(Slice(range: lower..<upper, run: reshaped, glyphs: reshaped.glyphs.indices))
            } else {
                slices.append(
                    Slice(range: lower..<upper, run: run, glyphs: run.glyphRange(clustersFrom: lower, to: upper)))
            }
            index += 1
        }
        return slices
    }
}
