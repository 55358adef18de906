import Foundation
import HowdyText
import HowdyTextJSON

/// `howdy-bench corpus FILE [ROUNDS]`: the Python benchmark's corpus (bindings/c/tests/bench.c's
/// "font\tsize\twidth\ttext" lines) balanced in process, without the C ABI: the median ns
/// per paragraph over ROUNDS passes after a warming pass, and the word cache's hits and
/// misses per pass once warm. For perf and for telling the C layer's cost from the layout's.
enum CorpusFileBenchmark {
    /// A corpus file with no usable line.
    struct Empty: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path): no font, size, width and text line (tab-separated)" }
    }

    static func run(path: String, rounds: Int) throws -> [String: Any] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        var fonts: [String: Font] = [:]
        var items: [(font: Font, text: String, width: Double)] = []
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let size = Double(fields[1]), let width = Double(fields[2]) else { continue }
            let key = "\(fields[0])@\(size)"
            let font = try fonts[key] ?? Font(named: String(fields[0]), size: size)
            fonts[key] = font
            items.append((font, String(fields[3]), width))
        }
        guard !items.isEmpty else { throw Empty(path: path) }
        func pass() throws {
            for item in items {
                var shaped = try ShapedText(item.text, font: item.font)
                shaped.omitsGlyphs = true
                _ = try shaped.balance(width: item.width)
            }
        }
        try pass()
        let before = WordShapeCache.shared.statistics
        try pass()
        let after = WordShapeCache.shared.statistics
        var missing: [String] = []
        for item in items where missing.count < 8 {
            let start = WordShapeCache.shared.statistics.misses
            var shaped = try ShapedText(item.text, font: item.font)
            shaped.omitsGlyphs = true
            _ = try shaped.balance(width: item.width)
            if WordShapeCache.shared.statistics.misses != start { missing.append(item.text) }
        }
        let time = try Measure.median(samples: rounds, budget: 0) { try pass() }
        return [
            "paragraphs": items.count, "nsPerParagraph": (time / Double(items.count)).rounded(),
            "warmHits": after.hits - before.hits, "warmMisses": after.misses - before.misses,
            "missingExamples": missing,
        ]
    }
}
