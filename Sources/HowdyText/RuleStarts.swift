import CHarfBuzz

/// Which anchored rules of one side of a space (`SpaceCrossings.afterSpace` or
/// `beforeSpace`) may start with a glyph: the rules whose first position (the one next
/// to the anchor) admits it, as a bit mask (bit `i`: rule `i`).
///
/// A word tested against the rules (`SpaceCrossings.mayReach`, `ShapingWindows`' window
/// edges) then tries only the rules that can match at its first glyph, not every rule:
/// Inter anchors 33 rules after a space and 41 before, and trying each one (a binary
/// search of its first position per rule) was most of what a window plan cost.
///
/// Built once per font analysis by one sweep over the first positions' ranges: the
/// glyph space is cut where any range starts or ends, and every piece holds the mask of
/// the rules that admit all of it. At most 64 rules (`init` fails above, and the
/// caller tries every rule as before).
struct RuleStarts: Sendable {
    /// Ascending and distinct: glyph `g` lies in piece `i` when `starts[i] <= g` and
    /// `g < starts[i + 1]` (the last piece runs to the end of the glyph space).
    private let starts: [hb_codepoint_t]
    /// The rules whose first position admits every glyph of piece `i`.
    private let masks: [UInt64]

    /// The index of `firsts` (rule `i`'s first position at `i`); nil for more than 64.
    init?(firsts: [GlyphRanges]) {
        guard firsts.count <= 64 else { return nil }
        // A rule's bit flips where one of its ranges starts and just past where it ends:
        // its ranges are disjoint, so the flips alternate in and out (two at one point,
        // ranges that touch, cancel out). 64-bit points: a range may end at the last glyph.
        var flips: [(point: UInt64, bit: UInt64)] = []
        for (rule, first) in firsts.enumerated() {
            for range in first.ranges {
                flips.append((UInt64(range.first), 1 << UInt64(rule)))
                flips.append((UInt64(range.last) + 1, 1 << UInt64(rule)))
            }
        }
        flips.sort { $0.point < $1.point }
        var starts: [hb_codepoint_t] = []
        var masks: [UInt64] = []
        var mask: UInt64 = 0
        var index = 0
        while index < flips.count {
            let point = flips[index].point
            while index < flips.count, flips[index].point == point {
                mask ^= flips[index].bit
                index += 1
            }
            guard point <= UInt64(hb_codepoint_t.max) else { break }
            if let last = masks.last, last == mask { continue }  // the piece before goes on
            starts.append(hb_codepoint_t(point))
            masks.append(mask)
        }
        self.starts = starts
        self.masks = masks
    }

    /// The rules whose first position admits `glyph` (bit `i`: rule `i`); 0 for none.
    func rules(startingWith glyph: hb_codepoint_t) -> UInt64 {
        var low = 0
        var high = starts.count
        while low < high {  // the first piece starting after `glyph`
            let middle = (low + high) / 2
            if starts[middle] <= glyph { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? masks[low - 1] : 0
    }
}
