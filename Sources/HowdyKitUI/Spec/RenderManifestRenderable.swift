import Foundation
import HowdyRender
import HowdyReview
import HowdyText

extension RenderManifestCheck {
    /// The full check: every screen name has the form a render gives it (`NN-slug`), every
    /// file's device is a preset's name, its scheme and type size decode, its scale,
    /// time, scroll and locale are in the matrix's ranges, and its name and pixel size are
    /// those a render of its fields writes. `howdy render --merge` and `howdy review` use it.
    public static let renderable = RenderManifestCheck(
        isScreenName: { FlowPages.isScreenName($0) }, problem: { renderableProblem(with: $0) })

    /// What is wrong with `file`'s fields, or nil when a render could have written it.
    static func renderableProblem(with file: RenderedFile) -> String? {
        guard let device = DevicePreset.named(file.device), device.name == file.device else {
            let names = DevicePreset.all.map(\.name).joined(separator: ", ")
            return "device \"\(RenderManifest.echo(file.device))\" is not one of \(names)"
        }
        guard ColorScheme(rawValue: file.schemeName) != nil else {
            return "scheme \"\(RenderManifest.echo(file.schemeName))\" is not light or dark"
        }
        guard DynamicTypeSize(rawValue: file.typeSizeName) != nil else {
            return "dynamicTypeSize \"\(RenderManifest.echo(file.typeSizeName))\" is not a Dynamic Type size"
        }
        guard file.scale.isFinite, file.scale >= 1, file.scale <= 4 else {
            return "scale \(file.scale) is outside 1...4"
        }
        guard file.time.isFinite, file.time >= 0, file.time <= 86_400 else {
            return "time \(file.time) is outside 0...86400 s"
        }
        guard let scroll = ScrollPosition(name: file.scroll), scroll.name == file.scroll else {
            return "scroll \"\(RenderManifest.echo(file.scroll))\" is not top, end or a number of pt"
        }
        if let locale = file.locale, RenderMatrix.checkedLocale(locale) == nil {
            return "locale \"\(RenderManifest.echo(locale))\" is not a BCP 47 tag"
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
            return "its fields name the file \(expected), not \(RenderManifest.echo(file.fileName))"
        }
        guard file.pixelWidth == environment.pixelWidth, file.pixelHeight == environment.pixelHeight else {
            return
                "\(file.pixelWidth) × \(file.pixelHeight) px is not the \(environment.pixelWidth) × \(environment.pixelHeight) px of \(device.name) at @\(formatNumber(file.scale))x"
        }
        return nil
    }
}

extension RenderManifest {
    /// Reads `DIR/render-manifest.json`, never through a symbolic link, and checks every
    /// field against what a render can write (`RenderManifestCheck.renderable`).
    /// - Throws: `RenderManifestError` naming the file and what is wrong.
    public static func load(directory: URL) throws(RenderManifestError) -> RenderManifest {
        try load(directory: directory, check: .renderable)
    }
}
