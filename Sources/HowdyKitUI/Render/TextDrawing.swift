import HowdyRender
import HowdyText

// The one seam between the screens and glyph drawing: everything in HowdyKitUI draws
// text through `drawText`, which hands the layout to HowdyRender's text drawing.

extension Canvas {
    /// Draws `layout` with its top-left corner at `origin` (px) in `color`.
    ///
    /// The origin is nudged (< 0.5 px) so that the first baseline falls on a whole pixel:
    /// horizontal stems stay crisp. A glyph that cannot be loaded is skipped rather than
    /// failing the whole screen.
    mutating func drawText(_ layout: TextLayout, at origin: Point, color: Color) {
        let first = layout.lines.first?.baseline ?? 0
        let snapped = Point(x: origin.x, y: (origin.y + first).rounded() - first)
        try? draw(layout, at: snapped, color: color)
    }
}
