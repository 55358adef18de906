import Foundation
import HowdyOutput
import HowdyKit
import HowdyRender
import HowdyReview
import Synchronization

/// Renders every screen of a flow in every combination of a matrix to files, plus an
/// `index.html` that shows them all, contact sheets and a `render-manifest.json`.
public enum RenderJob {
    /// The file name of one render:
    /// `SCREEN_DEVICE-SCHEME[-LOCALE][-TYPESIZE][-tTIME][-scroll-POS][-reduce-motion]@Nx.EXT`;
    /// the locale appears when `namingLocale` is true (the matrix has a locale axis, see
    /// `RenderMatrix.namesLocale(specLocale:)`), the Dynamic Type size unless it is
    /// `large`, the time unless it is 0, the scroll position unless it is the top,
    /// `reduce-motion` when animation is off.
    public static func fileName(
        screen: String, environment: RenderEnvironment, format: ImageFormat, namingLocale: Bool = false
    ) -> String {
        var name = "\(screen)_\(environment.device.name)-\(environment.colorScheme.rawValue)"
        if namingLocale { name += "-\(environment.locale)" }
        if environment.dynamicTypeSize != .large { name += "-\(environment.dynamicTypeSize.rawValue)" }
        if environment.time != 0 { name += "-t\(formatNumber(environment.time))" }
        if environment.scroll != .top {
            name += "-scroll\(environment.scroll == .end ? "-end" : environment.scroll.name)"
        }
        if environment.reduceMotion { name += "-reduce-motion" }
        name += "@\(formatNumber(environment.scale))x.\(format.rawValue)"
        return name
    }

