import Foundation
import HowdyJSON
import HowdyKit
import HowdyKitUI
import HowdyRender
import HowdyReview

/// `howdy render`: draws every screen of a flow spec in every combination of its render
/// matrix (or the one given on the command line) and writes an index.html.
public enum RenderCommand: Command {
    /// The subcommand's name on the command line.
    public static let name = "render"
    /// One line for `howdy --help`.
    public static let summary = "render a flow spec's screens to PNG/PPM images plus an index.html"
    /// What `howdy NAME --help` prints.
    public static let help = """
        usage: howdy render SPEC.json --out DIR [--device D] [--scheme light|dark|all]
                                      [--scale N] [--time S] [--type-size SIZE] [--scroll POS]
                                      [--reduce-motion] [--locale L] [--max-images N] [--shard I/N]
                                      [--format png|ppm] [--store FILE] [--json] [--display-list]
               howdy render --merge DIR... --out DIR

        Renders the welcome (and its states), the route chain and every step of the flow
        spec (a permission step once per state) for each device, colour scheme, Dynamic
        Type size, time and scroll position of the spec's "render" matrix, to
        DIR/NN-SCREEN_DEVICE-SCHEME[-SIZE][-tTIME][-scroll-POS][-reduce-motion]@Nx.png, and
        writes DIR/index.html showing them all, DIR/contact-sheet-SCHEME.png (every screen
        of a scheme on one labelled image) and DIR/render-manifest.json (the plan and the
        files). Repeated devices, schemes, sizes, times and positions are merged; the
        whole matrix is counted before anything is drawn. Progress goes to stderr.

        options:
          --out DIR         output folder (created when missing)
        \(MatrixOptions.help)
          --shard I/N       render only shard I of N (1-based): a deterministic share of the
                            matrix balanced by pixels drawn; writes the images and the shard's
                            render-manifest.json (no index)
          --merge DIR...    join shard folders (each with its render-manifest.json) into --out:
                            the same files, index and contact sheets as one unsharded render
          --format F        png (default) or ppm
          --display-list    write each image's display list (what is drawn where, with
                            roles and content IDs) beside it as NAME.display-list.json
          --json            print the files written as JSON (screen, fileName, device,
                            scheme, dynamicTypeSize, time, scale, scroll, reduceMotion, pixel
                            size) on stdout
          --store FILE      an onboarding store (as `howdy flow` writes): render only the
                            pages still needed (the welcome while unrecorded, then the
                            unrecorded steps); stored answers personalise headlines

        Exit status: 0 success, 2 bad usage, an invalid spec (the message names the JSON
        path, e.g. steps[2].options[0].label: expected a string), a matrix over
        --max-images, or shards that do not merge (another plan, a shard missing or twice).

        """

    /// Runs the subcommand with `arguments` (those after its name) and returns the exit status.
    /// - Throws: `CLIError` for bad usage or bad input (exit 2).
    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let args = try Arguments(
            arguments, options: MatrixOptions.names.union(["out", "format", "store", "shard"]),
            switches: MatrixOptions.switches.union(["json", "merge", "display-list"]))
        guard let out = try args.path("out") else { throw CLIError.usage("--out DIR is required") }
        if args.has("merge") { return try merge(args, out: out, io: io) }
        guard args.positionals.count == 1 else { throw CLIError.usage("expected one SPEC.json") }
        let document = try loadDocument(args.positionals[0], io: io)
        var matrix = document.matrix
        try MatrixOptions.apply(args, to: &matrix)
        let maxImages = try MatrixOptions.maxImages(args)
        var shard: RenderShard?
        if let text = args.string("shard") {
            guard let parsed = RenderShard(text) else {
                throw CLIError.usage(
                    "--shard: expected I/N with 1 ≤ I ≤ N ≤ \(RenderShard.maximumCount) (e.g. 2/4), got '\(text)'")
            }
            shard = parsed
        }
        let formatName = args.string("format") ?? "png"
        guard let format = ImageFormat(rawValue: formatName) else {
            throw CLIError.usage("--format: expected png or ppm, got '\(formatName)'")
        }
        // A matrix over the cap is refused before the output folder is made (the store can
        // only narrow the screens, so the full flow's count is the one to check).
        do {
            try RenderPlan.checkSize(
                matrix: matrix, screens: FlowPages.screens(document, storage: nil).count, maxImages: maxImages)
        } catch {
            throw CLIError.badInput("\(error)")
        }
        let directory = try OutputFolder.prepare(out)
        var storage: FileOnboardingStorage?
        if let store = try args.path("store") {
            let file = FileOnboardingStorage(url: URL(fileURLWithPath: store))
            do {
                _ = try file.load()
            } catch {
                throw CLIError.badInput("--store \(store): \(error)")
            }
            storage = file
        }
        let files: [RenderedFile]
        do {
            files = try RenderJob.run(
                document, matrix: matrix, to: directory, format: format, storage: storage, maxImages: maxImages,
                shard: shard, displayLists: args.has("display-list")
            ) { done, total, name in
                io.writeError("[\(done)/\(total)] \(name)\n")
            }
        } catch  where FileProblem.isFileSystemError(error) {
            throw CLIError.badInput(FileProblem.message("write", error, defaultPath: out))
        } catch {
            throw CLIError.badInput("\(error)")
        }
        if args.has("json") {
            // Strings, integers and enums only: encoding cannot fail ("[]" keeps the output JSON).
            let data = (try? Foundation.Data(JSONTreeEncoder.encode(files, pretty: true))) ?? Data("[]".utf8)
            io.write(String(decoding: data, as: UTF8.self) + "\n")
        } else if let shard {
            let manifest = directory.appendingPathComponent(RenderManifest.fileName).path
            io.write("wrote \(files.count) images of shard \(shard) and \(manifest)\n")
        } else {
            io.write("wrote \(files.count) images and \(directory.appendingPathComponent("index.html").path)\n")
        }
        return 0
    }

    /// `--merge DIR... --out DIR`: the shards' images, one index and one manifest.
    private static func merge(_ args: Arguments, out: String, io: CommandIO) throws -> Int32 {
        guard !args.positionals.isEmpty else { throw CLIError.usage("--merge: expected one or more shard folders") }
        let manifest: RenderManifest
        do {
            manifest = try RenderJob.merge(
                args.positionals.map { URL(fileURLWithPath: $0) }, into: URL(fileURLWithPath: out))
        } catch {
            throw CLIError.badInput("\(error)")
        }
        let index = URL(fileURLWithPath: out).appendingPathComponent("index.html").path
        io.write("merged \(args.positionals.count) renders: \(manifest.files.count) images and \(index)\n")
        return 0
    }

    /// Reads a spec, printing its warnings to stderr.
    static func loadDocument(_ path: String, io: CommandIO) throws -> FlowDocument {
        do {
            let document = try FlowDocument.load(contentsOf: URL(fileURLWithPath: path))
            for warning in document.warnings { io.writeError("warning: \(warning)\n") }
            return document
        } catch {
            throw CLIError.badInput("\(path): \(error)")
        }
    }
}
