/// Balanced line breaking: the same number of lines as greedy layout, made even.
struct Balancer {
    let breaker: LineBreaker

    /// The narrowest width (16.16, a whole number of 1/64 px) at which greedy layout still
    /// gives `lineCount` lines, by bisection on cached advances. Greedy's line count never
    /// rises as the width grows, so the answer is the lowest width whose count is
    /// `lineCount`, and greedy at that width produces a widest line of exactly that width
    /// once rounded up to 1/64 px.
    ///
    /// Widths below the widest word that fits `width` whole are never probed: balancing
    /// never splits a word greedy kept whole. Only words wider than `width` (broken
    /// between grapheme clusters by greedy too) may break at other places.
    func narrowestWidth(keeping lineCount: Int, at width: Int) -> Int {
        // The search runs over whole 1/64 px (the public width contract); widths compared
        // are 16.16. `width` is a whole number of 1/64 px (`fixedWidth`).
        let step = ShapedText.unitsPer64th
        func ceil64(_ fine: Int) -> Int { -((-fine) >> 10) }
        var failing =
            (breaker.graphemes == nil
                ? ceil64(breaker.shaped.maxSegmentWidth) : ceil64(widestWholeSegment(upTo: width))) - 1
        var passing = width / step
        // Lines at a width w that keeps `lineCount` hold all the text but the white
        // space hanging at their ends, each line at most w wide (no word is wider than
        // the widths probed when words are not broken), so lineCount × w ≥ total −
        // lineCount × widest hanging space: narrower widths need more lines and are
        // never probed.
        let shaped = breaker.shaped
        let total = shaped.advancePrefix[shaped.advancePrefix.count - 1]
        let needed = total - lineCount * shaped.maxHangingWidth
        if breaker.graphemes == nil, needed > 0 {
            let bound = ceil64((needed + lineCount - 1) / lineCount) - 1  // ceil(needed / lineCount) − 1
            failing = min(max(failing, bound), passing - 1)
        }
        if breaker.searchable, breaker.graphemes == nil {
            // Each probe also says which widths around it give the very same lines
            // (`LineBreaker.probe`): a passing probe moves down to its widest line, a
            // failing one up to just below the first width where a line grows. The bounds
            // are those bisection would reach, in a few probes instead of one per bit (a
            // CJK text has a break opportunity per character, and widths between two
            // opportunities change nothing).
            while passing - failing > 1 {
                let mid = failing + (passing - failing) / 2
                let probe = breaker.probe(width: mid * step, limit: lineCount)
                if probe.lines <= lineCount {
                    passing = min(mid, ceil64(probe.widest))
                } else {
                    failing = max(mid, probe.grows == .max ? mid : ceil64(probe.grows) - 1)
                }
            }
            return passing * step
        }
        while passing - failing > 1 {
            let mid = failing + (passing - failing) / 2
            if breaker.lineCount(width: mid * step, limit: lineCount) <= lineCount {
                passing = mid
            } else {
                failing = mid
            }
        }
        return passing * step
    }

    /// The widest segment (its content, and the hyphen it would end with) no wider than
    /// `width`, 16.16; 0 when none is.
    private func widestWholeSegment(upTo width: Int) -> Int {
        var widest = 0
        for (index, segment) in breaker.shaped.segments.enumerated() {
            let segmentWidth = breaker.width(from: Int(segment.start), through: index)
            if segmentWidth <= width, segmentWidth > widest { widest = segmentWidth }
        }
        return widest
    }

    /// Lines that keep greedy's count in every paragraph and minimise the sum of squared
    /// slack (equivalently, of squared line widths). Dynamic programming over the
    /// segments of each paragraph, O(lines × segments × segments per line).
    /// Returns nil when a paragraph is too long for it (over `maximumSegments` segments)
    /// or a word must be broken; the caller falls back to the narrowest layout then.
    func evenLines(greedy: [LineBreak], width: Int) -> [LineBreak]? {
        guard breaker.graphemes == nil else { return nil }
        let segments = breaker.shaped.segments
        var result: [LineBreak] = []
        var paragraphStart = 0
        var lineIndex = 0
        while lineIndex < greedy.count {
            // Lines of one paragraph end at a hard break or at the end of the text.
            var lineEnd = lineIndex
            while !segments[greedy[lineEnd].segment].isHardBreak, lineEnd + 1 < greedy.count { lineEnd += 1 }
            let paragraphEnd = greedy[lineEnd].segment + 1
            let count = lineEnd - lineIndex + 1
            if count == 1 {
                result.append(greedy[lineIndex])
            } else {
                guard paragraphEnd - paragraphStart <= Self.maximumSegments,
                    let lines = evenParagraph(segments: paragraphStart..<paragraphEnd, lines: count, width: width)
                else { return nil }
                result += lines
            }
            paragraphStart = paragraphEnd
            lineIndex = lineEnd + 1
        }
        return result
    }

    static let maximumSegments = 4000

    private func evenParagraph(segments range: Range<Int>, lines: Int, width: Int) -> [LineBreak]? {
        let segments = breaker.shaped.segments
        let count = range.count
        // cost[l][j]: least cost of the first j segments in l lines; from[l][j]: where line l starts.
        var cost = [[Double]](repeating: [Double](repeating: .infinity, count: count + 1), count: lines + 1)
        var from = [[Int32]](repeating: [Int32](repeating: -1, count: count + 1), count: lines + 1)
        cost[0][0] = 0
        for line in 1...lines {
            for end in line...count {
                var best = Double.infinity
                var bestStart: Int32 = -1
                var start = end - 1
                while start >= line - 1 {
                    let lineStart = Int(segments[range.lowerBound + start].start)
                    let lineWidth = breaker.width(from: lineStart, through: range.lowerBound + end - 1)
                    if lineWidth > width { break }
                    let previous = cost[line - 1][start]
                    if previous < .infinity {
                        let value = Double(lineWidth) * Double(lineWidth) + previous
                        if value < best {
                            best = value
                            bestStart = Int32(start)
                        }
                    }
                    start -= 1
                }
                cost[line][end] = best
                from[line][end] = bestStart
            }
        }
        guard cost[lines][count] < .infinity else { return nil }
        var breaks: [LineBreak] = []
        var end = count
        for line in stride(from: lines, to: 0, by: -1) {
            let start = Int(from[line][end])
            let first = segments[range.lowerBound + start]
            let lastIndex = range.lowerBound + end - 1
            let last = segments[lastIndex]
            breaks.append(
                LineBreak(
                    start: Int(first.start), contentEnd: Int(last.contentEnd), end: Int(last.end),
                    hyphen: last.endsWithSoftHyphen && breaker.shaped.hyphen != nil && line < lines,
                    segment: lastIndex))
            end = start
        }
        return breaks.reversed()
    }
}
