import CHarfBuzz
import Foundation
import Testing

@testable import HowdyText

/// A run holding a word that changes with its neighbour across a space (Inter's `calt`:
/// `2 x 3`, `a) Capital`, `it: B`) is shaped by HarfBuzz only in windows around such
/// words, the other words coming from the cache (`ShapingWindows`, `RunShaper`). The
/// windows are checked against what Inter's rules reach, and the glyphs (ids, clusters,
/// advances, offsets) and lines of windowed runs against the run shaped whole, in every bundled Inter weight and other fonts, over texts where a window
/// one word too small would give other glyphs.
@Suite(.serialized) struct ShapingWindowsTests {
    /// The words of `text` as `RunShaper` cuts a run (each ends after its spaces).
    static func words(_ text: [UInt16]) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        for index in 1..<text.count where text[index - 1] == 0x20 && text[index] != 0x20 {
            pieces.append(start..<index)
            start = index
        }
        pieces.append(start..<text.count)
        return pieces
    }

    /// The windows `RunShaper` shapes for `text` in `font` (Latin, left to right), as the
    /// texts of the words in each.
    static func windows(_ text: String, font: Font) -> [String]? {
        let units = Array(text.utf16)
        let boundaries = SpaceBoundariesTests.analysis(font)
        let pieces = words(units)
        return units.withUnsafeBufferPointer { buffer -> [String]? in
            let cuts = boundaries.canCut(buffer, before: pieces)
            let clean = boundaries.cleanWords(buffer, pieces)
            let found = ShapingWindows.windows(
                buffer, pieces: pieces, cuts: cuts, clean: clean, crossings: boundaries.crossings,
                font: font.instance.handle, nominal: boundaries.asciiGlyphs)
            return found?.map { window in
                let span = pieces[window.lowerBound].lowerBound..<pieces[window.upperBound - 1].upperBound
                return String(decoding: units[span], as: UTF16.self)
            }
        }
    }

    @Test("windows reach as far as Inter's rules across a space do, and no further")
    func interWindows() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        // `x` between digits across both spaces becomes ×: the rule reads the word before
        // and the word after, so the window holds all three.
        #expect(Self.windows("Multiply 2 x 3 today", font: font) == ["2 x 3 "])
        // `)` and `:` take their case forms before a space and a capital: the capital's
        // word comes into the window; so does the word before `a)`, which rules anchored at
        // the space before `a` read (one letter and a bracket after a space).
        #expect(Self.windows("Call a) Capital now", font: font) == ["Call a) Capital "])
        #expect(Self.windows("Note it: Begin here", font: font) == ["it: Begin "])
        // Two far apart: two windows, the words between from the cache.
        #expect(
            Self.windows("Add 2 x 3 then call a) Capital now", font: font) == ["2 x 3 ", "call a) Capital "])
        // `--` and `->` may ligate, so their words are unclean (characters and glyphs may
        // not line up); a window needs alignment only up to the first glyph no rule
        // admits. `program--to` starts and ends with letters no rule reads across a space:
        // a window of its own, cached as one entry. `->` starts with the ligature, so
        // no rule position past its first glyph is trusted there: its neighbours on both
        // sides come in.
        #expect(Self.windows("a program--to make", font: font) == ["program--to "])
        #expect(Self.windows("Go from here -> there", font: font) == ["here -> there"])
        // Every word clean: nothing to window (the run is assembled whole or shaped whole).
        #expect(Self.windows("Get reminders for every plan", font: font) == nil)
        // A window that would cover the run: the run is shaped whole (and its clean words stored).
        #expect(Self.windows("2 x 3", font: font) == nil)
    }

    /// The longest reach of Inter's anchored rules into the word after a space, and a
    /// word of exactly that many glyphs that does change: the window must take in the
    /// next word too, and shaping the unsafe word alone (a window too small) differs.
    @Test("a window too small would change glyphs: Inter's longest reach")
    func tooSmallDiffers() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        let crossings = try #require(SpaceBoundariesTests.analysis(font).crossings)
        let longest = crossings.afterSpace.map(\.positions.count).max() ?? 0
        #expect(longest >= 3, "a rule reads past the word after the space")
        let text = Array("Multiply 2 x 3 today".utf16)
        func shape(_ range: Range<Int>) -> [UInt32] {
            text.withUnsafeBufferPointer { buffer in
                ShapingBuffer().shape(
                    buffer, range: range, context: true, level: 0, script: HB_SCRIPT_LATIN, language: nil,
                    font: font, fontIndex: 0, features: []
                ).glyphs
            }
        }
        let whole = shape(0..<text.count)
        let window = shape(9..<15)  // "2 x 3 "
        let alone = shape(11..<13)  // "x ": what a window of the changed word alone would give
        #expect(Array(whole[9..<15]) == window)
        #expect(Array(whole[11..<13]) != alone, "x between digits is ×, which `x ` alone cannot know")
    }

    static func columns(_ shaped: ShapedText) -> [String] {
        let store = shaped.glyphStore
        var out = (0..<store.glyphs.count).map { index in
            "\(store.glyphs[index]) @\(store.clusters[index]) +\(store.advances[index]) "
                + "\(store.offsetsX[index]),\(store.offsetsY[index])"
        }
        // Unsafe-to-break offsets are left out: a cached word keeps those of the run it was
        // stored from (a superset at worst, which only makes a line edge shape again).
        out += shaped.runs.map { "run \($0.start)..<\($0.end) \($0.glyphs)" }
        return out
    }

    static let windowed = [
        "Multiply 2 x 3 today and 4 x 5 tomorrow, then call a) Capital now or b) Later.",
        "Note it: Begin here, see (A) Section and (C) Copyright, or write @Name and @name today.",
        "Go 2x 3 then 2 x3 and 12 x 4 and x x x and (1) One (2) Two: Three it: Four.",
    ]

    /// Through one private cache, cold, again (which stores the words: a word is stored the
    /// second time it is asked for) then warm: each text's glyphs equal the text shaped
    /// without the cache, and once warm, a text with changing words takes its other words
    /// from the cache (hits) without shaping it whole.
    @Test("windowed runs equal whole runs glyph for glyph", arguments: SpaceBoundariesTests.fonts)
    func windowedEqualsWhole(_ item: (name: String, path: String?)) throws {
        if let path = item.path, !FileManager.default.fileExists(atPath: path) { return }
        let system = TextSystem()
        let font =
            try item.path.map { try Font(face: system.face(path: $0), size: 19, system: system) }
            ?? system.font(named: item.name, size: 19)
        let texts = Self.windowed + SpaceBoundariesTests.texts() + SpaceBoundariesTests.prose(limit: 40)
        for pass in ["cold", "second", "warm"] {
            for text in texts {
                let cached = try ShapedText(text, font: font, options: TextOptions(usesWordCache: true))
                let whole = try ShapedText(text, font: font, options: TextOptions(usesWordCache: false))
                #expect(Self.columns(cached) == Self.columns(whole), "\(item.name) \(pass): \(text)")
                for width in [150.0, 400.0] {
                    #expect(
                        LayoutCase.glyphDump(try cached.balance(width: width))
                            == LayoutCase.glyphDump(try whole.balance(width: width)), "\(item.name) \(width): \(text)")
                }
            }
        }
        guard item.name.hasPrefix("Inter") else { return }
        for text in Self.windowed {
            let before = system.wordCache.statistics
            _ = try ShapedText(text, font: font)
            let after = system.wordCache.statistics
            #expect(after.misses == before.misses, "\(item.name): \(text)")
            #expect(after.hits - before.hits >= 4, "\(item.name): words outside windows from the cache: \(text)")
        }
    }
}
