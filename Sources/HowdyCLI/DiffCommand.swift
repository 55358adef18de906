import Foundation
import HowdyKit
import HowdyOutput
import HowdyRender

/// `howdy diff A B`: perceptual image comparison with exit codes 0 (within tolerance),
/// 1 (outside it) and 2 (bad input, including images of different sizes).
public enum DiffCommand: Command {
    /// The subcommand's name on the command line.
    public static let name = "diff"
    /// One line for `howdy --help`.
    public static let summary = "compare two PNG/PPM images perceptually"
    /// What `howdy NAME --help` prints.
    public static let help = """
        usage: howdy diff A B [--out DIFF.png] [--threshold T] [--max-diff-pixels N] [--max-diff-ratio R]
                              [--max-window-ratio W] [--window-size PX]

        Compares two PNG or PPM images of the same size, pixelmatch-style: colour distance in
        YIQ per pixel, semi-transparent pixels composited over a pattern so alpha counts,
        anti-aliasing differences detected and not counted. Identical bytes take a fast path.

          --out DIFF.png        write the diff image (grey: same, red: differs, yellow: anti-aliasing)
          --threshold T         per-pixel distance 0...1 counted as a difference (default 0.1)
          --max-diff-pixels N   differing pixels allowed (default 0)
          --max-diff-ratio R    differing pixels allowed as a fraction 0...1 of all pixels (default 0);
                                with both, the larger allowance applies (as Playwright)
          --max-window-ratio W  density guard: the largest fraction 0...1 of any window's pixels
                                that may differ (default 0.05; 1 turns it off)
          --window-size PX      the density window's side in px, 1...4096 (default 32)

        Both headers are read first: images of different sizes, or over 8192 × 8192 px
        (67108864 pixels), are refused before either is decoded. --out must not be one of
        the inputs (compared by file identity, so links and other spellings count).

        exit status: 0 within tolerance, 1 outside it, 2 bad input (unreadable file, different
        sizes, too large) or usage

        """

