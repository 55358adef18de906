import Foundation
import HowdyTestSupport
import HowdyText
import HowdyTextJSON

/// `howdy-bench text`: greedy layout vs `balance` vs a naive balance that re-shapes at
/// every bisection probe (what browsers and SwiftUI-era implementations do), per corpus
/// text, shaping included in every figure; one `hb_shape` of each text as the reference
/// (`shapeNs`, in the font that draws most of the text: the fallback face for a script
/// the primary font lacks); the word cache cold and warm; the JSON-lines path in
/// process, on 1 and 2 threads, per script; and `howdy balance` as a process (one-shot
/// time and memory).
///
/// The headline `balanceOverShape` is the worst script: for each script the median over
/// its sizes (5–200 words) of balance ÷ shape, cold (word cache emptied first) and warm;
/// `cold` and `warm` are the largest of those medians, `byScript` lists them all. Warm
/// and cold figures are measured in separate turns, each against the reference measured
/// in its own turns (`shapeNs`, `shapeColdTurnsNs`): a cold turn empties the cache.
enum TextBenchmark {
    struct ItemResult {
        var item: CorpusItem
        var referenceFont: String
        var shape: Double
        var greedy: Double
        var balance: Double
        var balanceCold: Double
        /// The reference measured in the cold turns (cold figures are divided by it).
        var shapeCold: Double
        /// Cold, but the emptied cache keeps its allocations (`removeAllKeepingCapacity`).
        var balanceColdKept: Double
        var balanceUncached: Double
        var naive: Double
        var probes: Int
        /// HarfBuzz's and ICU's own share (`RealComponentsFloor`), each divided by the
        /// reference measured in the same turns.
        var harfBuzzRunsOverShape: Double
        var icuLineBreaksOverShape: Double
    }

    static let uncached = TextOptions(usesWordCache: false)

    /// Naive balance: bisection to 1/64 px where each probe shapes the text again.
    static func naiveBalance(_ text: String, font: Font, width: Double) throws -> (TextLayout, Int) {
        let target = try ShapedText(text, font: font, options: uncached).lineCount(width: width)
        var probes = 1
        guard target > 1 else {
            return (try ShapedText(text, font: font, options: uncached).layout(width: width), probes)
        }
        var failing = 0
        var passing = Int(width * 64)
        while passing - failing > 1 {
            let mid = failing + (passing - failing) / 2
            probes += 1
            if try ShapedText(text, font: font, options: uncached).lineCount(width: Double(mid) / 64) <= target {
                passing = mid
            } else {
                failing = mid
            }
        }
        return (try ShapedText(text, font: font, options: uncached).layout(width: Double(passing) / 64), probes)
    }

