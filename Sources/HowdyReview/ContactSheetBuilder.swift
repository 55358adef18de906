import Foundation
import HowdyNumbers
import HowdyRender
import HowdyText
import Synchronization

/// Builds a render's contact sheets (``ContactSheet``) while its images are drawn or read,
/// in any order and from any thread.
///
/// The layout is planned up front from the files the render will write (`planned`, in
/// matrix order): one sheet per scheme, its columns the screens, its rows the other
/// combinations in order of first appearance, and one scale (px per pt) for every device,
/// so relative sizes are true. Each row is as tall as its own tallest thumbnail.
///
/// ``add(_:at:)`` shrinks an image straight to its thumbnail by area averaging (at most
/// 360 px tall, `ContactSheet.thumbnailHeight`) and keeps only that. When a row's last image
/// has arrived, and every row before it on the sheet is written, the row is drawn as one
/// band and appended to the page's PNG (HowdyRender's streaming PNG writer); a page that
/// would grow past 4,096 px (`ContactSheet.maximumSide`) is finished, and the next starts with the
/// sheet's label. Pages appear under their names together, at ``finish()``. So memory holds the thumbnails of rows still waiting for an
/// image, one band and the deflater's state: it stays flat however large the matrix or the scale.
/// A row whose images were all skipped (``skip(_:)``) is left out.
public final class ContactSheetBuilder: Sendable {
    /// Where a planned file's thumbnail goes.
    private struct Cell: Sendable {
        var sheet: Int
        var row: Int
        var column: Int
        /// Thumbnail size in px.
        var width: Int
        var height: Int
    }

    /// One scheme's sheet: fixed from the plan.
    private struct Layout: Sendable {
        var scheme: String
        var label: String
        var columns: [String]
        var rowLabels: [String]
        /// The page width in px and each cell's width in px.
        var width: Int
        var cellWidth: Double
        var dark: Bool
    }

    /// A row's images as they arrive.
    private struct Row {
        var pending: Int
        var thumbnails: [Int: (column: Int, image: Image)] = [:]
    }

    /// What arrives from the drawing threads.
    private struct Arrivals {
        /// Per sheet, per row.
        var rows: [[Row]]
        /// Per sheet, the next row to hand to the writer.
        var next: [Int]
    }

    /// What is written: the open page of each sheet, the pages finished (renamed into
    /// place together by `finish`, so that nothing appears before every image has arrived)
    /// and their names.
    private struct Pages {
        var writers: [PNGStreamWriter?]
        var finished: [PNGStreamWriter] = []
        var counts: [Int]
        var names: [[String]]
        var error: (any Error)?
        /// Caption lines already laid out, by text and width in px: a sheet repeats each
        /// screen name once per row and each row label once per screen.
        var captions: [Caption: TextLayout] = [:]
    }

    private struct Caption: Hashable {
        var text: String
        var width: Double
    }

    private let layouts: [Layout]
    /// Per planned file, its cell (nil for a screen that is not a column).
    private let cells: [Cell?]
    private let directory: URL
    private let arrivals: Mutex<Arrivals>
    private let pages: Mutex<Pages>
    private let fonts: Fonts

    /// Plans the sheets of `planned` (the files a render will write into `directory`, in
    /// matrix order), with columns in `screens` order and `title` (the flow) in each label.
    /// - Throws: `TextError` when a bundled font cannot be opened.
    public init(planned: [RenderedFile], screens: [String], title: String, directory: URL) throws {
        self.directory = directory
        fonts = try Fonts()
        var schemes: [String] = []
        for file in planned where !schemes.contains(file.schemeName) { schemes.append(file.schemeName) }
        var layouts: [Layout] = []
        var cells = [Cell?](repeating: nil, count: planned.count)
        var rows: [[Row]] = []
        for (sheet, scheme) in schemes.enumerated() {
            let indices = planned.indices.filter { planned[$0].schemeName == scheme }
            let files = indices.map { planned[$0] }
            let columns = screens.filter { screen in files.contains { $0.screen == screen } }
            // One scale for every device: px of the sheet per pt of the screen.
            let points = files.map {
                (width: Double($0.pixelWidth) / $0.scale, height: Double($0.pixelHeight) / $0.scale)
            }
            let tallest = max(1, points.map(\.height).max() ?? 1), widest = max(1, points.map(\.width).max() ?? 1)
            let fitting =
                (ContactSheet.maximumSide - ContactSheet.gap) / Double(max(1, columns.count)) - ContactSheet.gap
            let perPoint = max(48 / tallest, min(ContactSheet.thumbnailHeight / tallest, fitting / widest))
            let cellWidth = max(120, (widest * perPoint).rounded(.up))
            var rowLabels: [String] = []
            var sheetRows: [Row] = []
            for (offset, index) in indices.enumerated() {
                let label = ContactSheet.rowLabel(files[offset])
                guard let column = columns.firstIndex(of: files[offset].screen) else { continue }
                let row = rowLabels.firstIndex(of: label) ?? rowLabels.count
                if row == rowLabels.count {
                    rowLabels.append(label)
                    sheetRows.append(Row(pending: 0))
                }
                sheetRows[row].pending += 1
                cells[index] = Cell(
                    sheet: sheet, row: row, column: column,
                    width: max(1, Int(saturatingRounded: points[offset].width * perPoint)),
                    height: max(1, Int(saturatingRounded: points[offset].height * perPoint)))
            }
            layouts.append(
                Layout(
                    scheme: scheme, label: ContactSheet.label(title, scheme: scheme, files: files), columns: columns,
                    rowLabels: rowLabels,
                    width: Int(ContactSheet.gap + Double(columns.count) * (cellWidth + ContactSheet.gap)),
                    cellWidth: cellWidth, dark: scheme == "dark"))
            rows.append(sheetRows)
        }
        self.layouts = layouts
        self.cells = cells
        arrivals = Mutex(Arrivals(rows: rows, next: Array(repeating: 0, count: layouts.count)))
        pages = Mutex(
            Pages(
                writers: Array(repeating: nil, count: layouts.count), counts: Array(repeating: 0, count: layouts.count),
                names: Array(repeating: [], count: layouts.count)))
    }

