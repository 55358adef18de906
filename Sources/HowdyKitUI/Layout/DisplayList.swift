import HowdyRender
import HowdyText

/// One positioned thing to draw. Frames are pt.
public enum DisplayItem: Sendable {
    /// Text laid out in px with its frame's origin at `frame.x`, `frame.y`.
    case text(TextLayout, frame: Frame, color: Color, element: TextElement)
    case shape(frame: Frame, role: String, draw: DrawBody)

    public var frame: Frame {
        switch self {
        case .text(_, let frame, _, _), .shape(let frame, _, _): frame
        }
    }

    /// The text's role, or the shape's.
    public var role: String {
        switch self {
        case .text(_, _, _, let element): element.role
        case .shape(_, let role, _): role
        }
    }

    /// Draws the item at `scale` px per pt.
    public func draw(into canvas: inout Canvas, scale: Double) {
        switch self {
        case .text(let layout, let frame, let color, _):
            canvas.drawText(layout, at: Point(x: (frame.x * scale).rounded(), y: frame.y * scale), color: color)
        case .shape(let frame, _, let draw):
            draw(&canvas, frame.pixels(scale), scale)
        }
    }
}
