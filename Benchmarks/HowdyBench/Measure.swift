import CProcessPeak
import Foundation

/// Timing helpers: medians of repeated runs, in nanoseconds.
enum Measure {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The median time of `body` over at least `samples` runs and at least `budget` ns.
    static func median(samples: Int = 15, budget: UInt64 = 40_000_000, _ body: () throws -> Void) rethrows -> Double {
        try body()  // warm caches (fonts, ICU iterators)
        var times: [UInt64] = []
        let start = now()
        while times.count < samples || (now() - start < budget && times.count < 2000) {
            let begin = now()
            try body()
            times.append(now() - begin)
        }
        return median(times.map { Double($0) })
    }

    /// The median time of each body, the bodies run in turn (one sample of each per
    /// round) for at least `samples` rounds and at least `budget` ns, at most 2000 rounds.
    /// Every body runs once first to warm caches.
    static func interleavedMedians(
        samples: Int = 15, budget: UInt64 = 200_000_000, _ bodies: [() throws -> Void]
    ) throws -> [Double] {
        try interleavedMedians(samples: samples, budget: budget, bodies.map { Step(body: $0) })
    }

    /// One body of `interleavedMedians`, and what must happen before each of its samples
    /// without being timed (emptying a cache, so that the body meets its text for the
    /// first time: the emptying is the benchmark's doing, not a cost of first sight).
    struct Step {
        var prepare: (() -> Void)?
        var body: () throws -> Void
    }

    /// `interleavedMedians` over steps: each sample of a step runs its `prepare` first,
    /// outside the timed interval.
    static func interleavedMedians(
        samples: Int = 15, budget: UInt64 = 200_000_000, _ steps: [Step]
    ) throws -> [Double] {
        for step in steps {
            step.prepare?()
            try step.body()
        }
        var times = [[Double]](repeating: [], count: steps.count)
        let start = now()
        var rounds = 0
        while rounds < samples || (now() - start < budget && rounds < 2000) {
            for (index, step) in steps.enumerated() {
                step.prepare?()
                let begin = now()
                try step.body()
                times[index].append(Double(now() - begin))
            }
            rounds += 1
        }
        return times.map { median($0) }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// CPU time of the calling thread in ns (CLOCK_THREAD_CPUTIME_ID).
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }

    /// Peak resident set size of this process in bytes: VmHWM, which counts only what
    /// the benchmark mapped since its exec (ru_maxrss, the fallback, also carries the
    /// peak of the process that exec'd it: `swift run` reported 121 MiB for a 30 MiB run).
    static func peakResidentBytes() -> Int {
        let own = howdy_self_peak()
        if own > 0 { return Int(own) }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    static func rounded(_ value: Double, _ places: Int = 3) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}
