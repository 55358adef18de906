import HowdyRender
import HowdyText

/// A rectangle in pt.
public struct Frame: Sendable, Hashable {
    /// Left edge, pt.
    public var x: Double
    /// Top edge, pt (y down).
    public var y: Double
    /// Width, pt.
    public var width: Double
    /// Height, pt.
    public var height: Double

    /// A frame at (`x`, `y`) of `width` × `height` pt.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Right edge, pt.
    public var maxX: Double { x + width }
    /// Bottom edge, pt.
    public var maxY: Double { y + height }

    /// True when the two frames share area (touching edges do not count; 0.01 pt slack).
    public func overlaps(_ other: Frame) -> Bool {
        x < other.maxX - 0.01 && other.x < maxX - 0.01 && y < other.maxY - 0.01 && other.y < maxY - 0.01
    }

    /// True when `other` lies inside this frame (0.5 pt slack for anti-aliasing).
    public func contains(_ other: Frame) -> Bool {
        other.x >= x - 0.5 && other.y >= y - 0.5 && other.maxX <= maxX + 0.5 && other.maxY <= maxY + 0.5
    }

    /// The frame in px at `scale` px per pt.
    /// - Throws: `RenderError.invalidGeometry` naming the frame when it is not a valid
    ///   rectangle in px (a NaN, infinite or negative number, or one that overflows when scaled).
    public func pixels(_ scale: Double) throws(RenderError) -> Rect {
        do {
            return try Rect(x: x * scale, y: y * scale, width: width * scale, height: height * scale)
        } catch .invalidGeometry(let reason) {
            throw .invalidGeometry(
                "frame (x: \(x), y: \(y), width: \(width), height: \(height)) pt at scale \(scale): \(reason)")
        }
    }
}

/// One piece of text in a layout tree.
public struct TextElement: Sendable {
    /// The text.
    public var string: String
    /// Face and size (pt at Dynamic Type `.large`).
    public var font: ThemeFont
    /// The text's colour.
    public var color: Color
    /// Where the lines sit in the text's frame (leading is right in right-to-left text).
    public var alignment: TextAlignment
    /// Lay the text out at the narrowest width that keeps its line count (`.balancedText()`).
    public var balanced: Bool
    /// The role the text plays (title, body, button label...), reported by lint.
    public var role: SemanticRole
    /// The ID of the content the text belongs to (a feature's, an option's), when it has one.
    public var contentID: String?
    /// Keeps the text on one line whatever the width (icon ligatures, emoji).
    public var noWrap: Bool = false
    /// SwiftUI's `minimumScaleFactor`: when the widest word is wider than the line (it would
    /// break between letters), the font shrinks until it fits, but to no less than this
    /// fraction of its size (0.1...1); below that the word breaks. 1, the default, never shrinks.
    public var minimumScaleFactor: Double = 1
    /// How the text is localised when it was composed from parts (a value and its unit, a
    /// price and its period, a personalised headline); nil: `string` is the key.
    public var localizable: LocalizableText?

    /// A text in `font` and `color`; `role` defaults to body text. No font is read here:
    /// a font that cannot be loaded is an error when the text is laid out.
    public init(
        _ string: String, font: ThemeFont, color: Color, alignment: TextAlignment = .leading, balanced: Bool = false,
        role: SemanticRole = .body, contentID: String? = nil
    ) {
        self.string = string
        self.font = font
        self.color = color
        self.alignment = alignment
        self.balanced = balanced
        self.role = role
        self.contentID = contentID
    }

    /// True for text of 18 pt and up, or 14 pt and up in a face of weight 700 or more
    /// (WCAG "large text", which needs 3:1 instead of 4.5:1).
    /// - Throws: `TextError` when the face cannot be found or read.
    public func isLarge() throws -> Bool {
        if font.size >= 18 { return true }
        guard font.size >= 14 else { return false }
        // WCAG's "bold" is a weight of 700 or more (the face's OS/2 weight class).
        return try FontLibrary.face(named: font.name).weightClass >= 700
    }
}

