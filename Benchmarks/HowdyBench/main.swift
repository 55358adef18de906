import Foundation

/// `howdy-bench text|render|goldens|pretty|catalog|sheets|jsonl|corpus|balance|threads`: release-mode benchmarks that print one
/// JSON object. Build with `swift run -c release howdy-bench text`.
let suite = CommandLine.arguments.dropFirst().first ?? "text"
// The child process `howdy-bench catalog` measures.
if suite == "catalog-load", CommandLine.arguments.count == 3 { exit(CatalogBenchmark.load(CommandLine.arguments[2])) }
do {
    let figures: [String: Any]
    switch suite {
    case "text":
        // `howdy-bench text [SCRIPT...]`: every figure, or only the named scripts' balance ÷ shape.
        let only = Array(CommandLine.arguments.dropFirst(2))
        let known = Corpus.scripts.map(\.script)
        guard only.allSatisfy(known.contains) else {
            FileHandle.standardError.write(Data("howdy-bench text: [\(known.joined(separator: "|"))...]\n".utf8))
            exit(2)
        }
        figures = try TextBenchmark.run(only: only)
    case "render": figures = try RenderBenchmark.run()
    case "goldens": figures = try GoldenBenchmark.run()
    case "pretty": figures = try PrettyBenchmark.run()
    case "catalog": figures = try CatalogBenchmark.run()
    case "sheets":
        // `howdy-bench sheets [PART...]`: every figure, or only the named parts.
        let parts = Array(CommandLine.arguments.dropFirst(2))
        guard parts.allSatisfy(SheetBenchmark.parts.contains) else {
            FileHandle.standardError.write(
                Data("howdy-bench sheets [\(SheetBenchmark.parts.joined(separator: "|"))...]\n".utf8))
            exit(2)
        }
        figures = try SheetBenchmark.run(parts: parts)
    case "threads":
        // `howdy-bench threads [ROUNDS]`: one thread against two in one process.
        let rounds = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 9
        guard (1...100).contains(rounds) else {
            FileHandle.standardError.write(Data("howdy-bench threads [rounds 1-100]\n".utf8))
            exit(2)
        }
        figures = try ThreadsBenchmark.run(rounds: rounds)
    case "jsonl":
        // `howdy-bench jsonl SCRIPT [ROUNDS] [repeat]`: only the JSON-lines stream for one script
        // (latin, arabic, japanese), every round a new set of requests (`JSONLRounds`),
        // for profiling with perf; `howdy-bench jsonl all`: every JSON-lines figure of
        // `text` (wall and CPU per paragraph, per script), for quick comparisons.
        let name = CommandLine.arguments.dropFirst(2).first ?? "latin"
        if name == "all" {
            figures = try TextBenchmark.jsonlFigures()
            break
        }
        // `howdy-bench jsonl mixed`: requests mixing 4 fonts × 6 sizes against one font
        // and size, per paragraph, in one sitting (`MixedFontsBenchmark`).
        if name == "mixed" {
            figures = try MixedFontsBenchmark.run()
            break
        }
        let rounds = CommandLine.arguments.dropFirst(3).first.flatMap { Int($0) } ?? 10
        guard let script = Corpus.jsonlScripts.first(where: { $0.script == name }), (1...1000).contains(rounds) else {
            FileHandle.standardError.write(Data("howdy-bench jsonl: latin|arabic|japanese|all|mixed [rounds 1-1000]\n".utf8))
            exit(2)
        }
        // `repeat` as a third argument: the first set every round, as the figures were
        // taken before session 6 (the segment cache then hits), for comparison.
        let repeats = CommandLine.arguments.dropFirst(4).first == "repeat"
        var sets = JSONLRounds(script)
        let first = sets.next().bytes
        let inputs = (0..<rounds).map { _ in repeats ? first : sets.next().bytes }
        // Warm (fonts, and the word cache as a long-running stream has it), untimed.
        try TextBenchmark.runStream(first, jobs: 1)
        let start = Measure.now()
        let cpuStart = Measure.threadCPUTime()
        for input in inputs { try TextBenchmark.runStream(input, jobs: 1) }
        let count = Double(rounds * JSONLRounds.requestsPerRound)
        figures = [
            "script": name, "perParagraphUs": Double(Measure.now() - start) / count / 1000,
            "cpuPerParagraphUs": (Measure.threadCPUTime() - cpuStart) / count / 1000,
        ]
    case "corpus":
        // `howdy-bench corpus FILE [ROUNDS]`: bindings/c/tests/bench.c's corpus, in process.
        let arguments = Array(CommandLine.arguments.dropFirst(2))
        if arguments.count == 3, arguments[1] == "--fresh" {
            figures = try CorpusFileBenchmark.fresh(warm: arguments[0], timed: arguments[2])
            break
        }
        let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 7
        guard let path = arguments.first, (1...1000).contains(rounds) else {
            FileHandle.standardError.write(Data("howdy-bench corpus: FILE [rounds 1-1000] | FILE --fresh TIMED\n".utf8))
            exit(2)
        }
        figures = try CorpusFileBenchmark.run(path: path, rounds: rounds)
    case "balance":
        // `howdy-bench balance SCRIPT WORDS [ROUNDS] [cold|uncached|reference|phases]`:
        // only `balance` of one text corpus item, warm (or with the word cache emptied each
        // time, or not used), or only the reference `hb_shape` it is divided by, for perf;
        // `phases` times a cold balance's shaping and layout apart.
        let arguments = Array(CommandLine.arguments.dropFirst(2))
        let words = arguments.count > 1 ? Int(arguments[1]) : 40
        let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 0 : 20000
        guard let item = Corpus.items.first(where: { $0.script == arguments.first && $0.words == words }),
            (1...1_000_000).contains(rounds)
        else {
            FileHandle.standardError.write(
                Data("howdy-bench balance: SCRIPT WORDS [rounds] [cold|uncached|reference|phases]\n".utf8))
            exit(2)
        }
        guard let mode = TextBenchmark.LoopMode(rawValue: arguments.count > 3 ? arguments[3] : "warm") else {
            FileHandle.standardError.write(
                Data("howdy-bench balance: the mode is warm, cold, uncached, reference or phases\n".utf8))
            exit(2)
        }
        figures = try TextBenchmark.loop(item, rounds: rounds, mode: mode)
    default:
        FileHandle.standardError.write(
            Data("usage: howdy-bench text|render|goldens|pretty|catalog|sheets|jsonl|corpus|balance|threads\n".utf8))
        exit(2)
    }
    let data = try JSONSerialization.data(withJSONObject: figures, options: [.prettyPrinted, .sortedKeys])
    print(String(decoding: data, as: UTF8.self))
} catch {
    FileHandle.standardError.write(Data("howdy-bench: \(error)\n".utf8))
    exit(1)
}
