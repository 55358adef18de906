import CHarfBuzz

/// Turns line breaks into positioned glyphs: slices the shaped runs per line, shapes a
/// slice again only where HarfBuzz marked the cut unsafe, orders the slices visually
/// (UAX #9 L2) and aligns the lines.
///
/// This is on the hot path of every layout, so a slice refers to the shaped run's
/// glyph arrays (a range of them) instead of copying them, the reshaping buffer is made
/// only when a cut needs one, a line whose slices are all left-to-right at one level
/// skips the reordering, and the lines share one glyph array and one array of run
/// records through one `LineStorage` (a line's one reference; its runs are made when
/// read) instead of allocating arrays per line and per run; a line's text is made only
/// when read. The lines' slices are found first,
/// so that the glyphs are written once into an array made at their count (in place,
/// `InPlaceElements`): growing the array with blank glyphs to
/// write over cost more per glyph (a CJK line has one per character) than placing them.
struct LayoutBuilder {
    let shaped: ShapedText
    /// What every line reads from `shaped`, read once: each read through `shaped` goes
    /// to its storage object and retains and releases the array it returns.
    private let runs: [TextRunGlyphs]
    private let fonts: [Font]
    /// Per font of `fonts`: its shift from HarfBuzz's units to 16.16 (read once: reading a
    /// font per slice retained and released it).
    private let shifts: [Int]
    private let unsafeToBreak: OffsetSet
    private let textLength: Int
    private let bidi: BidiLevels

    init(shaped: ShapedText) {
        self.shaped = shaped
        runs = shaped.runs
        fonts = shaped.fonts
        // Only `place` reads them: a layout without glyphs makes no array for them.
        shifts = shaped.omitsGlyphs ? [] : fonts.map { $0.instance.shiftTo16Dot16 }
        unsafeToBreak = shaped.unsafeToBreak
        textLength = shaped.utf16.count
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

    /// The slices of every line, in line order (a line's are a range of `slices`), and the
    /// runs reshaped slices refer to (the lines' pieces of runs shaped alone, and hyphens).
    fileprivate struct Pieces {
        var slices: [Slice] = []
        var reshaped: [ShapedRun] = []
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
        let layoutText = shaped.omitsLineTexts ? "" : shaped.text
        var pieces = Pieces()
        // The layout's one glyph array and one array of run records, which every line
        // reads through its one reference to the `LineStorage` made of them below, once
        // both are complete: a line costs no allocation and one retain.
        var glyphs: [PositionedGlyph] = []
        var lineRuns: [LineStorage.Run] = []
        // The text's glyph columns, read through pointers by every line.
        shaped.glyphStore.withColumns { store in
            if shaped.omitsGlyphs {
                for lineBreak in breaks {
                    let line = measuredLine(lineBreak, store: store, reshaper: &reshaper, pieces: &pieces)
                    lines.append(consume line)
                }
                return
            }
            // First every line's slices (and how many glyphs they hold), then the glyphs,
            // written once into an array made at their count. A slice becomes one run, so
            // a line's slices are at the indices its runs will be: its `runs` view holds
            // them meanwhile, and its width is set once its glyphs are placed.
            // At most a slice per run, one more per line end inside a run, and a hyphen.
            pieces.slices.reserveCapacity(runs.count + 2 * breaks.count)
            var glyphCount = 0
            for lineBreak in breaks {
                let first = pieces.slices.count
                glyphCount += lineSlices(lineBreak, store: store, reshaper: &reshaper, into: &pieces)
                let line = TextLine(
                    range: lineBreak.start..<lineBreak.contentEnd, storage: nil,
                    runBounds: first..<pieces.slices.count, x: 0, baseline: 0, width: 0,
                    isRightToLeft: isRightToLeft(lineBreak), endsWithHyphen: lineBreak.hyphen)
                lines.append(consume line)
            }
            lineRuns.reserveCapacity(pieces.slices.count)
            // Written in place into an array made at their count, through code specialised
            // for the glyph type (`InPlaceElements`: `Array(unsafeUninitializedCapacity:)`
            // would look the array's type up at run time, about 1,000 instructions per
            // layout, callgrind).
            glyphs.append(initializing: glyphCount) { buffer in
                // Never written through when there are no glyphs (an empty buffer may
                // have no address).
                let base =
                    buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: MemoryLayout<PositionedGlyph>.alignment)!
                return placeLines(&lines, runs: &lineRuns, pieces: pieces, store: store, into: base, count: glyphCount)
            }
        }
        if let reshaper { ShapingBuffer.recycle(reshaper) }
        // None when there is nothing to read: no text kept and no glyphs.
        let storage =
            shaped.omitsGlyphs && layoutText.isEmpty
            ? nil : LineStorage(text: layoutText, fonts: fonts, runs: lineRuns, glyphs: glyphs)
        let alignment = shaped.options.alignment
        let alignmentDirection = shaped.options.alignmentDirection
        // Through buffers: an array's element written by index tests the array for
        // sharing each time (three tests a line here, callgrind).
        lines.withUnsafeMutableBufferPointer { lines in
            for index in lines.indices {
                lines[index].baseline = Double(index) * lineHeight + halfLeading + ascent
                width = max(width, lines[index].width)
            }
            for index in lines.indices {
                lines[index].storage = storage
                let slack = width - lines[index].width
                let rightToLeft =
                    alignmentDirection == .auto ? lines[index].isRightToLeft : alignmentDirection == .rightToLeft
                switch alignment {
                case .leading: lines[index].x = rightToLeft ? slack : 0
                case .center: lines[index].x = slack / 2
                case .trailing: lines[index].x = rightToLeft ? 0 : slack
                }
            }
        }
        return TextLayout(
            text: shaped.text, lines: lines, width: width, height: Double(lines.count) * lineHeight,
            availableWidth: availableWidth, lineHeight: lineHeight, strategy: strategy,
            greedyLineCount: greedyLineCount, fontFailures: shaped.fontFailures)
    }

