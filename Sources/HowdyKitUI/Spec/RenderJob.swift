import Foundation
import HowdyKit
import HowdyRender
import Synchronization

/// One rendered file of a flow.
public struct RenderedFile: Sendable, Hashable, Codable {
    /// The screen's name (`03-goal`).
    public var screen: String
    /// The file name inside the output folder.
    public var fileName: String
    /// The device preset's name.
    public var device: String
    /// The colour scheme drawn.
    public var scheme: ColorScheme
    /// The Dynamic Type size drawn.
    public var dynamicTypeSize: DynamicTypeSize
    /// Seconds into the animation.
    public var time: Double
    /// px per pt.
    public var scale: Double
    /// The scroll position drawn (`top`, `end` or pt).
    public var scroll: String
    /// Image size in px.
    public var pixelWidth: Int
    /// Image height in px.
    public var pixelHeight: Int
}

/// Output formats of `render`: HowdyRender's `ImageFormat` (png, ppm).
@available(*, deprecated, renamed: "ImageFormat")
public typealias RenderFormat = ImageFormat

/// Renders every screen of a flow in every combination of a matrix to files, plus an
/// `index.html` that shows them all.
public enum RenderJob {
    /// The file name of one render: `SCREEN_DEVICE-SCHEME[-TYPESIZE][-tTIME][-scrollPOS]@Nx.EXT`;
    /// the Dynamic Type size appears unless it is `large`, the time unless it is 0, the scroll
    /// position unless it is the top.
    public static func fileName(screen: String, environment: RenderEnvironment, format: ImageFormat) -> String {
        var name = "\(screen)_\(environment.device.name)-\(environment.colorScheme.rawValue)"
        if environment.dynamicTypeSize != .large { name += "-\(environment.dynamicTypeSize.rawValue)" }
        if environment.time != 0 { name += "-t\(formatNumber(environment.time))" }
        if environment.scroll != .top {
            name += "-scroll\(environment.scroll == .end ? "-end" : environment.scroll.name)"
        }
        name += "@\(formatNumber(environment.scale))x.\(format.rawValue)"
        return name
    }

    /// Renders `document` with `matrix` into `directory` (created when missing), then
    /// writes `index.html`. With `storage`, only the pages the flow still needs are drawn.
    /// A scroll position other than the top is drawn only for screens whose content scrolls.
    /// Images are rendered and encoded on all cores; `progress` is called after each file
    /// with (done, total, name), one call at a time, in completion order. Files are
    /// returned in matrix order (each environment, then each screen) whatever the order
    /// they finished in.
    /// With `displayLists`, each image's display list is written beside it as JSON
    /// (`NAME.png` → `NAME.display-list.json`).
    /// - Throws: the first error met, as a `ScreenError` naming the image (file system,
    ///   `TextError` for a font, `RenderError` for a glyph that fails at render time);
    ///   files already written stay.
    public static func run(
        _ document: FlowDocument, matrix: RenderMatrix, to directory: URL, format: ImageFormat = .png,
        storage: (any OnboardingStorage)? = nil, displayLists: Bool = false,
        progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }
    ) throws -> [RenderedFile] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let screens = FlowPages.screens(document, storage: storage)
        let environments = matrix.environments(locale: document.locale)
        let total = screens.count * environments.count
        let state = Mutex(RenderProgress(files: Array(repeating: nil, count: total)))
        // Each image is independent: spread them over the cores. Rendering a screen also
        // parallelises its rows, but a PNG's image data is one deflate stream, so whole
        // images are the unit that keeps both cores busy.
        DispatchQueue.concurrentPerform(iterations: total) { index in
            guard state.withLock({ $0.error == nil }) else { return }
            let environment = environments[index / screens.count]
            let named = screens[index % screens.count]
            do {
                let name = fileName(screen: named.name, environment: environment, format: format)
                let layout = try named.screen.layout(theme: document.theme, environment: environment)
                // A scroll position only changes screens whose content scrolls; for the others
                // it would repeat the top's image, so none is written.
                guard environment.scroll == .top || layout.scrolls else {
                    state.withLock { state in
                        state.done += 1
                        progress(state.done, total, "\(name) skipped: its content fits the screen")
                    }
                    return
                }
                let list = try layout.displayList(environment: environment)
                let image = try list.render()
                if displayLists { try DisplayListFile.write(list, besideImageNamed: name, in: directory) }
                let bytes = try image.encoded(as: format)
                try Data(bytes).write(to: directory.appendingPathComponent(name))
                let file = RenderedFile(
                    screen: named.name, fileName: name, device: environment.device.name,
                    scheme: environment.colorScheme,
                    dynamicTypeSize: environment.dynamicTypeSize, time: environment.time, scale: environment.scale,
                    scroll: environment.scroll.name, pixelWidth: image.width, pixelHeight: image.height)
                state.withLock { state in
                    state.files[index] = file
                    state.done += 1
                    progress(state.done, total, name)
                }
            } catch {
                let screen = fileName(screen: named.name, environment: environment, format: format)
                let named = ScreenError(screen: screen, underlying: error)
                state.withLock { state in if state.error == nil { state.error = named } }
            }
        }
        let finished = state.withLock { $0 }
        if let error = finished.error { throw error }
        let files = finished.files.compactMap { $0 }
        let html = RenderIndex.html(
            title: document.flow.id ?? "HowdyKit flow", files: files, screens: screens.map(\.name))
        try Data(html.utf8).write(to: directory.appendingPathComponent("index.html"))
        return files
    }
}

private struct RenderProgress {
    var files: [RenderedFile?]
    var done = 0
    var error: (any Error)?
}

/// The `index.html` of a render: one section per screen, every combination side by side,
/// each image shown at its size in pt.
public enum RenderIndex {
    /// The page for `files`, one section per screen in `screens` order.
    public static func html(title: String, files: [RenderedFile], screens: [String]) -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body{font:14px/1.4 -apple-system,system-ui,Inter,sans-serif;margin:24px;background:#f5f5f7;color:#1d1d1f}
            h1{font-size:22px}h2{font-size:16px;margin:32px 0 8px}
            .row{display:flex;flex-wrap:wrap;gap:20px;align-items:flex-start}
            figure{margin:0}figcaption{font-size:12px;color:#6e6e73;margin-top:6px}
            img{display:block;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.15);background:#fff}
            @media (prefers-color-scheme:dark){body{background:#111;color:#f5f5f7}figcaption{color:#a1a1a6}}
            </style></head><body>
            <h1>\(escape(title))</h1>
            <p>\(files.count) images, \(screens.count) screens. Images are shown at two thirds of their size in points (px ÷ scale ÷ 1.5); click one for full size.</p>

            """
        for screen in screens {
            out += "<h2>\(escape(screen))</h2>\n<div class=\"row\">\n"
            for file in files where file.screen == screen {
                var caption = "\(file.device) · \(file.scheme.rawValue)"
                if file.dynamicTypeSize != .large { caption += " · \(file.dynamicTypeSize.rawValue)" }
                if file.time != 0 { caption += " · t=\(formatNumber(file.time))s" }
                caption += " · @\(formatNumber(file.scale))x"
                let width = Int((Double(file.pixelWidth) / file.scale / 1.5).rounded())
                out +=
                    "<figure><a href=\"\(escape(file.fileName))\"><img src=\"\(escape(file.fileName))\" width=\"\(width)\" loading=\"lazy\" alt=\"\(escape(screen)) \(escape(caption))\"></a><figcaption>\(escape(caption))</figcaption></figure>\n"
            }
            out += "</div>\n"
        }
        out += "</body></html>\n"
        return out
    }
}
