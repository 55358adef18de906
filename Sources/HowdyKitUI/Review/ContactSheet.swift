import Dispatch
import Foundation
import HowdyOutput
import HowdyRender
import HowdyText
import Synchronization

/// A contact sheet: every screen of a render in one colour scheme on one labelled PNG, for
/// pasting into a review. Columns are the flow's screens, rows the other combinations
/// (device, type size, time, scroll, motion), every device at one points-to-pixels scale;
/// each thumbnail is captioned under it with its screen and combination, and the sheet is
/// labelled with the flow, scheme, locales and type sizes, in the bundled Inter.
public enum ContactSheet {
    /// Thumbnail height in px (smaller when many screens would make the sheet too wide).
    static let thumbnailHeight = 360.0
    /// Space around and between cells, px.
    static let gap = 16.0
    /// Height of one line of a thumbnail's caption, px.
    static let captionHeight = 18.0
    /// Height of the title band, px.
    static let titleHeight = 48.0
    /// The largest side a sheet may have, px; more rows go on further pages (a page is at
    /// most 4,096² px, 64 MiB, and most are far smaller).
    static let maximumSide = 4096.0

    /// Writes `contact-sheet-SCHEME.png` (and `-2`, `-3`… when the rows need more than one
    /// page) into `directory`, which holds every file of `files`; returns the names written,
    /// schemes in order of first appearance.
    /// - Throws: file-system errors, `RenderError` for an image that cannot be decoded,
    ///   `TextError` when a bundled font cannot be opened.
    public static func write(files: [RenderedFile], screens: [String], title: String, in directory: URL) throws
        -> [String]
    {
        var written: [String] = []
        var schemes: [ColorScheme] = []
        for file in files where !schemes.contains(file.scheme) { schemes.append(file.scheme) }
        for scheme in schemes {
            let sheet = files.filter { $0.scheme == scheme }
            let pages = try render(
                files: sheet, screens: screens, title: label(title, scheme: scheme, files: sheet),
                dark: scheme == .dark, in: directory)
            for (number, page) in pages.enumerated() {
                let name = "contact-sheet-\(scheme.rawValue)\(number == 0 ? "" : "-\(number + 1)").png"
                try AtomicFile.write(try page.encoded(as: .png), to: directory.appendingPathComponent(name).path)
                written.append(name)
            }
        }
        return written
    }

