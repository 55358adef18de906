import HowdyKit
import HowdyRender
import HowdyText

/// A text style of custom content: which of the theme's fonts and default colours it uses.
public enum TextStyle: String, Sendable, Hashable, CaseIterable {
    /// The title font, balanced (role `.title`).
    case title
    /// The headline font in the subtitle colour, balanced (role `.headline`).
    case headline
    /// The body font in the primary colour (role `.body`).
    case body
    /// The caption font in the secondary colour (role `.caption`).
    case caption
    /// The button font in the primary colour (role `.label`).
    case label
}

/// The outline of a custom shape or background.
public enum ContentShape: Sendable, Hashable {
    /// A rectangle with continuous corners of `cornerRadius` pt (0: square corners).
    case roundedRect(cornerRadius: Double)
    /// Short sides are semicircles.
    case capsule
    /// The largest circle centred in the frame.
    case circle
}

/// Custom step content: a small tree of the layout vocabulary (stacks, text, icon, image,
/// shape, spacer, padding, background) and the theme's rows, drawn in the theme's fonts
/// and colours. The spec's `"kind": "custom"` step reads one from its `content` object.
///
/// Lengths are pt; a nil colour is the theme's default for the node.
public indirect enum ContentNode: Sendable, Equatable {
    /// Children top to bottom, `spacing` pt apart, placed with `alignment`.
    case vstack(spacing: Double = 12, alignment: TextAlignment = .center, [ContentNode])
    /// Children leading to trailing at their natural widths, `spacing` pt apart, centred
    /// vertically (sharing the width when they do not fit side by side).
    case hstack(spacing: Double = 12, [ContentNode])
    /// A text in a style; `role` defaults to the style's.
    case text(
        String, style: TextStyle = .body, color: DynamicColor? = nil, alignment: TextAlignment = .center,
        role: SemanticRole? = nil)
    /// An icon glyph `size` pt (default: the accent colour).
    case icon(Icon, size: Double = 32, color: DynamicColor? = nil)
    /// An image scaled to `width` × `height` pt (nil width fills the column).
    case image(Image, width: Double?, height: Double)
    /// A filled shape `width` × `height` pt (nil width fills; default colour: the fill colour).
    case shape(ContentShape, width: Double?, height: Double, color: DynamicColor? = nil)
    /// Flexible space, at least `minLength` pt.
    case spacer(minLength: Double = 0)
    /// `content` inset by `insets` pt.
    case padding(EdgeInsets, ContentNode)
    /// `content` filling the column's width over a filled shape (default colour: the fill colour).
    case background(ContentShape, color: DynamicColor? = nil, ContentNode)
    /// The theme's feature row.
    case feature(GreetFeatureItem)
    /// The theme's selectable option row.
    case option(SelectOption, selected: Bool = false)
}

extension ScreenContext {
    /// The layout of a custom content tree in this context's theme and environment.
    public func layout(_ node: ContentNode) -> LayoutNode {
        switch node {
        case .vstack(let spacing, let alignment, let children):
            return .vstack(spacing: spacing, alignment: alignment, children: children.map(layout))
        case .hstack(let spacing, let children):
            return .row(spacing: spacing, children: children.map(layout))
        case .text(let string, let style, let color, let alignment, let role):
            return text(string, style: style, color: color?.resolve(scheme), alignment: alignment, role: role)
        case .icon(let icon, let size, let color):
            return self.icon(icon, size: size, color: color?.resolve(scheme) ?? colors.accent)
        case .image(let image, let width, let height):
            return .image(image, width: width, height: height, role: .image)
        case .shape(let shape, let width, let height, let color):
            return .shape(
                width: width, height: height, role: .shape,
                decoration: decoration(shape, color: color?.resolve(scheme) ?? colors.fill))
        case .spacer(let minLength):
            return .spacer(minLength: minLength)
        case .padding(let insets, let content):
            return layout(content).padding(insets)
        case .background(let shape, let color, let content):
            return layout(content).filling(.center)
                .background(decoration(shape, color: color?.resolve(scheme) ?? colors.fill), role: .background)
        case .feature(let item):
            return featureRow(item).filling()
        case .option(let option, let selected):
            return optionRow(option, selected: selected)
        }
    }

    /// A text in one of the theme's styles.
    private func text(
        _ string: String, style: TextStyle, color: Color?, alignment: TextAlignment, role: SemanticRole?
    ) -> LayoutNode {
        switch style {
        case .title:
            return .text(
                TextElement(
                    string, font: displayFont(fonts.title), color: color ?? colors.title, alignment: alignment,
                    role: role ?? .title)
            ).balancedText().minimumScaleFactor(0.75)
        case .headline:
            return .text(
                TextElement(
                    string, font: fonts.headline, color: color ?? colors.subtitle, alignment: alignment,
                    role: role ?? .headline)
            ).balancedText().minimumScaleFactor(Self.textShrink)
        case .body:
            return body(string, color: color, alignment: alignment, role: role ?? .body)
        case .caption:
            return caption(string, color: color, alignment: alignment, role: role ?? .caption)
        case .label:
            return emphasized(string, color: color, alignment: alignment, role: role ?? .label)
        }
    }

    private func decoration(_ shape: ContentShape, color: Color) -> Decoration {
        switch shape {
        case .roundedRect(let radius): .roundedRect(cornerRadius: radius, color: color)
        case .capsule: .capsule(color)
        case .circle: .circle(color)
        }
    }
}