    /// Takes the image of planned file `index`: scales it to its thumbnail and writes every
    /// row that is now complete. Safe from any thread; each index once.
    /// - Throws: `RenderError` when the thumbnail cannot be made; errors writing a page
    ///   are kept and thrown by ``finish()``.
    public func add(_ image: Image, at index: Int) throws {
        guard cells.indices.contains(index), let cell = cells[index] else { return }
        // A box filter straight from the image's bytes: one pass, no full-size copy.
        let thumbnail = try image.thumbnail(width: cell.width, height: cell.height)
        arrivals.withLock { arrivals in
            arrivals.rows[cell.sheet][cell.row].thumbnails[index] = (cell.column, thumbnail)
            arrivals.rows[cell.sheet][cell.row].pending -= 1
        }
        write(sheet: cell.sheet, waiting: false)
    }

    /// Notes that planned file `index` was not drawn (a scroll position its screen does
    /// not have): its cell stays empty. Safe from any thread; each index once.
    public func skip(_ index: Int) {
        guard cells.indices.contains(index), let cell = cells[index] else { return }
        arrivals.withLock { $0.rows[cell.sheet][cell.row].pending -= 1 }
        write(sheet: cell.sheet, waiting: false)
    }

    /// Writes what is left and finishes every page; returns the names written, schemes in
    /// order of first appearance. Rows still missing an image are drawn with what they have.
    /// - Throws: the first error writing a page (`FileWriteError`, `RenderError`, `TextError`).
    public func finish() throws -> [String] {
        arrivals.withLock { arrivals in
            for sheet in arrivals.rows.indices {
                for row in arrivals.rows[sheet].indices { arrivals.rows[sheet][row].pending = 0 }
            }
        }
        for sheet in layouts.indices { write(sheet: sheet, waiting: true) }
        return try pages.withLock { pages in
            if let error = pages.error { throw error }
            for sheet in layouts.indices {
                if let writer = pages.writers[sheet] {
                    try writer.append(try band(of: sheet, height: Int(ContactSheet.gap)) { _ in })
                    try writer.finish()
                    pages.finished.append(writer)
                    pages.writers[sheet] = nil
                }
            }
            for writer in pages.finished { try writer.commit() }
            pages.finished = []
            return pages.names.flatMap { $0 }
        }
    }

    /// Writes the sheet's complete rows, in order. Without `waiting`, a thread that finds
    /// another writing leaves the rows to it (or to the next call, or to `finish`).
    private func write(sheet: Int, waiting: Bool) {
        if waiting {
            pages.withLock { drain(sheet: sheet, into: &$0) }
        } else {
            _ = pages.withLockIfAvailable { drain(sheet: sheet, into: &$0) }
        }
    }

    /// Takes the sheet's complete rows from the arrivals, in order, and appends each to its
    /// page; the first error is kept for `finish`.
    private func drain(sheet: Int, into pages: inout Pages) {
        while pages.error == nil {
            let ready = arrivals.withLock { arrivals -> [(row: Int, thumbnails: [Int: (column: Int, image: Image)])] in
                var taken: [(row: Int, thumbnails: [Int: (column: Int, image: Image)])] = []
                while arrivals.next[sheet] < arrivals.rows[sheet].count,
                    arrivals.rows[sheet][arrivals.next[sheet]].pending <= 0
                {
                    let row = arrivals.next[sheet]
                    taken.append((row, arrivals.rows[sheet][row].thumbnails))
                    arrivals.rows[sheet][row].thumbnails = [:]
                    arrivals.next[sheet] += 1
                }
                return taken
            }
            if ready.isEmpty { return }
            do {
                for (row, thumbnails) in ready where !thumbnails.isEmpty {
                    try append(row: row, thumbnails: thumbnails, of: sheet, to: &pages)
                }
            } catch {
                pages.error = error
            }
        }
    }

