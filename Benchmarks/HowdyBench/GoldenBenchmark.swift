import Dispatch
import Foundation
import HowdyKitUI
import HowdyRender
import HowdyTestSupport
import Synchronization

/// `howdy-bench goldens`: the project's golden suite (`ExampleGoldenPlan` against
/// `Goldens/HowdyKitUI/`) as the test does it (render, read and decode the golden,
/// compare), timed in one pass on all cores and sequentially, plus the comparison's two
/// paths per megapixel: the perceptual pass (images that differ in one pixel) and the
/// byte-equality fast path (identical images), against a memset of the same bytes.
enum GoldenBenchmark {
    struct Figures: Encodable {
        var images: Int
        var megapixels: Double
        var bytesOnDisk: Int
        var cores: Int
        /// Wall time of the whole suite over all cores, as `swift test` runs it.
        var suiteMs: Double
        /// The same work one case after another.
        var sequentialMs: Double
        var renderMs: Double
        var decodeMs: Double
        var compareMs: Double
        var mismatches: Int
        var perceptualMsPerMegapixel: Double
        var fastPathMsPerMegapixel: Double
        var memsetMsPerMegapixel: Double
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func measure() throws -> Figures {
        let plan = try ExampleGoldenPlan(examplesDirectory: root.appendingPathComponent("Examples"))
        let goldens = root.appendingPathComponent("Goldens/HowdyKitUI")
        let tolerance = DiffTolerance(threshold: 0.1, maxDiffRatio: 0.002)
        let files = plan.cases.map { goldens.appendingPathComponent($0.name + ".png") }
        let bytes = files.reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0)
        }
        @Sendable func ms(_ since: UInt64) -> Double { Double(Measure.now() - since) / 1e6 }

        // One case as the test runs it; returns (render, decode, compare) ms and whether it matched.
        @Sendable func check(_ index: Int) throws -> (Double, Double, Double, Bool, Image) {
            var start = Measure.now()
            let image = try plan.render(plan.cases[index])
            let render = ms(start)
            start = Measure.now()
            let golden = try Image(decoding: [UInt8](Data(contentsOf: files[index])))
            let decode = ms(start)
            start = Measure.now()
            let matched = try ImageDiff(image, golden, tolerance: tolerance).isWithin(tolerance)
            return (render, decode, ms(start), matched, image)
        }
        _ = try check(0)  // warm fonts and caches
        // Sequential pass: the per-stage figures, and the images for the diff figures.
        var render = 0.0, decode = 0.0, compare = 0.0, mismatches = 0, pixels = 0
        var images: [Image] = []
        let sequentialStart = Measure.now()
        for index in plan.cases.indices {
            let (r, d, c, matched, image) = try check(index)
            render += r
            decode += d
            compare += c
            mismatches += matched ? 0 : 1
            pixels += image.width * image.height
            images.append(image)
        }
        let sequential = ms(sequentialStart)
        // The suite as swift test runs it: cases in parallel.
        let failures = Mutex(0)
        let suiteStart = Measure.now()
        DispatchQueue.concurrentPerform(iterations: plan.cases.count) { index in
            if (try? check(index))?.3 != true { failures.withLock { $0 += 1 } }
        }
        let suite = ms(suiteStart)
        mismatches = max(mismatches, failures.withLock { $0 })
        // The comparison's paths over the same images.
        let megapixels = Double(pixels) / 1e6
        let copies = try images.map { try Image(width: $0.width, height: $0.height, premultipliedRGBA: $0.pixels) }
        let touched = images.map { image -> Image in
            var changed = image
            changed[image.width / 2, image.height / 2] = SIMD4(255, 0, 0, 255)
            return changed
        }
        func pass(_ others: [Image]) -> Double {
            Measure.median(samples: 5, budget: 0) {
                for (image, other) in zip(images, others) { _ = try? ImageDiff(image, other, tolerance: tolerance) }
            } / 1e6
        }
        let perceptual = pass(touched)
        let fast = pass(copies)
        var scratch = [UInt8](repeating: 0, count: pixels * 4)
        let memset =
            Measure.median(samples: 5, budget: 0) {
                scratch.withUnsafeMutableBytes { _ = Foundation.memset($0.baseAddress!, 1, $0.count) }
            } / 1e6
        return Figures(
            images: plan.cases.count, megapixels: Measure.rounded(megapixels), bytesOnDisk: bytes,
            cores: ProcessInfo.processInfo.activeProcessorCount, suiteMs: Measure.rounded(suite, 1),
            sequentialMs: Measure.rounded(sequential, 1), renderMs: Measure.rounded(render, 1),
            decodeMs: Measure.rounded(decode, 1), compareMs: Measure.rounded(compare, 1), mismatches: mismatches,
            perceptualMsPerMegapixel: Measure.rounded(perceptual / megapixels),
            fastPathMsPerMegapixel: Measure.rounded(fast / megapixels),
            memsetMsPerMegapixel: Measure.rounded(memset / megapixels))
    }

    /// The figures as a JSON object for `main.swift`.
    static func run() throws -> [String: Any] {
        let data = try JSONEncoder().encode(measure())
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}
