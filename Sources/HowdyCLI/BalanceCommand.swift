import Foundation
import HowdyKit
import HowdyRender
import HowdyText

/// `howdy balance`: greedy, balanced or even line breaking of one text, or of a
/// JSON-lines stream of requests.
public enum BalanceCommand: Command {
    public static let name = "balance"
    public static let summary = "break text into balanced lines (one text, or a JSON-lines stream)"
    public static let help = """
        usage: howdy balance --font F --size PX --width PX [--greedy | --even] [--json] [--out IMAGE] [TEXT]
               howdy balance --jsonl [--font F] [--size PX] [--width PX] < requests.jsonl

        Breaks TEXT (or standard input when TEXT is absent) into lines at WIDTH px and prints
        them. The default is balanced: greedy's line count at the narrowest width that keeps
        it. --greedy prints plain greedy lines; --even minimises the sum of squared slack.

          --font F        a bundled name (Inter-Bold), a font file path, or a fontconfig family
          --size PX       font size in px (0 < PX <= 4096)
          --width PX      available width in px (> 0)
          --line-height PX  distance between baselines (default: the font's)
          --direction D   auto (default), ltr or rtl
          --locale L      BCP 47 locale for line breaking (ja, zh, th, ...)
          --json          print {"lines":[{"text","width"}],"width","height","lineCount","greedyLineCount"}
          --out IMAGE     also draw the lines to IMAGE (.png, or .ppm): black text over a grey
                          box WIDTH px wide, the span the lines cover tinted blue
          --jsonl         read one JSON request per line:
                            {"id":…,"text":…,"font":…,"size":…,"width":…,"mode":"balance|greedy|even"}
                          and write one result per line (the --json fields plus "id"); a bad line
                          answers {"id":…,"error":"…"} and the stream goes on. --font, --size and
                          --width give defaults for fields a request leaves out.

        Standard input holds at most 4 MiB (4194304 bytes); more is refused as soon as it
        arrives. Widths are in px (multiples of 1/64). Exit status: 0 on success, 2 on bad
        input or when the output cannot be written.

        """

    /// The most bytes of standard input read for one TEXT: 4 MiB, room for the longest
    /// text HowdyText lays out (2^20 UTF-16 code units, at most 3 bytes of UTF-8 each)
    /// plus a final newline. More is refused as soon as it arrives.
    static let maximumInputBytes = 4 << 20

    enum Mode: String {
        case balance, greedy, even
    }

    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let args = try Arguments(
            arguments, options: ["font", "size", "width", "line-height", "direction", "locale", "out"],
            switches: ["greedy", "even", "json", "jsonl"])
        guard !(args.has("greedy") && args.has("even")) else {
            throw CLIError.usage("--greedy and --even exclude each other")
        }
        var options = TextOptions()
        options.lineHeight = try args.double("line-height")
        options.locale = args.string("locale") ?? ""
        if let direction = args.string("direction") {
            switch direction {
            case "auto": options.direction = .auto
            case "ltr": options.direction = .leftToRight
            case "rtl": options.direction = .rightToLeft
            default: throw CLIError.usage("--direction: expected auto, ltr or rtl, got '\(direction)'")
            }
        }
        let mode: Mode = args.has("greedy") ? .greedy : args.has("even") ? .even : .balance
        let session = Session(options: options)
        if args.has("jsonl") {
            guard args.positionals.isEmpty else {
                throw CLIError.usage("--jsonl reads requests from standard input only")
            }
            guard args.string("out") == nil else { throw CLIError.usage("--out draws one text; not with --jsonl") }
            return try runStream(args: args, defaultMode: mode, session: session, io: io)
        }

        guard let fontName = args.string("font") else { throw CLIError.usage("--font is required") }
        guard let size = try args.double("size") else { throw CLIError.usage("--size is required") }
        guard let width = try args.double("width") else { throw CLIError.usage("--width is required") }
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
            layout = try session.layout(text: text, font: fontName, size: size, width: width, mode: mode)
        } catch let error as TextError {
            throw CLIError.badInput(error.description)
        }
        if let out = try args.path("out") {
            try writeImage(layout, to: out)
        }
        if args.has("json") {
            io.write(json(layout) + "\n")
        } else {
            io.write(layout.lines.map(\.text).joined(separator: "\n") + (layout.lines.isEmpty ? "" : "\n"))
        }
        return 0
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
            try image.write(to: URL(fileURLWithPath: path))
        } catch {
            throw CLIError.badInput("--out: \(FileProblem.message("write", path, error))")
        }
    }

    /// Shapes and breaks texts, keeping every font it opened for the next request.
    final class Session {
        let options: TextOptions
        private var faces: [String: FontFace] = [:]
        private var fonts: [FontKey: Font] = [:]

        private struct FontKey: Hashable {
            let name: String
            let size: Double
        }

        init(options: TextOptions) { self.options = options }

        func font(named name: String, size: Double) throws -> Font {
            let key = FontKey(name: name, size: size)
            if let font = fonts[key] { return font }
            let face = try faces[name] ?? FontLibrary.face(named: name)
            faces[name] = face
            let font = try Font(face: face, size: size)
            if fonts.count > 256 { fonts.removeAll() }
            fonts[key] = font
            return font
        }

        func layout(text: String, font name: String, size: Double, width: Double, mode: Mode) throws -> TextLayout {
            let font = try font(named: name, size: size)
            let shaped = try ShapedText(text, font: font, options: options)
            switch mode {
            case .balance: return try shaped.balance(width: width)
            case .greedy: return try shaped.layout(width: width)
            case .even: return try shaped.balance(width: width, objective: .even)
            }
        }
    }

    static func json(_ layout: TextLayout, id: String? = nil) -> String {
        var out = "{"
        if let id { out += "\"id\":\(id)," }
        out += "\"lines\":["
        for (index, line) in layout.lines.enumerated() {
            if index > 0 { out += "," }
            out += "{\"text\":\(JSONText.string(line.text)),\"width\":\(JSONText.number(line.width))}"
        }
        out += "],\"width\":\(JSONText.number(layout.width)),\"height\":\(JSONText.number(layout.height))"
        out += ",\"lineCount\":\(layout.lineCount),\"greedyLineCount\":\(layout.greedyLineCount)}"
        return out
    }
}
