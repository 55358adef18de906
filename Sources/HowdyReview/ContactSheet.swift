import Foundation
import HowdyRender
import HowdyText

/// A contact sheet: every screen of a render in one colour scheme on one labelled PNG, for
/// pasting into a review. Columns are the flow's screens, rows the other combinations
/// (device, type size, time, scroll, motion, locale), every device at one points-to-pixels
/// scale; each thumbnail is captioned under it with its screen and combination, and the
/// sheet is labelled with the flow, scheme, locales and type sizes, in the bundled Inter.
///
/// Sheets are built in one streaming pass (``ContactSheetBuilder``): each image is scaled
/// to its thumbnail as it is drawn or read, and each row is written into the page's PNG as
/// soon as its last image arrives, so memory holds a few rows of thumbnails, never a page,
/// however large the matrix.
public enum ContactSheet {
    /// Thumbnail height in px of the tallest screen in points (smaller when many screens
    /// would make the sheet too wide).
    static let thumbnailHeight = 360.0
    /// Space around and between cells, px.
    static let gap = 16.0
    /// Height of one line of a thumbnail's caption, px.
    static let captionHeight = 18.0
    /// Height of the title band, px.
    static let titleHeight = 48.0
    /// The largest side a sheet page may have, px; more rows go on further pages.
    static let maximumSide = 4096.0

    /// Writes `contact-sheet-SCHEME.png` (and `-2`, `-3`… when the rows need more than one
    /// page) into `directory`, which holds every file of `files`, reading the images one at
    /// a time in order; returns the names written, schemes in order of first appearance.
    /// - Throws: file-system errors, `RenderError` for an image that cannot be decoded,
    ///   `TextError` when a bundled font cannot be opened.
    public static func write(files: [RenderedFile], screens: [String], title: String, in directory: URL) throws
        -> [String]
    {
        let builder = try ContactSheetBuilder(planned: files, screens: screens, title: title, directory: directory)
        for (index, file) in files.enumerated() {
            try builder.add(Image(contentsOf: directory.appendingPathComponent(file.fileName)), at: index)
        }
        return try builder.finish()
    }

    /// The sheet's label: the flow, the scheme, and the locales and type sizes it shows.
    static func label(_ title: String, scheme: String, files: [RenderedFile]) -> String {
        var parts = [title, scheme]
        var locales: [String] = [], sizes: [String] = []
        for file in files {
            if let locale = file.locale, !locales.contains(locale) { locales.append(locale) }
            if !sizes.contains(file.typeSizeName) { sizes.append(file.typeSizeName) }
        }
        if !locales.isEmpty { parts.append(locales.joined(separator: ", ")) }
        parts.append(sizes.joined(separator: ", "))
        return parts.joined(separator: " · ")
    }

    /// A file's combination without its scheme: `phone · accessibility5 · scroll end · @3x`.
    static func rowLabel(_ file: RenderedFile) -> String {
        RenderIndex.caption(file).replacingOccurrences(of: " · \(file.schemeName)", with: "")
    }
}