    /// Draws one row as a band and appends it to the sheet's open page, starting a page
    /// (with the label) or finishing a full one first.
    private func append(
        row: Int, thumbnails: [Int: (column: Int, image: Image)], of sheet: Int, to pages: inout Pages
    ) throws {
        let layout = layouts[sheet]
        let thumbnailHeight = thumbnails.values.map(\.image.height).max() ?? 0
        let height = thumbnailHeight + Int(2 * ContactSheet.captionHeight + 8 + ContactSheet.gap)
        if let writer = pages.writers[sheet],
            Double(writer.height + height) + ContactSheet.gap > ContactSheet.maximumSide
        {
            try writer.append(try band(of: sheet, height: Int(ContactSheet.gap)) { _ in })
            try writer.finish()
            pages.finished.append(writer)
            pages.writers[sheet] = nil
        }
        if pages.writers[sheet] == nil {
            let number = pages.counts[sheet]
            let name = "contact-sheet-\(layout.scheme)\(number == 0 ? "" : "-\(number + 1)").png"
            let writer = try PNGStreamWriter(width: layout.width, path: directory.appendingPathComponent(name).path)
            let fonts = self.fonts
            try writer.append(
                try band(of: sheet, height: Int(ContactSheet.titleHeight)) { canvas in
                    try canvas.draw(
                        try Self.line(
                            layout.label, font: fonts.title, width: Double(layout.width) - 2 * ContactSheet.gap),
                        at: Point(x: ContactSheet.gap, y: 12), color: Self.ink(dark: layout.dark))
                })
            pages.writers[sheet] = writer
            pages.counts[sheet] += 1
            pages.names[sheet].append(name)
        }
        let fonts = self.fonts
        let image = try band(of: sheet, height: height) { canvas in
            for (_, thumbnail) in thumbnails.sorted(by: { $0.value.column < $1.value.column }) {
                let (column, image) = thumbnail
                let x = ContactSheet.gap + Double(column) * (layout.cellWidth + ContactSheet.gap)
                // Pixel-aligned, unscaled: the thumbnail is already its size.
                canvas.draw(
                    image, atPixelX: Int(saturatingRounded: x + (layout.cellWidth - Double(image.width)) / 2),
                    y: thumbnailHeight - image.height)
                let top = Double(thumbnailHeight) + 6
                try canvas.draw(
                    try caption(layout.columns[column], width: layout.cellWidth, font: fonts.caption, in: &pages),
                    at: Point(x: x, y: top), color: Self.ink(dark: layout.dark))
                try canvas.draw(
                    try caption(layout.rowLabels[row], width: layout.cellWidth, font: fonts.caption, in: &pages),
                    at: Point(x: x, y: top + ContactSheet.captionHeight), color: Self.secondary(dark: layout.dark))
            }
        }
        try pages.writers[sheet]!.append(image)
    }

    /// A band of the sheet's width and ground, `height` px tall, with `draw` on it.
    private func band(of sheet: Int, height: Int, _ draw: (inout Canvas) throws -> Void) throws -> Image {
        let layout = layouts[sheet]
        var canvas = try Canvas(
            width: layout.width, height: height, background: layout.dark ? Color(hex: 0x111111) : Color(hex: 0xF5F5F7))
        try draw(&canvas)
        return canvas.image
    }

    private static func ink(dark: Bool) -> Color { dark ? Color(hex: 0xF5F5F7) : Color(hex: 0x1D1D1F) }
    private static func secondary(dark: Bool) -> Color { dark ? Color(hex: 0xA1A1A6) : Color(hex: 0x6E6E73) }

    /// A caption line (``line(_:font:width:)``), laid out once per text and width.
    private func caption(_ text: String, width: Double, font: Font, in pages: inout Pages) throws -> TextLayout {
        let key = Caption(text: text, width: width)
        if let known = pages.captions[key] { return known }
        let line = try Self.line(text, font: font, width: width)
        pages.captions[key] = line
        return line
    }

    /// One line of `text` (cut with an ellipsis when wider than `width` px).
    private static func line(_ text: String, font: Font, width: Double) throws -> TextLayout {
        var text = text
        var result = try HowdyText.layout(text: text, font: font, width: 100_000)
        while result.width > width, text.count > 1 {
            text = String(text.dropLast(2)) + "…"
            result = try HowdyText.layout(text: text, font: font, width: 100_000)
        }
        return result
    }

    /// The bundled faces the sheet is labelled in.
    private struct Fonts: Sendable {
        let title: Font
        let caption: Font

        init() throws {
            title = try Font(named: "Inter-Bold", size: 22)
            caption = try Font(named: "Inter-Medium", size: 12)
        }
    }
}
