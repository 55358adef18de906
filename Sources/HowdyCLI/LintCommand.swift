import Foundation
import HowdyKit
import HowdyKitUI

/// `howdy lint`: WCAG 2.x contrast of every text role against what is actually behind it.
public enum LintCommand: Command {
    /// The subcommand's name on the command line.
    public static let name = "lint"
    /// One line for `howdy --help`.
    public static let summary =
        "check contrast (WCAG 2.x), text fit, tap targets and missing strings in every locale"
    /// What `howdy NAME --help` prints.
    public static let help = """
        usage: howdy lint SPEC.json [--device D] [--scheme light|dark|all] [--scale N] [--time S]
                                    [--type-size SIZE] [--scroll POS] [--reduce-motion]
                                    [--locale L] [--max-images N] [--frames N] [--verbose]
                                    [--strict]

        Lays out every screen of the flow spec for each combination of its render matrix,
        draws it without its text, and compares each text's colour with every pixel under
        the text (the worst pixel counts). Animated backgrounds are checked at --frames
        times over one cycle (default 8). Body text needs 4.5:1, large text (18 pt and up,
        or 14 pt bold) and icons 3:1. Emoji, the app icon, disabled controls and text
        under an alert's dimming are not checked.

        Then lays every screen out per locale, device and Dynamic Type size and warns
        (WARN lines) about each text that overflows its box, shrank below its minimum
        scale, or broke inside a word; a footer pushed off screen; a tappable control
        smaller than 44 × 44 pt; and, when the spec has a localization, each key missing
        for a locale, in state new or needs_review, or with format arguments that do not
        match (FAIL: a plural without an "other" form, drawn as its key). Each names the
        screen, locale, device, size, role and element size, on one line (line breaks in
        keys and texts are written \\n). NOTE lines name what a catalog held that HowdyKit
        does not read (an unknown key from a newer Xcode), with its JSON path.

        The matrix options are render's (one parser), so lint checks exactly the
        combinations `howdy render` with the same options draws, except that it samples at
        scale 1 unless --scale is given.

        options:
        \(MatrixOptions.help)
          --frames N        animation frames per cycle (default 8)
          --verbose         also list the lowest ratio found for every screen and role
          --strict          exit 1 on layout and string warnings too

        Exit status: 0 all texts pass, 1 some text is below its minimum (each is listed
        with the screen, combination, role and ratio found) or, with --strict, any
        warning, 2 bad usage or spec, or a matrix over --max-images.

        """

    /// Runs the subcommand with `arguments` (those after its name) and returns the exit status.
    /// - Throws: `CLIError` for bad usage or bad input (exit 2).
    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let args = try Arguments(
            arguments, options: MatrixOptions.names.union(["frames"]),
            switches: MatrixOptions.switches.union(["verbose", "strict"]))
        guard args.positionals.count == 1 else { throw CLIError.usage("expected one SPEC.json") }
        let document = try RenderCommand.loadDocument(args.positionals[0], io: io)
        // Layout is checked at the scale render draws (wrapping follows the pixel grid).
        var layoutMatrix = document.matrix
        try MatrixOptions.apply(args, to: &layoutMatrix)
        var matrix = document.matrix
        // Contrast does not depend on resolution: lint at scale 1 unless asked otherwise.
        matrix.scale = 1
        try MatrixOptions.apply(args, to: &matrix)
        do {
            try RenderPlan.checkSize(
                matrix: matrix, screens: FlowPages.screens(document).count, maxImages: MatrixOptions.maxImages(args))
        } catch let error as RenderPlanError {
            throw CLIError.badInput("\(error)")
        }
        let frames = try args.int("frames") ?? 8
        guard frames >= 1, frames <= 240 else { throw CLIError.usage("--frames: expected 1 to 240") }
        let report: ContrastReport
        let layout: LayoutLintReport
        let showThrough: [ShowThroughFinding]
        do {
            report = try ContrastLint.check(document, matrix: matrix, frames: frames)
            layout = try LayoutLint.check(document, matrix: layoutMatrix)
            showThrough = try ShowThroughLint.check(document, matrix: matrix)
        } catch {
            throw CLIError.badInput("\(error)")
        }
        for finding in showThrough { io.write("FAIL \(finding)\n") }
        if args.has("verbose") {
            for key in report.worstByRole.keys.sorted() {
                io.write("  \(key): \(String(format: "%.2f", report.worstByRole[key] ?? 0)):1\n")
            }
        }
        for finding in report.findings { io.write("FAIL \(finding)\n") }
        if !showThrough.isEmpty {
            io.write("\(showThrough.count) text(s) show through a text drawn over them\n")
        }
        if report.passed, showThrough.isEmpty {
            io.write("ok: \(report.checkedTexts) texts checked, all meet WCAG 2.x contrast\n")
        } else {
            io.write("\(report.findings.count) text(s) below the WCAG 2.x minimum (\(report.checkedTexts) checked)\n")
        }
        // A string drawn as its raw key although the catalog has it (plural forms without
        // "other") fails lint; other string findings warn (and fail with --strict).
        var stringErrors = 0
        for finding in layout.findings {
            if case .missingString(let missing) = finding.kind, missing.isError {
                stringErrors += 1
                io.write("FAIL \(finding)\n")
            } else {
                io.write("WARN \(finding)\n")
            }
        }
        for note in document.localization?.notes ?? [] { io.write("NOTE \(LocalizationFinding.oneLine(note))\n") }
        io.write(
            "layout: \(layout.findings.count) warning\(layout.findings.count == 1 ? "" : "s") over \(layout.checkedScreens) screen layouts\n"
        )
        if !report.passed || !showThrough.isEmpty || stringErrors > 0 || (args.has("strict") && !layout.passed) {
            return 1
        }
        return 0
    }
}
