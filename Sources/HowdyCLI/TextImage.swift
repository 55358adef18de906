import HowdyNumbers
import HowdyRender
import HowdyText

/// The image sink of `howdy balance --out`, in the manner of `hb-view`: the lines drawn
/// black on white, over a light grey box as wide as the width they were laid out at, with
/// the span the lines actually cover tinted blue, so a balanced and a greedy result can be
/// told apart at a glance. A right-to-left paragraph sits at the box's right edge.
enum TextImage {
    /// Margin around the box, px.
    static let margin = 16.0

    /// `layout` drawn in its `availableWidth` box with `margin` px all round.
    /// - Throws: `RenderError.invalidGeometry` when the text box is too large for an
    ///   image (over 16384 px a side with the margins, however large the width or line
    ///   height asked for), `RenderError.freeType` for a glyph that cannot be drawn.
    static func render(_ layout: TextLayout) throws(RenderError) -> Image {
        let boxWidth = max(layout.availableWidth, layout.width)
        let height = max(layout.height, 1)
        let rightToLeft = layout.lines.first?.isRightToLeft ?? false
        let origin = Point(x: margin + (rightToLeft ? boxWidth - layout.width : 0), y: margin)
        // The width and line height come from the command line: a box of 1e19 px is a
        // size error, not a trap in the conversion.
        let limit = ImageLimits.default.maxSide
        guard let pixelWidth = Int(checking: boxWidth + 2 * margin, rounding: .up, in: 1...limit),
            let pixelHeight = Int(checking: height + 2 * margin, rounding: .up, in: 1...limit)
        else {
            throw .invalidGeometry(
                "the text box is \(boxWidth) × \(height) px; an image side is at most \(limit) px including the margins"
            )
        }
        var canvas = try Canvas(width: pixelWidth, height: pixelHeight, background: .white)
        canvas.fill(
            try RoundedRect(Rect(x: margin, y: margin, width: boxWidth, height: height)), with: Color(hex: 0xF2F2F7))
        if let start = layout.lines.map(\.x).min(), let end = layout.lines.map({ $0.x + $0.width }).max(), end > start {
            canvas.fill(
                try RoundedRect(Rect(x: origin.x + start, y: margin, width: end - start, height: height)),
                with: Color(hex: 0xD6E6FF))
        }
        try canvas.draw(layout, at: origin, color: Color(hex: 0x1C1C1E))
        return canvas.image
    }
}
