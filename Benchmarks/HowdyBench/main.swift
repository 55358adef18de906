import Foundation

/// `howdy-bench text|render|goldens|pretty|catalog`: release-mode benchmarks that print one
/// JSON object. Build with `swift run -c release howdy-bench text`.
let suite = CommandLine.arguments.dropFirst().first ?? "text"
// The child process `howdy-bench catalog` measures.
if suite == "catalog-load", CommandLine.arguments.count == 3 { exit(CatalogBenchmark.load(CommandLine.arguments[2])) }
do {
    let figures: [String: Any]
    switch suite {
    case "text": figures = try TextBenchmark.run()
    case "render": figures = try RenderBenchmark.run()
    case "goldens": figures = try GoldenBenchmark.run()
    case "pretty": figures = try PrettyBenchmark.run()
    case "catalog": figures = try CatalogBenchmark.run()
    default:
        FileHandle.standardError.write(Data("usage: howdy-bench text|render|goldens|pretty|catalog\n".utf8))
        exit(2)
    }
    let data = try JSONSerialization.data(withJSONObject: figures, options: [.prettyPrinted, .sortedKeys])
    print(String(decoding: data, as: UTF8.self))
} catch {
    FileHandle.standardError.write(Data("howdy-bench: \(error)\n".utf8))
    exit(1)
}
