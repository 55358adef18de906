import CHarfBuzz
import Foundation
import Testing

@testable import HowdyText

/// A run whose cuts are all safe is assembled from the words the cache marked clean
/// (`WordShapeCache.assembleIfClean`) before its words are judged. That is sound only if
/// the mark means what judging would say: a word is marked clean only when
/// `SpaceBoundaries.cleanWords` finds its own text clean in the entry's context. Words the
/// cache holds without that verdict (outside every window, `RunShaper.shapeMissing`;
/// windows; CJK pieces) must stay unmarked.
@Suite(.serialized) struct CleanWordFlagTests {
    /// The analysis the cache built for the context an entry was stored in.
    static func boundaries(_ cache: WordShapeCache, context: SIMD8<Int32>) -> SpaceBoundaries? {
        cache.spaceBoundaries.read { table in
            table.pointee.values.joined().first { $0.context.packed == context }
        }
    }

    /// Every entry marked clean, after texts that store words every way (whole runs,
    /// words outside windows, windows, new words among known ones), is a word
    /// `cleanWords` finds clean as a piece of its own in its context; and the fast route
    /// is live (some words are marked).
    @Test("a word is marked clean only when cleanWords finds it clean", arguments: SpaceBoundariesTests.fonts)
    func markedMeansClean(_ item: (name: String, path: String?)) throws {
        if let path = item.path, !FileManager.default.fileExists(atPath: path) { return }
        let system = TextSystem()
        let font =
            try item.path.map { try Font(face: system.face(path: $0), size: 19, system: system) }
            ?? system.font(named: item.name, size: 19)
        let texts = ShapingWindowsTests.windowed + SpaceBoundariesTests.texts() + SpaceBoundariesTests.prose(limit: 30)
        for shift in 0..<3 {
            for text in texts.map({ FreshTextOfKnownWordsTests.reordered($0, shift: shift) }) {
                _ = try ShapedText(text, font: font, options: TextOptions(usesWordCache: true))
            }
        }
        var marked = 0
        for entry in system.wordCache.entries() where entry.clean {
            marked += 1
            let boundaries = try #require(Self.boundaries(system.wordCache, context: entry.context))
            #expect(boundaries.judgesWordsAlone)
            let clean = entry.text.withUnsafeBufferPointer { boundaries.cleanWords($0, [0..<entry.text.count]) }
            #expect(clean == [true], "\(item.name): '\(String(decoding: entry.text, as: UTF16.self))'")
        }
        #expect(marked > 0, "\(item.name): no word marked clean")
    }

