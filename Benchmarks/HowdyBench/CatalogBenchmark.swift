import CProcessPeak
import Foundation
import HowdyKitUI

/// `howdy-bench catalog`: the peak memory of loading a String Catalog just under the
/// 16 MiB cap (generated as Xcode writes one: 8 languages per key, every fifth key with
/// plural variations, every seventh with a substitution), measured in a child process
/// (`howdy-bench catalog-load FILE`, VmHWM) against the same child loading a tiny catalog.
/// Target: (peak − baseline) under 10× the file size.
enum CatalogBenchmark {
    static func run() throws -> [String: Any] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-bench-catalog-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let large = folder.appendingPathComponent("Large.xcstrings")
        let keys = try write(large, budget: StringCatalog.maximumFileSize - 64 * 1024)
        let tiny = folder.appendingPathComponent("Tiny.xcstrings")
        _ = try write(tiny, budget: 20_000)
        let bytes = try FileManager.default.attributesOfItem(atPath: large.path)[.size] as? Int ?? 0
        var peaks: [Int64] = []
        var baselines: [Int64] = []
        var walls: [Double] = []
        for _ in 0..<3 {
            let start = Measure.now()
            guard let peak = childPeak(large.path) else { throw BenchError("catalog-load failed on the large catalog") }
            walls.append(Double(Measure.now() - start) / 1e6)
            peaks.append(peak)
            guard let baseline = childPeak(tiny.path) else {
                throw BenchError("catalog-load failed on the tiny catalog")
            }
            baselines.append(baseline)
        }
        let peak = peaks.sorted()[1]
        let baseline = baselines.sorted()[1]
        return [
            "catalogBytes": bytes, "catalogKeys": keys,
            "peakResidentMiB": Measure.rounded(Double(peak) / 1_048_576, 1),
            "baselineResidentMiB": Measure.rounded(Double(baseline) / 1_048_576, 1),
            "loadMemoryOverFileSize": Measure.rounded(Double(peak - baseline) / Double(bytes), 2),
            "peakOverFileSize": Measure.rounded(Double(peak) / Double(bytes), 2),
            "loadWallMsMedian": Measure.rounded(Measure.median(walls), 1),
            "targetLoadMemoryOverFileSize": 10,
        ]
    }

    /// `howdy-bench catalog-load FILE`: loads the catalog and exits 0 (1 on an error).
    static func load(_ path: String) -> Int32 {
        do {
            let catalog = try StringCatalog.load(contentsOf: URL(fileURLWithPath: path))
            return catalog.entries.isEmpty ? 1 : 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 1
        }
    }

    private static func childPeak(_ file: String) -> Int64? {
        let arguments = [CommandLine.arguments[0], "catalog-load", file]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var peak: Int64 = 0
        return howdy_run_peak(arguments[0], argv, &peak) == 0 ? peak : nil
    }

    /// Writes a catalog of at most `budget` bytes; returns its key count.
    private static func write(_ url: URL, budget: Int) throws -> Int {
        let languages = ["ar", "de", "es", "fr", "ja", "pt-BR", "ru", "zh-Hans"]
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        var key = 0
        func unit(_ value: String) -> String {
            "{\n            \"stringUnit\" : {\n              \"state\" : \"translated\",\n              \"value\" : \"\(value)\"\n            }\n          }"
        }
        while true {
            var entry =
                "    \"Onboarding message number \(key) %lld\" : {\n      \"comment\" : \"Generated\",\n      \"localizations\" : {\n"
            entry += languages.enumerated().map { index, language in
                let value = "Übersetzung \(key) in \(language) mit etwas Text %lld"
                if key % 5 == 0 {
                    return
                        "        \"\(language)\" : {\n          \"variations\" : {\n            \"plural\" : {\n              \"one\" : \(unit(value)),\n              \"other\" : \(unit(value))\n            }\n          }\n        }"
                }
                if key % 7 == 0 {
                    return
                        "        \"\(language)\" : {\n          \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@ \(index)\" },\n          \"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : { \"other\" : \(unit(value)) } } } }\n        }"
                }
                return "        \"\(language)\" : \(unit(value))"
            }.joined(separator: ",\n")
            entry += "\n      }\n    }"
            if text.utf8.count + entry.utf8.count + 40 > budget { break }
            text += (key == 0 ? "" : ",\n") + entry
            key += 1
        }
        text += "\n  },\n  \"version\" : \"1.0\"\n}\n"
        try Data(text.utf8).write(to: url)
        return key
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
