import Foundation
import HowdyNumbers
import HowdyOutput

/// The `index.html` of a render: one section per screen, every combination side by side,
/// each image shown at its size in pt.
public enum RenderIndex {
    /// The page for `files`, one section per screen in `screens` order, with links to
    /// `contactSheets` (file names in the same folder) at the top.
    public static func html(
        title: String, files: [RenderedFile], screens: [String], contactSheets: [String] = []
    ) -> String {
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escapeHTML(title))</title>
            <style>
            body{font:14px/1.4 -apple-system,system-ui,Inter,sans-serif;margin:24px;background:#f5f5f7;color:#1d1d1f}
            h1{font-size:22px}h2{font-size:16px;margin:32px 0 8px}h2.locale{font-size:19px;border-top:1px solid #8884;padding-top:16px}h3{font-size:15px;margin:20px 0 8px}
            .row{display:flex;flex-wrap:wrap;gap:20px;align-items:flex-start}
            figure{margin:0}figcaption{font-size:12px;color:#6e6e73;margin-top:6px}
            img{display:block;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.15);background:#fff}
            @media (prefers-color-scheme:dark){body{background:#111;color:#f5f5f7}figcaption{color:#a1a1a6}img{box-shadow:0 0 0 1px rgba(255,255,255,.2)}}
            </style></head><body>
            <h1>\(escapeHTML(title))</h1>
            <p>\(files.count) images, \(screens.count) screens. Images are shown at two thirds of their size in points (px ÷ scale ÷ 1.5); click one for full size.</p>

            """
        if !contactSheets.isEmpty {
            out += "<p>Contact sheets: "
            out += contactSheets.map { "<a href=\"\(escapeHTML($0))\">\(escapeHTML($0))</a>" }.joined(separator: ", ")
            out += "</p>\n"
        }
        // With a locale axis, one section per locale (in render order), each with its screens.
        var locales: [String?] = []
        for file in files where !locales.contains(file.locale) { locales.append(file.locale) }
        if locales.isEmpty { locales = [nil] }
        let named = locales.compactMap { $0 }
        if !named.isEmpty {
            out += "<p>Locales: "
            out += named.map { "<a href=\"#locale-\(escapeHTML($0))\">\(escapeHTML($0))</a>" }.joined(separator: ", ")
            out += "</p>\n"
        }
        for locale in locales {
            let heading = locale == nil ? "h2" : "h3"
            if let locale {
                out += "<h2 class=\"locale\" id=\"locale-\(escapeHTML(locale))\">Locale \(escapeHTML(locale))</h2>\n"
            }
            for screen in screens {
                let shown = files.filter { $0.screen == screen && $0.locale == locale }
                if locale != nil, shown.isEmpty { continue }
                out += "<\(heading)>\(escapeHTML(screen))</\(heading)>\n<div class=\"row\">\n"
                for file in shown {
                    let caption = Self.caption(file)
                    let width = Int(saturatingRounded: Double(file.pixelWidth) / file.scale / 1.5)
                    out +=
                        "<figure><a href=\"\(escapeHTML(file.fileName))\"><img src=\"\(escapeHTML(file.fileName))\" width=\"\(width)\" loading=\"lazy\" alt=\"\(escapeHTML(screen)) \(escapeHTML(caption))\"></a><figcaption>\(escapeHTML(caption))</figcaption></figure>\n"
                }
                out += "</div>\n"
            }
        }
        out += "</body></html>\n"
        return out
    }

    /// A file's combination in words: `phone · dark · accessibility5 · t=2s · scroll end ·
    /// reduce motion · @3x` (the size when not `large`, the time when not 0, the scroll
    /// position when not the top).
    public static func caption(_ file: RenderedFile) -> String {
        var caption = "\(file.device) · \(file.schemeName)"
        if let locale = file.locale { caption += " · \(locale)" }
        if file.typeSizeName != "large" { caption += " · \(file.typeSizeName)" }
        if file.time != 0 { caption += " · t=\(formatNumber(file.time))s" }
        if file.scroll != "top" {
            caption += " · scroll \(file.scroll)\(file.scroll == "end" ? "" : " pt")"
        }
        if file.reduceMotion { caption += " · reduce motion" }
        caption += " · @\(formatNumber(file.scale))x"
        return caption
    }
}

/// `text` with HTML's special characters escaped per Unicode scalar, for element text and
/// quoted attributes (see `Escaping.html`).
func escapeHTML(_ text: String) -> String { Escaping.html(text) }

/// `value` as the captions print it: whole numbers without a fraction (`2`, `1.5`), as
/// HowdyKit's `NumberText.format` does for the spec's numbers.
func formatNumber(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
