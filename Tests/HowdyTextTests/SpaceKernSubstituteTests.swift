import CHarfBuzz
import Foundation
import Testing

@testable import HowdyText

/// The word cache cuts a run between a space and the next word only when no pair
/// positioning can join them (`SpaceBoundaries.canCut`). That probe shapes "space, next
/// character" alone, so it sees the character's own glyph; in a word, GSUB may give the
/// character another glyph that the space kerns with. `Fonts/SpaceKernTest.ttf` (DejaVu
/// Sans with two rules, made by `Fonts/make_test_fonts.py`) does exactly that: "T"
/// before "h" becomes Ť, and "space, Ť" kerns by -600 units. Cached layouts must still
/// equal uncached ones glyph for glyph.
@Suite struct SpaceKernSubstituteTests {
    static let fontPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fonts/SpaceKernTest.ttf").path

    @Test("a space kerned with a glyph GSUB makes from context is never cut from it")
    func substitutedPairPartner() throws {
        let system = TextSystem()
        let font = try Font(face: system.face(path: Self.fontPath), size: 40, system: system)
        let texts = [
            "The Thin Tree Than That", "a Th b Th c Tx Th", "To Th Ta Th Te Th", "Th Th Th Th Th Th",
            "lots of words then The Thing at the end", "Thy Tho Thu Tha The Thi",
        ]
        // The font does what the test needs: the space (cluster 1) kerns in "a Th", where
        // "Th" makes Ť, and not in "a Tx", where T stays T.
        func spaceAdvance(_ text: String) throws -> Double? {
            let shaped = try ShapedText(text, font: font, options: TextOptions(usesWordCache: false))
            return try shaped.layout(width: 10_000).lines[0].runs.flatMap(\.glyphs).first { $0.cluster == 1 }?.advance
        }
        let kerned = try #require(try spaceAdvance("a Th"))
        let plain = try #require(try spaceAdvance("a Tx"))
        #expect(kerned < plain - 10, "space advance \(kerned) vs \(plain)")
        try Fixtures.expectCachedEqualsUncached(texts, font: font, widths: [200, 10_000])
    }

    /// `LayoutRules.pairPartners` read against HarfBuzz on real fonts: every letter pair
    /// HarfBuzz kerns (shaped together, the first glyph's advance or the second's offset
    /// differs from shaping each alone) is found by the reader, in both directions.
    @Test("the pair reader finds every pair HarfBuzz kerns", arguments: ["Inter-Regular", "Inter-Bold"])
    func pairReaderAgreesWithHarfBuzz(_ name: String) throws {
        let font = try Font(named: name, size: 20)
        let rules = LayoutRules(face: font.face.hbFace, table: hb_tag_t(0x4750_4F53))
        let pairLookups = (0..<rules.count).filter { rules.type(of: $0) == 2 }
        #expect(!pairLookups.isEmpty)
        let letters = Array("AVTWYLPFavtwyoe.,") .map(String.init)
        func glyphs(_ text: String) throws -> [PositionedGlyph] {
            let shaped = try ShapedText(text, font: font, options: TextOptions(usesWordCache: false))
            return try shaped.layout(width: 10_000).lines[0].runs.flatMap(\.glyphs)
        }
        var kerned = 0
        for first in letters {
            for second in letters {
                let together = try glyphs(first + second)
                let apart = try glyphs(first) + glyphs(second)
                guard together.count == 2, apart.count == 2, together.map(\.id) == apart.map(\.id) else { continue }
                guard together[0].advance != apart[0].advance || together[1].x - together[0].advance != 0 else {
                    continue
                }
                kerned += 1
                let (a, b) = (Int(together[0].id), Int(together[1].id))
                let forward = pairLookups.contains { lookup in
                    (rules.pairPartners(of: lookup, a, glyphFirst: true) ?? []).map { $0.contains(b) } ?? true
                }
                let backward = pairLookups.contains { lookup in
                    (rules.pairPartners(of: lookup, b, glyphFirst: false) ?? []).map { $0.contains(a) } ?? true
                }
                #expect(forward && backward, "\(name): \(first)\(second) kerns, the reader misses it")
            }
        }
        #expect(kerned > 20, "\(name): only \(kerned) kerned pairs among the letters")
    }
}