    /// Places the glyphs of every line of `lines` (whose `runs` views hold their slices'
    /// indices in `pieces.slices`) at `base` on and sets each line's width; returns how
    /// many glyphs (`count`, the slices' total). A method rather than a local function:
    /// one capturing `lines` made the compiler box them and check each access at run
    /// time (callgrind: `swift_beginAccess`, 7k instructions per 200-word layout).
    private func placeLines(
        _ lines: inout [TextLine], runs: inout [LineStorage.Run], pieces: Pieces, store: GlyphColumns,
        into base: UnsafeMutablePointer<PositionedGlyph>, count: Int
    ) -> Int {
        var written = 0
        for index in lines.indices {
            let pen = place(
                pieces.slices[lines[index].runBounds], reshaped: pieces.reshaped, store: store, into: base,
                written: &written, runs: &runs)
            lines[index].width = ShapedText.reportedWidth(pen)
        }
        precondition(written == count, "placed glyphs differ from the slices' count")
        return written
    }

    /// True when the line belongs to a right-to-left paragraph.
    private func isRightToLeft(_ lineBreak: LineBreak) -> Bool {
        bidi.paragraphLevel(at: min(lineBreak.start, max(0, textLength - 1))) & 1 == 1
    }

    /// A line of a layout without glyphs (`ShapedText.omitsGlyphs`): its range and width only.
    private func measuredLine(
        _ lineBreak: LineBreak, store: GlyphColumns, reshaper: inout ShapingBuffer?, pieces: inout Pieces
    ) -> TextLine {
        let start = lineBreak.start
        let end = lineBreak.contentEnd
        var pen = advance(
            from: start, to: end, nextLineStart: lineBreak.end, store: store, reshaper: &reshaper, pieces: &pieces)
        if lineBreak.hyphen, let hyphen = shaped.hyphen { pen += hyphen.advance }
        return TextLine(
            range: start..<end, storage: nil, runBounds: 0..<0, x: 0, baseline: 0, width: ShapedText.reportedWidth(pen),
            isRightToLeft: isRightToLeft(lineBreak), endsWithHyphen: lineBreak.hyphen)
    }

    /// Appends the slices of `lineBreak`'s line to `pieces` in logical order, its hyphen
    /// last (a run of its own); returns the number of glyphs they hold.
    private func lineSlices(
        _ lineBreak: LineBreak, store: GlyphColumns, reshaper: inout ShapingBuffer?, into pieces: inout Pieces
    ) -> Int {
        let first = pieces.slices.count
        let end = lineBreak.contentEnd
        slices(
            from: lineBreak.start, to: end, nextLineStart: lineBreak.end, store: store, reshaper: &reshaper,
            into: &pieces)
        if lineBreak.hyphen, let hyphen = shaped.hyphen {
            let level: UInt8 =
                pieces.slices.count > first
                ? pieces.slices[pieces.slices.count - 1].level : (isRightToLeft(lineBreak) ? 1 : 0)
            var run = ShapedRun(start: end, end: end, level: level, fontIndex: 0)
            run.glyphs = [hyphen.glyph]
            run.clusters = [Int32(end)]
            // A run's advances are at its font's scale; the hyphen is the primary font's.
            run.advances = [Int32(truncatingIfNeeded: hyphen.advance >> shaped.font.instance.shiftTo16Dot16)]
            run.offsetsX = [0]
            run.offsetsY = [0]
            pieces.reshaped.append(run)
            pieces.slices.append(
                Slice(range: end..<end, level: level, fontIndex: 0, store: pieces.reshaped.count - 1, glyphs: 0..<1))
        }
        var count = 0
        for index in first..<pieces.slices.count { count += pieces.slices[index].glyphs.count }
        return count
    }

