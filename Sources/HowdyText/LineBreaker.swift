/// Where one line starts and ends, in UTF-16 offsets.
struct LineBreak: Sendable, Equatable {
    var start: Int
    /// End of the visible text (trailing spaces and the line break hang after it).
    var contentEnd: Int
    /// Where the next line starts.
    var end: Int
    /// The line ends at a soft hyphen and shows a hyphen.
    var hyphen: Bool
    /// Index of the segment the line ends in.
    var segment: Int
}

/// Greedy line breaking over a `ShapedText`'s cached advances: each line takes as many
/// segments as fit. All widths are 16.16 fixed point (`ShapedText.unitsPerPixel`).
struct LineBreaker {
    let shaped: ShapedText
    /// Grapheme boundaries for breaking inside a word wider than the line
    /// (`overflow-wrap: break-word`); nil means such a word overflows its line instead.
    let graphemes: [Int32]?
    /// True when a line's width through segment j grows with j from any start, no
    /// segment but the last is a hard break and none shows a hyphen: then the segments a
    /// greedy line takes end just before the first that does not fit, and a binary search
    /// finds it (a CJK text has a segment per character, dozens per line, probed by every
    /// step of `balance`'s bisection). Otherwise lines are walked segment by segment.
    let searchable: Bool

    init(shaped: ShapedText, graphemes: [Int32]?) {
        self.shaped = shaped
        self.graphemes = graphemes
        // Found when the text was shaped, by the walk over every segment that finds its
        // widest (a CJK text has one per character): no walk per layout here.
        searchable = shaped.segmentsAreSearchable
    }

    /// What `searchable` is for `shaped`, found by a walk of its own (the definition
    /// `ShapedText.segmentsAreSearchable` must agree with, for tests).
    static func isSearchable(_ shaped: ShapedText) -> Bool {
        let showsHyphens = shaped.hyphen != nil
        let segments = shaped.segments
        let prefix = shaped.advancePrefix
        var previous = Int.min
        for (index, segment) in segments.enumerated() {
            let ends = prefix[Int(segment.contentEnd)]
            if ends < previous || (segment.isHardBreak && index < segments.count - 1)
                || (segment.endsWithSoftHyphen && showsHyphens)
            {
                return false
            }
            previous = ends
        }
        return true
    }

    /// A breaker over `shaped` that walks lines segment by segment even when a binary
    /// search would do (`searchable` false): the general path, for tests to compare with.
    init(walking shaped: ShapedText, graphemes: [Int32]?) {
        self.shaped = shaped
        self.graphemes = graphemes
        searchable = false
    }

    /// Width of the line from `start` through segment `index`'s content, with the hyphen
    /// the line would show if it ended there.
    @inline(__always)
    func width(from start: Int, through index: Int) -> Int {
        let segment = shaped.segments[index]
        var width = shaped.advance(from: start, to: Int(segment.contentEnd))
        if segment.endsWithSoftHyphen, let hyphen = shaped.hyphen { width += hyphen.advance }
        return width
    }

    /// Calls `emit` for each greedy line at `width`; stops early when `emit` returns false.
    /// `balance` runs this once per bisection probe, so it reads the segments and
    /// prefix sums through buffer pointers.
    func forEachLine(width: Int, _ emit: (LineBreak) -> Bool) {
        let hasHyphen = shaped.hyphen != nil
        let hyphenAdvance = shaped.hyphen?.advance ?? 0
        shaped.segments.withUnsafeBufferPointer { segments in
            shaped.advancePrefix.withUnsafeBufferPointer { prefix in
                /// `width(from:through:)` on the buffers.
                @inline(__always) func lineWidth(from start: Int, through index: Int) -> Int {
                    let segment = segments[index]
                    let width = prefix[Int(segment.contentEnd)] - prefix[start]
                    return segment.endsWithSoftHyphen && hasHyphen ? width + hyphenAdvance : width
                }
                let count = segments.count
                var index = 0
                var start = 0
                while index < count {
                    let first = segments[index]
                    if let graphemes, lineWidth(from: start, through: index) > width, start < Int(first.contentEnd) {
                        // The word alone does not fit: break it between grapheme clusters.
                        let cut = emergencyCut(from: start, contentEnd: Int(first.contentEnd), width: width, graphemes)
                        if cut < Int(first.contentEnd) {
                            guard
                                emit(LineBreak(start: start, contentEnd: cut, end: cut, hyphen: false, segment: index))
                            else { return }
                            start = cut
                            continue
                        }
                    }
                    var last = index
                    if searchable {
                        last = Self.firstOverflowing(after: index, limit: prefix[start] + width, segments, prefix) - 1
                    } else {
                        while !segments[last].isHardBreak, last + 1 < count,
                            lineWidth(from: start, through: last + 1) <= width
                        {
                            last += 1
                        }
                    }
                    let segment = segments[last]
                    let line = LineBreak(
                        start: start, contentEnd: Int(segment.contentEnd), end: Int(segment.end),
                        hyphen: segment.endsWithSoftHyphen && hasHyphen, segment: last)
                    guard emit(line) else { return }
                    start = Int(segment.end)
                    index = last + 1
                }
            }
        }
    }

