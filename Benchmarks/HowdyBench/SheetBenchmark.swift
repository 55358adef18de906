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
/// peak resident memory (VmHWM, read under ptrace as it exits) are reported; the sheets'
/// cost is the whole render's time over the shard's, measured in the same run.
enum SheetBenchmark {
    static func run() throws -> [String: Any] {
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

        let shard = try measure([howdy, "render", spec, "--out", out("shard")] + matrix + ["--shard", "1/1"])
        let whole = try measure([howdy, "render", spec, "--out", out("whole")] + matrix)
        let merge = try measure([howdy, "render", "--merge", out("shard"), "--out", out("merged")])
        let quarter = try measure([howdy, "render", spec, "--out", out("quarter")] + matrix + ["--locale", "en"])
        let scale3 = try measure(
            [howdy, "render", spec, "--out", out("scale3")] + matrix + ["--locale", "en", "--scale", "3"])
        // The highest scale `--scale` takes: the tablet at accessibility5 is a 15.5-megapixel canvas.
        let scale4 = try measure(
            [howdy, "render", spec, "--out", out("scale4")] + matrix + ["--locale", "en", "--scale", "4"])
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
        return [
            "sheetsMatrix": "Examples/localized.json, all devices × schemes × type sizes × 4 locales, scale 1",
            "sheetsImages": count("whole"),
            "sheetsPages": sheets("whole"),
            "imagesAloneSeconds": Measure.rounded(shard.seconds, 2),
            "imagesAlonePeakMB": Measure.rounded(shard.peakMB, 1),
            "withIndexAndSheetsSeconds": Measure.rounded(whole.seconds, 2),
            "withIndexAndSheetsPeakMB": Measure.rounded(whole.peakMB, 1),
            "indexAndSheetsAddPercent": Measure.rounded((whole.seconds / shard.seconds - 1) * 100, 1),
            "mergeSeconds": Measure.rounded(merge.seconds, 2),
            "mergePeakMB": Measure.rounded(merge.peakMB, 1),
            "quarterImages": count("quarter"),
            "quarterSeconds": Measure.rounded(quarter.seconds, 2),
            "quarterPeakMB": Measure.rounded(quarter.peakMB, 1),
            "sheetsBytes": bytes("whole"),
            "scale3Images": count("scale3"),
            "scale3Seconds": Measure.rounded(scale3.seconds, 2),
            "scale3PeakMB": Measure.rounded(scale3.peakMB, 1),
            "scale4Images": count("scale4"),
            "scale4Seconds": Measure.rounded(scale4.seconds, 2),
            "scale4PeakMB": Measure.rounded(scale4.peakMB, 1),
        ]
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
