import Foundation
import Testing

@testable import HowdyText

/// A run's missing words are shaped together in one HarfBuzz call, laid end to end as a
/// text of their own (`MissingWordBatch`); what that text stores must be what each word
/// shapes alone, so every layout equals the uncached one.
@Suite struct MissingWordBatchTests {
    /// Paragraphs of known words with two to five new ones each (made-up words, never
    /// seen before), among digits, "x", brackets, quotes and punctuation that Inter's
    /// contextual rules read, and ending with or without a space.
    static func paragraphs(count: Int, seed: UInt64) -> [String] {
        let known = [
            "the", "License", "of", "3", "x", "4", "(a)", "b)", "c:", "<tag>", "a+b", "e@mail", "1990", "x-ray",
            "text,", "Texts.", "\"quoted\"", "'single'", "AV", "To", "--", "10", "20", "1/2", "7", "8,", "and", "you",
        ]
        var generator = SpaceBoundariesTests.FixedGenerator(seed: seed)
        var made = 0
        func newWord() -> String {
            made += 1
            let letters = Array("abcdefghijklmnopqrstuvwxyzTVWY")
            var word = String((0..<Int.random(in: 3...8, using: &generator)).map { _ in
                letters.randomElement(using: &generator)!
            })
            word += String(made, radix: 36)
            return ["", ",", ".", ")", ":", "'s"].randomElement(using: &generator)! + word
                + ["", ",", ".", ")", ":"].randomElement(using: &generator)!
        }
        var texts: [String] = []
        for _ in 0..<count {
            var words = (0..<Int.random(in: 4...16, using: &generator)).map { _ in
                known.randomElement(using: &generator)!
            }
            for _ in 0..<Int.random(in: 2...5, using: &generator) {
                words.insert(newWord(), at: Int.random(in: 0...words.count, using: &generator))
            }
            texts.append(words.joined(separator: " ") + (Bool.random(using: &generator) ? " " : ""))
        }
        return texts
    }

    @Test(
        "paragraphs with several new words equal their uncached layouts",
        arguments: ["Inter-Regular", "Inter-Bold", "Inter-SemiBold"])
    func newWordsAmongKnown(_ name: String) throws {
        let system = TextSystem()
        let font = try system.font(named: name, size: 17)
        let texts = Self.paragraphs(count: 80, seed: 10)
        // The known words cached first, so that each paragraph meets known and new ones
        // (twice: a word is stored the second time it is asked for, `AskedWords`).
        for _ in 0..<2 { _ = try ShapedText(Self.paragraphs(count: 1, seed: 11)[0], font: font) }
        try Fixtures.expectCachedEqualsUncached(texts, font: font, widths: [70, 180, 420], label: name)
    }

    /// The batch's words, once stored, serve any text made of them: a text of the new
    /// words of a paragraph, in another order, is then assembled with no miss.
    @Test("words a batch shaped are cached for other texts")
    func batchStoresItsWords() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 20)
        // Twice: a word is stored the second time it is asked for (`AskedWords`).
        for _ in 0..<2 { _ = try ShapedText("the calm of the week and the", font: font) }
        let text = "the Zephyrs calm of Quixotic the week Wombats and the"
        let hitsBefore = system.wordCache.statistics.hits
        let cached = try ShapedText(text, font: font).balance(width: 150)
        // The batch stored its three words though it met them first (the run that missed
        // them asked), and the run was then assembled: a hit for each of its ten words. A
        // batch that stored nothing left the run to be shaped whole (two hits).
        #expect(system.wordCache.statistics.hits - hitsBefore >= 10)
        let uncached = try ShapedText(text, font: font, options: TextOptions(usesWordCache: false)).balance(width: 150)
        #expect(LayoutCase.glyphDump(cached) == LayoutCase.glyphDump(uncached))
        let before = system.wordCache.statistics
        _ = try ShapedText("Wombats Zephyrs Quixotic the", font: font)
        let after = system.wordCache.statistics
        #expect(after.misses == before.misses)
        #expect(after.hits - before.hits == 4)
    }

    /// A font whose space kerns with a glyph GSUB makes ("T" before "h" becomes Ť): the
    /// batch puts words side by side that were not, so it is judged again as a text of
    /// its own, not split where the run was.
    @Test("a batch in a font whose space kerns with a made glyph equals the uncached layouts")
    func spaceKernFont() throws {
        let system = TextSystem()
        let font = try Font(face: system.face(path: SpaceKernSubstituteTests.fontPath), size: 40, system: system)
        _ = try ShapedText("a b c Thin", font: font)
        let texts = [
            "Thaw a b Thud c Thorn", "Thick a Thumb b c", "Thy a Tx b c Thee", "a Thaw b Txa c", "Tho a b c Th",
        ]
        try Fixtures.expectCachedEqualsUncached(texts, font: font, widths: [200, 10_000])
    }
}
