import HowdyText

/// `.pretty` against `.narrowest` on the text corpus, both measured in this run with
/// shaping included and the word cache warm: `prettyOverBalance` is the median over the
/// corpus items of pretty's time over narrowest's, `prettyOverBalanceMax` the worst
/// item (usually a 200-word paragraph, where the dynamic program has the most lines).
/// Part of `howdy-bench text`; `howdy-bench pretty` runs it alone.
enum PrettyBenchmark {
    static func run() throws -> [String: Any] {
        var ratios: [Double] = []
        var items: [[String: Any]] = []
        // The three scripts it has always measured: the others add minutes and no new
        // question for the dynamic program.
        for item in Corpus.items where ["latin", "arabic", "cjk"].contains(item.script) {
            let font = try Font(named: item.font, size: item.size)
            let narrowest = try Measure.median {
                _ = try ShapedText(item.text, font: font).balance(width: item.width)
            }
            let pretty = try Measure.median {
                _ = try ShapedText(item.text, font: font).layout(width: item.width, strategy: .pretty)
            }
            // The same line count, or the comparison would be meaningless.
            let shaped = try ShapedText(item.text, font: font)
            let prettyLines = try shaped.layout(width: item.width, strategy: .pretty).lineCount
            let narrowestLines = try shaped.balance(width: item.width).lineCount
            precondition(prettyLines == narrowestLines, "pretty and narrowest disagree on lines")
            ratios.append(pretty / narrowest)
            items.append([
                "script": item.script, "words": item.words, "prettyNs": Int(pretty),
                "prettyOverBalance": Measure.rounded(pretty / narrowest),
            ])
        }
        return [
            "prettyOverBalance": Measure.rounded(Measure.median(ratios)),
            "prettyOverBalanceMax": Measure.rounded(ratios.max() ?? 0),
            "prettyItems": items,
        ]
    }
}