    /// Places the glyphs of one line's `slices` (logical order) in visual order at
    /// `out + written` on, advancing `written`, and appends a run record per slice to
    /// `runs` (its glyphs a range of the glyph array `build` finishes). Returns the
    /// pen (16.16) after the last glyph: it sums unrounded advances, so glyphs are placed
    /// where the exact sum puts them, as Chromium places them, and end within 1/64 px of
    /// the line's reported width (the same sum rounded up once), never past it.
    private func place(
        _ slices: ArraySlice<Slice>, reshaped: [ShapedRun], store: GlyphColumns,
        into out: UnsafeMutablePointer<PositionedGlyph>, written: inout Int, runs: inout [LineStorage.Run]
    ) -> Int {
        var pen = 0
        func placeSlice(_ slice: Slice) {
            let shift = shifts[slice.fontIndex]
            let first = slice.glyphs.lowerBound
            let count = slice.glyphs.count
            let offset = written
            let startPen = pen
            var endPen = pen
            // Per glyph, through pointers; the pen moves in a local, written back once.
            // Wrapping sums: a line's advances (Int32 at most 2^10 apart from 16.16, at
            // most `TextLimits.maximumUTF16Length` glyphs and hyphens) stay far inside Int.
            func positioned(_ run: GlyphColumns) {
                var pen = startPen
                for position in 0..<count {
                    let index = first &+ position
                    // `&<<`: the shift is 0...10, so no test for wider shifts per glyph.
                    let advance = Int(run.advances[index]) &<< shift
                    (out + (offset &+ position)).initialize(
                        to: PositionedGlyph(
                            id: run.glyphs[index],
                            x: ShapedText.pixels(pen &+ Int(run.offsetsX[index]) &<< shift),
                            y: -ShapedText.pixels(Int(run.offsetsY[index]) &<< shift),
                            advance: ShapedText.pixels(advance), cluster: Int(run.clusters[index])))
                    pen = pen &+ advance
                }
                endPen = pen
            }
            if slice.store == Slice.textStore {
                positioned(store)
            } else {
                reshaped[slice.store].withColumns { positioned($0) }
            }
            pen = endPen
            written += count
            runs.append(
                LineStorage.Run(
                    fontIndex: slice.fontIndex, isRightToLeft: slice.level & 1 == 1, range: slice.range,
                    glyphs: offset..<(offset + count)))
        }
        // One slice (most right-to-left lines: one run) needs no reordering, nor the two
        // arrays `visualOrder` would make for it.
        if slices.count == 1 || slices.allSatisfy({ $0.level == 0 }) {
            for slice in slices { placeSlice(slice) }  // visual order is logical order
        } else {
            let first = slices.startIndex
            for logical in BidiLevels.visualOrder(of: slices.map(\.level)) { placeSlice(slices[first + logical]) }
        }
        return pen
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
        pieces.slices.removeAll(keepingCapacity: true)
        pieces.reshaped.removeAll(keepingCapacity: true)
        self.slices(
            from: start, to: end, nextLineStart: nextLineStart, store: store, reshaper: &reshaper, into: &pieces)
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

    /// Appends the runs' glyphs for `start..<end` to `pieces`, in logical run order.
    private func slices(
        from start: Int, to end: Int, nextLineStart: Int, store: GlyphColumns, reshaper: inout ShapingBuffer?,
        into pieces: inout Pieces
    ) {
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
                        glyphs: Self.glyphRange(of: run, clusters: store.clusters, from: lower, to: upper)))
            }
            index += 1
        }
    }

    /// Indices in the text's store of `run`'s glyphs whose cluster lies in `lower..<upper`
    /// (`ShapedRun.glyphRange`'s answer: clusters rise along a left-to-right run's
    /// glyphs and fall along a right-to-left one's). Each end is first looked for where a
    /// run of one glyph per UTF-16 unit has it (every ideograph run, most others) and
    /// taken there when the glyphs on both sides of it prove it the boundary; elsewhere
    /// a binary search finds it.
    @inline(__always)
    static func glyphRange(
        of run: TextRunGlyphs, clusters: UnsafePointer<Int32>, from lower: Int, to upper: Int
    ) -> Range<Int> {
        let glyphs = run.glyphs
        /// The first glyph of `glyphs` not `isBefore` (all glyphs before it are).
        @inline(__always) func boundary(guess: Int, _ isBefore: (Int32) -> Bool) -> Int {
            if guess >= glyphs.lowerBound, guess <= glyphs.upperBound,
                guess == glyphs.upperBound || !isBefore(clusters[guess]),
                guess == glyphs.lowerBound || isBefore(clusters[guess - 1])
            {
                return guess
            }
            var low = glyphs.lowerBound
            var high = glyphs.upperBound
            while low < high {
                let mid = (low + high) / 2
                if isBefore(clusters[mid]) { low = mid + 1 } else { high = mid }
            }
            return low
        }
        if run.isRightToLeft {
            return boundary(guess: glyphs.lowerBound + (run.end - upper)) { Int($0) >= upper }
                ..< boundary(guess: glyphs.lowerBound + (run.end - lower)) { Int($0) >= lower }
        }
        return boundary(guess: glyphs.lowerBound + (lower - run.start)) { Int($0) < lower }
            ..< boundary(guess: glyphs.lowerBound + (upper - run.start)) { Int($0) < upper }
    }
}
