import CHarfBuzz

/// Turns line breaks into positioned glyphs: slices the shaped runs per line, shapes a
/// slice again only where HarfBuzz marked the cut unsafe, orders the slices visually
/// (UAX #9 L2) and aligns the lines.
struct LayoutBuilder {
    let shaped: ShapedText

    fileprivate struct Slice {
        var range: Range<Int>
        var level: UInt8
        var fontIndex: Int
        var glyphs: [UInt32]
        var clusters: [Int32]
        var advances: [Int32]
        var offsetsX: [Int32]
        var offsetsY: [Int32]
    }

    func build(_ breaks: [LineBreak], availableWidth: Double, mode: LayoutMode, greedyLineCount: Int) -> TextLayout {
        let (ascent, descent, lineHeight) = shaped.metrics
        let halfLeading = (lineHeight - (ascent + descent)) / 2
        var lines: [TextLine] = []
        lines.reserveCapacity(breaks.count)
        let reshaper = ShapingBuffer()
        for (index, lineBreak) in breaks.enumerated() {
            var line = buildLine(lineBreak, reshaper: reshaper)
            line.baseline = Double(index) * lineHeight + halfLeading + ascent
            lines.append(line)
        }
        let width = lines.reduce(0) { max($0, $1.width) }
        for index in lines.indices {
            let slack = width - lines[index].width
            let rightToLeft = lines[index].isRightToLeft
            switch shaped.options.alignment {
            case .leading: lines[index].x = rightToLeft ? slack : 0
            case .center: lines[index].x = slack / 2
            case .trailing: lines[index].x = rightToLeft ? 0 : slack
            }
        }
        return TextLayout(
            text: shaped.text, lines: lines, width: width, height: Double(lines.count) * lineHeight,
            availableWidth: availableWidth, lineHeight: lineHeight, mode: mode, greedyLineCount: greedyLineCount)
    }

    private func buildLine(_ lineBreak: LineBreak, reshaper: ShapingBuffer) -> TextLine {
        let start = lineBreak.start
        let end = lineBreak.contentEnd
        let rightToLeft = shaped.bidi.paragraphLevel(at: min(start, max(0, shaped.utf16.count - 1))) & 1 == 1
        var slices = self.slices(from: start, to: end, nextLineStart: lineBreak.end, reshaper: reshaper)
        if lineBreak.hyphen, let hyphen = shaped.hyphen {
            let level = slices.last?.level ?? (rightToLeft ? 1 : 0)
            slices.append(
                Slice(
                    range: end..<end, level: level, fontIndex: 0, glyphs: [hyphen.glyph], clusters: [Int32(end)],
                    advances: [hyphen.advance], offsetsX: [0], offsetsY: [0]))
        }
        let order = BidiLevels.visualOrder(of: slices.map(\.level))
        var pen: Int32 = 0
        var runs: [GlyphRun] = []
        runs.reserveCapacity(slices.count)
        for logical in order {
            let slice = slices[logical]
            var glyphs: [PositionedGlyph] = []
            glyphs.reserveCapacity(slice.glyphs.count)
            for index in slice.glyphs.indices {
                glyphs.append(
                    PositionedGlyph(
                        id: slice.glyphs[index], x: Double(pen + slice.offsetsX[index]) / 64,
                        y: -Double(slice.offsetsY[index]) / 64, advance: Double(slice.advances[index]) / 64,
                        cluster: Int(slice.clusters[index])))
                pen += slice.advances[index]
            }
            runs.append(
                GlyphRun(
                    font: shaped.fonts[slice.fontIndex], isRightToLeft: slice.level & 1 == 1, range: slice.range,
                    glyphs: glyphs))
        }
        // Slice the original string (a UTF-8 copy) rather than transcoding the UTF-16
        // array; offsets on surrogate boundaries never occur, breaks are between scalars.
        let source = shaped.text
        let text = String(
            source[String.Index(utf16Offset: start, in: source)..<String.Index(utf16Offset: end, in: source)])
        return TextLine(
            range: start..<end, text: text, x: 0, baseline: 0, width: Double(pen) / 64, isRightToLeft: rightToLeft,
            endsWithHyphen: lineBreak.hyphen, runs: runs)
    }

    /// The runs' glyphs for `start..<end` in logical run order.
    private func slices(from start: Int, to end: Int, nextLineStart: Int, reshaper: ShapingBuffer) -> [Slice] {
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
            let cutAtStart = lower == start && shaped.unsafeToBreak.contains(Int32(start))
            let cutAtEnd =
                upper == end && nextLineStart < shaped.utf16.count
                && shaped.unsafeToBreak.contains(Int32(nextLineStart))
            if cutAtStart || cutAtEnd {
                // HarfBuzz says cutting here changes the shaping: shape the slice alone.
                let reshaped = shaped.utf16.withUnsafeBufferPointer { buffer in
                    reshaper.shape(
                        buffer, range: lower..<upper, context: false, level: run.level, script: shaped.scripts[index],
                        language: shaped.options.locale.isEmpty ? nil : shapedLanguage(),
                        font: shaped.fonts[run.fontIndex],
                        fontIndex: run.fontIndex, features: shaped.options.features.map(\.value))
                }
                slices.append(Slice(run: reshaped, range: lower..<upper, glyphRange: reshaped.glyphs.indices))
            } else {
                slices.append(
                    Slice(run: run, range: lower..<upper, glyphRange: run.glyphRange(clustersFrom: lower, to: upper)))
            }
            index += 1
        }
        return slices
    }

    private func shapedLanguage() -> OpaquePointer? {
        hb_language_from_string(shaped.options.locale, -1)
    }
}

extension LayoutBuilder.Slice {
    fileprivate init(run: ShapedRun, range: Range<Int>, glyphRange: Range<Int>) {
        self.init(
            range: range, level: run.level, fontIndex: run.fontIndex, glyphs: Array(run.glyphs[glyphRange]),
            clusters: Array(run.clusters[glyphRange]), advances: Array(run.advances[glyphRange]),
            offsetsX: Array(run.offsetsX[glyphRange]), offsetsY: Array(run.offsetsY[glyphRange]))
    }
}
