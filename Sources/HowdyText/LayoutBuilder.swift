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
        let text = shaped.omitsLineTexts ? "" : lineText(start..<end)
        if shaped.omitsGlyphs {
            var pen = advance(from: start, to: end, nextLineStart: lineBreak.end, reshaper: &reshaper)
            if lineBreak.hyphen, let hyphen = shaped.hyphen { pen += hyphen.advance }
            return TextLine(
                range: start..<end, text: text, x: 0, baseline: 0, width: ShapedText.reportedWidth(pen),
                isRightToLeft: rightToLeft, endsWithHyphen: lineBreak.hyphen, runs: [])
        }
        var slices = self.slices(from: start, to: end, nextLineStart: lineBreak.end, reshaper: &reshaper)
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
            let shift = shaped.fonts[slice.fontIndex].instance.shiftTo16Dot16
            var glyphs: [PositionedGlyph] = []
            glyphs.reserveCapacity(slice.glyphs.count)
            for index in slice.glyphs {
                let advance = Int(run.advances[index]) << shift
                glyphs.append(
                    PositionedGlyph(
                        id: run.glyphs[index], x: ShapedText.pixels(pen + Int(run.offsetsX[index]) << shift),
                        y: -ShapedText.pixels(Int(run.offsetsY[index]) << shift), advance: ShapedText.pixels(advance),
                        cluster: Int(run.clusters[index])))
                pen += advance
            }
            runs.append(
                GlyphRun(
                    font: shaped.fonts[slice.fontIndex], isRightToLeft: slice.level & 1 == 1, range: slice.range,
                    glyphs: glyphs))
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
        return shaped.utf16.withUnsafeBufferPointer { Self.string(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// `String(decoding: units, as: UTF16.self)`, transcoded in one pass straight into the
    /// string's storage: the standard library's generic decoding costs several times more
    /// per scalar (a sixth of a CJK or Hebrew layout). An unpaired surrogate becomes
    /// U+FFFD, as there.
    static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        String(unsafeUninitializedCapacity: units.count * 3) { bytes in
            var out = 0
            var index = 0
            let count = units.count
            while index < count {
                var scalar = UInt32(units[index])
                index += 1
                if scalar < 0x80 {
                    bytes[out] = UInt8(scalar)
                    out += 1
                    continue
                }
                if scalar & 0xF800 == 0xD800 {
                    if scalar < 0xDC00, index < count, units[index] & 0xFC00 == 0xDC00 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                        index += 1
                    } else {
                        scalar = 0xFFFD
                    }
                }
                if scalar < 0x800 {
                    bytes[out] = UInt8(0xC0 | scalar >> 6)
                    bytes[out + 1] = UInt8(0x80 | scalar & 0x3F)
                    out += 2
                } else if scalar < 0x10000 {
                    bytes[out] = UInt8(0xE0 | scalar >> 12)
                    bytes[out + 1] = UInt8(0x80 | (scalar >> 6) & 0x3F)
                    bytes[out + 2] = UInt8(0x80 | scalar & 0x3F)
                    out += 3
                } else {
                    bytes[out] = UInt8(0xF0 | scalar >> 18)
                    bytes[out + 1] = UInt8(0x80 | (scalar >> 12) & 0x3F)
                    bytes[out + 2] = UInt8(0x80 | (scalar >> 6) & 0x3F)
                    bytes[out + 3] = UInt8(0x80 | scalar & 0x3F)
                    out += 4
                }
            }
            return out
        }
    }

    /// The advance (16.16) of the line `start..<end`: the glyphs' advances, read from the
    /// prefix sums except in the runs cut where HarfBuzz says cutting is unsafe, which
    /// are shaped alone as `slices` shapes them. Equal to the pen position after placing
    /// `slices`' glyphs, without placing them.
    private func advance(from start: Int, to end: Int, nextLineStart: Int, reshaper: inout ShapingBuffer?) -> Int {
        guard start < end else { return 0 }
        guard shaped.unsafeToBreak.contains(start) || shaped.unsafeToBreak.contains(nextLineStart) else {
            return shaped.advance(from: start, to: end)
        }
        var pen = 0
        for slice in slices(from: start, to: end, nextLineStart: nextLineStart, reshaper: &reshaper) {
            let shift = shaped.fonts[slice.fontIndex].instance.shiftTo16Dot16
            for index in slice.glyphs { pen += Int(slice.store.advances[index]) << shift }
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
        return slices
    }
}
