import CHarfBuzz
import Testing

@testable import HowdyText

/// `RuleStarts` against the rules' own first positions, glyph by glyph, on sets shaped
/// the ways that matter for its sweep: overlapping rules, a range at the end of the
/// glyph space, a rule with an empty first position, and the 64-rule limit.
@Suite struct RuleStartsTests {
    static func brute(_ firsts: [GlyphRanges], _ glyph: hb_codepoint_t) -> UInt64 {
        var mask: UInt64 = 0
        for (index, first) in firsts.enumerated() where first.contains(glyph) { mask |= 1 << UInt64(index) }
        return mask
    }

    @Test("each glyph's mask names exactly the rules whose first position admits it")
    func masksMatchTheRules() throws {
        let firsts = [
            GlyphRanges(sorted: [3, 4, 5, 9, 10, 20]),
            GlyphRanges(sorted: [5, 6, 7, 8, 9, 30, 31]),
            GlyphRanges(sorted: []),
            GlyphRanges(sorted: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
            GlyphRanges(sorted: [11, 12, 40, hb_codepoint_t.max - 1, hb_codepoint_t.max]),
        ]
        let starts = try #require(RuleStarts(firsts: firsts))
        for glyph in Array(0...64) + [hb_codepoint_t.max - 2, hb_codepoint_t.max - 1, hb_codepoint_t.max] {
            #expect(starts.rules(startingWith: glyph) == Self.brute(firsts, glyph), "glyph \(glyph)")
        }
        #expect(starts.rules(startingWith: 5) == 0b1011)
        #expect(starts.rules(startingWith: 13) == 0)
    }

    @Test("at most 64 rules; none gives a mask of 0 everywhere")
    func limits() {
        let many = (0..<64).map { GlyphRanges(sorted: [hb_codepoint_t($0)]) }
        let starts = RuleStarts(firsts: many)
        #expect(starts?.rules(startingWith: 63) == 1 << 63)
        #expect(starts?.rules(startingWith: 64) == 0)
        #expect(RuleStarts(firsts: many + [GlyphRanges()]) == nil)
        #expect(RuleStarts(firsts: [])?.rules(startingWith: 7) == 0)
    }
}
