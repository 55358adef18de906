import HowdyRender
import HowdyText

/// The checks a render manifest from disk passes before a merge uses any of it.
///
/// A shard's manifest comes from a CI job that a fork's pull request may control, and its
/// fields reach the index page (`<img alt>`), file names and integer arithmetic (a shard
/// count of 0 trapped; a scale of 0 trapped after the images were copied). So every field is
/// checked against what a render of the plan could have written: devices are the presets'
/// names, schemes and type sizes decode as their enums, locales are BCP 47 tags, scales and
/// times are in the matrix's ranges, and each file's name and pixel size are recomputed from
/// its fields. After the merge the jobs' names must hash to the plan's digest.
extension RenderManifest {
    /// The most images a manifest may plan (`--max-images` allows at most 10,000,000).
    static let maximumPlannedImages = 10_000_000
    /// The longest screen name accepted, in UTF-8 bytes ("NN-" and a slug).
    static let maximumScreenNameBytes = 3 + 3 + FlowPages.maximumSlugBytes + 12

    /// Checks everything `merge` and the index rely on.
    /// - Throws: `RenderManifestError.invalid` naming `path` and the first problem.
    func validate(path: String) throws(RenderManifestError) {
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
            guard FlowPages.isScreenName(screen), screen.utf8.count <= Self.maximumScreenNameBytes else {
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
            if let problem = Self.problem(with: file) { throw fail("file \(file.fileName): \(problem)") }
        }
    }

    /// What is wrong with `file`'s fields, or nil when a render could have written it.
    private static func problem(with file: RenderedFile) -> String? {
        guard let device = DevicePreset.named(file.device), device.name == file.device else {
            let names = DevicePreset.all.map(\.name).joined(separator: ", ")
            return "device \"\(echo(file.device))\" is not one of \(names)"
        }
        guard file.scale.isFinite, file.scale >= 1, file.scale <= 4 else {
            return "scale \(file.scale) is outside 1...4"
        }
        guard file.time.isFinite, file.time >= 0, file.time <= 86_400 else {
            return "time \(file.time) is outside 0...86400 s"
        }
        guard let scroll = ScrollPosition(name: file.scroll), scroll.name == file.scroll else {
            return "scroll \"\(echo(file.scroll))\" is not top, end or a number of pt"
        }
        if let locale = file.locale, RenderMatrix.checkedLocale(locale) == nil {
            return "locale \"\(echo(locale))\" is not a BCP 47 tag"
        }
        guard let format = ImageFormat(pathExtension: String(file.fileName.split(separator: ".").last ?? "")),
            file.fileName.hasSuffix(".\(format.rawValue)")
        else { return "the name does not end in .png or .ppm" }
        let environment = RenderEnvironment(
            device: device, scale: file.scale, colorScheme: file.scheme, time: file.time,
            reduceMotion: file.reduceMotion, dynamicTypeSize: file.dynamicTypeSize, locale: file.locale ?? "en",
            scroll: scroll)
        let expected = RenderJob.fileName(
            screen: file.screen, environment: environment, format: format, namingLocale: file.locale != nil)
        guard expected == file.fileName else {
            return "its fields name the file \(expected), not \(echo(file.fileName))"
        }
        guard file.pixelWidth == environment.pixelWidth, file.pixelHeight == environment.pixelHeight else {
            return
                "\(file.pixelWidth) × \(file.pixelHeight) px is not the \(environment.pixelWidth) × \(environment.pixelHeight) px of \(device.name) at @\(formatNumber(file.scale))x"
        }
        return nil
    }

    /// A name inside the folder: not empty, no `/`, no leading `.`, no NUL, no control or
    /// format characters (bidi overrides), at most 255 bytes.
    static func isPlainFileName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix(".") else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar != "/" && scalar != "\\" && scalar != "\"" && scalar != "'" && scalar != "<" && scalar != ">"
                && scalar != "&" && scalar.properties.generalCategory != .control
                && scalar.properties.generalCategory != .format
        }
    }

    /// `text` for a message: cut, control characters spelled out (`LocaleTag.echo`).
    static func echo(_ text: String) -> String { LocaleTag.echo(text) }
}
