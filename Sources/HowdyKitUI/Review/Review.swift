import Dispatch
import Foundation
import HowdyOutput
import HowdyRender
import Synchronization

/// A design review: every image of a source compared, its pictures copied into one
/// folder beside a self-contained `index.html` (no network, no external script).
public struct Review: Sendable {
    /// The page's title.
    public var title: String
    /// Every item: changed first, then new, removed and unchanged, each by name.
    public var items: [ReviewItem]
    /// One command accepting every change (nil when nothing changed).
    public var acceptAllCommand: String?

    /// Items of `status`.
    public func items(_ status: ReviewItem.Status) -> [ReviewItem] { items.filter { $0.status == status } }

    /// Compares `source` and copies its pictures into `directory/images/` (PNG; PPM is
    /// converted, PNG copied byte for byte) with a diff image per change.
    /// - Parameters:
    ///   - threshold: per-pixel distance 0...1 counted as a difference (default 0.1) in a
    ///     directory review; a manifest's figures are the test's own.
    ///   - command: how the accept commands start (`howdy`).
    /// - Throws: `ReviewError`, `RenderManifestError`, `RenderError` for an image that does
    ///   not decode (naming the file), file-system errors.
    public static func build(
        _ source: ReviewSource, into directory: URL, threshold: Double = 0.1, command: String = "howdy"
    ) throws -> Review {
        let pairs: [Pair]
        var title: String
        switch source {
        case .directories(let expected, let actual):
            let before = try ImageSet(expected, excluding: directory)
            let after = try ImageSet(actual, excluding: directory)
            let names = Set(before.files.keys).union(after.files.keys).sorted()
            pairs = names.map { Pair(name: $0, expected: before.files[$0], actual: after.files[$0]) }
            title =
                "Review: \(expected.map(\.lastPathComponent).joined(separator: ", ")) → \(actual.map(\.lastPathComponent).joined(separator: ", "))"
        case .manifest(let manifest):
            pairs = manifest.failures.map { failure in
                Pair(
                    name: failure.name, expected: failure.expected.map(manifest.resolve),
                    actual: failure.actual.map(manifest.resolve), diff: failure.diff.map(manifest.resolve),
                    failure: failure)
            }
            title = "Golden failures: \(manifest.file.path)"
        }
        if pairs.isEmpty { title += " (nothing to review)" }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let results = Mutex([Result<ReviewItem, any Error>?](repeating: nil, count: pairs.count))
        // Pairs are independent; the diff itself also spreads its rows over the cores.
        DispatchQueue.concurrentPerform(iterations: pairs.count) { index in
            let result = Result { try compare(pairs[index], threshold: threshold, into: directory) }
            results.withLock { $0[index] = result }
        }
        var items = try results.withLock { $0 }.map { try $0!.get() }
        for index in items.indices where items[index].status != .unchanged {
            items[index].acceptCommands = acceptCommands(for: [items[index].name], source: source, command: command)
            if case .directories(let expected, _) = source, let root = expected.first {
                items[index].acceptCommands.append(plainCommand(for: pairs[index], expectedRoot: root))
            }
        }
        let order = Dictionary(uniqueKeysWithValues: ReviewItem.Status.allCases.enumerated().map { ($1, $0) })
        items.sort { (order[$0.status]!, $0.name) < (order[$1.status]!, $1.name) }
        let pending = items.filter { $0.status != .unchanged }.map(\.name)
        return Review(
            title: title, items: items,
            acceptAllCommand: pending.isEmpty
                ? nil : acceptCommands(for: pending, source: source, command: command).first)
    }

    /// Writes `index.html` into `directory` (which `build` filled); returns its URL.
    @discardableResult
    public func writePage(into directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("index.html")
        try AtomicFile.write(ReviewPage.html(self).utf8, to: url.path)
        return url
    }

    /// The commands that accept `names` from `source`: `howdy review --accept …` first,
    /// then (for one name of a directory review) the plain `cp` or `rm` it amounts to.
    static func acceptCommands(for names: [String], source: ReviewSource, command: String) -> [String] {
        let quoted = names.map(shellQuoted).joined(separator: " ")
        switch source {
        case .manifest(let manifest):
            return ["\(command) review --accept \(quoted) --manifest \(shellQuoted(manifest.file.path))"]
        case .directories(let expected, let actual):
            let folders =
                expected.map { "--expected \(shellQuoted($0.standardizedFileURL.path))" }
                + actual.map { "--actual \(shellQuoted($0.standardizedFileURL.path))" }
            return ["\(command) review --accept \(quoted) \(folders.joined(separator: " "))"]
        }
    }

    /// The `cp` (or, for a removed image, `rm`) that accepting a folder change amounts to.
    static func plainCommand(for pair: Pair, expectedRoot: URL) -> String {
        let target = (pair.expected ?? expectedRoot.appendingPathComponent(pair.name)).standardizedFileURL.path
        guard let actual = pair.actual else { return "rm \(shellQuoted(target))" }
        return "cp \(shellQuoted(actual.standardizedFileURL.path)) \(shellQuoted(target))"
    }

