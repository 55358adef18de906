import Foundation
import HowdyCLI
import HowdyText

/// `howdy-bench text`: greedy layout vs `balance` vs a naive balance that re-shapes at
/// every bisection probe (what browsers and SwiftUI-era implementations do), per corpus
/// text, shaping included in every figure; plus the JSON-lines CLI path end to end.
enum TextBenchmark {
    struct ItemResult {
        var item: CorpusItem
        var greedy: Double
        var balance: Double
        var naive: Double
        var probes: Int
    }

    /// Naive balance: bisection to 1/64 px where each probe shapes the text again.
    static func naiveBalance(_ text: String, font: Font, width: Double) throws -> (TextLayout, Int) {
        let target = try ShapedText(text, font: font).lineCount(width: width)
        var probes = 1
        guard target > 1 else { return (try ShapedText(text, font: font).layout(width: width), probes) }
        var failing = 0
        var passing = Int(width * 64)
        while passing - failing > 1 {
            let mid = failing + (passing - failing) / 2
            probes += 1
            if try ShapedText(text, font: font).lineCount(width: Double(mid) / 64) <= target {
                passing = mid
            } else {
                failing = mid
            }
        }
        return (try ShapedText(text, font: font).layout(width: Double(passing) / 64), probes)
    }

    static func run() throws -> [String: Any] {
        var results: [ItemResult] = []
        for item in Corpus.items {
            let font = try Font(named: item.font, size: item.size)
            let greedy = try Measure.median { _ = try ShapedText(item.text, font: font).layout(width: item.width) }
            let balance = try Measure.median { _ = try ShapedText(item.text, font: font).balance(width: item.width) }
            let naive = try Measure.median(samples: 7) {
                _ = try naiveBalance(item.text, font: font, width: item.width)
            }
            // Same answer, or the comparison would be meaningless.
            let fast = try HowdyText.balance(text: item.text, font: font, width: item.width)
            let (slow, probes) = try naiveBalance(item.text, font: font, width: item.width)
            precondition(fast.width == slow.width && fast.lineCount == slow.lineCount, "naive and fast disagree")
            results.append(ItemResult(item: item, greedy: greedy, balance: balance, naive: naive, probes: probes))
        }

        func growth(_ script: String) -> Double {
            let small = results.first { $0.item.script == script && $0.item.words == 20 }!
            let large = results.first { $0.item.script == script && $0.item.words == 200 }!
            return large.balance / small.balance
        }
        let ratios = results.map { $0.balance / $0.greedy }
        let naiveRatios = results.map { $0.naive / $0.balance }
        let jsonl = try jsonlRun()

        var perItem: [[String: Any]] = []
        for result in results {
            perItem.append([
                "script": result.item.script, "words": result.item.words,
                "greedyNs": Int(result.greedy), "balanceNs": Int(result.balance), "naiveNs": Int(result.naive),
                "naiveProbes": result.probes,
                "balanceOverGreedy": Measure.rounded(result.balance / result.greedy),
            ])
        }
        return [
            "greedyMedianNs": Int(Measure.median(results.map(\.greedy))),
            "balanceMedianNs": Int(Measure.median(results.map(\.balance))),
            "naiveMedianNs": Int(Measure.median(results.map(\.naive))),
            "balanceOverGreedy": Measure.rounded(Measure.median(ratios)),
            "balanceOverGreedyMax": Measure.rounded(ratios.max() ?? 0),
            "naiveOverBalance": Measure.rounded(Measure.median(naiveRatios)),
            "naiveOverBalanceMin": Measure.rounded(naiveRatios.min() ?? 0),
            "growth20to200Words": Measure.rounded(max(growth("latin"), growth("arabic"), growth("cjk"))),
            "growth20to200WordsByScript": [
                "latin": Measure.rounded(growth("latin")), "arabic": Measure.rounded(growth("arabic")),
                "cjk": Measure.rounded(growth("cjk")),
            ],
            "jsonlRequests": jsonl.requests,
            "jsonlPerRequestNs": Int(jsonl.perRequest),
            "jsonlOverBalance": Measure.rounded(jsonl.perRequest / Measure.mean(results.map(\.balance))),
            "peakResidentMiB": Measure.rounded(Double(Measure.peakResidentBytes()) / 1_048_576, 1),
            "items": perItem,
        ]
    }

    /// The whole corpus as JSON-lines requests through `howdy balance --jsonl`, in
    /// process: per-request time including JSON parsing, font lookup and output.
    static func jsonlRun() throws -> (requests: Int, perRequest: Double) {
        var lines: [String] = []
        for (index, item) in Corpus.items.enumerated() {
            let request: [String: Any] = [
                "id": index, "text": item.text, "font": item.font, "size": item.size, "width": item.width,
            ]
            let data = try JSONSerialization.data(withJSONObject: request)
            lines.append(String(decoding: data, as: UTF8.self))
        }
        let repeats = 30
        let input = Array(repeating: lines.joined(separator: "\n"), count: repeats).joined(separator: "\n") + "\n"
        let path = NSTemporaryDirectory() + "howdy-bench-\(getpid()).jsonl"
        try input.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let requests = lines.count * repeats
        let time = Measure.median(samples: 5, budget: 0) {
            let io = CommandIO(
                standardInput: { FileHandle(forReadingAtPath: path)! }, write: { _ in }, writeError: { _ in })
            _ = Howdy.main(["balance", "--jsonl"], io: io)
        }
        return (requests, time / Double(requests))
    }
}

extension Measure {
    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }
}
