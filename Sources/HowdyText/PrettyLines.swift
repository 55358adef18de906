/// `LineBreakStrategy.pretty`: greedy's line count in every paragraph, no lonely last
/// line when another layout avoids it, and the least raggedness over the whole
/// paragraph (a Knuth–Plass total fit, scored like Minikin's high-quality strategy).
///
/// Each paragraph (text between hard breaks) with more than one greedy line is broken
/// again by dynamic programming over its break opportunities, with exactly greedy's
/// number of lines. Among those layouts:
/// 1. a last line that is not lonely (see `isLonely`) beats any lonely one;
/// 2. then the least sum of costs in px²: every line but the last costs its slack²
///    (available width − line width); a line ending at a soft hyphen adds
///    `0.5 × font size × width` (Minikin's hyphen penalty), four times over on the line
///    before the last (Blink's `kLastLinePenaltyMultiplier`); the last line costs
///    `(width / 3 − its width)²` when it is shorter than a third of the width (Blink's
///    `kShortLineDenominator`), else nothing.
///
/// Edge behaviour:
/// - A paragraph greedy fits on one line keeps that line.
/// - A word greedy must cut between grapheme clusters (it is wider than the line alone)
///   is cut where greedy cuts it; its pieces are placed like words that join without a
///   space or hyphen. A word that overflows (`overflow-wrap: normal`) stays alone on its
///   line, as in greedy layout, and its negative slack costs nothing.
/// - A paragraph with more than `maximumUnits` break opportunities keeps greedy's lines
///   up to the first line from which at most `maximumUnits` remain, and the rest is made
///   pretty: the work stays bounded (about `maximumUnits` × opportunities per line per
///   line) whatever the text's length. When greedy's last two lines alone hold more
///   (lines thousands of words long), the paragraph keeps greedy's lines.
/// - If no layout is found (widths that are not monotonic, such as a hyphen wider than
///   the syllable it follows), the paragraph keeps greedy's lines.
/// - Lines never shape again here; widths are differences of cached advances (16.16).
struct PrettyLines {
    let breaker: LineBreaker
    /// Available width, 16.16.
    let width: Int

    /// The most break opportunities (plus cut pieces) one dynamic program runs over.
    static let maximumUnits = 4000
    /// A last line with no space inside narrower than this many em is a short phrase.
    static let lonelyLineEms = 4.0

    /// A piece of text that is never broken inside: a segment, or a piece of a segment
    /// greedy cut between grapheme clusters.
    struct Unit {
        var start: Int
        var contentEnd: Int
        var end: Int
        var segment: Int
        /// Ends at a soft hyphen that shows a hyphen glyph when a line ends here.
        var hyphen: Bool
        /// Ends at white space (a word boundary in spaced scripts), not at a cut, a hard
        /// break, a soft hyphen or a break between letters (CJK, after "-").
        var endsAtSpace: Bool
    }

    /// Greedy's lines (`greedy`, at `width`) rebroken paragraph by paragraph.
    func lines(greedy: [LineBreak]) -> [LineBreak] {
        let segments = breaker.shaped.segments
        var result: [LineBreak] = []
        result.reserveCapacity(greedy.count)
        var first = 0
        var firstSegment = 0
        while first < greedy.count {
            // A paragraph's lines end at the line that ends a hard-break segment whole
            // (a cut inside that segment is not its end), or at the end of the text.
            var last = first
            while last + 1 < greedy.count {
                let line = greedy[last]
                if segments[line.segment].isHardBreak, line.end == Int(segments[line.segment].end) { break }
                last += 1
            }
            let paragraph = greedy[first...last]
            if paragraph.count == 1 {
                result.append(greedy[first])
            } else {
                result += prettyParagraph(paragraph, firstSegment: firstSegment)
            }
            firstSegment = greedy[last].segment + 1
            first = last + 1
        }
        return result
    }