    /// The pages of one scheme's sheet.
    ///
    /// Every device is drawn at one scale, points to pixels (the tallest screen in points is
    /// ``thumbnailHeight`` px tall), so a phone looks larger than a small phone, as it is.
    /// Each thumbnail has its caption under it: the screen, then its combination. Images are
    /// decoded a few at a time and scaled straight into their cells, and a page is at most
    /// ``maximumSide`` px on a side, so memory stays flat however large the matrix.
    static func render(files: [RenderedFile], screens: [String], title: String, dark: Bool, in directory: URL)
        throws -> [Image]
    {
        let columns = screens.filter { screen in files.contains { $0.screen == screen } }
        var rows: [String] = []
        var cells: [String: RenderedFile] = [:]
        for file in files {
            let row = rowLabel(file)
            if !rows.contains(row) { rows.append(row) }
            cells["\(row)\u{0}\(file.screen)"] = file
        }
        guard !columns.isEmpty else { return [] }
        // One scale for every device: px of the sheet per pt of the screen.
        let points = files.map { (width: Double($0.pixelWidth) / $0.scale, height: Double($0.pixelHeight) / $0.scale) }
        let tallest = points.map(\.height).max() ?? 1, widest = points.map(\.width).max() ?? 1
        var perPoint = thumbnailHeight / tallest
        let fitting = (maximumSide - gap) / Double(columns.count) - gap
        perPoint = max(48 / tallest, min(perPoint, fitting / widest))
        let height = (tallest * perPoint).rounded(.up)
        let cellWidth = max(120, (widest * perPoint).rounded(.up))
        let rowHeight = height + 2 * captionHeight + 8 + gap
        let rowsPerPage = max(1, Int((maximumSide - titleHeight - gap) / rowHeight))
        let width = Int(gap + Double(columns.count) * (cellWidth + gap))

        let fonts = try Fonts()
        let ink = dark ? Color(hex: 0xF5F5F7) : Color(hex: 0x1D1D1F)
        let secondary = dark ? Color(hex: 0xA1A1A6) : Color(hex: 0x6E6E73)
        var pages: [Image] = []
        for start in stride(from: 0, to: rows.count, by: rowsPerPage) {
            let pageRows = Array(rows[start..<min(rows.count, start + rowsPerPage)])
            let pageHeight = Int(titleHeight + Double(pageRows.count) * rowHeight + gap)
            var canvas = try Canvas(
                width: width, height: pageHeight, background: dark ? Color(hex: 0x111111) : Color(hex: 0xF5F5F7))
            try canvas.draw(
                try layout(title, font: fonts.title, width: Double(width) - 2 * gap), at: Point(x: gap, y: 12),
                color: ink)
            for (rowIndex, row) in pageRows.enumerated() {
                let y = titleHeight + Double(rowIndex) * rowHeight
                let slots = columns.map { cells["\(row)\u{0}\($0)"] }
                // A few images at a time (one per core): each is scaled once, straight into
                // its cell, and dropped.
                let batch = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))
                for first in stride(from: 0, to: slots.count, by: batch) {
                    let range = first..<min(slots.count, first + batch)
                    let images = try decode(Array(slots[range]), in: directory)
                    for (offset, image) in images.enumerated() {
                        guard let image, let file = slots[range.lowerBound + offset] else { continue }
                        let x = gap + Double(range.lowerBound + offset) * (cellWidth + gap)
                        let thumbWidth = (Double(file.pixelWidth) / file.scale * perPoint).rounded()
                        let thumbHeight = (Double(file.pixelHeight) / file.scale * perPoint).rounded()
                        try canvas.draw(
                            image,
                            in: Rect(
                                x: (x + (cellWidth - thumbWidth) / 2).rounded(), y: y + height - thumbHeight,
                                width: thumbWidth, height: thumbHeight))
                    }
                }
                for (columnIndex, screen) in columns.enumerated() where slots[columnIndex] != nil {
                    let x = gap + Double(columnIndex) * (cellWidth + gap)
                    try canvas.draw(
                        try layout(screen, font: fonts.caption, width: cellWidth), at: Point(x: x, y: y + height + 6),
                        color: ink)
                    try canvas.draw(
                        try layout(row, font: fonts.caption, width: cellWidth),
                        at: Point(x: x, y: y + height + 6 + captionHeight), color: secondary)
                }
            }
            pages.append(canvas.image)
        }
        return pages
    }

    /// The sheet's label: the flow, the scheme, and the locales and type sizes it shows.
    static func label(_ title: String, scheme: ColorScheme, files: [RenderedFile]) -> String {
        var parts = [title, scheme.rawValue]
        var locales: [String] = [], sizes: [String] = []
        for file in files {
            if let locale = file.locale, !locales.contains(locale) { locales.append(locale) }
            if !sizes.contains(file.dynamicTypeSize.rawValue) { sizes.append(file.dynamicTypeSize.rawValue) }
        }
        if !locales.isEmpty { parts.append(locales.joined(separator: ", ")) }
        parts.append(sizes.joined(separator: ", "))
        return parts.joined(separator: " · ")
    }

    /// A file's combination without its scheme: `phone · accessibility5 · scroll end · @3x`.
    static func rowLabel(_ file: RenderedFile) -> String {
        RenderIndex.caption(file).replacingOccurrences(of: " · \(file.scheme.rawValue)", with: "")
    }

    /// The files of `slots` decoded (nil slots stay nil).
    private static func decode(_ slots: [RenderedFile?], in directory: URL) throws -> [Image?] {
        let results = Mutex([Result<Image, any Error>?](repeating: nil, count: slots.count))
        DispatchQueue.concurrentPerform(iterations: slots.count) { index in
            guard let file = slots[index] else { return }
            let result = Result { try Image(contentsOf: directory.appendingPathComponent(file.fileName)) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { try $0?.get() }
    }

    /// One line of `text` (cut with an ellipsis when wider than `width` px).
    private static func layout(_ text: String, font: Font, width: Double) throws -> TextLayout {
        var text = text
        var result = try HowdyText.layout(text: text, font: font, width: 100_000)
        while result.width > width, text.count > 1 {
            text = String(text.dropLast(2)) + "…"
            result = try HowdyText.layout(text: text, font: font, width: 100_000)
        }
        return result
    }

    /// The bundled faces the sheet is labelled in.
    private struct Fonts {
        let title: Font
        let caption: Font

        init() throws {
            title = try Font(named: "Inter-Bold", size: 22)
            caption = try Font(named: "Inter-Medium", size: 12)
        }
    }
}
