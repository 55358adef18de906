import Foundation
import Testing

@testable import HowdyText

/// A text never seen before, made of words seen before (every request of a real
/// JSON-lines stream): `SpaceBoundaries` writes its answers into arrays kept from run to
/// run, which may change no glyph, line or count of the cache. And the cache may hold
/// words that are not clean (a word outside every window of a run, `shapeMissing`),
/// so a run's words must be judged clean before it is assembled from the cache.
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

    /// "x " is unclean in Inter (between digits, across spaces, `calt` makes it ×), but a
    /// run where no digit is near stores it alone (`shapeMissing`, outside every window).
    /// A later run "Set 3 x 4 reps" whose words are all cached must still not be
    /// assembled from them: its glyphs and lines equal the uncached ones (a cache tried
    /// before judging the words clean drew x, not ×).
    @Test("a cached word that is not clean does not make a run with it a hit")
    func uncleanCachedWord() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 19)
        let cached = TextOptions(usesWordCache: true)
        for text in [
            "Set the factor and reps here", "Set 3 the 4 reps", "the factor and reps here again and again",
            "Set the x factor and reps here again and again",
        ] {
            _ = try ShapedText(text, font: font, options: cached)
        }
        for text in ["Set 3 x 4 reps", "Set 3 x 4 reps here", "the 3 x 4 factor"] {
            let warm = try ShapedText(text, font: font, options: cached)
            let whole = try ShapedText(text, font: font, options: TextOptions(usesWordCache: false))
            #expect(ShapingWindowsTests.columns(warm) == ShapingWindowsTests.columns(whole), "\(text)")
            for width in [40.0, 80.0, 400.0] {
                #expect(
                    LayoutCase.glyphDump(try warm.balance(width: width))
                        == LayoutCase.glyphDump(try whole.balance(width: width)), "\(width): \(text)")
            }
        }
    }

    /// A run with a new word counts its hits and misses once (the words before the new
    /// one as hits, it and the rest as misses), and a run of known words counts a hit per
    /// word.
    @Test("a fresh run counts its hits and misses once")
    func countsOnce() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 19)
        // Words end after their spaces: "gamma " and "delta" are the words stored here,
        // on the second sight (a word is stored the second time it is asked for).
        for _ in 0..<2 { _ = try ShapedText("alpha beta gamma delta", font: font) }
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
