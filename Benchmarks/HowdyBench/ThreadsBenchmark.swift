import Foundation
import HowdyText
import Synchronization

/// `howdy-bench threads [ROUNDS]`: how layout scales from one thread to two in one
/// process. For each JSON-lines script (latin, arabic, japanese), the 3000 requests are
/// balanced directly (`ShapedText.balance`, one Inter-Bold 24 px font shared by both
/// threads, as the C ABI's callers share one) on one thread, then split in halves over
/// two threads, in turns, `ROUNDS` times each (default 9).
///
/// Two figures per script: `speedup` (median one-thread wall time ÷ two-thread wall time;
/// 2 is perfect, but on a shared machine the second core may be busy) and `cpuGrowth`
/// (process CPU time of the two-thread run ÷ the one-thread run's: 1 when the threads do
/// not slow each other down, whatever the machine's load; contention on locks, reference
/// counts and shared cache lines shows as growth above 1).
///
/// The control: the same one-against-two split of a loop that shares nothing (integer
/// arithmetic in registers), timed in the same rounds. Its speedup is what the machine
/// gives two threads at that moment (on a shared, loaded machine, often far below 2);
/// `speedupOverControl` is the library's speedup divided by it: 1 when layout scales as
/// well as work that shares nothing.
enum ThreadsBenchmark {
    static func run(rounds: Int) throws -> [String: Any] {
        var byScript: [String: Any] = [:]
        var speedups: [Double] = []
        var growths: [Double] = []
        var controls: [Double] = []
        for script in Corpus.jsonlScripts {
            let (requests, _) = TextBenchmark.jsonlRequests(script)
            let font = try Font(named: "Inter-Bold", size: 24)
            let options = TextOptions(locale: script.locale)
            let work: @Sendable (ArraySlice<(text: String, width: Double)>) -> Void = { part in
                for request in part {
                    _ = try! ShapedText(request.text, font: font, options: options).balance(width: request.width)
                }
            }
            let all = requests[...]
            let half = requests.count / 2
            work(all)  // warm: fallback faces, break iterators, word cache
            var one: [(wall: Double, cpu: Double)] = []
            var two: [(wall: Double, cpu: Double)] = []
            var controlOne: [Double] = []
            var controlTwo: [Double] = []
            for _ in 0..<rounds {
                controlOne.append(timed { keep(spin(controlIterations)) }.wall)
                controlTwo.append(
                    timed {
                        let done = DispatchSemaphore(value: 0)
                        Thread {
                            keep(spin(controlIterations / 2))
                            done.signal()
                        }.start()
                        keep(spin(controlIterations / 2))
                        done.wait()
                    }.wall)
                one.append(timed { work(all) })
                two.append(
                    timed {
                        let done = DispatchSemaphore(value: 0)
                        Thread {
                            work(requests[half...])
                            done.signal()
                        }.start()
                        work(requests[..<half])
                        done.wait()
                    })
            }
            let speedup = Measure.median(one.map(\.wall)) / Measure.median(two.map(\.wall))
            let growth = Measure.median(two.map(\.cpu)) / Measure.median(one.map(\.cpu))
            let control = Measure.median(controlOne) / Measure.median(controlTwo)
            controls.append(control)
            speedups.append(speedup)
            growths.append(growth)
            byScript[script.script] = [
                "oneThreadUsPerParagraph": Measure.rounded(Measure.median(one.map(\.wall)) / 3000 / 1000, 2),
                "twoThreadsUsPerParagraph": Measure.rounded(Measure.median(two.map(\.wall)) / 3000 / 1000, 2),
                "speedup": Measure.rounded(speedup), "cpuGrowth": Measure.rounded(growth),
                "controlSpeedup": Measure.rounded(control),
                "controlOneThreadMs": Measure.rounded(Measure.median(controlOne) / 1e6, 1),
                "speedupOverControl": Measure.rounded(speedup / control),
            ]
        }
        return [
            "rounds": rounds, "byScript": byScript,
            "speedupMedian": Measure.rounded(Measure.median(speedups)),
            "cpuGrowthMedian": Measure.rounded(Measure.median(growths)),
            "controlSpeedupMedian": Measure.rounded(Measure.median(controls)),
            "text": "one thread vs two threads sharing one font; speedup = wall 1/2, cpuGrowth = process CPU 2/1",
        ]
    }

    /// About 50 ms of arithmetic on one idle core.
    static let controlIterations = 15_000_000

    /// A loop that touches no memory another thread uses (xorshift in registers).
    @inline(never)
    static func spin(_ iterations: Int) -> UInt64 {
        // Seeded from memory, so the optimiser cannot run the loop at compile time.
        var state: UInt64 = sink.load(ordering: .relaxed) | 1
        for _ in 0..<iterations {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
        }
        return state
    }

    /// Stores `value` where the optimiser cannot prove it unused.
    static let sink = Atomic<UInt64>(0)
    private static func keep(_ value: UInt64) { sink.store(value, ordering: .relaxed) }

    /// Wall and process CPU time of `body`, in ns.
    private static func timed(_ body: () -> Void) -> (wall: Double, cpu: Double) {
        let cpu = processCPUTime()
        let wall = Measure.now()
        body()
        return (Double(Measure.now() - wall), processCPUTime() - cpu)
    }

    private static func processCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }
}
