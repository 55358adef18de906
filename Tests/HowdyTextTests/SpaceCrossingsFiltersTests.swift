import CHarfBuzz
import Testing

@testable import HowdyText

/// `SpaceCrossings` answers two questions through sorted glyph ranges before the exact
/// structures (`mayStart` before trying each anchored rule, `joins(_:beside:)` for
/// `ligaturePartners`, `longestAnchoredRule` for how far a window edge is read). A filter that says no where the structure says yes
/// would let a word be cached, or a window edge trusted, that a rule can reach: checked
/// glyph by glyph against the structures, for every glyph of each face.
@Suite struct SpaceCrossingsFiltersTests {
    static func crossings(_ name: String, script: hb_script_t) throws -> (SpaceCrossings, Int) {
        let system = TextSystem()
        let font = try system.font(named: name, size: 17)
        let context = ShapeContext(
            font: font.instance.serial, features: system.featureSetID(of: TextOptions().features),
            script: script.rawValue, rightToLeft: false, language: 0)
        let boundaries = SpaceBoundaries.shared(
            in: system.wordCache, font: font, context: context, script: script, language: nil, features: [])
        let glyphs = Int(hb_face_get_glyph_count(hb_font_get_face(font.instance.handle)))
        return (try #require(boundaries.crossings), glyphs)
    }

    @Test(
        "the filters agree with the rules and the ligature table for every glyph",
        arguments: [
            ("Inter-Regular", HB_SCRIPT_LATIN), ("Inter-Bold", HB_SCRIPT_LATIN),
            ("NotoSansDevanagari-Regular", HB_SCRIPT_DEVANAGARI), ("NotoSansBengali-Regular", HB_SCRIPT_BENGALI),
        ])
    func filtersAgree(_ name: String, _ script: hb_script_t) throws {
        let (crossings, count) = try Self.crossings(name, script: script)
        #expect(count > 100)
        var starts = 0
        for value in 0..<count {
            let glyph = hb_codepoint_t(value)
            let exact = crossings.ligaturePartners[glyph] ?? []
            let others = exact.union([0, 1, glyph, glyph &+ 1, hb_codepoint_t(count - 1)])
            for other in others where crossings.joins(glyph, beside: other) != exact.contains(other) {
                Issue.record("\(name): glyph \(glyph) beside \(other)")
            }
            let after = crossings.afterSpace.contains { $0.positions.first?.contains(glyph) ?? true }
            let before = crossings.beforeSpace.contains { $0.positions.first?.contains(glyph) ?? true }
            #expect(crossings.mayStart(after: true, glyph) == after, "\(name) glyph \(glyph) after")
            #expect(crossings.mayStart(after: false, glyph) == before, "\(name) glyph \(glyph) before")
            // The rule index (`RuleStarts`) names exactly the rules whose first position admits it.
            for (side, rules) in [(true, crossings.afterSpace), (false, crossings.beforeSpace)] {
                guard let mask = crossings.rules(after: side, startingWith: glyph) else { continue }
                var expected: UInt64 = 0
                for (index, rule) in rules.enumerated() where rule.positions[0].contains(glyph) {
                    expected |= 1 << UInt64(index)
                }
                #expect(mask == expected, "\(name) glyph \(glyph) rules \(side ? "after" : "before")")
            }
            if after { starts += 1 }
        }
        let longest = (crossings.afterSpace + crossings.beforeSpace).map(\.positions.count).max() ?? 0
        #expect(crossings.longestAnchoredRule == longest)
        if name.hasPrefix("Inter") {
            #expect(!crossings.ligaturePartners.isEmpty)
            #expect(starts > 0)
            // Inter's rules are indexed (33 after a space, 41 before), so the test above ran.
            #expect(crossings.rules(after: true, startingWith: 0) != nil)
            #expect(crossings.rules(after: false, startingWith: 0) != nil)
        }
    }
}
