import Foundation
import HowdyJSON
import HowdyKitUI
import HowdyReview

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
                            [--self-contained] [--json]
               howdy review [--manifest FILE|DIR] [--goldens DIR] --out DIR [--json]
               howdy review --accept ID... [--digest D] (--expected DIR --actual DIR... | --manifest P [--goldens DIR])
               howdy review --accept --all (--expected DIR --actual DIR... | --manifest P [--goldens DIR])
               howdy review --apply decision.json

        Compares every image of the expected folders with the image of the same name in
        the actual folders (every .png and .ppm below them, named by relative path; several
        --actual folders are joined, e.g. the shards of one render), or reads the failure
        manifest golden tests write (.build/howdy-failures/manifest.json, or the folder of
        $HOWDY_ARTIFACTS). Writes OUT/index.html: it works offline, from the file system,
        without any external script, and runs nothing.

        Identical changes across the matrix form one group ("this change on 24 screens"):
        one card with a representative in four views (side by side, diff, slider, onion
        skin; keys 1-4), a box around each changed region, click-to-zoom, and every member
        on expanding. Filters (device, scheme, locale, type size, screen) and search narrow
        the page; ? lists the keys. Approve or reject groups and images in the page: it
        copies one command, or saves decision.json for --apply, that accepts exactly the
        approved changes by their IDs. Names never reach a command.

        PNG pictures are shown where they are (unchanged ones are not copied); PPMs, diffs
        and thumbnails are written once, as PNG, under OUT/images/ID/. --self-contained
        copies changed, new and removed images and keeps thumbnails of unchanged ones, so
        OUT can be moved or uploaded alone.

        options:
          --expected DIR     the reference render (repeatable)
          --actual DIR       the render to review (repeatable: shards are joined)
          --manifest P       a golden-failure manifest, or the folder holding manifest.json
                             (default without folders: $HOWDY_ARTIFACTS, else .build/howdy-failures)
          --goldens DIR      the folder every golden of a manifest lies inside (default:
                             Goldens in the current folder); --accept writes nowhere else
          --out DIR          where index.html and images/ go (created when missing); it may
                             not be, or lie inside, an input folder
          --threshold T      per-pixel distance 0...1 counted as a difference (default 0.1)
          --self-contained   copy every picture the page shows into OUT
          --json             print the summary as JSON: changed, new, removed, unchanged,
                             groups, outputBytes, page
          --accept ID...     accept the changes with these IDs (as the page numbers them)
                             instead of writing a page: a manifest entry's actual image is
                             copied over its golden; in folders the actual image is copied
                             over the expected one (a removed image is deleted)
          --all              with --accept: every change
          --digest D         with --accept: the page's digest; refused when the names in
                             the folders have changed since the page was made
          --apply FILE       accept what a decision.json saved by the page approves

        Only regular files that decode as PNG or PPM within the pixel budget (67,108,864
        pixels, checked from the header) are read; links are refused. Targets must be .png
        or .ppm files of the same format whose real path lies inside the expected folder
        (or the goldens folder). Every write is a temporary file renamed into place;
        leftovers of a killed run are removed on the next one.

        Exit status: 0 page written or changes accepted, 2 bad usage or input (an
        unreadable folder or image, a manifest that is not one, an unknown ID, a target
        outside its folder).

        """

    /// Writes the review page, or with `--accept`/`--apply` takes changes, from `arguments`
    /// (those after `review`), reporting to `io`. Returns 0; throws `CLIError` for bad usage or input.
    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let args = try Arguments(
            arguments, options: ["expected", "actual", "manifest", "out", "threshold", "goldens", "digest", "apply"],
            switches: ["accept", "all", "json", "self-contained"])
        if let apply = args.string("apply") {
            guard !args.has("accept"), args.positionals.isEmpty, args.strings("expected").isEmpty,
                args.strings("actual").isEmpty, args.string("manifest") == nil
            else { throw CLIError.usage("--apply FILE takes everything from the file; give nothing else") }
            do {
                let decision = try ReviewDecision(contentsOf: URL(fileURLWithPath: apply))
                let lines = try Review.accept(
                    ids: decision.accept, digest: decision.digest, source: try decision.source,
                    goldens: decision.goldens.map { URL(fileURLWithPath: $0) } ?? defaultGoldens)
                io.write(lines.isEmpty ? "nothing to accept\n" : lines.joined(separator: "\n") + "\n")
            } catch {
                throw CLIError.badInput("\(error)")
            }
            return 0
        }
        let source = try source(args)
        let goldens = args.string("goldens").map { URL(fileURLWithPath: $0) } ?? defaultGoldens
        if args.has("accept") {
            guard args.has("all") || !args.positionals.isEmpty else {
                throw CLIError.usage("--accept: give the IDs of the changes to accept (as the page numbers them), or --all")
            }
            guard !(args.has("all") && !args.positionals.isEmpty) else {
                throw CLIError.usage("--accept: give IDs or --all, not both")
            }
            var ids: [Int] = []
            for word in args.positionals {
                guard word.count <= 9, !word.isEmpty, word.allSatisfy(\.isASCII), word.allSatisfy(\.isNumber),
                    let id = Int(word), id >= 1
                else {
                    throw CLIError.usage(
                        "--accept takes the IDs the review page shows (1, 2, …), not names; got \(Review.printable(String(word.prefix(80))))")
                }
                ids.append(id)
            }
            if let digest = args.string("digest"), !(digest.count == 16 && digest.allSatisfy(\.isHexDigit)) {
                throw CLIError.usage("--digest: expected the 16 hex digits the page shows")
            }
            do {
                let lines = try Review.accept(
                    ids: ids, all: args.has("all"), digest: args.string("digest"), source: source, goldens: goldens)
                io.write(lines.isEmpty ? "nothing to accept\n" : lines.joined(separator: "\n") + "\n")
            } catch {
                throw CLIError.badInput("\(error)")
            }
            return 0
        }
        guard args.positionals.isEmpty else {
            throw CLIError.usage("unexpected argument '\(Review.printable(args.positionals[0]))' (IDs go with --accept)")
        }
        guard !args.has("all") else { throw CLIError.usage("--all goes with --accept") }
        guard args.string("digest") == nil else { throw CLIError.usage("--digest goes with --accept") }
        guard let out = args.string("out"), !out.isEmpty else { throw CLIError.usage("--out DIR is required") }
        let threshold = try args.double("threshold") ?? 0.1
        guard (0...1).contains(threshold) else {
            throw CLIError.usage("--threshold: expected 0 to 1, got \(threshold)")
        }
        let directory = URL(fileURLWithPath: out)
        let review: Review
        do {
            var options = Review.Options(
                threshold: threshold, selfContained: args.has("self-contained"), manifestCheck: .renderable)
            if case .manifest = source { options.goldens = goldens }
            review = try Review.build(source, into: directory, options: options)
            try review.writePage(into: directory)
        } catch {
            throw CLIError.badInput("\(error)")
        }
        let summary = review.summary(of: directory)
        if args.has("json") {
            io.write(String(decoding: try JSONTreeEncoder.encode(summary, pretty: false), as: UTF8.self) + "\n")
        } else {
            io.write(
                "\(summary.changed) changed, \(summary.new) new, \(summary.removed) removed, \(summary.unchanged) unchanged; \(summary.groups) group\(summary.groups == 1 ? "" : "s"): \(summary.page)\n"
            )
        }
        return 0
    }

    /// `Goldens` in the current folder (the package root, as `.build/howdy-failures`).
    static var defaultGoldens: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Goldens")
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
