import Foundation
import HowdyRender

/// `howdy-bench render`: a phone screen at 2× (786×1704 px) rendered, encoded and diffed,
/// with a memset of the same buffer as the machine-independent reference. Times are
/// medians of repeated runs, in milliseconds.
enum RenderBenchmark {
    struct Figures: Codable {
        var canvas: String
        var runs: Int
        var cores: Int
        /// memset of the 786×1704×4-byte buffer: the reference to compare machines.
        var memsetMs: Double
        /// The screen: full-screen animated gradient background with blurred blobs
        /// plus 30 lines of 30 px text (glyph cache warm, as for successive frames).
        var screenRenderMs: Double
        /// The same plus a card with a soft shadow and a button (a fuller screen).
        var screenWithCardMs: Double
        var backgroundMs: Double
        var textMs: Double
        var pngEncodeMs: Double
        var pngBytes: Int
        var pngSmallestMs: Double
        var pngSmallestBytes: Int
        var pngDecodeMs: Double
        var diffMs: Double
        var diffPixels: Int
        /// The frame shrunk to a contact sheet's phone thumbnail (166×360 px, area averaging).
        var thumbnailMs: Double
        /// Process CPU time (all threads) per call: the work done, independent of how
        /// busy the machine is; wall time ≈ CPU / cores on an idle machine.
        var screenRenderCpuMs: Double
        var pngEncodeCpuMs: Double
        var diffCpuMs: Double
        var screenRenderPerMemset: Double
        var pngEncodePerMemset: Double
        var diffPerMemset: Double
        var thumbnailPerMemset: Double
    }

    static let width = 786, height = 1704

    static func measure(runs: Int = 15) throws -> Figures {
        if let only = ProcessInfo.processInfo.environment["HOWDY_BENCH_PROFILE"] {
            // Profiling aid: loop one stage for `perf record`.
            let scene = try BenchScene()
            for _ in 0..<40 {
                switch only {
                case "background": _ = try scene.renderBackground(time: 0.5)
                default: _ = try scene.render(time: 0.5)
                }
            }
            exit(0)
        }
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        var fill: Int32 = 0
        let memset = median(runs) {
            fill = (fill + 1) & 0xFF
            buffer.withUnsafeMutableBytes { _ = Foundation.memset($0.baseAddress!, fill, $0.count) }
        }
        let scene = try BenchScene()
        var frame: Image?
        let screen = median(runs) { _ = try? scene.renderBackgroundAndText(time: 0.5) }
        let screenCpu = cpuMean(runs) { _ = try? scene.renderBackgroundAndText(time: 0.5) }
        let screenWithCard = median(runs) { frame = try? scene.render(time: 0.5) }
        let background = median(runs) { _ = try? scene.renderBackground(time: 0.5) }
        let text = median(runs) { _ = try? scene.renderText() }
        guard let first = frame else { throw RenderError.invalidGeometry("the benchmark scene did not render") }
        if let path = ProcessInfo.processInfo.environment["HOWDY_BENCH_OUT"] {
            try first.write(to: URL(fileURLWithPath: path))
        }
        // The second image: the next animation frame with a changed element (a real
        // golden failure: mostly sub-threshold drift, one region that differs).
        var changed = Canvas(image: try scene.render(time: 0.55))
        changed.fill(try Circle(center: Point(x: 393, y: 700), radius: 60), with: Color(hex: 0xFF3B30))
        let second = changed.image
        var png: [UInt8] = []
        let encode = median(runs) { png = (try? PNGCodec.encode(first)) ?? [] }
        let encodeCpu = cpuMean(runs) { _ = try? PNGCodec.encode(first) }
        var smallest: [UInt8] = []
        let encodeSmallest = median(1) { smallest = (try? PNGCodec.encode(first, compression: .smallest)) ?? [] }
        let decode = median(runs) { _ = try? PNGCodec.decode(png) }
        var diffPixels = 0
        let diff = median(runs) { diffPixels = (try? ImageDiff(first, second))?.differingPixels ?? -1 }
        let diffCpu = cpuMean(runs) { _ = try? ImageDiff(first, second) }
        let thumbnail = median(runs) { _ = try? first.thumbnail(width: 166, height: 360) }
        return Figures(
            canvas: "\(width)x\(height)", runs: runs, cores: ProcessInfo.processInfo.activeProcessorCount,
            memsetMs: memset, screenRenderMs: screen, screenWithCardMs: screenWithCard, backgroundMs: background,
            textMs: text,
            pngEncodeMs: encode, pngBytes: png.count, pngSmallestMs: encodeSmallest, pngSmallestBytes: smallest.count,
            pngDecodeMs: decode, diffMs: diff, diffPixels: diffPixels, thumbnailMs: thumbnail,
            screenRenderCpuMs: screenCpu, pngEncodeCpuMs: encodeCpu, diffCpuMs: diffCpu,
            screenRenderPerMemset: screen / memset, pngEncodePerMemset: encode / memset, diffPerMemset: diff / memset,
            thumbnailPerMemset: thumbnail / memset)
    }

    /// The figures as a JSON object for `main.swift`.
    static func run() throws -> [String: Any] {
        let data = try JSONEncoder().encode(measure())
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// The mean process CPU time (all threads) of `runs` calls of `body`, in ms.
    static func cpuMean(_ runs: Int, _ body: () -> Void) -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
            return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
        }
        let start = now()
        for _ in 0..<runs { body() }
        return ((now() - start) / Double(runs) * 1000).rounded() / 1000
    }

    /// The median wall time of `runs` calls of `body` (after one warm-up call), in ms.
    static func median(_ runs: Int, _ body: () -> Void) -> Double {
        body()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        times.sort()
        return (times[times.count / 2] * 1000).rounded() / 1000
    }
}
