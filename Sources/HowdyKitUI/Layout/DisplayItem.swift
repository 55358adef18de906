import HowdyRender
import HowdyText

/// One positioned thing of a laid-out screen: a text or a shape in a frame in pt. The
/// layout engine's output; `operation(scale:)` turns it into display-list data in px.
public enum DisplayItem: Sendable {
    /// Text laid out in px, placed in `frame` (pt).
    case text(TextLayout, frame: Frame, color: Color, element: TextElement)
    /// A control or surface in `frame` (pt) and the operations (px) that draw it.
    case shape(frame: Frame, role: SemanticRole, operations: [DisplayOperation], contentID: String? = nil)

    /// The item's frame, pt.
    public var frame: Frame {
        switch self {
        case .text(_, let frame, _, _), .shape(let frame, _, _, _): frame
        }
    }

    /// The text's role, or the shape's.
    public var role: SemanticRole {
        switch self {
        case .text(_, _, _, let element): element.role
        case .shape(_, let role, _, _): role
        }
    }

    /// The ID of the content the item shows, when it has one.
    public var contentID: String? {
        switch self {
        case .text(_, _, _, let element): element.contentID
        case .shape(_, _, _, let id): id
        }
    }

    /// The item as a display-list operation in px at `scale` px per pt: a text at its
    /// frame's origin (x rounded to a whole pixel, y snapped so the first baseline is
    /// whole), or a tagged group of the shape's operations.
    /// - Throws: `TextError` when the text's font cannot be read (for its weight).
    public func operation(scale: Double) throws -> DisplayOperation {
        switch self {
        case .text(let layout, let frame, let color, let element):
            let origin = DisplayText.snapped(Point(x: (frame.x * scale).rounded(), y: frame.y * scale), layout: layout)
            return .text(
                DisplayText(
                    layout: layout, origin: origin, frame: try frame.pixels(scale), color: color, role: element.role,
                    contentID: element.contentID, isLarge: try element.isLarge()))
        case .shape(let frame, let role, let operations, let contentID):
            return .group(
                DisplayGroup(role: role, contentID: contentID, frame: try frame.pixels(scale), operations: operations))
        }
    }

    /// The same item tagged with `id` when it has no content ID yet.
    func identified(_ id: String) -> DisplayItem {
        switch self {
        case .text(let layout, let frame, let color, var element):
            if element.contentID == nil { element.contentID = id }
            return .text(layout, frame: frame, color: color, element: element)
        case .shape(let frame, let role, let operations, let contentID):
            return .shape(frame: frame, role: role, operations: operations, contentID: contentID ?? id)
        }
    }
}