    /// For a `searchable` breaker: the first segment in (index, count) whose content ends
    /// past `limit` (a prefix sum, 16.16), or `count` when all fit. A line starting at
    /// segment `index` takes the segments before it (at least `index` itself). Widths grow
    /// with the segment, so a binary search finds it: `forEachLine` and `probe` share it.
    @inline(__always)
    private static func firstOverflowing(
        after index: Int, limit: Int, _ segments: UnsafeBufferPointer<ShapedText.Segment>,
        _ prefix: UnsafeBufferPointer<Int>
    ) -> Int {
        var low = index + 1
        var high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if prefix[Int(segments[mid].contentEnd)] <= limit { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// For a `searchable` breaker without grapheme breaks: the number of greedy lines at
    /// `width` (counting no further than `limit + 1`), the widest of those lines (its
    /// content, 16.16) and the narrowest width at which one of them would take one more
    /// segment (`Int.max` when none can). Greedy gives the same lines at any width from
    /// `widest` up to below `grows` (each line still fits, and the segment after it
    /// still does not), which lets `Balancer` jump past widths that cannot change the
    /// answer instead of probing each.
    func probe(width: Int, limit: Int) -> (lines: Int, widest: Int, grows: Int) {
        precondition(searchable && graphemes == nil, "probe needs widths that grow with each segment")
        return shaped.segments.withUnsafeBufferPointer { segments in
            shaped.advancePrefix.withUnsafeBufferPointer { prefix in
                let count = segments.count
                var lines = 0
                var widest = 0
                var grows = Int.max
                var index = 0
                var start = 0
                while index < count, lines <= limit {
                    let low = Self.firstOverflowing(after: index, limit: prefix[start] + width, segments, prefix)
                    let last = low - 1
                    lines += 1
                    widest = max(widest, prefix[Int(segments[last].contentEnd)] - prefix[start])
                    if low < count { grows = min(grows, prefix[Int(segments[low].contentEnd)] - prefix[start]) }
                    start = Int(segments[last].end)
                    index = low
                }
                return (lines, widest, grows)
            }
        }
    }

    /// The number of greedy lines at `width`, counting no further than `limit + 1`.
    func lineCount(width: Int, limit: Int = .max) -> Int {
        var lines = 0
        forEachLine(width: width) { _ in
            lines += 1
            return lines <= limit
        }
        return lines
    }

    func lines(width: Int) -> [LineBreak] {
        var lines: [LineBreak] = []
        // About the text's width over the line's, plus room for a last short line and a
        // hard break: one allocation, where growing from empty reallocated three or four
        // times per call (twice per balance).
        let total = shaped.advancePrefix.last ?? 0
        lines.reserveCapacity(min(shaped.segments.count, total / max(width, 1) + 3))
        forEachLine(width: width) { line in
            lines.append(line)
            return true
        }
        return lines
    }

    /// The furthest grapheme boundary in (start, contentEnd] that fits `width`, or the
    /// first boundary after `start` when not even one grapheme fits.
    private func emergencyCut(from start: Int, contentEnd: Int, width: Int, _ graphemes: [Int32]) -> Int {
        var low = 0
        var high = graphemes.count
        while low < high {  // first boundary > start
            let mid = (low + high) / 2
            if Int(graphemes[mid]) <= start { low = mid + 1 } else { high = mid }
        }
        var best = low < graphemes.count ? min(Int(graphemes[low]), contentEnd) : contentEnd
        var index = low
        while index < graphemes.count, Int(graphemes[index]) <= contentEnd {
            let boundary = Int(graphemes[index])
            if shaped.advance(from: start, to: boundary) > width { break }
            best = boundary
            index += 1
        }
        return best
    }
}