    /// Inter's "x " is unclean (`calt` turns x into × between digits across spaces), yet a
    /// run with no digit near stores it, outside every window (`shapeMissing`): held, and
    /// not marked clean, so "3 x 4" of known words is no hit and draws ×.
    @Test("Inter's x stored outside a window is held unmarked, and 3 x 4 still draws the sign")
    func uncleanWordHeldUnmarked() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 19)
        let cached = TextOptions(usesWordCache: true)
        for text in [
            "Set the factor and reps here", "Set 3 the 4 reps", "the factor and reps here again and again",
            "Set the x factor and reps here again and again",
        ] {
            _ = try ShapedText(text, font: font, options: cached)
        }
        let x = system.wordCache.entries().filter { $0.text == Array("x ".utf16) }
        #expect(!x.isEmpty, "the word \"x \" was not stored, so nothing here is tested")
        #expect(x.allSatisfy { !$0.clean })
        let warm = try ShapedText("Set 3 x 4 reps", font: font, options: cached)
        let whole = try ShapedText("Set 3 x 4 reps", font: font, options: TextOptions(usesWordCache: false))
        #expect(ShapingWindowsTests.columns(warm) == ShapingWindowsTests.columns(whole))
    }

    /// A run that missed a word judges only the words the cache does not hold as clean
    /// (`WordShapeCache.survey`, `SpaceBoundaries.cleanWords(_:_:known:into:)`): the
    /// answers must be those of judging every word, and the survey's missing words those
    /// the lookup finds missing, over texts of words met before, reordered into runs never
    /// met whole.
    @Test("judging only the words not held as clean answers as judging them all")
    func knownCleanJudgedAlike() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 19)
        let texts = ShapingWindowsTests.windowed + SpaceBoundariesTests.texts() + SpaceBoundariesTests.prose(limit: 30)
        // Words are stored the second time they are met.
        for _ in 0..<2 {
            for text in texts { _ = try ShapedText(text, font: font, options: TextOptions(usesWordCache: true)) }
        }
        let context = ShapeContext(
            font: font.instance.serial, features: 0, script: HB_SCRIPT_LATIN.rawValue, rightToLeft: false, language: 0)
        let boundaries = SpaceBoundaries.shared(
            in: system.wordCache, font: font, context: context, script: HB_SCRIPT_LATIN, language: nil, features: [])
        #expect(boundaries.judgesWordsAlone)
        var knownClean = 0
        var judged = 0
        for text in texts.map({ FreshTextOfKnownWordsTests.reordered($0, shift: 1) }) {
            let units = Array(text.utf16)
            // Words end after their spaces, as `RunShaper.words` cuts them.
            var pieces: [Range<Int>] = []
            var start = 0
            for index in units.indices.dropFirst() where units[index - 1] == 0x20 && units[index] != 0x20 {
                pieces.append(start..<index)
                start = index
            }
            if start < units.count { pieces.append(start..<units.count) }
            units.withUnsafeBufferPointer { buffer in
                let hashes = pieces.map { WordShapeCache.hash(buffer, $0, context) }
                var known: [Bool] = []
                var missing: [Int] = []
                system.wordCache.survey(
                    buffer, pieces: pieces, hashes: hashes, context: context, clean: &known, missing: &missing)
                var answered: [Bool] = []
                boundaries.cleanWords(buffer, pieces, known: known, into: &answered)
                #expect(answered == boundaries.cleanWords(buffer, pieces), "\(text)")
                var lookedUp: [Int] = []
                system.wordCache.missing(buffer, pieces: pieces, hashes: hashes, context: context, into: &lookedUp)
                #expect(missing == lookedUp, "\(text)")
                knownClean += known.filter { $0 }.count
                judged += known.filter { !$0 }.count
            }
        }
        // Both kinds met, or nothing here is tested.
        #expect(knownClean > 100 && judged > 0, "\(knownClean) held as clean, \(judged) judged")
    }

    /// Where HarfBuzz reverses a run of a right-to-left script set left to right unless it
    /// is numeric, `cleanWords` reads the whole run, so a word's verdict is not its own:
    /// the fast route is off there and on for the scripts' own directions.
    @Test("words are judged alone except where the whole run decides the buffer's order")
    func judgedAlone() throws {
        let system = TextSystem()
        let arabic = try system.font(named: "NotoSansArabic-Regular", size: 19)
        let latin = try system.font(named: "Inter-Regular", size: 19)
        func analysis(_ font: Font, _ script: hb_script_t, rightToLeft: Bool) -> SpaceBoundaries {
            let context = ShapeContext(
                font: font.instance.serial, features: 0, script: script.rawValue, rightToLeft: rightToLeft,
                language: 0)
            return SpaceBoundaries.shared(
                in: system.wordCache, font: font, context: context, script: script, language: nil, features: [])
        }
        #expect(!analysis(arabic, HB_SCRIPT_ARABIC, rightToLeft: false).judgesWordsAlone)
        #expect(analysis(arabic, HB_SCRIPT_ARABIC, rightToLeft: true).judgesWordsAlone)
        #expect(analysis(latin, HB_SCRIPT_LATIN, rightToLeft: false).judgesWordsAlone)
    }
}
