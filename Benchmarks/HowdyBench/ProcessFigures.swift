import Foundation

/// `howdy balance` run as a process, as scripts that call it once per title do:
/// wall time and peak memory (from wait4's rusage) of a one-shot Latin call.
enum ProcessFigures {
    static func measure() -> [String: Any] {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let howdy = folder.appendingPathComponent("howdy").path
        guard FileManager.default.isExecutableFile(atPath: howdy) else {
            return ["oneShot": "skipped: no howdy next to howdy-bench (swift build -c release first)"]
        }
        let arguments = [howdy, "balance", "--font", "Inter-Bold", "--size", "28", "--width", "330", "Get reminders"]
        var times: [Double] = []
        var peaks: [Int] = []
        for _ in 0..<15 {
            guard let (time, peak) = run(arguments) else { return ["oneShot": "failed to run \(howdy)"] }
            times.append(time)
            peaks.append(peak)
        }
        return [
            "oneShotMs": Measure.rounded(Measure.median(times) / 1e6, 2),
            "oneShotPeakResidentMiB": Measure.rounded(Double(peaks.max() ?? 0) / 1_048_576, 1),
        ]
    }

    /// Runs `arguments` with output to /dev/null; (wall ns, peak RSS bytes) or nil.
    private static func run(_ arguments: [String]) -> (Double, Int)? {
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
        return (Double(Measure.now() - start), usage.ru_maxrss * 1024)
    }
}