    /// Renders `document` with `matrix` into `directory` (created when missing). A whole
    /// render then writes `index.html`, a contact sheet per scheme and
    /// `render-manifest.json`; a shard writes only its images and its manifest (merge the
    /// shards with `merge(_:into:)`).
    ///
    /// The matrix is planned first (`RenderPlan`): repeated axis values are merged and a
    /// matrix over `maxImages` is refused before anything is drawn. With `storage`, only
    /// the pages the flow still needs are drawn. A scroll position other than the top is
    /// drawn only for screens whose content scrolls. Images are rendered and encoded on
    /// all cores; `progress` is called after each file with (done, total, name), one call
    /// at a time, in completion order. Files are returned in matrix order.
    /// With `displayLists`, each image's display list is written beside it as JSON
    /// (`NAME.png` → `NAME.display-list.json`).
    /// - Throws: `RenderPlanError` for a matrix over the cap, else the error of the first
    ///   image in matrix order that fails (the same one on every run and thread count), as a
    ///   `ScreenError` naming the image (file system, `TextError` for a font, `RenderError`
    ///   for a glyph that fails at render time); files already written stay.
    public static func run(
        _ document: FlowDocument, matrix: RenderMatrix, to directory: URL, format: ImageFormat = .png,
        storage: (any OnboardingStorage)? = nil, maxImages: Int = RenderPlan.defaultMaxImages,
        shard: RenderShard? = nil, displayLists: Bool = false,
        progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }
    ) throws -> [RenderedFile] {
        let plan = try RenderPlan(document, matrix: matrix, format: format, storage: storage, maxImages: maxImages)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let jobs = shard.map { plan.jobs(in: $0) } ?? plan.jobs
        let namingLocale = matrix.namesLocale(specLocale: document.locale)
        let title = document.flow.id ?? "HowdyKit flow"
        // A whole render builds its contact sheets as the images are drawn (a shard's are
        // built by the merge): thumbnails, not images, are kept.
        let sheets =
            shard == nil
            ? try ContactSheetBuilder(
                planned: jobs.map { plannedFile($0, of: plan, namingLocale: namingLocale) },
                screens: plan.screens.map(\.name), title: title, directory: directory) : nil
        let files = try draw(
            jobs, of: plan, theme: document.theme, to: directory, format: format, displayLists: displayLists,
            namingLocale: namingLocale, sheets: sheets, progress: progress)
        var manifest = RenderManifest(
            title: title, screens: plan.screens.map(\.name),
            plannedImages: plan.jobs.count, planDigest: RenderManifest.digest(plan.jobs.map(\.fileName)),
            shard: shard,
            jobs: jobs.map { RenderManifest.Job(order: $0.order, fileName: $0.fileName, cost: $0.cost) },
            files: files)
        if let sheets {
            manifest.contactSheets = try sheets.finish()
            try finish(manifest, in: directory)
        } else {
            try AtomicFile.write(manifest.encoded(), to: directory.appendingPathComponent(RenderManifest.fileName).path)
        }
        return files
    }

    /// Joins shard renders: copies every shard's images into `directory` and writes the
    /// index, contact sheets and manifest an unsharded render of the same plan writes
    /// (byte for byte). `directory` may be one of the shards' folders.
    ///
    /// Shard folders are untrusted (a fork's CI job may have written them). Nothing is
    /// written until every manifest has passed its checks (`RenderManifest.validate`), the
    /// shards merge into the plan their digest names, and every image listed is a regular
    /// file (never a symbolic link) that decodes, within `PixelBudget`, as the format and
    /// pixel size its manifest names. Only those files are copied.
    /// - Throws: `RenderManifestError` when a manifest is unreadable, invalid, from another
    ///   plan, or a shard is missing or repeated; `RenderManifestError.invalid` naming an
    ///   image that is missing, a link, a FIFO, not an image or not the size listed;
    ///   `FileWriteError` writing.
    @discardableResult
    public static func merge(_ shards: [URL], into directory: URL) throws -> RenderManifest {
        var loaded: [(path: String, manifest: RenderManifest)] = []
        for shard in shards { loaded.append((shard.path, try RenderManifest.load(directory: shard))) }
        var merged = try RenderManifest.merge(loaded)
        // Every image decoded once, in matrix order (each from its shard), which is also the
        // contact sheets' streaming pass: a thumbnail is kept, the image dropped.
        var sources: [String: URL] = [:]
        for (source, (_, manifest)) in zip(shards, loaded) {
            for file in manifest.files { sources[file.fileName] = source }
        }
        let sourceOf = sources
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        AtomicFile.removeStaleTemporaries(in: directory.path)
        let sheets = try ContactSheetBuilder(
            planned: merged.files, screens: merged.screens, title: merged.title, directory: directory)
        // On all cores; the builder takes images in any order. The first failure in matrix
        // order is reported, so the message does not depend on thread timing.
        let files = merged.files
        let failure = Mutex<(index: Int, error: any Error)?>(nil)
        @Sendable func check(_ index: Int) {
            // After a failure only earlier images are still checked (one of them may fail too).
            guard failure.withLock({ $0.map { index < $0.index } ?? true }), let source = sourceOf[files[index].fileName]
            else { return }
            do {
                try sheets.add(try checkedImage(files[index], in: source), at: index)
            } catch {
                failure.withLock { if $0 == nil || $0!.index > index { $0 = (index, error) } }
            }
        }
        // Decoded images are as large as drawn ones: the same pixel budget bounds them (the
        // manifest's sizes are untrusted: a size that overflows counts as the whole budget).
        let admission = RenderAdmission()
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let (pixels, overflow) = max(0, files[index].pixelWidth).multipliedReportingOverflow(
                by: max(0, files[index].pixelHeight))
            admission.run(pixels: overflow ? RenderAdmission.defaultBudget : pixels) { check(index) }
        }
        if let (_, error) = failure.withLock({ $0 }) { throw error }
        let target = directory.standardizedFileURL.resolvingSymlinksInPath()
        for (source, (_, manifest)) in zip(shards, loaded)
        where source.standardizedFileURL.resolvingSymlinksInPath() != target {
            for file in manifest.files {
                // Read again (the header checked again): only what was checked is copied.
                let bytes = try checkedBytes(file, in: source)
                try AtomicFile.write(bytes, to: directory.appendingPathComponent(file.fileName).path)
            }
        }
        merged.contactSheets = try sheets.finish()
        try finish(merged, in: directory)
        return merged
    }

    /// The largest image file a merge reads, in bytes (a 64-megapixel PPM is 192 MiB).
    static let maximumMergedImageBytes = 256 << 20

    /// The image `file` in the shard folder `folder`, decoded, when its file passes
    /// `checkedBytes` and its data decodes.
    private static func checkedImage(_ file: RenderedFile, in folder: URL) throws(RenderManifestError) -> Image {
        let bytes = try checkedBytes(file, in: folder)
        do {
            return try Image(decoding: bytes)
        } catch {
            throw .invalid(folder.appendingPathComponent(file.fileName).path, "cannot merge this image: \(error)")
        }
    }

    /// The bytes of `file` in the shard folder `folder`, when they are a regular file (not
    /// a link) whose header is the image the manifest names: its format and its pixel
    /// size, within the pixel budget.
    private static func checkedBytes(_ file: RenderedFile, in folder: URL) throws(RenderManifestError) -> [UInt8] {
        let path = folder.appendingPathComponent(file.fileName).path
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, maximumBytes: maximumMergedImageBytes, followLinks: false)
        } catch {
            throw .invalid(path, "cannot merge this image: \(error.reason)")
        }
        let format = ImageFormat(pathExtension: file.fileName.split(separator: ".").last.map(String.init) ?? "")
        guard let format, ImageFormat.detect(bytes) == format else {
            throw .invalid(path, "cannot merge this image: it is not a \(format?.rawValue.uppercased() ?? "PNG or PPM") file")
        }
        do {
            let size = try PixelBudget.check(encoded: bytes)
            guard size.width == file.pixelWidth, size.height == file.pixelHeight else {
                throw RenderManifestError.invalid(
                    path,
                    "cannot merge this image: it is \(size.width) × \(size.height) px, the manifest says \(file.pixelWidth) × \(file.pixelHeight) px")
            }
        } catch let error as RenderManifestError {
            throw error
        } catch {
            throw .invalid(path, "cannot merge this image: \(error)")
        }
        return bytes
    }

    /// Draws `jobs` on all cores into `directory`; the files written, in matrix order.
    private static func draw(
        _ jobs: [RenderPlan.Job], of plan: RenderPlan, theme: OnboardingTheme, to directory: URL,
        format: ImageFormat, displayLists: Bool, namingLocale: Bool, sheets: ContactSheetBuilder?,
        progress: @escaping @Sendable (Int, Int, String) -> Void
    ) throws -> [RenderedFile] {
        let total = jobs.count
        let state = Mutex(RenderProgress(files: Array(repeating: nil, count: total)))
        // Each image is independent: spread them over the cores. Rendering a screen also
        // parallelises its rows, but a PNG's image data is one deflate stream, so whole
        // images are the unit that keeps both cores busy. Large images wait for room in the
        // pixel budget, which bounds memory at any scale.
        @Sendable func drawJob(_ index: Int) {
            let job = jobs[index]
            let environment = plan.environments[job.environment]
            let named = plan.screens[job.screen]
            do {
                let name = job.fileName
                let layout = try named.screen.layout(theme: theme, environment: environment)
                // A scroll position only changes screens whose content scrolls; for the others
                // it would repeat the top's image, so none is written.
                guard environment.scroll == .top || layout.scrolls else {
                    sheets?.skip(index)
                    state.withLock { state in
                        state.done += 1
                        progress(state.done, total, "\(name) skipped: its content fits the screen")
                    }
                    return
                }
                let list = try layout.displayList(environment: environment)
                let image = try list.render()
                if displayLists { try DisplayListFile.write(list, besideImageNamed: name, in: directory) }
                var file = plannedFile(job, of: plan, namingLocale: namingLocale)
                file.pixelWidth = image.width
                file.pixelHeight = image.height
                try sheets?.add(image, at: index)
                // Last: a PNG is filtered in the canvas's own buffer, released to the encoder.
                let bytes =
                    switch format {
                    case .png: try PNGCodec.encode(releasing: consume image)
                    case .ppm: try image.encoded(as: .ppm)
                    }
                try AtomicFile.write(bytes, to: directory.appendingPathComponent(name).path)
                state.withLock { state in
                    state.files[index] = file
                    state.done += 1
                    progress(state.done, total, name)
                }
            } catch {
                let screen = fileName(
                    screen: named.name, environment: environment, format: format, namingLocale: namingLocale)
                let named = ScreenError(screen: screen, underlying: error)
                state.withLock { $0.failure.record(named, at: index) }
            }
        }
        let admission = RenderAdmission()
        DispatchQueue.concurrentPerform(iterations: total) { index in
            guard state.withLock({ $0.failure.admits(index) }) else { return }
            admission.run(pixels: jobs[index].cost) { drawJob(index) }
        }
        let finished = state.withLock { $0 }
        if let error = finished.failure.error { throw error }
        return finished.files.compactMap { $0 }
    }

    /// The file `job` is planned to write: its fields, and the pixel size of its environment.
    private static func plannedFile(_ job: RenderPlan.Job, of plan: RenderPlan, namingLocale: Bool) -> RenderedFile {
        let environment = plan.environments[job.environment]
        var file = RenderedFile(
            screen: plan.screens[job.screen].name, fileName: job.fileName, device: environment.device.name,
            scheme: environment.colorScheme, dynamicTypeSize: environment.dynamicTypeSize, time: environment.time,
            scale: environment.scale, scroll: environment.scroll.name, reduceMotion: environment.reduceMotion,
            pixelWidth: environment.pixelWidth, pixelHeight: environment.pixelHeight)
        if namingLocale { file.locale = environment.locale }
        return file
    }

    /// Writes a whole render's `index.html` and manifest (which names its contact sheets,
    /// already written) into `directory`, which holds every file of `manifest`.
    private static func finish(_ manifest: RenderManifest, in directory: URL) throws {
        let html = RenderIndex.html(
            title: manifest.title, files: manifest.files, screens: manifest.screens,
            contactSheets: manifest.contactSheets)
        try AtomicFile.write(html.utf8, to: directory.appendingPathComponent("index.html").path)
        try AtomicFile.write(manifest.encoded(), to: directory.appendingPathComponent(RenderManifest.fileName).path)
    }
}

private struct RenderProgress {
    var files: [RenderedFile?]
    var done = 0
    var failure = FirstFailure()
}

/// The failure a parallel render reports: the earliest job's in plan order, whatever order
/// the threads meet failures in, so a run reports the same error on every run and thread
/// count. After a failure only jobs before it still start, since one of them may fail too.
package struct FirstFailure {
    /// The earliest failed job's index and its error; nil while none failed.
    private(set) var earliest: (index: Int, error: any Error)?

    /// No job failed yet.
    package init() {}

    /// The error to report, if any job failed.
    package var error: (any Error)? { earliest?.error }

    /// Whether job `index` should still start.
    package func admits(_ index: Int) -> Bool { earliest.map { index < $0.index } ?? true }

    /// Notes that job `index` failed with `error`; kept if no earlier job has failed.
    package mutating func record(_ error: any Error, at index: Int) {
        if admits(index) { earliest = (index, error) }
    }
}
