import Foundation
import HowdyKitUI

/// `howdy review`: a self-contained HTML review of what changed between two renders (or
/// in a golden-failure manifest), and `--accept` to take changes.
public enum ReviewCommand: Command {
    /// The subcommand's name: `howdy review`.
    public static let name = "review"
    /// One line for `howdy --help`.
    public static let summary = "review changed images in one offline page; accept changes"
    /// The full `howdy review --help` text.
    public static let help = """
        usage: howdy review --expected DIR --actual DIR [--actual DIR...] --out DIR [--threshold T]
               howdy review [--manifest FILE|DIR] --out DIR
               howdy review --accept NAME... [--manifest FILE|DIR | --expected DIR --actual DIR...]
               howdy review --accept --all [--manifest FILE|DIR | --expected DIR --actual DIR...]

        Compares every image of the expected folders with the image of the same name in
        the actual folders (every .png and .ppm below them, named by relative path; several
        --actual folders are joined, e.g. the shards of one render), or reads the failure
        manifest golden tests write (.build/howdy-failures/manifest.json, or the folder of
        $HOWDY_ARTIFACTS). Writes OUT/index.html with its pictures under OUT/images/: it
        works offline, from the file system, without any external script.

        The page lists changed images first, each with its figures (differing pixels,
        ratio, max distance, changed area) and four views: side by side, diff, slider and
        onion skin (keys 1-4); then new, removed and unchanged images. j/k or the arrow keys
        move between changes. Each change shows the command that accepts it.

        options:
          --expected DIR   the reference render (repeatable)
          --actual DIR     the render to review (repeatable: shards are joined)
          --manifest P     a golden-failure manifest, or the folder holding manifest.json
                           (default without folders: $HOWDY_ARTIFACTS, else .build/howdy-failures)
          --out DIR        where index.html and images/ go (created when missing)
          --threshold T    per-pixel distance 0...1 counted as a difference (default 0.1)
          --accept         accept the named changes instead of writing a page: a manifest
                           entry's actual image is copied over its golden; in folders the
                           actual image is copied over the expected one (a removed image is
                           deleted from the expected folder)
          --all            with --accept: every change

        Exit status: 0 page written or changes accepted, 2 bad usage or input (an
        unreadable folder or image, a manifest that is not one, an unknown name).

        """

    /// Writes the review page, or with `--accept` takes the named changes, from `arguments`
    /// (those after `review`), reporting to `io`. Returns 0; throws `CLIError` for bad usage or input.
    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let args = try Arguments(
            arguments, options: ["expected", "actual", "manifest", "out", "threshold"],
            switches: ["accept", "all"])
        let source = try source(args)
        if args.has("accept") {
            guard args.has("all") || !args.positionals.isEmpty else {
                throw CLIError.usage("--accept: name the changes to accept (as the page lists them), or give --all")
            }
            guard !(args.has("all") && !args.positionals.isEmpty) else {
                throw CLIError.usage("--accept: give names or --all, not both")
            }
            do {
                let lines = try Review.accept(args.positionals, all: args.has("all"), source: source)
                io.write(lines.isEmpty ? "nothing to accept\n" : lines.joined(separator: "\n") + "\n")
            } catch {
                throw CLIError.badInput("\(error)")
            }
            return 0
        }
        guard args.positionals.isEmpty else {
            throw CLIError.usage("unexpected argument '\(args.positionals[0])' (names go with --accept)")
        }
        guard !args.has("all") else { throw CLIError.usage("--all goes with --accept") }
        guard let out = args.string("out"), !out.isEmpty else { throw CLIError.usage("--out DIR is required") }
        let threshold = try args.double("threshold") ?? 0.1
        guard (0...1).contains(threshold) else {
            throw CLIError.usage("--threshold: expected 0 to 1, got \(threshold)")
        }
        let directory = URL(fileURLWithPath: out)
        let review: Review
        let page: URL
        do {
            review = try Review.build(source, into: directory, threshold: threshold)
            page = try review.writePage(into: directory)
        } catch {
            throw CLIError.badInput("\(error)")
        }
        let counts = ReviewItem.Status.allCases.map { "\(review.items($0).count) \($0.rawValue)" }
        io.write("\(counts.joined(separator: ", ")): \(page.path)\n")
        return 0
    }

    /// The folders or manifest the arguments name.
    private static func source(_ args: Arguments) throws -> ReviewSource {
        let expected = args.strings("expected"), actual = args.strings("actual")
        // Without a source, the failures golden tests left: $HOWDY_ARTIFACTS, else
        // .build/howdy-failures in the current folder (the package root).
        var manifest = args.string("manifest")
        if manifest == nil, expected.isEmpty, actual.isEmpty {
            let environment = ProcessInfo.processInfo.environment["HOWDY_ARTIFACTS"]
            manifest = environment.flatMap { $0.isEmpty ? nil : $0 } ?? ".build/howdy-failures"
        }
        if let manifest {
            guard expected.isEmpty, actual.isEmpty else {
                throw CLIError.usage("give --manifest or --expected/--actual, not both")
            }
            do {
                return .manifest(try FailureManifest(contentsOf: URL(fileURLWithPath: manifest)))
            } catch {
                throw CLIError.badInput("\(error)")
            }
        }
        guard !expected.isEmpty, !actual.isEmpty else {
            throw CLIError.usage("give --expected DIR and --actual DIR, or --manifest FILE")
        }
        for path in expected + actual {
            var isDirectory: ObjCBool = false
            guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else {
                throw CLIError.badInput("\(path.isEmpty ? "\"\"" : path): not a folder")
            }
        }
        return .directories(
            expected: expected.map { URL(fileURLWithPath: $0) }, actual: actual.map { URL(fileURLWithPath: $0) })
    }
}
