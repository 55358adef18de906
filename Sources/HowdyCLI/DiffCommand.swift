import Foundation
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
        usage: howdy diff A B [--out DIFF.png] [--threshold T] [--max-diff-pixels N | --max-diff-ratio R]

        Compares two PNG or PPM images of the same size, pixelmatch-style: colour distance in
        YIQ per pixel, anti-aliasing differences detected and not counted.

          --out DIFF.png        write the diff image (grey: same, red: differs, yellow: anti-aliasing)
          --threshold T         per-pixel distance 0...1 counted as a difference (default 0.1)
          --max-diff-pixels N   differing pixels allowed (default 0)
          --max-diff-ratio R    differing pixels allowed as a fraction 0...1 of all pixels

        exit status: 0 within tolerance, 1 outside it, 2 bad input (unreadable file, different sizes)

        """

    /// Runs the subcommand with `arguments` (those after its name) and returns the exit status.
    /// - Throws: `CLIError` for bad usage or bad input (exit 2).
    public static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        let parsed = try Arguments(
            arguments, options: ["out", "threshold", "max-diff-pixels", "max-diff-ratio"], switches: [])
        guard parsed.positionals.count == 2 else {
            throw CLIError.usage("expected two images, got \(parsed.positionals.count)")
        }
        let threshold = try parsed.double("threshold") ?? 0.1
        guard (0...1).contains(threshold) else { throw CLIError.usage("--threshold must be within 0...1") }
        let maxPixels = try parsed.int("max-diff-pixels")
        let maxRatio = try parsed.double("max-diff-ratio")
        let limit: DiffTolerance.Limit
        switch (maxPixels, maxRatio) {
        case (.some, .some): throw CLIError.usage("give --max-diff-pixels or --max-diff-ratio, not both")
        case (.some(let count), nil):
            guard count >= 0 else { throw CLIError.usage("--max-diff-pixels must not be negative") }
            limit = .pixels(count)
        case (nil, .some(let ratio)):
            guard (0...1).contains(ratio) else { throw CLIError.usage("--max-diff-ratio must be within 0...1") }
            limit = .ratio(ratio)
        case (nil, nil): limit = .pixels(0)
        }
        let first = try load(parsed.positionals[0])
        let second = try load(parsed.positionals[1])
        guard first.size == second.size else {
            throw CLIError.badInput(
                "images differ in size: \(parsed.positionals[0]) is \(first.size), \(parsed.positionals[1]) is \(second.size)"
            )
        }
        let outPath = parsed.string("out")
        let diff: ImageDiff
        do {
            diff = try ImageDiff(first, second, threshold: threshold, makeDiffImage: outPath != nil)
        } catch {
            throw CLIError.badInput("\(error)")
        }
        if let outPath, let image = diff.diffImage {
            do {
                try image.write(to: URL(fileURLWithPath: outPath))
            } catch {
                throw CLIError.badInput("cannot write \(outPath): \(error)")
            }
        }
        let within = diff.isWithin(limit)
        var text = "size: \(diff.size)\n"
        text += "differing pixels: \(diff.differingPixels)\n"
        text += "ratio: \(String(format: "%.6f", diff.ratio))\n"
        text += "anti-aliased pixels (not counted): \(diff.antiAliasedPixels)\n"
        text += "max distance: \(String(format: "%.4f", diff.maxDistance)) (threshold \(threshold))\n"
        if let area = diff.changedArea {
            text +=
                "changed area: x \(area.x)..<\(area.maxX), y \(area.y)..<\(area.maxY) (\(area.width)×\(area.height) px)\n"
        }
        if let outPath { text += "diff image: \(outPath)\n" }
        text += "result: \(within ? "within" : "outside") tolerance (allowed \(limit))\n"
        io.write(text)
        return within ? 0 : 1
    }

    private static func load(_ path: String) throws -> Image {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            var isDirectory: ObjCBool = false
            let reason =
                !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                ? "no such file" : isDirectory.boolValue ? "it is a directory" : "it is not readable"
            throw CLIError.badInput("cannot read \(path): \(reason)")
        }
        do {
            return try Image(decoding: [UInt8](data))
        } catch {
            throw CLIError.badInput("\(path): \(error)")
        }
    }
}
