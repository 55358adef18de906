import Foundation
import HowdyJSON

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
        UnusedGoldens.writeExpectedList writes it ({"version":1,"directory":…,"goldens":[…]});
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
        let expected = try readList(listPath, goldens: goldens)
        let unused = unusedGoldens(in: goldens, expected: expected)
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

    /// The absolute paths in the list at `path`, checked against `goldens`.
    static func readList(_ path: String, goldens: URL) throws -> Set<String> {
        struct List: Decodable {
            var version: Int
            var directory: String?
            var goldens: [String]
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CLIError.badInput("cannot read \(path)")
        }
        guard data.count <= 64 << 20 else { throw CLIError.badInput("\(path): larger than 64 MiB") }
        let list: List
        do {
            list = try JSONDocument.decode(List.self, from: [UInt8](data))
        } catch {
            throw CLIError.badInput("\(path): not a golden list ({\"version\":1,\"goldens\":[…]}): \(error)")
        }
        guard list.version == 1 else { throw CLIError.badInput("\(path): version: expected 1, got \(list.version)") }
        guard !list.goldens.isEmpty else { throw CLIError.badInput("\(path): goldens: the list is empty") }
        if let directory = list.directory,
            URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL.path != goldens.path
        {
            throw CLIError.badInput("\(path): directory: the list is for \(directory), not \(goldens.path)")
        }
        let names = Set(list.goldens.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        // A list for another folder (or a relative list read from elsewhere) names nothing
        // here, and every golden would look unused.
        let prefix = goldens.path.hasSuffix("/") ? goldens.path : goldens.path + "/"
        guard names.contains(where: { $0.hasPrefix(prefix) }) else {
            throw CLIError.badInput(
                "\(path): goldens: none of its \(names.count) entries lies under \(goldens.path), so it is not this folder's list")
        }
        return names
    }

    /// `.png` files under `directory` (`Failures` folders and hidden files skipped) whose
    /// standardized absolute path is not in `expected`, sorted. Deletes nothing.
    public static func unusedGoldens(in directory: URL, expected: Set<String>) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var unused: [URL] = []
        for case let url as URL in walker {
            if url.lastPathComponent == "Failures" {
                walker.skipDescendants()
                continue
            }
            guard url.pathExtension == "png",
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                !expected.contains(url.standardizedFileURL.path)
            else { continue }
            unused.append(url.standardizedFileURL)
        }
        return unused.sorted { $0.path < $1.path }
    }
}
