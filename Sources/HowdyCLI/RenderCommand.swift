import Foundation
import HowdyKit
import HowdyKitUI
import HowdyRender

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
                                      [--format png|ppm] [--store FILE] [--json] [--display-list]

        Renders the welcome (and its states), the route chain and every step of the flow
        spec (a permission step once per state) for each device, colour scheme, Dynamic
        Type size, time and scroll position of the spec's "render" matrix, to
        DIR/NN-SCREEN_DEVICE-SCHEME[-SIZE][-tTIME][-scrollPOS]@Nx.png, and writes DIR/index.html
        showing them all. Progress goes to stderr.

        options:
          --out DIR         output folder (created when missing)
          --device D        phone, small-phone, tablet, desktop or all (overrides the spec)
          --scheme S        light, dark or all (overrides the spec)
          --scale N         px per pt, 1 to 4 (default: the spec's, else each device's)
          --time S          seconds into the animation (overrides the spec's times)
          --type-size SIZE  a Dynamic Type size (xSmall ... xxxLarge, accessibility1 ... 5, or all)
          --scroll POS      top (default), end, all (top and end) or an offset in pt: how far
                            content taller than the screen is scrolled under the footer
          --format F        png (default) or ppm
          --reduce-motion   render animated backgrounds static
          --display-list    write each image's display list (what is drawn where, with
                            roles and content IDs) beside it as NAME.display-list.json
          --json            print the files written as JSON (screen, fileName, device,
                            scheme, dynamicTypeSize, time, scale, scroll, pixel size) on stdout
          --store FILE      an onboarding store (as `howdy flow` writes): render only the
                            pages still needed (the welcome while unrecorded, then the
                            unrecorded steps); stored answers personalise headlines

        Exit status: 0 success, 2 bad usage or an invalid spec (the message names the
        JSON path, e.g. steps[2].options[0].label: expected a string).

        """

    /// Runs the subcommand with `arguments` (those after its name) and returns the exit status.
    /// - Throws: `CLIError` for bad usage or bad input (exit 2).
    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let args = try Arguments(
            arguments, options: MatrixOptions.names.union(["out", "time", "format", "type-size", "store"]),
            switches: ["reduce-motion", "json", "display-list"])
        guard args.positionals.count == 1 else { throw CLIError.usage("expected one SPEC.json") }
        guard let out = args.string("out") else { throw CLIError.usage("--out DIR is required") }
        let document = try loadDocument(args.positionals[0], io: io)
        var matrix = document.matrix
        try MatrixOptions.apply(args, to: &matrix)
        if let time = try args.double("time") {
            guard time >= 0 else { throw CLIError.usage("--time: expected seconds ≥ 0") }
            matrix.times = [time]
        }
        if let size = args.string("type-size") {
            if size == "all" {
                matrix.dynamicTypeSizes = DynamicTypeSize.allCases
            } else if let parsed = DynamicTypeSize.named(size) {
                matrix.dynamicTypeSizes = [parsed]
            } else {
                throw CLIError.usage("--type-size: unknown size '\(size)'")
            }
        }
        if args.has("reduce-motion") { matrix.reduceMotion = true }
        let formatName = args.string("format") ?? "png"
        guard let format = ImageFormat(rawValue: formatName) else {
            throw CLIError.usage("--format: expected png or ppm, got '\(formatName)'")
        }
        let directory = URL(fileURLWithPath: out)
        var storage: FileOnboardingStorage?
        if let store = args.string("store") {
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
                document, matrix: matrix, to: directory, format: format, storage: storage,
                displayLists: args.has("display-list")
            ) {
                done, total, name in
                io.writeError("[\(done)/\(total)] \(name)\n")
            }
        } catch {
            throw CLIError.badInput("\(error)")
        }
        if args.has("json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(files)) ?? Data("[]".utf8)
            io.write(String(decoding: data, as: UTF8.self) + "\n")
        } else {
            io.write("wrote \(files.count) images and \(directory.appendingPathComponent("index.html").path)\n")
        }
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
