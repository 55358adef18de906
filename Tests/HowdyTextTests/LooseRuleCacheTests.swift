import Foundation
import Testing

@testable import HowdyText

/// A context rule in a lookup that skips marks can match across a space with marks in
/// between ("x́ y": x, a mark, the space, y). The word cache anchors such rules through
/// `SpaceCrossings.looseFirst` and `looseBeforeLast`, which no bundled font exercises.
/// `Fonts/MarkSkipTest.ttf` (DejaVu Sans with two such rules, made by
/// `Fonts/make_test_fonts.py`) turns x into X before " y" and z into Z after a space,
/// marks skipped; its GDEF also calls the apostrophe and asterisk marks, which Unicode
/// does not, so only the loose sets can see "x' y" and " 'z" coming. Cached layouts must equal uncached ones glyph for glyph, and words the
/// rules cannot reach must still be cached.
@Suite struct LooseRuleCacheTests {
    static let fontPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fonts/MarkSkipTest.ttf").path

    @Test("rules that skip marks across a space: cached equals uncached, and the loose sets hold their glyphs")
    func looseRules() throws {
        let system = TextSystem()
        let font = try Font(face: system.face(path: Self.fontPath), size: 30, system: system)
        func glyphs(_ text: String, cached: Bool = false) throws -> [PositionedGlyph] {
            let shaped = try ShapedText(text, font: font, options: TextOptions(usesWordCache: cached))
            return try shaped.layout(width: 10_000).lines[0].runs.flatMap(\.glyphs)
        }
        // The font does what the test needs: the rules reach over marks and the space.
        let plainX = try #require(try glyphs("x").first?.id)
        let capitalX = try #require(try glyphs("X").first?.id)
        let capitalZ = try #require(try glyphs("Z").first?.id)
        #expect(try glyphs("x\u{301} y").first?.id == capitalX, "x becomes X before a space and y, over a mark")
        #expect(try glyphs("x\u{301}\u{300} y").first?.id == capitalX)
        #expect(try glyphs("x\u{301} w").first?.id == plainX)
        #expect(try glyphs("a z").last?.id == capitalZ, "z after a space becomes Z")
        // The apostrophe and asterisk are marks to GDEF only: skipped, yet no Unicode mark.
        #expect(try glyphs("x' y").first?.id == capitalX)
        #expect(try glyphs("a 'z").last?.id == capitalZ)
        #expect(try glyphs("a *z").last?.id == capitalZ)

        let crossings = try #require(SpaceBoundariesTests.analysis(font).crossings)
        #expect(!crossings.frozen.looseBeforeLast.isEmpty, "x before a space is anchored loosely")
        #expect(!crossings.frozen.looseFirst.isEmpty, "z after a space is anchored loosely")

        let words = [
            "x", "x\u{301}", "x\u{301}\u{300}", "y", "y\u{301}", "z", "z\u{300}", "xy", "yx", "zz", "hello", "world",
            "max\u{301}", "fizz", "lazy", "oxygen", "a\u{301}", "e\u{300}", "quiz", "box", "x'", "x*", "x'*", "'z",
            "*z", "'*z", "y'", "'y", "box'", "'zoo", "it's", "z*",
        ]
        var generator = SpaceBoundariesTests.FixedGenerator(seed: 23)
        var texts = [
            "x\u{301} y z", "max\u{301} yes zoo", "x y x\u{301} y z\u{300} z", "hello world hello world", "box' yes 'zoo",
            "x' y x* y 'z *z", "it's x' y",
        ]
        for _ in 0..<60 {
            texts.append((0..<9).map { _ in words.randomElement(using: &generator)! }.joined(separator: " "))
        }
        let warmHits = try Fixtures.expectCachedEqualsUncached(texts, font: font, widths: [150, 10_000])
        #expect(warmHits > 0, "words out of the rules' reach went through the cache")
    }
}
