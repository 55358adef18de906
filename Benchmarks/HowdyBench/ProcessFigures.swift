import CProcessPeak
import Foundation

/// `howdy balance` run as a process, as scripts that call it once per title do: wall
/// time, CPU time and peak memory of a one-shot Latin call, beside `howdy --help` (the
/// start-up floor: loading the binary and its libraries) and `/bin/true` (the cost of
/// spawning any process) measured in the same run.
enum ProcessFigures {
    static func measure() -> [String: Any] {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let howdy = folder.appendingPathComponent("howdy").path
        guard FileManager.default.isExecutableFile(atPath: howdy) else {
            return ["oneShot": "skipped: no howdy next to howdy-bench (swift build -c release first)"]
        }
        let arguments = [howdy, "balance", "--font", "Inter-Bold", "--size", "28", "--width", "330", "Get reminders"]
        guard let oneShot = runs(arguments), let help = runs([howdy, "--help"]), let spawn = runs(["/bin/true"])
        else { return ["oneShot": "failed to run \(howdy)"] }
        var figures: [String: Any] = [
            "oneShotMs": Measure.rounded(oneShot.wallMs, 2),
            "oneShotCpuMs": Measure.rounded(oneShot.cpuMs, 2),
            "oneShotReference": [
                "helpMs": Measure.rounded(help.wallMs, 2), "helpCpuMs": Measure.rounded(help.cpuMs, 2),
                "trueMs": Measure.rounded(spawn.wallMs, 2),
            ],
        ]
        // rusage cannot give this: Linux folds the parent's high-water mark into a child's
        // ru_maxrss, so every child of the benchmark reported the benchmark's own peak.
        var peaks: [Int64] = []
        for _ in 0..<3 {
            guard let peak = ownPeak(arguments) else { break }
            peaks.append(peak)
        }
        if let peak = peaks.max() {
            figures["oneShotPeakMB"] = Measure.rounded(Double(peak) / 1e6, 1)
            figures["oneShotPeakResidentMiB"] = Measure.rounded(Double(peak) / 1_048_576, 1)
        } else {
            figures["oneShotPeakMB"] = "unavailable: ptrace refused (\(String(cString: strerror(errno))))"
        }
        return figures
    }

    /// Median wall and CPU (user + system) time of 15 runs, in ms; nil when a run fails.
    private static func runs(_ arguments: [String]) -> (wallMs: Double, cpuMs: Double)? {
        var walls: [Double] = []
        var cpus: [Double] = []
        for _ in 0..<15 {
            guard let (wall, cpu) = run(arguments) else { return nil }
            walls.append(wall / 1e6)
            cpus.append(cpu / 1e6)
        }
        return (Measure.median(walls), Measure.median(cpus))
    }

    /// Runs `arguments` with output to /dev/null; (wall ns, CPU ns) or nil.
    private static func run(_ arguments: [String]) -> (Double, Double)? {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let start = Measure.now()
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid, status == 0 else { return nil }
        let wall = Double(Measure.now() - start)
        func ns(_ time: timeval) -> Double { Double(time.tv_sec) * 1e9 + Double(time.tv_usec) * 1e3 }
        return (wall, ns(usage.ru_utime) + ns(usage.ru_stime))
    }

    /// The peak resident bytes of the process's own memory (VmHWM at exit), or nil.
    private static func ownPeak(_ arguments: [String]) -> Int64? {
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var peak: Int64 = 0
        return howdy_run_peak(arguments[0], argv, &peak) == 0 ? peak : nil
    }
}
