import Foundation
import HowdyReview

/// `howdy goldens unused|prune`: goldens on disk that a suite's declared list no longer
/// names. `unused` lists them (exit 1 when there are any); `prune` removes them on purpose.
public enum GoldensCommand: Command {
    /// The subcommand's name: `howdy goldens`.
    public static let name = "goldens"
    /// One line for `howdy --help`.
    public static let summary = "list or remove goldens that no test compares any more"
    /// The full `howdy goldens --help` text.
    public static let help = """
        usage: howdy goldens unused --goldens DIR --expected LIST.json
               howdy goldens prune  --goldens DIR --expected LIST.json [--dry-run | --yes]

        LIST.json is the complete list of goldens a suite compares, as HowdyTesting's
        HowdyReview's GoldenList.write writes it ({"version":1,"directory":…,"goldens":[…]});
        the project's suite writes .build/howdy-failures/HowdyKitUI.expected-goldens.json on
        every run. Because the list is the suite's declared plan, not what one (possibly
        filtered or sharded) run happened to compare, the answer is right after any run.

          unused   print every .png under DIR (Failures folders skipped) not in the list;
                   exit 0 when there is none, 1 when there are some. Deletes nothing.
          prune    print each of those files ("would remove PATH") and delete nothing
                   (--dry-run, the default); with --yes, remove them and print each one
                   removed; exit 0.

        The list's "directory", when given, must be DIR; an empty list, or one that names
        no golden under DIR, is refused, so a wrong or truncated list cannot empty a
        goldens folder. Exit 2 on bad usage or a bad list.

        """

    /// Runs `unused` or `prune` on `arguments` (those after `goldens`), writing to `io`.
    /// Returns 0, or 1 when `unused` finds any; throws `CLIError` for bad usage or a bad list.
    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try Arguments(arguments, options: ["goldens", "expected"], switches: ["dry-run", "yes"])
        guard parsed.positionals.count == 1, let action = parsed.positionals.first,
            ["unused", "prune"].contains(action)
        else { throw CLIError.usage("expected 'unused' or 'prune'") }
        guard let goldensPath = parsed.string("goldens") else { throw CLIError.usage("--goldens DIR is required") }
        guard let listPath = parsed.string("expected") else { throw CLIError.usage("--expected LIST.json is required") }
        let goldens = URL(fileURLWithPath: goldensPath, isDirectory: true).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: goldens.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw CLIError.badInput("--goldens \(goldensPath): not a directory") }
        let expected: Set<String>
        do {
            expected = try GoldenList.read(listPath, goldens: goldens)
        } catch {
            throw CLIError.badInput(error.description)
        }
        let unused = GoldenList.unused(in: goldens, expected: expected)
        if action == "unused" {
            for url in unused { io.write("\(url.path)\n") }
            io.write("\(unused.count) unused golden(s) of \(expected.count) expected\n")
            return unused.isEmpty ? 0 : 1
        }
        if parsed.has("yes"), parsed.has("dry-run") {
            throw CLIError.usage("--yes and --dry-run cannot be given together")
        }
        guard parsed.has("yes") else {
            for url in unused { io.write("would remove \(url.path)\n") }
            io.write("would remove \(unused.count) unused golden(s) of \(expected.count) expected; run again with --yes to remove them\n")
            return 0
        }
        for url in unused {
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw CLIError.badInput("cannot remove \(url.path): \(error.localizedDescription)")
            }
            io.write("removed \(url.path)\n")
        }
        io.write("removed \(unused.count) unused golden(s)\n")
        return 0
    }
}
