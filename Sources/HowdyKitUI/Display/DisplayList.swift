import HowdyRender

/// A positioned screen as plain data: what to draw, in order, in px. The stage between a
/// `ScreenLayout` (frames in pt) and pixels.
///
/// The list keeps the screen's structure: the background, the scrolling content (faded
/// above the footer by `contentMask` when it scrolls), the pinned footer and the overlay
/// (an alert). `operations` is the same as one flat list. Lint, tests and review tools
/// read it without drawing; `render(into:)` draws it.
public struct DisplayList: Sendable {
    /// Canvas width, px.
    public var width: Int
    /// Canvas height, px.
    public var height: Int
    /// px per pt the list was built at.
    public var scale: Double
    /// The background, drawn first over a transparent canvas.
    public var background: [DisplayOperation]
    /// The scrolling content (card included), one operation per item.
    public var content: [DisplayOperation]
    /// The fade applied to the content above the footer; nil when the content fits.
    public var contentMask: VerticalMask?
    /// The pinned footer: page dots and buttons.
    public var footer: [DisplayOperation]
    /// Drawn over everything: an alert and its dimming (empty without one).
    public var overlay: [DisplayOperation]

    /// A display list of the given sections.
    public init(
        width: Int, height: Int, scale: Double, background: [DisplayOperation], content: [DisplayOperation],
        contentMask: VerticalMask? = nil, footer: [DisplayOperation] = [], overlay: [DisplayOperation] = []
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.content = content
        self.contentMask = contentMask
        self.footer = footer
        self.overlay = overlay
    }

    /// Every operation in drawing order: the background, the content (in a masked layer
    /// when it scrolls), the footer, the overlay.
    public var operations: [DisplayOperation] {
        let body: [DisplayOperation] =
            if let contentMask { [.layer(opacity: 1, mask: contentMask, content)] } else { content }
        return background + body + footer + overlay
    }

    /// Every text in drawing order.
    public var texts: [DisplayText] { operations.flatMap(\.texts) }

    /// Draws the list into `canvas` (normally a transparent canvas of `width` × `height` px).
    /// - Throws: `RenderError` for geometry out of limits, or a glyph that cannot be loaded
    ///   (naming the font file).
    public func render(into canvas: inout Canvas) throws {
        try render(into: &canvas, bandRows: nil)
    }

    /// `render(into:)` with layers (the masked content's) drawn in bands of `bandRows` rows;
    /// nil is the default band. The same bytes for any band height.
    package func render(into canvas: inout Canvas, bandRows: Int?) throws {
        for operation in operations { try operation.render(into: &canvas, bandRows: bandRows) }
    }

    /// The list drawn on a transparent canvas of its size.
    /// - Throws: `RenderError` for a size out of limits and what `render(into:)` throws.
    public func render() throws -> Image {
        try render(bandRows: nil)
    }

    /// `render()` with layers drawn in bands of `bandRows` rows (nil: the default band).
    package func render(bandRows: Int?) throws -> Image {
        var canvas = try Canvas(width: width, height: height)
        try render(into: &canvas, bandRows: bandRows)
        return canvas.image
    }

    /// The same list without the texts of its items (texts drawn inside a control, as the
    /// app icon's glyph, stay): what is behind each text, for contrast checks.
    public func withoutItemTexts() -> DisplayList {
        func strip(_ operations: [DisplayOperation]) -> [DisplayOperation] {
            operations.filter { if case .text = $0 { false } else { true } }
        }
        var copy = self
        copy.content = strip(content)
        copy.footer = strip(footer)
        copy.overlay = strip(overlay)
        return copy
    }
}