    /// `only`: the scripts to measure (all when empty); naming any measures just their
    /// balance ÷ shape figures, without the JSON-lines, process and pretty figures, so
    /// that one script can be followed while it is worked on.
    static func run(only: [String] = []) throws -> [String: Any] {
        var results: [ItemResult] = []
        let cache = WordShapeCache.shared
        for item in Corpus.items where only.isEmpty || only.contains(item.script) {
            let font = try Font(named: item.font, size: item.size)
            let drawing = try ReferenceShaper.drawingFont(for: item.text, primary: font)
            let reference = ReferenceShaper(text: item.text, font: drawing)
            // Measured in turns, so that a burst of load from other processes on the
            // shared machine inflates the reference and the figures divided by it alike.
            // Warm and cold in turns of their own, each with its own reference: a cold
            // turn empties the cache, and the warm ones after it in the same round would
            // meet the text for the second or third time, not warm (a word is stored the
            // second time it is asked for, a run whole after its third assembly).
            let warmTimes = try Measure.interleavedMedians([
                { reference.shape() },
                { _ = try ShapedText(item.text, font: font).layout(width: item.width) },
                { _ = try ShapedText(item.text, font: font).balance(width: item.width) },
                { _ = try ShapedText(item.text, font: font, options: uncached).balance(width: item.width) },
            ])
            // The cache is emptied before each cold sample, untimed: emptying it is how the
            // benchmark makes a first sight, not part of one (it was about 3 % of a
            // 40-word Hebrew cold figure in callgrind, mostly `AskedWords` zeroing 8 KB).
            let coldTimes = try Measure.interleavedMedians([
                Measure.Step(body: { reference.shape() }),
                Measure.Step(
                    prepare: { cache.removeAll() },
                    body: { _ = try ShapedText(item.text, font: font).balance(width: item.width) }),
                Measure.Step(
                    prepare: { cache.removeAllKeepingCapacity() },
                    body: { _ = try ShapedText(item.text, font: font).balance(width: item.width) }),
            ])
            let (shape, greedy, balance, uncachedTime) = (warmTimes[0], warmTimes[1], warmTimes[2], warmTimes[3])
            let (shapeCold, cold, coldKept) = (coldTimes[0], coldTimes[1], coldTimes[2])
            // What HarfBuzz and ICU take of a layout of this text, in turns of their own
            // with their own reference (not in the cold turns, whose conditions stay as
            // they were): how much of the budget is spent before any work of ours.
            let floor = try RealComponentsFloor(text: item.text, primary: font)
            let floorTimes = try Measure.interleavedMedians([
                { reference.shape() }, { floor.shapeRuns() }, { floor.breakLines() },
            ])
            let naive = try Measure.median(samples: 7) {
                _ = try naiveBalance(item.text, font: font, width: item.width)
            }
            // Same answer, or the comparison would be meaningless.
            let fast = try HowdyText.balance(text: item.text, font: font, width: item.width)
            let (slow, probes) = try naiveBalance(item.text, font: font, width: item.width)
            precondition(fast.width == slow.width && fast.lineCount == slow.lineCount, "naive and fast disagree")
            results.append(
                ItemResult(
                    item: item, referenceFont: "\(drawing.face.familyName) \(drawing.face.styleName)", shape: shape,
                    greedy: greedy, balance: balance, balanceCold: cold, shapeCold: shapeCold,
                    balanceColdKept: coldKept, balanceUncached: uncachedTime, naive: naive, probes: probes,
                    harfBuzzRunsOverShape: floorTimes[1] / floorTimes[0],
                    icuLineBreaksOverShape: floorTimes[2] / floorTimes[0]))
        }

        var byScript: [String: Any] = [:]
        var worstCold = (script: "", ratio: 0.0)
        var worstWarm = (script: "", ratio: 0.0)
        for script in Corpus.scripts.map(\.script) where only.isEmpty || only.contains(script) {
            let mine = results.filter { $0.item.script == script }
            let cold = Measure.median(mine.map { $0.balanceCold / $0.shapeCold })
            let warm = Measure.median(mine.map { $0.balance / $0.shape })
            let coldKept = Measure.median(mine.map { $0.balanceColdKept / $0.shapeCold })
            byScript[script] = [
                "cold": Measure.rounded(cold), "warm": Measure.rounded(warm),
                // First sight in a cache that keeps its allocations: how much of `cold` is
                // the emptied cache allocating again.
                "coldKeptAllocations": Measure.rounded(coldKept),
                "coldMax": Measure.rounded(mine.map { $0.balanceCold / $0.shapeCold }.max() ?? 0),
                "warmMax": Measure.rounded(mine.map { $0.balance / $0.shape }.max() ?? 0),
                // The same medians of HarfBuzz's runs alone and of ICU's line-break pass
                // alone (`RealComponentsFloor`): what of `cold` is theirs, not ours. Thai's
                // text has no spaces, so ICU's dictionary walks all of it.
                "harfBuzzRuns": Measure.rounded(Measure.median(mine.map(\.harfBuzzRunsOverShape))),
                "icuLineBreaks": Measure.rounded(Measure.median(mine.map(\.icuLineBreaksOverShape))),
            ]
            if cold > worstCold.ratio { worstCold = (script, cold) }
            if warm > worstWarm.ratio { worstWarm = (script, warm) }
        }
        if !only.isEmpty {
            return [
                "balanceOverShape": [
                    "cold": Measure.rounded(worstCold.ratio), "worstCold": worstCold.script,
                    "warm": Measure.rounded(worstWarm.ratio), "worstWarm": worstWarm.script, "byScript": byScript,
                ],
                "items": results.map { result -> [String: Any] in
                    [
                        "script": result.item.script, "words": result.item.words, "shapeNs": Int(result.shape),
                        "balanceNs": Int(result.balance), "balanceColdNs": Int(result.balanceCold),
                        "balanceColdKeptNs": Int(result.balanceColdKept),
                        "balanceOverShapeWarm": Measure.rounded(result.balance / result.shape),
                        "balanceOverShapeCold": Measure.rounded(result.balanceCold / result.shapeCold),
                        "harfBuzzRunsOverShape": Measure.rounded(result.harfBuzzRunsOverShape),
                        "icuLineBreaksOverShape": Measure.rounded(result.icuLineBreaksOverShape),
                    ]
                },
            ]
        }
        func growth(_ script: String) -> Double {
            let small = results.first { $0.item.script == script && $0.item.words == 20 }!
            let large = results.first { $0.item.script == script && $0.item.words == 200 }!
            return large.balance / small.balance
        }
        let ratios = results.map { $0.balance / $0.greedy }
        let naiveRatios = results.map { $0.naive / $0.balance }
        let latin20 = results.first { $0.item.script == "latin" && $0.item.words == 20 }!
        let jsonl = try jsonlRun()
        let perScript = try jsonlByScript()
        let process = ProcessFigures.measure()

        var perItem: [[String: Any]] = []
        for result in results {
            perItem.append([
                "script": result.item.script, "words": result.item.words, "shapeNs": Int(result.shape),
                "referenceFont": result.referenceFont,
                "greedyNs": Int(result.greedy), "balanceNs": Int(result.balance),
                "balanceColdNs": Int(result.balanceCold), "shapeColdTurnsNs": Int(result.shapeCold),
                "balanceUncachedNs": Int(result.balanceUncached),
                "naiveNs": Int(result.naive), "naiveProbes": result.probes,
                "balanceOverGreedy": Measure.rounded(result.balance / result.greedy),
                "balanceOverShapeWarm": Measure.rounded(result.balance / result.shape),
                "balanceOverShapeCold": Measure.rounded(result.balanceCold / result.shapeCold),
                "harfBuzzRunsOverShape": Measure.rounded(result.harfBuzzRunsOverShape),
                "icuLineBreaksOverShape": Measure.rounded(result.icuLineBreaksOverShape),
            ])
        }
        var figures = jsonlFigures(jsonl, byScript: perScript)
        figures.merge([
            "greedyMedianNs": Int(Measure.median(results.map(\.greedy))),
            "balanceMedianNs": Int(Measure.median(results.map(\.balance))),
            "naiveMedianNs": Int(Measure.median(results.map(\.naive))),
            "shapeNs": Int(latin20.shape),
            "balanceOverShape": [
                "cold": Measure.rounded(worstCold.ratio), "worstCold": worstCold.script,
                "warm": Measure.rounded(worstWarm.ratio), "worstWarm": worstWarm.script,
                "byScript": byScript,
                "coldMedianAllItems": Measure.rounded(Measure.median(results.map { $0.balanceCold / $0.shapeCold })),
                "warmMedianAllItems": Measure.rounded(Measure.median(results.map { $0.balance / $0.shape })),
                "text": "per script: median over 5-200 words of balance / hb_shape; the worst script",
            ],
            "balanceOverShapeLatin20": [
                "cold": Measure.rounded(latin20.balanceCold / latin20.shapeCold),
                "warm": Measure.rounded(latin20.balance / latin20.shape),
                "uncached": Measure.rounded(latin20.balanceUncached / latin20.shape),
                "text": "latin, 20 words, Inter-Bold 28 px",
            ],
            "balanceOverGreedy": Measure.rounded(Measure.median(ratios)),
            "balanceOverGreedyMax": Measure.rounded(ratios.max() ?? 0),
            "naiveOverBalance": Measure.rounded(Measure.median(naiveRatios)),
            "naiveOverBalanceMin": Measure.rounded(naiveRatios.min() ?? 0),
            "growth20to200Words": Measure.rounded(max(growth("latin"), growth("arabic"), growth("cjk"))),
            "growth20to200WordsByScript": [
                "latin": Measure.rounded(growth("latin")), "arabic": Measure.rounded(growth("arabic")),
                "cjk": Measure.rounded(growth("cjk")),
            ],
            "peakResidentMiB": Measure.rounded(Double(Measure.peakResidentBytes()) / 1_048_576, 1),
            "items": perItem,
        ]) { _, new in new }
        for (key, value) in process { figures[key] = value }
        for (key, value) in try PrettyBenchmark.run() { figures[key] = value }
        return figures
    }

