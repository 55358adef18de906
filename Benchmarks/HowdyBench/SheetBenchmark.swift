import CProcessPeak
import Foundation

/// `howdy-bench sheets`: what a render's index and contact sheets cost, as `howdy render`
/// processes beside the howdy-bench executable. `Examples/localized.json` over every device,
/// scheme and type size in its four locales (1,536 images at scale 1) is rendered as one
/// shard of one (the images alone: no index or sheets), then whole (images, index and
/// sheets), then that shard merged (images checked, decoded and copied; index and sheets);
/// and the English quarter (384 images) whole at the devices' own scales, to show memory
/// flat in the image count beside the 1,536-image run, and at scales 3 and 4 (the highest
/// `--scale`). Each run's wall time and its own
/// peak resident memory (VmHWM, read under ptrace as it exits) are reported.
///
/// The sheets' cost (`indexAndSheetsAddPercent`) is the median of paired differences: the
/// English quarter at scale 1 rendered as a shard of one and whole, back to back, `pairs` times, the
/// order alternating, each pair's whole time over its shard time. Load on the machine
/// slows both runs of a pair alike, so it cancels in the pair's ratio, where one shard run
/// against one whole run minutes apart (as before) could come out anywhere, even negative.
///
/// `parts` picks what runs (all when empty): `images` (the 1,536-image shard and whole),
/// `added` (the pairs), `merge` (needs `images`), `quarter`, `scale3`, `scale4`.
enum SheetBenchmark {
    static let parts = ["images", "added", "merge", "quarter", "scale3", "scale4"]
    /// Pairs of runs for `indexAndSheetsAddPercent`.
    static let pairs = 5

    static func run(parts requested: [String] = []) throws -> [String: Any] {
        let parts = Set(requested.isEmpty ? Self.parts : requested)
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let howdy = folder.appendingPathComponent("howdy").path
        guard FileManager.default.isExecutableFile(atPath: howdy) else {
            return ["sheets": "skipped: no howdy next to howdy-bench (swift build -c release first)"]
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let spec = root.appendingPathComponent("Examples/localized.json").path
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-bench-sheets-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        func out(_ name: String) -> String { scratch.appendingPathComponent(name).path }
        let matrix = ["--device", "all", "--scheme", "all", "--type-size", "all"]

        func count(_ name: String) -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: out(name))) ?? []).filter {
                $0.hasSuffix(".png") && !$0.hasPrefix("contact-sheet-")
            }.count
        }
        func sheets(_ name: String) -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: out(name))) ?? []).filter {
                $0.hasPrefix("contact-sheet-")
            }.count
        }
        func bytes(_ name: String) -> Int {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: out(name))) ?? []).filter {
                $0.hasPrefix("contact-sheet-")
            }
            return names.reduce(0) { total, sheet in
                let size = (try? FileManager.default.attributesOfItem(atPath: out(name) + "/" + sheet))?[.size]
                return total + ((size as? NSNumber)?.intValue ?? 0)
            }
        }
        var figures: [String: Any] = [
            "sheetsMatrix": "Examples/localized.json, all devices × schemes × type sizes × 4 locales, scale 1"
        ]
        if parts.contains("images") {
            let shard = try measure([howdy, "render", spec, "--out", out("shard")] + matrix + ["--shard", "1/1"])
            let whole = try measure([howdy, "render", spec, "--out", out("whole")] + matrix)
            figures["sheetsImages"] = count("whole")
            figures["sheetsPages"] = sheets("whole")
            figures["sheetsBytes"] = bytes("whole")
            figures["imagesAloneSeconds"] = Measure.rounded(shard.seconds, 2)
            figures["imagesAlonePeakMB"] = Measure.rounded(shard.peakMB, 1)
            figures["withIndexAndSheetsSeconds"] = Measure.rounded(whole.seconds, 2)
            figures["withIndexAndSheetsPeakMB"] = Measure.rounded(whole.peakMB, 1)
            if parts.contains("merge") {
                let merge = try measure([howdy, "render", "--merge", out("shard"), "--out", out("merged")])
                figures["mergeSeconds"] = Measure.rounded(merge.seconds, 2)
                figures["mergePeakMB"] = Measure.rounded(merge.peakMB, 1)
            }
        }
        if parts.contains("added") {
            // Paired, order alternating: load slows both runs of a pair, and cancels in its ratio.
            // Scale 1, where the sheets' share is largest (drawing the images is cheapest).
            let english = matrix + ["--locale", "en", "--scale", "1"]
            var percents: [Double] = []
            for pair in 0..<pairs {
                let alone = [howdy, "render", spec, "--out", out("pair-shard")] + english + ["--shard", "1/1"]
                let withSheets = [howdy, "render", spec, "--out", out("pair-whole")] + english
                let first = try measure(pair % 2 == 0 ? alone : withSheets)
                let second = try measure(pair % 2 == 0 ? withSheets : alone)
                let (shard, whole) = pair % 2 == 0 ? (first, second) : (second, first)
                percents.append((whole.seconds / shard.seconds - 1) * 100)
                try? FileManager.default.removeItem(atPath: out("pair-shard"))
                try? FileManager.default.removeItem(atPath: out("pair-whole"))
            }
            figures["indexAndSheetsAddPercent"] = Measure.rounded(Measure.median(percents), 1)
            figures["indexAndSheetsAddPercentPairs"] = percents.map { Measure.rounded($0, 1) }
            figures["indexAndSheetsAddMatrix"] =
                "Examples/localized.json --locale en --scale 1 (384 images), \(pairs) pairs, median of whole ÷ shard − 1"
        }
        if parts.contains("quarter") {
            let quarter = try measure([howdy, "render", spec, "--out", out("quarter")] + matrix + ["--locale", "en"])
            figures["quarterImages"] = count("quarter")
            figures["quarterSeconds"] = Measure.rounded(quarter.seconds, 2)
            figures["quarterPeakMB"] = Measure.rounded(quarter.peakMB, 1)
        }
        for scale in [3, 4] where parts.contains("scale\(scale)") {
            // Scale 4 is the highest `--scale`: the tablet at accessibility5 is a 15.5-megapixel canvas.
            let name = "scale\(scale)"
            let run = try measure(
                [howdy, "render", spec, "--out", out(name)] + matrix + ["--locale", "en", "--scale", "\(scale)"])
            figures["\(name)Images"] = count(name)
            figures["\(name)Seconds"] = Measure.rounded(run.seconds, 2)
            figures["\(name)PeakMB"] = Measure.rounded(run.peakMB, 1)
        }
        return figures
    }

    /// Runs `arguments` to the end under ptrace: wall seconds and its own peak resident MB.
    private static func measure(_ arguments: [String]) throws -> (seconds: Double, peakMB: Double) {
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var peak: Int64 = 0
        let start = Measure.now()
        let status = howdy_run_peak(arguments[0], argv, &peak)
        let seconds = Double(Measure.now() - start) / 1e9
        guard status == 0 else {
            throw NSError(
                domain: "howdy-bench", code: Int(status),
                userInfo: [NSLocalizedDescriptionKey: "\(arguments.joined(separator: " ")) failed (\(status))"])
        }
        return (seconds, Double(peak) / 1e6)
    }
}