    /// One name's two sides before comparison.
    struct Pair: Sendable {
        var name: String
        var expected: URL?
        var actual: URL?
        var diff: URL? = nil
        var failure: FailureManifest.Failure? = nil
    }

    /// Compares one pair and places its pictures.
    private static func compare(_ pair: Pair, threshold: Double, into directory: URL) throws -> ReviewItem {
        let stem =
            pair.name.hasSuffix(".png") || pair.name.hasSuffix(".ppm") ? String(pair.name.dropLast(4)) : pair.name
        var item = ReviewItem(name: pair.name, status: .unchanged, acceptCommands: [])
        let expected = try pair.expected.map(load)
        let actual = try pair.actual.map(load)
        item.expectedSize = expected?.image.size
        item.actualSize = actual?.image.size
        if let failure = pair.failure {
            item.note = failure.message
            if failure.status == "recorded" {
                item.note = "recorded: the golden was written this run" + (failure.message.map { ". \($0)" } ?? "")
            }
        }
        switch (expected, actual) {
        case (nil, nil):
            throw ReviewError.cannotAccept(pair.name, "neither an expected nor an actual image")
        case (let before?, nil):
            item.status = .removed
            item.expected = try place(before, as: "images/expected/\(stem).png", in: directory)
        case (nil, let after?):
            item.status = .new
            item.actual = try place(after, as: "images/actual/\(stem).png", in: directory)
        case (let before?, let after?):
            if before.image.size != after.image.size {
                item.status = .changed
                let sizes = "size changed from \(before.image.size) to \(after.image.size)"
                item.note = item.note.map { "\(sizes). \($0)" } ?? sizes
            } else if before.image.pixels == after.image.pixels && pair.failure == nil {
                item.status = .unchanged
            } else {
                let diff = try ImageDiff(after.image, before.image, threshold: threshold, makeDiffImage: true)
                var figures = ReviewItem.Figures(
                    differingPixels: diff.differingPixels, totalPixels: diff.size.width * diff.size.height,
                    ratio: diff.ratio, maxDistance: diff.maxDistance, antiAliasedPixels: diff.antiAliasedPixels,
                    changedArea: diff.changedArea, densestWindowRatio: nil, threshold: diff.threshold)
                if let measured = pair.failure?.figures {
                    // The test's own figures (its diff and tolerance) come first; the area is ours.
                    figures.differingPixels = measured.differentPixels ?? figures.differingPixels
                    figures.totalPixels = measured.totalPixels ?? figures.totalPixels
                    figures.ratio = measured.ratio ?? figures.ratio
                    figures.maxDistance = measured.maxDistance ?? figures.maxDistance
                    figures.densestWindowRatio = measured.densestWindowRatio
                    figures.threshold = pair.failure?.tolerance?.threshold ?? figures.threshold
                    figures.antiAliasedPixels = nil
                }
                item.figures = figures
                let differs = pair.failure != nil || diff.differingPixels > 0
                item.status = differs ? .changed : .unchanged
                if differs {
                    let diffImage = try pair.diff.map(load) ?? diff.diffImage.map { Loaded(image: $0, png: nil) }
                    if let diffImage {
                        item.diff = try place(diffImage, as: "images/diff/\(stem).png", in: directory)
                    }
                } else if diff.antiAliasedPixels > 0 || diff.maxDistance > 0 {
                    item.note =
                        "\(diff.antiAliasedPixels) anti-aliased pixels and distances under the threshold ignored"
                }
            }
            if item.status == .changed {
                item.expected = try place(before, as: "images/expected/\(stem).png", in: directory)
            }
            item.actual = try place(after, as: "images/actual/\(stem).png", in: directory)
        }
        return item
    }

    /// A decoded image and, when it was a PNG, its bytes (copied as they are).
    private struct Loaded {
        var image: Image
        var png: Data?
    }

    private static func load(_ url: URL) throws -> Loaded {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ReviewError.unreadable(url.path)
        }
        do {
            let bytes = [UInt8](data)
            return Loaded(image: try Image(decoding: bytes), png: ImageFormat.detect(bytes) == .png ? data : nil)
        } catch {
            throw RenderFileError(path: url.path, error: error)
        }
    }

    /// Writes `loaded` to `relative` inside `directory`; returns `relative`.
    private static func place(_ loaded: Loaded, as relative: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let bytes = try loaded.png ?? Data(loaded.image.encoded(as: .png))
        try AtomicFile.write(bytes, to: url.path)
        return relative
    }
}

/// An image file that does not decode, with its path.
struct RenderFileError: Error, CustomStringConvertible {
    var path: String
    var error: RenderError
    var description: String { "\(path): \(error)" }
}

/// `text` quoted for a POSIX shell per Unicode scalar (see `Escaping.shell`).
func shellQuoted(_ text: String) -> String { Escaping.shell(text) }