    /// The JSON-lines figures alone (`howdy-bench jsonl all`), each script's from an
    /// emptied word cache and a warming set.
    static func jsonlFigures() throws -> [String: Any] {
        jsonlFigures(try jsonlRun(), byScript: try jsonlByScript())
    }

    /// Median wall µs per paragraph through a one-job stream, per JSON-lines script.
    static func jsonlByScript() throws -> [String: Any] {
        var figures: [String: Any] = [:]
        for script in Corpus.jsonlScripts {
            WordShapeCache.shared.removeAll()
            figures[script.script] = Measure.rounded(try jsonlStreamRun(script) / 1000, 2)
        }
        return figures
    }

    static func jsonlFigures(
        _ jsonl: (
            requests: Int, perRequest: Double, directPerRequest: Double, directLinesPerRequest: Double,
            cpuPerRequest: Double, perRequestTwoJobs: Double, cache: WordShapeCache.Statistics
        ),
        byScript: [String: Any]
    ) -> [String: Any] {
        [
            "jsonlRequests": jsonl.requests,
            "jsonlRequestsVary": "every timed run a new set: no text repeats (JSONLRounds)",
            "jsonlPerParagraphUs": Measure.rounded(jsonl.perRequest / 1000, 2),
            "jsonlPerParagraphUsByScript": byScript,
            "jsonlOverBalance": Measure.rounded(jsonl.perRequest / jsonl.directPerRequest),
            "jsonlOverBalanceLinesOnly": Measure.rounded(jsonl.perRequest / jsonl.directLinesPerRequest),
            "jsonlCpuPerParagraphUs": Measure.rounded(jsonl.cpuPerRequest / 1000, 2),
            "jsonlJobs2Speedup": Measure.rounded(jsonl.perRequest / jsonl.perRequestTwoJobs),
            "wordCache": [
                "hitRate": Measure.rounded(jsonl.cache.hitRate), "hits": jsonl.cache.hits,
                "misses": jsonl.cache.misses, "entries": jsonl.cache.entries, "bytes": jsonl.cache.bytes,
                "byteLimit": WordShapeCache.shared.byteLimit,
            ],
        ]
    }

