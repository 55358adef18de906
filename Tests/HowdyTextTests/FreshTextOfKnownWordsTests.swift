import Foundation
import Testing

@testable import HowdyText

/// A text never seen before, made of words seen before (every request of a real
/// JSON-lines stream): `RunShaper` tries the cache as soon as every cut is safe, without
/// judging the words clean first (every cached word was judged clean when stored), and
/// `SpaceBoundaries` writes its answers into arrays kept from run to run. Neither may
/// change a glyph, a line or the cache's counts.
@Suite(.serialized) struct FreshTextOfKnownWordsTests {
    /// `text`'s words in another order: reversed, then rotated by `shift`.
    static func reordered(_ text: String, shift: Int) -> String {
        var words = text.split(separator: " ").map(String.init).reversed().map { $0 }
        guard !words.isEmpty else { return text }
        let cut = shift % words.count
        words = Array(words[cut...] + words[..<cut])
        return words.joined(separator: " ")
    }

    @Test("answers written into a used array equal answers in a new one")
    func reusedArrays() throws {
        let font = try Font(named: "Inter-Regular", size: 19)
        let boundaries = SpaceBoundariesTests.analysis(font)
        // Longer and shorter than each text's pieces, and holding the opposite answers.
        var cuts = [Bool](repeating: true, count: 300)
        var clean = [Bool](repeating: false, count: 1)
        let texts = ShapingWindowsTests.windowed + SpaceBoundariesTests.texts() + ["one", ""]
        for text in texts {
            let units = Array(text.utf16)
            let pieces = units.isEmpty ? [] : ShapingWindowsTests.words(units)
            units.withUnsafeBufferPointer { buffer in
                boundaries.canCut(buffer, before: pieces, into: &cuts)
                boundaries.cleanWords(buffer, pieces, into: &clean)
                #expect(cuts == boundaries.canCut(buffer, before: pieces), "\(text)")
                #expect(clean == boundaries.cleanWords(buffer, pieces), "\(text)")
                #expect(clean.count == pieces.count && cuts.count == max(0, pieces.count - 1), "\(text)")
            }
        }
    }

    /// Every text warms a private cache; then the same words in other orders (new texts,
    /// their words known, unclean ones among them in new places) are shaped through it
    /// and without it: glyph columns and lines are equal.
    @Test("new texts of known words equal the texts shaped without the cache", arguments: SpaceBoundariesTests.fonts)
    func reorderedEqualsUncached(_ item: (name: String, path: String?)) throws {
        if let path = item.path, !FileManager.default.fileExists(atPath: path) { return }
        let system = TextSystem()
        let font =
            try item.path.map { try Font(face: system.face(path: $0), size: 19, system: system) }
            ?? system.font(named: item.name, size: 19)
        let texts = ShapingWindowsTests.windowed + SpaceBoundariesTests.texts() + SpaceBoundariesTests.prose(limit: 30)
        for text in texts { _ = try ShapedText(text, font: font, options: TextOptions(usesWordCache: true)) }
        for shift in 0..<3 {
            for text in texts.map({ Self.reordered($0, shift: shift) }) {
                let cached = try ShapedText(text, font: font, options: TextOptions(usesWordCache: true))
                let whole = try ShapedText(text, font: font, options: TextOptions(usesWordCache: false))
                #expect(
                    ShapingWindowsTests.columns(cached) == ShapingWindowsTests.columns(whole), "\(item.name): \(text)")
                for width in [150.0, 400.0] {
                    #expect(
                        LayoutCase.glyphDump(try cached.balance(width: width))
                            == LayoutCase.glyphDump(try whole.balance(width: width)), "\(item.name) \(width): \(text)")
                }
            }
        }
    }

    /// The early try counts nothing on a miss: a run with a new word counts its hits and
    /// misses once, as before (the words before the new one as hits, it and the rest as
    /// misses), and a run of known words counts a hit per word.
    @Test("a fresh run counts its hits and misses once")
    func countsOnce() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 19)
        // Words end after their spaces: "gamma " and "delta" are the words stored here.
        _ = try ShapedText("alpha beta gamma delta", font: font)
        var before = system.wordCache.statistics
        _ = try ShapedText("gamma alpha beta delta", font: font)
        var after = system.wordCache.statistics
        #expect(after.hits - before.hits == 4 && after.misses == before.misses, "\(before) \(after)")
        before = after
        _ = try ShapedText("gamma zeta beta delta", font: font)
        after = system.wordCache.statistics
        #expect(after.hits - before.hits == 1 && after.misses - before.misses == 3, "\(before) \(after)")
    }
}
