import HowdyText
import HowdyTextJSON

/// `howdy-bench jsonl mixed`: the JSON-lines stream when requests mix fonts and sizes
/// (a tool balancing headings at several sizes, or in several fonts), against the same
/// kind of requests all in Inter-Bold 24 px, in one sitting.
///
/// Both streams get fresh Latin onboarding paragraphs every timed set (`JSONLRounds`), so
/// only the word cache and the per-font state help, as in a long-running stream. The
/// mixed stream cycles request by request through `fonts` × `sizes` (24 pairs). Sets
/// alternate single, mixed, single, …: CPU time of this thread per paragraph, medians of
/// 5. Also: a request at a size the process has not seen before, for a face it knows
/// (what every new (font, size) pair costs), and a stream cycling through 400 pairs
/// (more than the session keeps open: bounded caches must not thrash).
enum MixedFontsBenchmark {
    static let fonts = ["Inter-Bold", "Inter-Regular", "Inter-Medium", "Inter-SemiBold"]
    static let sizes: [Double] = [14, 16, 20, 24, 28, 32]

    /// `requests` as JSON lines, request i in `pairs[i % pairs.count]`.
    static func bytes(_ requests: [JSONLRequest], pairs: [(font: String, size: Double)]) -> [UInt8] {
        var input = JSONWriter()
        for (index, request) in requests.enumerated() {
            let pair = pairs[index % pairs.count]
            input.raw("{\"id\":\(index),\"text\":")
            input.string(request.text)
            input.raw(",\"font\":\"\(pair.font)\",\"size\":")
            input.number(pair.size)
            input.raw(",\"width\":")
            input.number(request.width)
            input.raw("}\n")
        }
        return Array(input.text.utf8)
    }

    static func pairs(sizes: [Double]) -> [(font: String, size: Double)] {
        sizes.flatMap { size in fonts.map { (font: $0, size: size) } }
    }

    static func run() throws -> [String: Any] {
        var rounds = JSONLRounds(Corpus.scripts[0])
        let mixedPairs = pairs(sizes: sizes)
        let single = [(font: "Inter-Bold", size: 24.0)]
        // Warm both: fonts, per-font state and the word cache, as a long-running stream has them.
        let warm = rounds.next().requests
        try TextBenchmark.runStream(bytes(warm, pairs: single), jobs: 1)
        try TextBenchmark.runStream(bytes(warm, pairs: mixedPairs), jobs: 1)
        var singleTimes: [Double] = []
        var mixedTimes: [Double] = []
        for _ in 0..<5 {
            for (pairs, index) in [(single, 0), (mixedPairs, 1)] {
                let input = bytes(rounds.next().requests, pairs: pairs)
                let begin = Measure.threadCPUTime()
                try TextBenchmark.runStream(input, jobs: 1)
                let time = (Measure.threadCPUTime() - begin) / Double(JSONLRounds.requestsPerRound)
                if index == 0 { singleTimes.append(time) } else { mixedTimes.append(time) }
            }
        }
        // A new size of a known face: one request each, sizes no earlier request named.
        var newSize: [Double] = []
        for step in 1...7 {
            let line = bytes(
                [(text: "Get reminders for every plan you make, at the right moment.", width: 300)],
                pairs: [(font: "Inter-Regular", size: 18 + Double(step) / 8)])
            let begin = Measure.threadCPUTime()
            try TextBenchmark.runStream(line, jobs: 1)
            newSize.append(Measure.threadCPUTime() - begin)
        }
        // 400 pairs cycling: warm one set, then time one.
        let manyPairs = pairs(sizes: (0..<100).map { 12 + Double($0) / 4 })
        try TextBenchmark.runStream(bytes(rounds.next().requests, pairs: manyPairs), jobs: 1)
        let manyInput = bytes(rounds.next().requests, pairs: manyPairs)
        let manyBegin = Measure.threadCPUTime()
        try TextBenchmark.runStream(manyInput, jobs: 1)
        let many = (Measure.threadCPUTime() - manyBegin) / Double(JSONLRounds.requestsPerRound)
        let singleMedian = Measure.median(singleTimes)
        let mixedMedian = Measure.median(mixedTimes)
        return [
            "mixedPairs": mixedPairs.count,
            "requestsPerSet": JSONLRounds.requestsPerRound,
            "singleCpuPerParagraphUs": Measure.rounded(singleMedian / 1000, 2),
            "mixedCpuPerParagraphUs": Measure.rounded(mixedMedian / 1000, 2),
            "mixedOverSingle": Measure.rounded(mixedMedian / singleMedian),
            "newSizeOfKnownFaceMs": Measure.rounded(Measure.median(newSize) / 1e6, 3),
            "pairs400CpuPerParagraphUs": Measure.rounded(many / 1000, 2),
            "pairs400OverSingle": Measure.rounded(many / singleMedian),
        ]
    }
}