    /// Onboarding paragraphs (titles and subtitles, 5–40 words, Latin) as JSON-lines
    /// requests that differ in text and width, so no whole-answer cache could help: every
    /// run of the stream gets request sets it has never seen (`JSONLRounds`), so neither
    /// the text's segment cache nor anything else keyed on a whole text hits; only the
    /// word cache does, as it does for a long-running stream over one app's vocabulary.
    /// Per request through `JSONLStream` (parse, layout, write), against the same
    /// layouts made directly (with glyph runs, and without them as the stream makes
    /// them), its CPU time per request on one thread, and on 2 threads.
    static func jsonlRun() throws
        -> (
            requests: Int, perRequest: Double, directPerRequest: Double, directLinesPerRequest: Double,
            cpuPerRequest: Double, perRequestTwoJobs: Double, cache: WordShapeCache.Statistics
        )
    {
        WordShapeCache.shared.removeAll()
        var rounds = JSONLRounds(Corpus.scripts[0])
        let session = BalanceSession()
        let font = try session.font(named: "Inter-Bold", size: 24)
        func direct(_ requests: [JSONLRequest]) throws {
            for request in requests { _ = try ShapedText(request.text, font: font).balance(width: request.width) }
        }
        // What the stream computes per request: lines without glyph runs.
        func directLines(_ requests: [JSONLRequest]) throws {
            for request in requests {
                var shaped = try ShapedText(request.text, font: font)
                shaped.omitsGlyphs = true
                _ = try shaped.balance(width: request.width)
            }
        }
        // Warm: fonts, and the word cache as a long-running stream has it.
        try runStream(rounds.next().bytes, jobs: 1)
        let before = WordShapeCache.shared.statistics
        let one = try rounds.median { try runStream($0.bytes, jobs: 1) }
        let after = WordShapeCache.shared.statistics
        let directTime = try rounds.median { try direct($0.requests) }
        let linesTime = try rounds.median { try directLines($0.requests) }
        let two = try rounds.median { try runStream($0.bytes, jobs: 2) }
        // CPU time of this thread, which runs a one-job stream: unlike wall time, other
        // processes on the machine do not inflate it.
        let cpu = try rounds.median(clock: Measure.threadCPUTime) { try runStream($0.bytes, jobs: 1) }
        var delta = after
        delta.hits -= before.hits
        delta.misses -= before.misses
        let count = Double(JSONLRounds.requestsPerRound)
        return (
            JSONLRounds.requestsPerRound, one / count, directTime / count, linesTime / count, cpu / count,
            two / count, delta
        )
    }
}

