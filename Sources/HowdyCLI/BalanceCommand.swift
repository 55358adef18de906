import Foundation
import HowdyKit
import HowdyOutput
import HowdyRender
import HowdyText
import HowdyTextJSON

/// `howdy balance`: greedy, balanced or even line breaking of one text, or of a
/// JSON-lines stream of requests.
public enum BalanceCommand: Command {
    /// The subcommand's name on the command line.
    public static let name = "balance"
    /// One line for `howdy --help`.
    public static let summary = "break text into balanced lines (one text, or a JSON-lines stream)"
    /// What `howdy NAME --help` prints.
    public static let help = """
        usage: howdy balance --font F --size PX --width PX [--greedy | --even | --pretty] [--json] [--out IMAGE] [TEXT]
               howdy balance --jsonl [--font F] [--size PX] [--width PX] < requests.jsonl

        Breaks TEXT (or standard input when TEXT is absent) into lines at WIDTH px and prints
        them. The default is balanced: greedy's line count at the narrowest width that keeps
        it. --greedy prints plain greedy lines; --even minimises the sum of squared slack;
        --pretty (CSS text-wrap: pretty) keeps lines full, never ends on one lonely word when
        another layout avoids it, and minimises raggedness over the whole paragraph.

          --font F        a bundled name (Inter-Bold), a font file path, or a fontconfig family
          --size PX       font size in px (\(limit(Font.minimumSize)) <= PX <= \(limit(Font.maximumSize)))
          --width PX      available width in px (0 < PX <= \(limit(TextLimits.maximumWidth)))
          --line-height PX  distance between baselines (0 < PX <= \(limit(TextLimits.maximumLineHeight)); default: the font's)
          --direction D   auto (default), ltr or rtl
          --locale L      BCP 47 locale for line breaking (ja, zh, th, ...)
          --features LIST OpenType features, comma-separated (kern=0,ss01)
          --line-break S  CSS line-break: auto (default; browsers' normal), loose, normal, strict,
                          anywhere
          --word-break S  CSS word-break: normal (default), break-all, keep-all, auto-phrase
                          (Japanese phrases, ICU's ja@lw=phrase)
          --overflow-wrap S  CSS overflow-wrap: break-word (default), normal (a long word
                          overflows), anywhere
          --objective O   narrowest (default; the same as no flag), even or pretty: the same
                          as --even or --pretty
          --hyphens S     CSS hyphens: manual (default; at soft hyphens U+00AD), none, auto
                          (also libhyphen's points for --locale; a missing dictionary is exit 2)
          --json          print {"lines":[{"text","width"}],"width","height","lineCount","greedyLineCount"};
                          a line ending in a drawn hyphen also has "hyphen":true (and prints
                          with a trailing '-' without --json)
          --out IMAGE     also draw the lines to IMAGE (.png, or .ppm): black text over a grey
                          box WIDTH px wide, the span the lines cover tinted blue
          --jsonl         read one JSON request per line:
                            {"id":…,"text":…,"font":…,"size":…,"width":…,"mode":"balance|greedy|even|pretty",
                             "locale":…,"direction":"auto|ltr|rtl","lineHeight":…,"features":["kern=0"],
                             "lineBreak":…,"wordBreak":…,"overflowWrap":…,"hyphens":… (the keywords above)}
                          and write one result per line, in input order (the --json fields plus
                          "id", echoed as given, any JSON type); a bad line answers
                          {"id":…,"error":"line N: …"} and the stream goes on. The other flags give
                          defaults for fields a request leaves out. A line over 4 MiB is answered
                          with an error as it arrives and skipped.
          --jobs N        with --jsonl: answer on N threads (1...256, default 1); order is kept

        Standard input holds at most 4 MiB (4194304 bytes); more is refused as soon as it
        arrives. Widths are in px (multiples of 1/64). Exit status: 0 on success, 2 on bad
        input or when the output cannot be written.

        """

    /// The most bytes of standard input read for one TEXT: 4 MiB, room for the longest
    /// text HowdyText lays out (2^20 UTF-16 code units, at most 3 bytes of UTF-8 each)
    /// plus a final newline. More is refused as soon as it arrives.
    static let maximumInputBytes = 4 << 20

