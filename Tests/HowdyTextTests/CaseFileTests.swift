import Foundation
import HowdyTestSupport
import HowdyText
import Testing

/// Data-driven layout cases in the manner of libraqm's test files: each case in
/// `Cases/*.case` names a text, font, size, width and mode and the expected dump of
/// lines and runs (font file, direction, UTF-16 range) in visual order.
///
/// A case may also state, under each line, which font every cluster used:
/// `  fonts: Inter-Regular[0..<3] NotoColorEmoji[3..<7] Inter-Regular[7..<13]`, the
/// line's UTF-16 ranges in logical order, each with the font file (without extension)
/// its clusters were shaped with, neighbours with the same font merged. A case with a
/// `fonts:` line is compared with them for every line; one without is compared without,
/// so older case files stay valid.
struct LayoutCase: CustomStringConvertible, Sendable {
    var file: String
    var name: String
    var fields: [String: String] = [:]
    var expected: [String] = []

    var description: String { "\(file): \(name)" }

    static func load() -> [LayoutCase] {
        let directory = Fixtures.casesDirectory
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var cases: [LayoutCase] = []
        for file in files.sorted() where file.hasSuffix(".case") {
            let text = (try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)) ?? ""
            var current: LayoutCase?
            for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let line = String(raw)
                if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                if line.hasPrefix("== ") {
                    if let current { cases.append(current) }
                    current = LayoutCase(file: file, name: String(line.dropFirst(3)))
                } else if line.hasPrefix("> ") || line == ">" {
                    current?.expected.append(String(line.dropFirst(2)))
                } else if let colon = line.firstIndex(of: ":") {
                    let key = String(line[..<colon])
                    let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                    current?.fields[key] = value
                }
            }
            if let current { cases.append(current) }
        }
        return cases
    }

    /// True when the case states the fonts of its clusters (`fonts:` lines).
    var statesFonts: Bool { expected.contains { $0.hasPrefix("  fonts:") } }

    /// The dump a case is compared with: per line, its text, then (with `fonts`) the font
    /// of its clusters, then its runs.
    static func dump(_ layout: TextLayout, fonts: Bool = false) -> [String] {
        var out: [String] = []
        for line in layout.lines {
            out.append("line \(line.isRightToLeft ? "rtl" : "ltr") \"\(line.text)\"")
            if fonts { out.append("  fonts:" + clusterFonts(line).map { " " + $0 }.joined()) }
            for run in line.runs {
                let face = (run.font.face.path as NSString).lastPathComponent
                out.append(
                    "  run \(run.isRightToLeft ? "rtl" : "ltr") \(run.range.lowerBound)..<\(run.range.upperBound) \(face)"
                        + " glyphs=\(run.glyphs.count)")
            }
        }
        return out
    }

    /// A line's UTF-16 ranges in logical order, each with the font file (without extension) of
    /// their clusters: every run is one font, so its range is the clusters shaped with it.
    /// Touching ranges of one font merge; an empty run (a soft hyphen's shown hyphen) that
    /// touches none stays, as `name[n..<n]`.
    static func clusterFonts(_ line: TextLine) -> [String] {
        var spans: [(name: String, range: Range<Int>)] = []
        let logical = line.runs.sorted {
            ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
        }
        for run in logical {
            let file = (run.font.face.path as NSString).lastPathComponent
            var name = (file as NSString).deletingPathExtension
            if run.font.face.index != 0 { name += "#\(run.font.face.index)" }
            if let last = spans.last, last.name == name, last.range.upperBound >= run.range.lowerBound {
                spans[spans.count - 1].range = last.range.lowerBound..<max(last.range.upperBound, run.range.upperBound)
            } else {
                spans.append((name, run.range))
            }
        }
        return spans.map { "\($0.name)[\($0.range.lowerBound)..<\($0.range.upperBound)]" }
    }
}

@Suite("Layout case files")
struct CaseFileTests {
    @Test("case files parse and there are some")
    func casesExist() {
        #expect(LayoutCase.load().count >= 6)
    }