/// One JSON-lines benchmark request: its text and width (px).
typealias JSONLRequest = (text: String, width: Double)

/// Fresh request sets for the JSON-lines figures: each `next()` is 3000 onboarding
/// paragraphs (5–40 words drawn at random from the script's list) at random widths
/// (240–439.75 px in quarter px) for Inter-Bold 24 px, naming the script's locale, from
/// a seeded generator (the same sets in every run of the benchmark). No text is handed
/// out twice by one `JSONLRounds`: a repeat is drawn again. So a stream that runs each
/// set once never sees a text, or a text and width, it has answered before.
struct JSONLRounds {
    static let requestsPerRound = 3000

    let script: ScriptWords
    private var generator: SplitMix64
    private var seen: Set<String> = []

    init(_ script: ScriptWords) {
        self.script = script
        generator = SplitMix64(seed: UInt64(script.script.utf8.reduce(5381) { ($0 &* 33) ^ Int($1) }.magnitude))
    }

    /// The next set of requests, and the same as JSON lines.
    mutating func next() -> (requests: [JSONLRequest], bytes: [UInt8]) {
        var requests: [JSONLRequest] = []
        let words = script.list
        while requests.count < Self.requestsPerRound {
            let count = (5 + Int(generator.next() % 36)) * script.perWord
            var parts: [String] = []
            for _ in 0..<count { parts.append(words[Int(generator.next() % UInt64(words.count))]) }
            var text = parts.joined(separator: script.separator)
            text = text.prefix(1).uppercased() + text.dropFirst()
            let width = 240 + Double(generator.next() % 800) / 4
            guard seen.insert(text).inserted else { continue }
            requests.append((text, width))
        }
        return (requests, TextBenchmark.jsonlBytes(requests, locale: script.locale))
    }

    /// The median over 5 fresh sets of `body`'s time on `clock` (ns), the sets made
    /// before each timing starts.
    mutating func median(
        clock: () -> Double = { Double(Measure.now()) },
        _ body: ((requests: [JSONLRequest], bytes: [UInt8])) throws -> Void
    ) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<5 {
            let set = next()
            let begin = clock()
            try body(set)
            times.append(clock() - begin)
        }
        return Measure.median(times)
    }
}

