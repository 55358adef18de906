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
        var fonts: [String: Font] = [:]
        let items = try items(path, fonts: &fonts)
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

    /// `howdy-bench corpus FILE --fresh TIMED`: FILE balanced once (untimed, to warm the
    /// caches as a long-running process's are), then every paragraph of TIMED once, each
    /// seen for the first time, as the Python benchmark's fresh sets are: thread CPU ns
    /// per paragraph, and the word cache's hits and misses over TIMED.
    static func fresh(warm path: String, timed: String) throws -> [String: Any] {
        var fonts: [String: Font] = [:]
        let warmItems = try items(path, fonts: &fonts)
        let timedItems = try items(timed, fonts: &fonts)
        for item in warmItems { try balance(item) }
        let before = WordShapeCache.shared.statistics
        let start = Measure.threadCPUTime()
        for item in timedItems { try balance(item) }
        let cpu = Measure.threadCPUTime() - start
        let after = WordShapeCache.shared.statistics
        return [
            "paragraphs": timedItems.count, "cpuNsPerParagraph": (cpu / Double(timedItems.count)).rounded(),
            "hits": after.hits - before.hits, "misses": after.misses - before.misses,
        ]
    }

    private static func balance(_ item: Item) throws {
        var shaped = try ShapedText(item.text, font: item.font)
        shaped.omitsGlyphs = true
        _ = try shaped.balance(width: item.width)
    }

    typealias Item = (font: Font, text: String, width: Double)

    /// The usable lines of a corpus file, fonts made once per name and size in `fonts`.
    private static func items(_ path: String, fonts: inout [String: Font]) throws -> [Item] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        var items: [Item] = []
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let size = Double(fields[1]), let width = Double(fields[2]) else { continue }
            let key = "\(fields[0])@\(size)"
            let font = try fonts[key] ?? Font(named: String(fields[0]), size: size)
            fonts[key] = font
            items.append((font, String(fields[3]), width))
        }
        guard !items.isEmpty else { throw Empty(path: path) }
        return items
    }
}