    @Test("each case lays out as its file says", arguments: LayoutCase.load())
    func layoutCase(_ testCase: LayoutCase) throws {
        let layout = try testCase.layout()
        let dump = LayoutCase.dump(layout, fonts: testCase.statesFonts)
        if ProcessInfo.processInfo.environment["HOWDY_PRINT_CASES"] != nil {
            print("== \(testCase)\n" + LayoutCase.dump(layout, fonts: true).map { "> " + $0 }.joined(separator: "\n"))
        }
        #expect(dump == testCase.expected, "\(testCase)\n\(dump.map { "> " + $0 }.joined(separator: "\n"))")
    }

    /// The fallback cases (mixed scripts, emoji, CJK, Hangul, Arabic) state which font each
    /// cluster used, so a change in fallback shows as a changed font, not only as a glyph
    /// count; and a `fonts:` line is given for every line of a case or for none.
    @Test("fallback case files state the font of every cluster, on every line")
    func fallbackCasesStateFonts() {
        let cases = LayoutCase.load()
        for file in ["scripts.case", "fallback.case"] {
            let inFile = cases.filter { $0.file == file }
            #expect(!inFile.isEmpty, "\(file) has no cases")
            for testCase in inFile { #expect(testCase.statesFonts, "\(testCase) gives no fonts: lines") }
        }
        for testCase in cases where testCase.statesFonts {
            let lines = testCase.expected.filter { $0.hasPrefix("line ") }.count
            let fonts = testCase.expected.filter { $0.hasPrefix("  fonts:") }.count
            #expect(lines == fonts, "\(testCase): \(lines) lines, \(fonts) fonts: lines")
        }
    }

    /// The word cache must be invisible: every glyph, cluster and position of a layout
    /// built from cached words equals HarfBuzz shaping the runs whole. The first cached
    /// call may find the cache cold or warm (other tests share it); the second stores the
    /// words (a word is stored the second time it is asked for); the third is warm.
    @Test("cached, cold and warm layouts equal uncached ones, glyph for glyph", arguments: LayoutCase.load())
    func wordCacheIsInvisible(_ testCase: LayoutCase) throws {
        let uncached = LayoutCase.glyphDump(try testCase.layout(usesWordCache: false))
        let first = LayoutCase.glyphDump(try testCase.layout(usesWordCache: true))
        let second = LayoutCase.glyphDump(try testCase.layout(usesWordCache: true))
        let warm = LayoutCase.glyphDump(try testCase.layout(usesWordCache: true))
        #expect(first == uncached, "\(testCase)")
        #expect(second == uncached, "\(testCase)")
        #expect(warm == uncached, "\(testCase)")
    }
}

extension LayoutCase {
    /// The case's text laid out with its font, size, width, mode and options.
    func layout(usesWordCache: Bool = true) throws -> TextLayout {
        let shaped = try shaped(usesWordCache: usesWordCache)
        let width = Double(fields["width"] ?? "300")!
        // The JSON-lines "mode" keywords.
        let strategy: LineBreakStrategy =
            switch fields["mode"] ?? "greedy" {
            case "balance": .balanced(.narrowest)
            case "even": .balanced(.even)
            case "pretty": .pretty
            default: .greedy
            }
        return try shaped.layout(width: width, strategy: strategy)
    }