/// A small seeded generator (SplitMix64): the benchmark's texts are the same in every run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension TextBenchmark {
    /// The first set of `script`'s JSON-lines requests (see `JSONLRounds`).
    static func jsonlRequests(_ script: ScriptWords) -> (requests: [JSONLRequest], bytes: [UInt8]) {
        var rounds = JSONLRounds(script)
        return rounds.next()
    }

    /// `requests` as JSON lines for Inter-Bold 24 px, naming `locale` unless it is "".
    static func jsonlBytes(_ requests: [JSONLRequest], locale: String) -> [UInt8] {
        var input = JSONWriter()
        for (index, request) in requests.enumerated() {
            input.raw("{\"id\":\(index),\"text\":")
            input.string(request.text)
            input.raw(",\"font\":\"Inter-Bold\",\"size\":24,")
            if !locale.isEmpty { input.raw("\"locale\":\"\(locale)\",") }
            input.raw("\"width\":")
            input.number(request.width)
            input.raw("}\n")
        }
        return Array(input.text.utf8)
    }

    /// Runs the requests `bytes` through one `JSONLStream` on `jobs` threads.
    static func runStream(_ bytes: [UInt8], jobs: Int) throws {
        _ = try streamOutput(bytes, jobs: jobs, keep: false)
    }

    /// Runs the requests `bytes` through one `JSONLStream` on `jobs` threads, answers
    /// written as bytes, as `howdy balance --jsonl` writes them; the answers when `keep`,
    /// else "" (their length is still checked).
    static func streamOutput(_ bytes: [UInt8], jobs: Int, keep: Bool) throws -> String {
        var stream = JSONLStream(defaults: BalanceDefaults(), jobs: jobs)
        var offset = 0
        var written = 0
        var output = ""
        try stream.run(
            read: { buffer in
                let count = min(buffer.count, bytes.count - offset)
                bytes.withUnsafeBytes { source in
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
                }
                offset += count
                return count
            },
            writeUTF8: {
                written += $0.count
                if keep { output += String(decoding: $0, as: UTF8.self) }
            })
        precondition(written > bytes.count, "the stream wrote too little")
        return output
    }

    /// Median ns per request of `script`'s requests through a one-job stream, after one
    /// warming set (fonts, and the word cache as a long-running stream has it); every
    /// timed set is new (`JSONLRounds`).
    static func jsonlStreamRun(_ script: ScriptWords) throws -> Double {
        var rounds = JSONLRounds(script)
        try runStream(rounds.next().bytes, jobs: 1)
        return try rounds.median { try runStream($0.bytes, jobs: 1) } / Double(JSONLRounds.requestsPerRound)
    }
}

extension TextBenchmark {
    /// What `loop` repeats: `balance` with the word cache warm, emptied before each
    /// (`cold`) or not used (`uncached`), or only the reference `hb_shape` (`reference`).
    enum LoopMode: String, CaseIterable {
        /// `phases`: a cold balance timed in its two steps, shaping and layout.
        case warm, cold, uncached, reference, phases
    }

    /// `mode` of `item`, `rounds` times: for perf (`howdy-bench balance`).
    static func loop(_ item: CorpusItem, rounds: Int, mode: LoopMode) throws -> [String: Any] {
        let font = try Font(named: item.font, size: item.size)
        if mode == .reference {
            let drawing = try ReferenceShaper.drawingFont(for: item.text, primary: font)
            let reference = ReferenceShaper(text: item.text, font: drawing)
            let start = Measure.now()
            for _ in 0..<rounds { reference.shape() }
            let perShape = Double(Measure.now() - start) / Double(rounds)
            return ["script": item.script, "words": item.words, "perShapeNs": perShape]
        }
        if mode == .phases {
            // A cold balance in its two steps, each timed (the cache emptied first, untimed,
            // as in `cold`): shaping the text (`ShapedText.init`: itemisation, segments,
            // HarfBuzz, the word cache) and laying it out (`balance(width:)`: the width
            // search and the lines' glyphs).
            var shapingNs: UInt64 = 0
            var layoutNs: UInt64 = 0
            for _ in 0..<rounds {
                WordShapeCache.shared.removeAll()
                let start = Measure.now()
                let shaped = try ShapedText(item.text, font: font)
                let shapedAt = Measure.now()
                _ = try shaped.balance(width: item.width)
                layoutNs += Measure.now() - shapedAt
                shapingNs += shapedAt - start
            }
            return [
                "script": item.script, "words": item.words,
                "coldShapingNs": Double(shapingNs) / Double(rounds), "layoutNs": Double(layoutNs) / Double(rounds),
            ]
        }
        let options = mode == .uncached ? uncached : TextOptions()
        let start = Measure.now()
        for _ in 0..<rounds {
            if mode == .cold { WordShapeCache.shared.removeAll() }
            _ = try ShapedText(item.text, font: font, options: options).balance(width: item.width)
        }
        let perBalance = Double(Measure.now() - start) / Double(rounds)
        let statistics = WordShapeCache.shared.statistics
        return [
            "script": item.script, "words": item.words, "perBalanceNs": perBalance,
            "wordCacheHits": statistics.hits, "wordCacheMisses": statistics.misses,
        ]
    }
}

extension Measure {
    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }
}
