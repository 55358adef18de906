import Dispatch
import Foundation
import HowdyOutput
import HowdyRender
import HowdyText
import Synchronization

/// A contact sheet: every screen of a render in one colour scheme on one labelled PNG, for
/// pasting into a review. Columns are the flow's screens, rows the other combinations
/// (device, type size, time, scroll, motion); each thumbnail is labelled with its screen,
/// each row with its combination, in the bundled Inter.
public enum ContactSheet {
    /// Thumbnail height in px (smaller when many screens would make the sheet too wide).
    static let thumbnailHeight = 360.0
    /// Space around and between cells, px.
    static let gap = 16.0
    /// Width of the row-label column, px.
    static let labelWidth = 180.0
    /// Height of a thumbnail's label, px.
    static let captionHeight = 22.0
    /// Height of the title band, px.
    static let titleHeight = 48.0
    /// The largest side a sheet may have; more rows go on further pages.
    static let maximumSide = 16_000.0

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
            let pages = try render(
                files: files.filter { $0.scheme == scheme }, screens: screens,
                title: "\(title) · \(scheme.rawValue)", dark: scheme == .dark, in: directory)
            for (number, page) in pages.enumerated() {
                let name = "contact-sheet-\(scheme.rawValue)\(number == 0 ? "" : "-\(number + 1)").png"
                try AtomicFile.write(try page.encoded(as: .png), to: directory.appendingPathComponent(name).path)
                written.append(name)
            }
        }
        return written
    }

    /// The pages of one scheme's sheet.
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
        // Every thumbnail is as tall as the others; the widest aspect sets the cell width.
        let aspect = files.map { Double($0.pixelWidth) / Double($0.pixelHeight) }.max() ?? 0.5
        let fitting = (maximumSide - labelWidth - gap) / Double(columns.count) - gap
        let height = max(48, min(thumbnailHeight, fitting / aspect)).rounded()
        let cellWidth = (height * aspect).rounded(.up)
        let rowHeight = height + captionHeight + gap
        let rowsPerPage = max(1, Int((maximumSide - titleHeight - gap) / rowHeight))
        let width = Int(labelWidth + gap + Double(columns.count) * (cellWidth + gap))

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
                // The combination wraps over as many lines as it needs in the label column.
                try canvas.draw(
                    try HowdyText.layout(row, font: fonts.label, width: labelWidth - gap),
                    at: Point(x: gap, y: y + 4), color: ink)
                // A row's images are decoded on all cores (one row in memory at a time), then
                // each is scaled once, straight into its cell.
                let images = try decode(columns.map { cells["\(row)\u{0}\($0)"] }, in: directory)
                for (columnIndex, screen) in columns.enumerated() {
                    let x = labelWidth + gap + Double(columnIndex) * (cellWidth + gap)
                    if let image = images[columnIndex] {
                        let thumbWidth = (height * Double(image.width) / Double(image.height)).rounded()
                        try canvas.draw(
                            image,
                            in: Rect(
                                x: (x + (cellWidth - thumbWidth) / 2).rounded(), y: y, width: thumbWidth, height: height
                            ))
                    }
                    let caption = try layout(screen, font: fonts.caption, width: cellWidth)
                    try canvas.draw(caption, at: Point(x: x, y: y + height + 4), color: secondary)
                }
            }
            pages.append(canvas.image)
        }
        return pages
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
        var result = try HowdyText.layout(text, font: font, width: 100_000)
        while result.width > width, text.count > 1 {
            text = String(text.dropLast(2)) + "…"
            result = try HowdyText.layout(text, font: font, width: 100_000)
        }
        return result
    }

    /// The bundled faces the sheet is labelled in.
    private struct Fonts {
        let title: Font
        let label: Font
        let caption: Font

        init() throws {
            title = try Font(named: "Inter-Bold", size: 22)
            label = try Font(named: "Inter-SemiBold", size: 14)
            caption = try Font(named: "Inter-Medium", size: 13)
        }
    }
}