    /// Runs the subcommand with `arguments` (those after its name) and returns the exit status.
    /// - Throws: `CLIError` for bad usage or bad input (exit 2).
    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let args = try Arguments(
            arguments,
            options: [
                "font", "size", "width", "line-height", "direction", "locale", "out", "features", "jobs",
                "line-break", "word-break", "overflow-wrap", "objective", "hyphens",
            ],
            switches: ["greedy", "even", "json", "jsonl", "pretty"])
        let strategy = try strategy(from: args)
        var options = TextOptions()
        options.lineHeight = try args.double("line-height")
        options.locale = args.string("locale") ?? ""
        if !options.locale.isEmpty, let problem = LocaleTag.problem(options.locale) {
            throw CLIError.badInput(
                "--locale: expected a BCP 47 tag such as en, de-CH or ja, got '\(LocaleTag.echo(options.locale))': \(problem)")
        }
        if let name = args.string("direction") {
            guard let direction = BalanceRequest.value(of: name, in: BalanceRequest.directions) else {
                let known = BalanceRequest.list(BalanceRequest.directions, quote: "")
                throw CLIError.usage("--direction: expected \(known), got '\(name)'")
            }
            options.direction = direction
        }
        options.lineBreak =
            try keyword("line-break", LineBreakStyle.init(keyword:), LineBreakStyle.keywords, in: args)
            ?? options.lineBreak
        options.wordBreak =
            try keyword("word-break", WordBreakStyle.init(keyword:), WordBreakStyle.keywords, in: args)
            ?? options.wordBreak
        options.overflowWrap =
            try keyword("overflow-wrap", OverflowWrapStyle.init(keyword:), OverflowWrapStyle.keywords, in: args)
            ?? options.overflowWrap
        options.hyphens =
            try keyword("hyphens", HyphensStyle.init(keyword:), HyphensStyle.keywords, in: args) ?? options.hyphens
        if let list = args.string("features") {
            do {
                options.features = try list.split(separator: ",").map { try FontFeature(String($0)) }
            } catch let error as TextError {
                throw CLIError.usage("--features: \(error.description)")
            }
        }
        let defaults = BalanceDefaults(
            font: args.string("font"), size: try args.double("size"), width: try args.double("width"),
            strategy: strategy,
            options: options)
        if args.has("jsonl") {
            guard args.positionals.isEmpty else {
                throw CLIError.usage("--jsonl reads requests from standard input only")
            }
            guard args.string("out") == nil else { throw CLIError.usage("--out draws one text; not with --jsonl") }
            let jobs = try args.int("jobs") ?? 1
            guard (1...256).contains(jobs) else { throw CLIError.usage("--jobs: expected 1...256, got \(jobs)") }
            return try runStream(defaults: defaults, jobs: jobs, io: io)
        }
        guard args.string("jobs") == nil else { throw CLIError.usage("--jobs applies to --jsonl only") }
        guard let fontName = args.string("font") else { throw CLIError.usage("--font is required") }
        guard let size = try args.double("size") else { throw CLIError.usage("--size is required") }
        guard defaults.width != nil else { throw CLIError.usage("--width is required") }
        guard args.positionals.count <= 1 else {
            throw CLIError.usage("expected one TEXT argument (quote it), got \(args.positionals.count)")
        }
        let text: String
        if let given = args.positionals.first {
            text = given
        } else {
            let data = try BoundedInput.readAll(
                from: io.standardInput(), limit: maximumInputBytes, name: "standard input")
            guard let decoded = String(validating: data, as: UTF8.self) else {
                throw CLIError.badInput("standard input is not UTF-8 text")
            }
            // A file piped in ends with a newline that is not part of the text.
            text = decoded.hasSuffix("\n") ? String(decoded.dropLast()) : decoded
        }
        let layout: TextLayout
        do {
            // The one request reader: what a --jsonl line holding only "text" would ask for.
            let request = try BalanceRequest(text: text, defaults: defaults)
            layout = try request.layout(in: Font(named: fontName, size: size))
        } catch let error as TextError {
            throw CLIError.badInput(error.description)
        } catch let failure as BalanceRequest.Invalid {
            throw CLIError.badInput(failure.message)
        }
        if let out = try args.path("out") {
            try writeImage(layout, to: out)
        }
        if args.has("json") {
            io.write(layout.jsonText + "\n")
        } else {
            // A line that ends at a soft or automatic hyphen shows the hyphen it draws.
            let lines = layout.lines.map { $0.endsWithHyphen ? $0.text + "-" : $0.text }
            io.write(lines.joined(separator: "\n") + (layout.lines.isEmpty ? "" : "\n"))
        }
        return 0
    }

    /// The strategy the flags ask for: at most one of --greedy, --even, --pretty and
    /// --objective; `.balanced(.narrowest)` when none is given. The switches are the
    /// JSON-lines `"mode"` keywords of the same name.
    private static func strategy(from args: Arguments) throws -> LineBreakStrategy {
        var chosen: [(flag: String, strategy: LineBreakStrategy)] = []
        for flag in ["greedy", "even", "pretty"] where args.has(flag) {
            if let strategy = BalanceRequest.value(of: flag, in: BalanceRequest.modes) {
                chosen.append(("--" + flag, strategy))
            }
        }
        if let name = args.string("objective") {
            guard let strategy = BalanceRequest.value(of: name, in: BalanceRequest.objectives) else {
                let known = BalanceRequest.list(BalanceRequest.objectives, quote: "")
                throw CLIError.usage("--objective: expected \(known), got '\(name)'")
            }
            chosen.append(("--objective", strategy))
        }
        guard chosen.count <= 1 else {
            throw CLIError.usage("\(chosen.map(\.flag).joined(separator: " and ")) exclude each other")
        }
        return chosen.first?.strategy ?? .balanced(.narrowest)
    }

    /// A limit for the help text: "4096" for a whole number, "0.5" otherwise.
    private static func limit(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// Draws `layout` with `TextImage` to `path`, PNG unless the extension is `.ppm`.
    private static func writeImage(_ layout: TextLayout, to path: String) throws {
        let image: Image
        do {
            image = try TextImage.render(layout)
        } catch {
            throw CLIError.badInput("--out \(path): \(error)")
        }
        do {
            AtomicFile.removeStaleTemporaries(besideFile: path)
            try image.write(to: URL(fileURLWithPath: path))
        } catch {
            throw CLIError.badInput("--out: \(FileProblem.message("write", path, error))")
        }
    }

    /// The style `--flag` names (a CSS keyword or Swift case name), nil when absent.
    /// `known` is built only for the error: listing a style's cases costs a one-shot run
    /// Swift runtime conformance look-ups (about 0.1 ms for the three styles).
    private static func keyword<Style>(
        _ flag: String, _ parse: (String) -> Style?, _ known: @autoclosure () -> String, in args: Arguments
    ) throws -> Style? {
        guard let value = args.string(flag) else { return nil }
        guard let style = parse(value) else { throw CLIError.usage("--\(flag): expected \(known()), got '\(value)'") }
        return style
    }
}
