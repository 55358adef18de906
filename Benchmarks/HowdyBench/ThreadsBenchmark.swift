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
///
/// Those requests repeat, so once warm nothing is stored; `freshLicence`
/// (`freshLicenceParagraphs`) balances paragraphs never laid out before, which store
/// words as a corpus does, and counts the threads' sleeps.
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
                        onTwoThreads({ keep(spin(controlIterations / 2)) }, { keep(spin(controlIterations / 2)) })
                    }.wall)
                one.append(timed { work(all) })
                two.append(timed { onTwoThreads({ work(requests[..<half]) }, { work(requests[half...]) }) })
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
        var figures: [String: Any] = [
            "rounds": rounds, "byScript": byScript,
            "speedupMedian": Measure.rounded(Measure.median(speedups)),
            "cpuGrowthMedian": Measure.rounded(Measure.median(growths)),
            "controlSpeedupMedian": Measure.rounded(Measure.median(controls)),
            "text": "one thread vs two threads sharing one font; speedup = wall 1/2, cpuGrowth = process CPU 2/1",
        ]
        if let fresh = try freshLicenceParagraphs(rounds: rounds) { figures["freshLicence"] = fresh }
        return figures
    }

    /// Paragraphs per thread pass of `freshLicenceParagraphs`, and untimed before them.
    static let freshPerPass = 3000
    static let freshWarm = 11_000

    /// One thread against two over paragraphs never laid out before (`LicenceTexts`), as
    /// a corpus is balanced: every pass stores new words and marks new texts, so the
    /// threads meet on the caches' stores, which the repeated requests above never make.
    /// After `freshWarm` paragraphs untimed (the licences' vocabulary mostly cached), each
    /// round times `freshPerPass` new paragraphs on one thread, then as many on two (half
    /// each). Figures: the median over the rounds of each round's own speedup (wall time;
    /// paired, so that load which comes and goes falls on both halves of a ratio),
    /// `cpuGrowth` likewise (process CPU time), and the voluntary context switches per
    /// 1,000 paragraphs of each (`getrusage`): a thread that sleeps on a lock shows there
    /// whatever the machine's load; thread start and join add a few. Nil when no licence
    /// text is installed.
    static func freshLicenceParagraphs(rounds: Int) throws -> [String: Any]? {
        guard var texts = try LicenceTexts() else { return nil }
        let work: @Sendable (ArraySlice<LicenceTexts.Paragraph>) -> Void = { part in
            for paragraph in part {
                var shaped = try! ShapedText(paragraph.text, font: paragraph.font)
                shaped.omitsGlyphs = true
                _ = try! shaped.balance(width: paragraph.width)
            }
        }
        work(texts.next(freshWarm)[...])
        var speedups: [Double] = []
        var growths: [Double] = []
        var one: [(wall: Double, cpu: Double, sleeps: Int)] = []
        var two: [(wall: Double, cpu: Double, sleeps: Int)] = []
        for _ in 0..<rounds {
            let first = texts.next(freshPerPass)
            let second = texts.next(freshPerPass)
            one.append(counted { work(first[...]) })
            let half = second.count / 2
            two.append(counted { onTwoThreads({ work(second[..<half]) }, { work(second[half...]) }) })
            speedups.append(one[one.count - 1].wall / two[two.count - 1].wall)
            growths.append(two[two.count - 1].cpu / one[one.count - 1].cpu)
        }
        let perThousand = 1000 / Double(freshPerPass)
        return [
            "paragraphsPerPass": freshPerPass, "warmParagraphs": freshWarm,
            "oneThreadUsPerParagraph": Measure.rounded(
                Measure.median(one.map(\.wall)) / Double(freshPerPass) / 1000, 2),
            "twoThreadsUsPerParagraph": Measure.rounded(
                Measure.median(two.map(\.wall)) / Double(freshPerPass) / 1000, 2),
            "speedup": Measure.rounded(Measure.median(speedups)), "cpuGrowth": Measure.rounded(Measure.median(growths)),
            "oneThreadSleepsPerThousand": Measure.rounded(
                Measure.median(one.map { Double($0.sleeps) }) * perThousand, 1),
            "twoThreadsSleepsPerThousand": Measure.rounded(
                Measure.median(two.map { Double($0.sleeps) }) * perThousand, 1),
        ]
    }

    /// Runs `here` on the calling thread and `there` on a new one, and returns when both
    /// are done: the two-thread half of every figure above.
    private static func onTwoThreads(_ here: () -> Void, _ there: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread {
            there()
            done.signal()
        }.start()
        here()
        done.wait()
    }

    /// `timed`, and the process's voluntary context switches during `body`.
    private static func counted(_ body: () -> Void) -> (wall: Double, cpu: Double, sleeps: Int) {
        let before = voluntarySwitches()
        let (wall, cpu) = timed(body)
        return (wall, cpu, voluntarySwitches() - before)
    }

    private static func voluntarySwitches() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_nvcsw
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