    private func prettyParagraph(_ greedy: ArraySlice<LineBreak>, firstSegment: Int) -> [LineBreak] {
        let units = self.units(of: greedy, firstSegment: firstSegment)
        // greedyEnds[l]: the unit greedy's line l ends with, the furthest line l can reach.
        var greedyEnds: [Int] = []
        greedyEnds.reserveCapacity(greedy.count)
        var unit = 0
        for line in greedy {
            while unit < units.count, units[unit].end < line.end { unit += 1 }
            guard unit < units.count, units[unit].end == line.end else { return Array(greedy) }
            greedyEnds.append(unit)
        }
        guard greedyEnds.last == units.count - 1 else { return Array(greedy) }
        // Over the budget, greedy's first `kept` lines stay and the tail is made pretty.
        var kept = 0
        func firstUnit(after kept: Int) -> Int { kept == 0 ? 0 : greedyEnds[kept - 1] + 1 }
        while units.count - firstUnit(after: kept) > Self.maximumUnits, kept + 2 < greedy.count { kept += 1 }
        let firstUnit = firstUnit(after: kept)
        guard units.count - firstUnit <= Self.maximumUnits else { return Array(greedy) }
        let tail = Array(units[firstUnit...])
        let tailEnds = greedyEnds[kept...].map { $0 - firstUnit }
        guard let lines = bestLines(units: tail, greedyEnds: tailEnds) else { return Array(greedy) }
        return Array(greedy.prefix(kept)) + lines
    }

    /// The paragraph's segments, split where greedy cut a word between grapheme clusters.
    private func units(of greedy: ArraySlice<LineBreak>, firstSegment: Int) -> [Unit] {
        let shaped = breaker.shaped
        let segments = shaped.segments
        var units: [Unit] = []
        units.reserveCapacity(greedy.last!.segment - firstSegment + 1)
        // Greedy's cuts inside words wider than the line, in text order.
        var cuts = greedy.filter { $0.end < Int(segments[$0.segment].end) }.map(\.end)[...]
        for index in firstSegment...greedy.last!.segment {
            let segment = segments[index]
            var start = Int(segment.start)
            while let cut = cuts.first, cut > start, cut < Int(segment.end) {
                units.append(
                    Unit(start: start, contentEnd: cut, end: cut, segment: index, hyphen: false, endsAtSpace: false))
                start = cut
                cuts = cuts.dropFirst()
            }
            let hyphen = segment.endsWithSoftHyphen && shaped.hyphen != nil
            let trailing = Int(segment.end) - Int(segment.contentEnd) - (segment.endsWithSoftHyphen ? 1 : 0)
            units.append(
                Unit(
                    start: start, contentEnd: Int(segment.contentEnd), end: Int(segment.end), segment: index,
                    hyphen: hyphen, endsAtSpace: trailing > 0 && !segment.isHardBreak))
        }
        return units
    }

    /// Width (16.16) of a line holding units `first...last`, with the hyphen it shows if
    /// it ends at a soft hyphen.
    @inline(__always)
    private func lineWidth(_ units: [Unit], _ first: Int, _ last: Int) -> Int {
        var width = breaker.shaped.advance(from: units[first].start, to: units[last].contentEnd)
        if units[last].hyphen, let hyphen = breaker.shaped.hyphen { width += hyphen.advance }
        return width
    }

    /// A last line is lonely when it holds one word: no white space inside, and either
    /// white space before it (a whole word of a spaced script) or a width under
    /// `lonelyLineEms` em (a short CJK or Thai phrase, or the tail of a hyphenated or cut word).
    private func isLonely(_ units: [Unit], from first: Int) -> Bool {
        let last = units.count - 1
        for index in first..<last where units[index].endsAtSpace { return false }
        if first > 0, units[first - 1].endsAtSpace { return true }
        let short = Int(Self.lonelyLineEms * breaker.shaped.font.size * Double(ShapedText.unitsPerPixel))
        return lineWidth(units, first, last) < short
    }

