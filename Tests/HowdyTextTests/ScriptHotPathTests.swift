import CHarfBuzz
import Foundation
import Testing

@testable import HowdyText

/// The shortcuts on the hot path of Hebrew, Arabic, Thai, Devanagari and emoji text must
/// give exactly what the plain walks give: itemisation's per-text memo of each plain
/// character's font (no cmap lookup in the primary face after the first), and the
/// unsafe-to-break offsets collected while HarfBuzz's clusters are copied (one walk over
/// the glyph infos instead of two).
@Suite struct ScriptHotPathTests {
    /// Real strings nobody here wrote, where the machine has them: the translated MIME
    /// type comments of shared-mime-info (Hebrew, Arabic, Japanese, Hindi…) and polkit's
    /// translated action messages (Thai among them), grouped a few to a paragraph.
    static func realTexts(languages: [String]) -> [String] {
        var texts: [String] = []
        let files =
            ["/usr/share/mime/packages/freedesktop.org.xml"]
            + ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/share/polkit-1/actions")) ?? [])
            .map { "/usr/share/polkit-1/actions/" + $0 }
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
            for language in languages {
                let marker = "xml:lang=\"\(language)\">"
                let values = lines.compactMap { line -> String? in
                    guard let start = line.range(of: marker),
                        let end = line.range(of: "</", range: start.upperBound..<line.endIndex)
                    else { return nil }
                    return String(line[start.upperBound..<end.lowerBound])
                }
                // Paragraphs of five strings: varied words, punctuation and Latin names.
                for first in stride(from: 0, to: min(values.count, 300), by: 5) {
                    texts.append(values[first..<min(first + 5, values.count)].joined(separator: " "))
                }
            }
        }
        return texts
    }

    static var samples: [String] {
        EveryScriptCacheTests.texts.map(\.text) + MarkWordsCacheTests.hindi + MarkWordsCacheTests.hebrew
            + realTexts(languages: ["he", "ar", "th", "hi", "ja", "fa"])
    }

    @Test("itemisation remembering each character's font equals asking for every character")
    func rememberedFontsEqualAskedFonts() throws {
        let texts = Self.samples
        // The machine's real strings are there (else this would test only our own).
        #expect(texts.count > EveryScriptCacheTests.texts.count + 40)
        #expect(texts.contains { $0.unicodeScalars.contains { (0x05D0...0x05EA).contains($0.value) } })
        #expect(texts.contains { $0.unicodeScalars.contains { (0x0E01...0x0E2E).contains($0.value) } })
        var fallbackRuns = 0
        for name in ["Inter-Regular", "Inter-Bold", "NotoSansArabic-Bold"] {
            let font = try Font(named: name, size: 22)
            for text in texts {
                let remembered = try ItemizationFastPathTests.runs(text, font, remembers: true)
                #expect(
                    remembered == (try ItemizationFastPathTests.runs(text, font, remembers: false)), "\(name): \(text)")
                fallbackRuns += remembered.filter { !$0.face.hasPrefix(font.face.path) }.count
            }
        }
        #expect(fallbackRuns > 100)
    }

    @Test("unsafe-to-break offsets collected while copying equal a second walk over the infos")
    func fusedUnsafeWalkEqualsSecondWalk() throws {
        var unsafeSeen = 0
        for name in ["Inter-Regular", "NotoSansArabic-Bold"] {
            let primary = try Font(named: name, size: 22)
            for text in Self.samples {
                let units = Array(text.utf16)
                try units.withUnsafeBufferPointer { buffer in
                    let bidi = try BidiLevels(text: buffer, direction: .auto)
                    let items = try Itemization(
                        text: buffer, bidi: bidi, primary: primary,
                        fallback: FontFallback.bundled(matching: primary.face))
                    let buffers = (ShapingBuffer(), ShapingBuffer())
                    for item in items.runs {
                        for context in [true, false] {
                            var fused = ShapedRun(start: item.start, end: item.end, level: item.level, fontIndex: 0)
                            var plain = fused
                            var fusedUnsafe = OffsetSet(capacity: units.count + 1)
                            var plainUnsafe = OffsetSet(capacity: units.count + 1)
                            let font = items.fonts[item.fontIndex]
                            buffers.0.shape(
                                buffer, range: item.start..<item.end, context: context, level: item.level,
                                script: item.script, language: nil, font: font, features: [], appendingTo: &fused,
                                unsafe: &fusedUnsafe)
                            buffers.1.shape(
                                buffer, range: item.start..<item.end, context: context, level: item.level,
                                script: item.script, language: nil, font: font, features: [], appendingTo: &plain)
                            buffers.1.unsafeToBreakOffsets(base: 0, into: &plainUnsafe)
                            #expect(fused.glyphs == plain.glyphs && fused.clusters == plain.clusters, "\(text)")
                            #expect(fused.advances == plain.advances && fused.offsetsX == plain.offsetsX)
                            #expect(fused.offsetsY == plain.offsetsY)
                            #expect(fusedUnsafe.storage == plainUnsafe.storage, "\(name) \(context): \(text)")
                            unsafeSeen += (0...units.count).filter { plainUnsafe.contains($0) }.count
                        }
                    }
                }
            }
        }
        // Some run had offsets to collect (Arabic joins, Thai marks, Inter's kerning).
        #expect(unsafeSeen > 50)
    }

    @Test("words, their hashes and the fraction-slash test come from one walk as from three")
    func wordsAndHashesInOneWalk() throws {
        var texts = Self.samples
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt16] = [0x20, 0x20, 0x61, 0x5D0, 0x2044, 0x31, 0xE01, 0x20]
        for _ in 0..<200 {
            let units = (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement()! }
            texts.append(String(decoding: units, as: UTF16.self))
        }
        let context = ShapeContext(font: 7, features: 3, script: 0x4865_6272, rightToLeft: true, language: 11)
        for text in texts {
            let units = Array(text.utf16)
            units.withUnsafeBufferPointer { buffer in
                let shaper = RunShaper(text: buffer, cache: nil, language: nil, features: [], featureSet: 0)
                for range in [0..<units.count, (units.count / 3)..<units.count, 0..<(units.count / 2)] {
                    // The old way: split, then hash each word, then look for U+2044.
                    var expected: [Range<Int>] = []
                    var start = range.lowerBound
                    for index in (range.lowerBound + 1)..<max(range.lowerBound + 1, range.upperBound)
                    where buffer[index - 1] == 0x20 && buffer[index] != 0x20 {
                        expected.append(start..<index)
                        start = index
                    }
                    expected.append(start..<range.upperBound)
                    var pieces: [Range<Int>] = []
                    var hashes: [UInt64] = []
                    let slash = shaper.words(
                        range, seed: WordShapeCache.seed(context), into: &pieces, hashes: &hashes)
                    #expect(pieces == expected, "\(text) \(range)")
                    #expect(hashes == expected.map { WordShapeCache.hash(buffer, $0, context) }, "\(text)")
                    #expect(slash == buffer[range].contains(0x2044), "\(text) \(range)")
                }
            }
        }
    }
}