    /// Runs the subcommand with `arguments` (those after its name) and returns the exit status.
    /// - Throws: `CLIError` for bad usage or bad input (exit 2).
    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try Arguments(
            arguments,
            options: ["out", "threshold", "max-diff-pixels", "max-diff-ratio", "max-window-ratio", "window-size"],
            switches: [])
        guard parsed.positionals.count == 2 else {
            throw CLIError.usage("expected two images, got \(parsed.positionals.count)")
        }
        let tolerance = try tolerance(parsed)
        let outPath = try parsed.path("out")
        if let outPath {
            for input in parsed.positionals where FileIdentity.same(outPath, input) {
                throw CLIError.usage("--out \(outPath) is the input \(input); refused (it would be overwritten)")
            }
        }
        // Both headers before any pixels: a size mismatch or an image over the budget is
        // reported without decoding either image.
        let firstBytes = try read(parsed.positionals[0])
        let secondBytes = try read(parsed.positionals[1])
        let firstSize = try size(of: firstBytes, path: parsed.positionals[0])
        let secondSize = try size(of: secondBytes, path: parsed.positionals[1])
        guard firstSize == secondSize else {
            throw CLIError.badInput(
                "images differ in size: \(parsed.positionals[0]) is \(firstSize), \(parsed.positionals[1]) is \(secondSize)"
            )
        }
        try checkBudget(firstSize, path: parsed.positionals[0])
        let first = try decode(firstBytes, path: parsed.positionals[0])
        let second = try decode(secondBytes, path: parsed.positionals[1])
        let diff: ImageDiff
        do {
            diff = try ImageDiff(first, second, tolerance: tolerance, makeDiffImage: outPath != nil)
        } catch {
            throw CLIError.badInput("\(error)")
        }
        if let outPath, let image = diff.diffImage {
            do {
                AtomicFile.removeStaleTemporaries(besideFile: outPath)
                try image.write(to: URL(fileURLWithPath: outPath))
            } catch {
                throw CLIError.badInput(FileProblem.message("write", outPath, error))
            }
        }
        let within = diff.isWithin(tolerance)
        var text = "size: \(diff.size)\n"
        text += "differing pixels: \(diff.differingPixels)\n"
        text += "ratio: \(String(format: "%.6f", diff.ratio))\n"
        text += "anti-aliased pixels (not counted): \(diff.antiAliasedPixels)\n"
        text += "max distance: \(String(format: "%.4f", diff.maxDistance)) (threshold \(tolerance.threshold))\n"
        if let area = diff.changedArea {
            text +=
                "changed area: x \(area.x)..<\(area.maxX), y \(area.y)..<\(area.maxY) (\(area.width)×\(area.height) px)\n"
        }
        if let window = diff.densestWindow {
            text +=
                "densest window: \(String(format: "%.4f", diff.densestWindowRatio)) of \(diff.windowSize)×\(diff.windowSize) px at x \(window.x), y \(window.y)\n"
        }
        if diff.isByteIdentical { text += "identical bytes\n" }
        if let outPath { text += "diff image: \(outPath)\n" }
        text += "result: \(within ? "within" : "outside") tolerance (\(tolerance.summary))\n"
        io.write(text)
        return within ? 0 : 1
    }

    /// The tolerance options, range-checked: `--threshold`, `--max-diff-pixels`,
    /// `--max-diff-ratio`, `--max-window-ratio`, `--window-size`.
    static func tolerance(_ parsed: Arguments) throws -> DiffTolerance {
        let threshold = try parsed.double("threshold") ?? 0.1
        guard threshold.isFinite, (0...1).contains(threshold) else {
            throw CLIError.usage("--threshold must be within 0...1")
        }
        let maxPixels = try parsed.int("max-diff-pixels") ?? 0
        guard maxPixels >= 0 else { throw CLIError.usage("--max-diff-pixels must not be negative") }
        let maxRatio = try parsed.double("max-diff-ratio") ?? 0
        guard maxRatio.isFinite, (0...1).contains(maxRatio) else {
            throw CLIError.usage("--max-diff-ratio must be within 0...1")
        }
        let windowRatio = try parsed.double("max-window-ratio") ?? 0.05
        guard windowRatio.isFinite, (0...1).contains(windowRatio) else {
            throw CLIError.usage("--max-window-ratio must be within 0...1")
        }
        let windowSize = try parsed.int("window-size") ?? 32
        guard (1...4096).contains(windowSize) else { throw CLIError.usage("--window-size must be within 1...4096") }
        return DiffTolerance(
            threshold: threshold, maxDiffPixels: maxPixels, maxDiffRatio: maxRatio, maxWindowRatio: windowRatio,
            windowSize: windowSize)
    }

    /// The pixel budget of each compared image: 8192 × 8192 px (67,108,864 pixels, 256 MiB
    /// decoded), room for every render (the largest, a tablet at scale 4, is 3280 × 4720).
    static let limits = PixelBudget.limits

    /// The largest image file read, in bytes (512 MiB).
    static let maximumFileBytes = 512 << 20

    private static func read(_ path: String) throws -> [UInt8] {
        // Not Data(contentsOf:): a FIFO would block it forever, and a folder gave Foundation's
        // error 256.
        do {
            return try InputFile.read(path, maximumBytes: maximumFileBytes)
        } catch {
            throw CLIError.badInput("\(error)")
        }
    }

    private static func size(of bytes: [UInt8], path: String) throws -> PixelSize {
        let size: PixelSize
        do {
            size = try Image.size(ofEncoded: bytes)
        } catch {
            throw CLIError.badInput("\(path): \(error)")
        }
        return size
    }

    private static func checkBudget(_ size: PixelSize, path: String) throws {
        do {
            try limits.check(width: size.width, height: size.height)
        } catch {
            throw CLIError.badInput("\(path): \(error) (the budget for diff is \(limits.maxPixels) pixels)")
        }
    }

    private static func decode(_ bytes: [UInt8], path: String) throws -> Image {
        do {
            return try Image(decoding: bytes, limits: limits)
        } catch {
            throw CLIError.badInput("\(path): \(error)")
        }
    }
}