    /// The case's text shaped with its font, size and options.
    func shaped(usesWordCache: Bool = true) throws -> ShapedText {
        let font = try Font(named: fields["font"] ?? "Inter-Regular", size: Double(fields["size"] ?? "20")!)
        var options = TextOptions()
        options.locale = fields["locale"] ?? ""
        options.usesWordCache = usesWordCache
        // CSS keywords; a misspelt one fails the case rather than falling back.
        if let value = fields["lineBreak"] { options.lineBreak = try #require(LineBreakStyle(keyword: value)) }
        if let value = fields["wordBreak"] { options.wordBreak = try #require(WordBreakStyle(keyword: value)) }
        if let value = fields["overflowWrap"] { options.overflowWrap = try #require(OverflowWrapStyle(keyword: value)) }
        if let value = fields["hyphens"] { options.hyphens = try #require(HyphensStyle(keyword: value)) }
        return try ShapedText(try Self.unescaped(fields["text"] ?? ""), font: font, options: options)
    }

    /// A case's text with its escapes replaced (see `CaseFileEscapes`).
    static func unescaped(_ text: String) throws -> String { try CaseFileEscapes.unescaped(text) }

    /// Every glyph of a layout: line, run font, id, cluster, position and advance.
    static func glyphDump(_ layout: TextLayout) -> [String] {
        var out: [String] = []
        for line in layout.lines {
            out.append("line \(line.range) width=\(line.width)")
            for run in line.runs {
                out.append("  run \(run.font) \(run.range)")
                for glyph in run.glyphs {
                    out.append("    \(glyph.id) @\(glyph.cluster) x=\(glyph.x) y=\(glyph.y) +\(glyph.advance)")
                }
            }
        }
        return out
    }
}

@Suite("Word shaping cache")
struct WordShapeCacheTests {
    @Test("a text shaped a third time takes its words from the cache")
    func thirdShapingHits() throws {
        let font = try Font(named: "Inter-Bold", size: 28)
        let text = "Cache warmth check with several distinct words"
        // Twice: a word is stored the second time it is asked for (`AskedWords`).
        for _ in 0..<2 { _ = try ShapedText(text, font: font) }
        let before = WordShapeCache.shared.statistics.hits
        _ = try ShapedText(text, font: font)
        #expect(WordShapeCache.shared.statistics.hits >= before + 7)
    }

    /// Texts that tempt a word cache: kerning against spaces (quotes, "T y", "A V"),
    /// Inter's contextual alternates around spaces ("2 x 3", arrows, dashes), fractions,
    /// marks after spaces, several spaces, Hebrew words, mixed fonts and sizes.
    @Test("cached layouts equal uncached ones on tricky texts, glyph for glyph")
    func trickyTexts() throws {
        let texts = [
            "\"Quoted\" 'words' AV To Ty Yo Wa -> arrows <- and => more",
            "2 x 3 = 6 and 10 x 20 x 30, 4 \u{2044} 5 or 1/2 of 3 : 4",
            "A  double  space,\u{2003}em space, tab\tand e\u{301} marks \u{301}after a space",
            "Get reminders for every plan you make, then review them weekly",
            "plans - alerts -> steps - ways -> more - items",
            // The same words in other neighbourhoods: a hyphen beside a capital is an
            // alternate in Inter (calt across the space), so the "- " cached from
            // "x - x" must not be reused in "X - x".
            "X Y", "x - x", "X - x",
            "Plans - Alerts -> 2 steps - 3 ways -> Y - T - V | more - 1 item",
            "שלום עולם וברוכים הבאים לאפליקציה",
            "Mixed עברית and Latin — with “curly quotes” and ‘single’ ones…",
            "f i fi ff ffi fl: ligatures (if any) at every size; 0O 1l I|",
        ]
        for name in ["Inter-Regular", "Inter-Bold"] {
            for size in [11.0, 16, 28] {
                let font = try Font(named: name, size: size)
                for text in texts {
                    for width in [120.0, 260] {
                        func dump(_ cached: Bool) throws -> [String] {
                            var options = TextOptions()
                            options.usesWordCache = cached
                            return LayoutCase.glyphDump(
                                try ShapedText(text, font: font, options: options).balance(width: width))
                        }
                        let uncached = try dump(false)
                        #expect(try dump(true) == uncached, "\(name) \(size) \(text)")
                        #expect(try dump(true) == uncached, "\(name) \(size) \(text)")
                    }
                }
            }
        }
    }

    @Test("a cache of 0 bytes stores nothing, and the limit bounds its bytes")
    func bounded() {
        let empty = WordShapeCache(byteLimit: 0)
        #expect(empty.statistics.bytes == 0)
        #expect(WordShapeCache.shared.statistics.bytes <= WordShapeCache.shared.byteLimit)
    }
}