/// A node of the tiny layout tree screens are built from. Sizes are pt.
///
/// Layout is measure-then-place: `measure` answers the size a node wants at a proposed
/// width (height is unconstrained: screens scroll), `place` positions it in a frame and
/// emits display items.
public indirect enum LayoutNode: Sendable {
    /// A piece of text.
    case text(TextElement)
    /// Children top to bottom, `spacing` pt apart, aligned horizontally.
    case vstack(spacing: Double, alignment: TextAlignment, children: [LayoutNode])
    /// Children leading to trailing (mirrored right-to-left), `spacing` pt apart, centred vertically
    /// (or top-aligned with `topAligned`).
    case hstack(spacing: Double, topAligned: Bool, children: [LayoutNode])
    /// Children leading to trailing at their natural widths, `spacing` pt apart, centred
    /// vertically; the row is as wide as they are. When they do not fit the proposed
    /// width it lays out as an `hstack` (children share the width).
    case row(spacing: Double, children: [LayoutNode])
    /// Flexible space in a stack, at least `minLength` pt.
    case spacer(minLength: Double)
    /// A drawn element of a fixed size (pt), centred in its slot; nil width fills the
    /// proposed width.
    case shape(width: Double?, height: Double, role: SemanticRole, decoration: Decoration)
    /// `content` inset by `insets` pt (leading and trailing mirrored right to left).
    case padding(EdgeInsets, LayoutNode)
    /// `content` with `decoration` drawn behind its frame (cards, button fills).
    case background(LayoutNode, role: SemanticRole, decoration: Decoration)
    /// `content` kept to at most `maxWidth` pt and at least `minHeight` pt tall, placed
    /// with `alignment` (and centred vertically); nil fills / imposes no minimum.
    case frame(maxWidth: Double?, minHeight: Double?, alignment: TextAlignment, content: LayoutNode)
    /// `content` filling the proposed width (for rows and buttons whose text is narrower).
    case fill(LayoutNode, alignment: TextAlignment)
    /// `content` whose texts and controls carry `id` as their content ID (unless they
    /// already have one).
    case identified(String, LayoutNode)
    /// An image scaled to `width` × `height` pt (nil width fills the proposed width).
    case image(Image, width: Double?, height: Double, role: SemanticRole)
}

extension LayoutNode {
    /// The same node with balanced lines when it is text (`.balancedText()` from the seed).
    public func balancedText() -> LayoutNode {
        guard case .text(var element) = self else { return self }
        element.balanced = true
        return .text(element)
    }

    /// The same node allowed to shrink its font to `factor` (clamped to 0.1...1) of its
    /// size rather than break a word, when it is text (`.minimumScaleFactor` in SwiftUI).
    public func minimumScaleFactor(_ factor: Double) -> LayoutNode {
        guard case .text(var element) = self else { return self }
        element.minimumScaleFactor = factor.isNaN ? 1 : min(1, max(0.1, factor))
        return .text(element)
    }

    /// The same node localised as `text` (parts looked up, then composed) when it is text.
    public func localized(as text: LocalizableText) -> LayoutNode {
        guard case .text(var element) = self else { return self }
        element.localizable = text
        return .text(element)
    }

    /// The node inset by `insets` pt.
    public func padding(_ insets: EdgeInsets) -> LayoutNode { .padding(insets, self) }
    /// The node inset by `all` pt on every side.
    public func padding(_ all: Double) -> LayoutNode { .padding(EdgeInsets(all: all), self) }
    /// The node filling the proposed width, its content placed with `alignment`.
    public func filling(_ alignment: TextAlignment = .leading) -> LayoutNode { .fill(self, alignment: alignment) }
    /// The node with `decoration` drawn behind it, tagged `role`.
    public func background(_ decoration: Decoration, role: SemanticRole = .background) -> LayoutNode {
        .background(self, role: role, decoration: decoration)
    }
    /// The node's texts and controls tagged with the content ID `id`.
    public func identified(_ id: String) -> LayoutNode { .identified(id, self) }
}