    /// Exactly `greedyEnds.count` lines over `units`, best by the type's rules; nil when
    /// no layout is found (only when widths are not monotonic, e.g. a hyphen wider than
    /// the text it replaces; the caller keeps greedy's lines).
    private func bestLines(units: [Unit], greedyEnds: [Int]) -> [LineBreak]? {
        let lineCount = greedyEnds.count
        let count = units.count
        // The least end of each line: reverse greedy packs the last lines as full as they go.
        var leastEnds = [Int](repeating: 0, count: lineCount)
        var start = count
        for line in stride(from: lineCount - 1, to: 0, by: -1) {
            guard start > 0 else {
                leastEnds[line - 1] = -1
                continue
            }
            let last = start - 1
            start = last
            while start > 0, lineWidth(units, start - 1, last) <= width { start -= 1 }
            leastEnds[line - 1] = start - 1
        }
        // Every line must hold at least one unit.
        for line in 0..<lineCount - 1 { leastEnds[line] = max(leastEnds[line], line) }
        for line in 0..<lineCount - 1 where leastEnds[line] > greedyEnds[line] { return nil }

        let available = Double(width) / Double(ShapedText.unitsPerPixel)
        let hyphenPenalty = 0.5 * breaker.shaped.font.size * available
        // Lines 0..<lineCount-1, each over its window leastEnds...greedyEnds, one flat
        // table: cost[window[line] + e - leastEnds[line]] is the least cost of lines
        // 0...line with line `line` ending at unit e; from[...] the end of the line before.
        var window = [Int](repeating: 0, count: lineCount)
        for line in 0..<lineCount - 1 { window[line + 1] = window[line] + greedyEnds[line] - leastEnds[line] + 1 }
        var cost = [Double](repeating: .infinity, count: window[lineCount - 1])
        var from = [Int32](repeating: -1, count: window[lineCount - 1])
        func slot(_ line: Int, _ end: Int) -> Int { window[line] + end - leastEnds[line] }
        for line in 0..<lineCount - 1 {
            let penalty = line == lineCount - 2 ? 4 * hyphenPenalty : hyphenPenalty
            for end in leastEnds[line]...greedyEnds[line] {
                // The line before ends at `previous`, in its own window (or before unit 0).
                let lowestPrevious = line == 0 ? -1 : leastEnds[line - 1]
                var previous = line == 0 ? -1 : min(greedyEnds[line - 1], end - 1)
                let here = slot(line, end)
                while previous >= lowestPrevious {
                    let lineWidth = self.lineWidth(units, previous + 1, end)
                    if lineWidth > width, previous + 1 < end { break }
                    let before = line == 0 ? 0 : cost[slot(line - 1, previous)]
                    if before < .infinity {
                        let slack = max(0, available - Double(lineWidth) / Double(ShapedText.unitsPerPixel))
                        let value = before + slack * slack + (units[end].hyphen ? penalty : 0)
                        if value < cost[here] {
                            cost[here] = value
                            from[here] = Int32(previous)
                        }
                    }
                    previous -= 1
                }
            }
        }

        // The last line runs from after the line before's end to the paragraph's end.
        let shortLine = available / 3
        var best: (lonely: Bool, cost: Double, previous: Int)?
        let lastLine = lineCount - 2
        for previous in stride(from: greedyEnds[lastLine], through: leastEnds[lastLine], by: -1) {
            let before = cost[slot(lastLine, previous)]
            guard before < .infinity else { continue }
            let lineWidth = self.lineWidth(units, previous + 1, count - 1)
            if lineWidth > width, previous + 1 < count - 1 { break }
            let shortfall = max(0, shortLine - Double(lineWidth) / Double(ShapedText.unitsPerPixel))
            let candidate = (lonely: isLonely(units, from: previous + 1), cost: before + shortfall * shortfall)
            if let current = best,
                current.lonely == candidate.lonely ? current.cost <= candidate.cost : !current.lonely
            {
                continue
            }
            best = (candidate.lonely, candidate.cost, previous)
        }
        guard let best else { return nil }

        // Walk back from the last line.
        var ends = [Int](repeating: 0, count: lineCount)
        ends[lineCount - 1] = count - 1
        ends[lineCount - 2] = best.previous
        for line in stride(from: lineCount - 2, to: 0, by: -1) {
            ends[line - 1] = Int(from[slot(line, ends[line])])
        }
        var lines: [LineBreak] = []
        lines.reserveCapacity(lineCount)
        var first = 0
        for (line, end) in ends.enumerated() {
            let unit = units[end]
            lines.append(
                LineBreak(
                    start: units[first].start, contentEnd: unit.contentEnd, end: unit.end,
                    hyphen: unit.hyphen && line < lineCount - 1, segment: unit.segment))
            first = end + 1
        }
        return lines
    }
}
