import HowdyRender
import HowdyText

/// What a render manifest's screens and files are checked against when it is loaded: the
/// part of the check that knows what a render can write (device presets, file names recomputed
/// from their fields). HowdyKitUI provides the full check, `RenderManifestCheck.renderable`;
/// ``fieldsOnly`` is what this module can check alone.
public struct RenderManifestCheck: Sendable {
    /// Whether a name is one a render gives a screen.
    public var isScreenName: @Sendable (String) -> Bool
    /// What is wrong with a file's fields (one phrase for the message), or nil when a render
    /// could have written it.
    public var problem: @Sendable (RenderedFile) -> String?

    /// A check made of the two tests.
    public init(
        isScreenName: @escaping @Sendable (String) -> Bool, problem: @escaping @Sendable (RenderedFile) -> String?
    ) {
        self.isScreenName = isScreenName
        self.problem = problem
    }

    /// Every name and text plain (see ``RenderManifest``'s notes: nothing that could end an
    /// attribute or start a tag), scales 1...4, times 0...86,400 s, locales BCP 47 tags and
    /// pixel sizes inside the pixel budget; devices, schemes and sizes are not looked up.
    public static let fieldsOnly = RenderManifestCheck(
        isScreenName: { name in
            name.utf8.count <= RenderManifest.maximumScreenNameBytes && RenderManifest.isPlainText(name)
                && !name.isEmpty
        },
        problem: { file in
            for (key, text) in [
                ("device", file.device), ("scheme", file.schemeName), ("dynamicTypeSize", file.typeSizeName),
                ("scroll", file.scroll),
            ] where text.isEmpty || text.utf8.count > 64 || !RenderManifest.isPlainText(text) {
                return "\(key) \"\(RenderManifest.echo(text))\" is not a plain name"
            }
            guard file.scale.isFinite, file.scale >= 1, file.scale <= 4 else { return "scale \(file.scale) is outside 1...4" }
            guard file.time.isFinite, file.time >= 0, file.time <= 86_400 else {
                return "time \(file.time) is outside 0...86400 s"
            }
            if let locale = file.locale, !LocaleTag.isValid(locale) || !RenderManifest.isPlainText(locale) {
                return "locale \"\(RenderManifest.echo(locale))\" is not a BCP 47 tag"
            }
            guard file.pixelWidth > 0, file.pixelHeight > 0, file.pixelWidth <= PixelBudget.limits.maxPixels / file.pixelHeight
            else { return "\(file.pixelWidth) × \(file.pixelHeight) px is outside the pixel budget" }
            return nil
        })
}

/// The checks a render manifest from disk passes before a merge uses any of it.
///
/// A shard's manifest comes from a CI job that a fork's pull request may control, and its
/// fields reach the index page (`<img alt>`), file names and integer arithmetic (a shard
/// count of 0 trapped; a scale of 0 trapped after the images were copied). So every field is
/// checked against what a render of the plan could have written: devices are the presets'
/// names, schemes and type sizes decode as their enums, locales are BCP 47 tags, scales and
/// times are in the matrix's ranges, and each file's name and pixel size are recomputed from
/// its fields (by the ``RenderManifestCheck`` in force). After the merge the jobs' names must hash to the plan's digest.
extension RenderManifest {
    /// The most images a manifest may plan (`--max-images` allows at most 10,000,000).
    static let maximumPlannedImages = 10_000_000
    /// The longest screen name accepted, in UTF-8 bytes ("NN-" and a slug).
    /// (HowdyKitUI's `FlowPages.maximumSlugBytes` is 80; a test holds the two together.)
    package static let maximumScreenNameBytes = 3 + 3 + 80 + 12

    /// Checks everything `merge` and the index rely on.
    /// - Throws: `RenderManifestError.invalid` naming `path` and the first problem.
    func validate(path: String, check: RenderManifestCheck) throws(RenderManifestError) {
        func fail(_ reason: String) -> RenderManifestError { .invalid(path, reason) }
        guard version == 1 else { throw fail("unknown version \(version)") }
        if let shard, RenderShard(index: shard.index, count: shard.count) == nil {
            throw fail(
                "shard \(shard.index)/\(shard.count) is not a shard (expected I/N with 1 ≤ I ≤ N ≤ \(RenderShard.maximumCount))")
        }
        guard (0...Self.maximumPlannedImages).contains(plannedImages) else {
            throw fail("plannedImages \(plannedImages) is outside 0...\(Self.maximumPlannedImages)")
        }
        guard jobs.count <= plannedImages else {
            throw fail("\(jobs.count) jobs for a plan of \(plannedImages) images")
        }
        var screenNames = Set<String>()
        for screen in screens {
            guard check.isScreenName(screen), screen.utf8.count <= Self.maximumScreenNameBytes else {
                throw fail("screen \"\(Self.echo(screen))\" is not a screen name a render writes")
            }
            guard screenNames.insert(screen).inserted else { throw fail("screen \(screen) is listed twice") }
        }
        for name in jobs.map(\.fileName) + files.map(\.fileName) + contactSheets
        where !Self.isPlainFileName(name) {
            throw fail("file name \"\(Self.echo(name))\" is not a plain file name")
        }
        var orders = Set<Int>()
        var planned = Set<String>()
        for job in jobs {
            guard job.order >= 0, job.order < max(plannedImages, 1) else {
                throw fail("job order outside 0..<plannedImages")
            }
            guard job.cost >= 0, job.cost <= PixelBudget.limits.maxPixels else {
                throw fail("job \(job.fileName) has a cost of \(job.cost) pixels, outside the pixel budget")
            }
            guard orders.insert(job.order).inserted else { throw fail("job \(job.order) is listed twice") }
            guard planned.insert(job.fileName).inserted else { throw fail("job \(job.fileName) is listed twice") }
        }
        var written = Set<String>()
        for file in files {
            guard planned.contains(file.fileName) else { throw fail("file \(file.fileName) is not one of its jobs") }
            guard written.insert(file.fileName).inserted else {
                throw fail("file \(file.fileName) is listed twice in files")
            }
            guard screenNames.contains(file.screen) else {
                throw fail("file \(file.fileName): screen \"\(Self.echo(file.screen))\" is not one of its screens")
            }
            if let problem = check.problem(file) { throw fail("file \(file.fileName): \(problem)") }
        }
    }

    /// A name inside the folder: not empty, no `/`, no leading `.`, no NUL, no control or
    /// format characters (bidi overrides), at most 255 bytes.
    package static func isPlainFileName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix(".") else { return false }
        return isPlainText(name)
    }

    /// No `/`, backslash, quotes, `<`, `>`, `&`, control or format characters (bidi overrides).
    package static func isPlainText(_ name: String) -> Bool {
        name.unicodeScalars.allSatisfy { scalar in
            scalar != "/" && scalar != "\\" && scalar != "\"" && scalar != "'" && scalar != "<" && scalar != ">"
                && scalar != "&" && scalar.properties.generalCategory != .control
                && scalar.properties.generalCategory != .format
        }
    }

    /// `text` for a message: cut, control characters spelled out (`LocaleTag.echo`).
    package static func echo(_ text: String) -> String { LocaleTag.echo(text) }
}
