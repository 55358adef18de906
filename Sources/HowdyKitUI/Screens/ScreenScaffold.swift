import HowdyRender
import HowdyText

/// An alert shown over a screen (the welcome's error state).
public struct AlertContent: Sendable, Hashable {
    /// The alert's bold title.
    public var title: String
    /// The message under the title.
    public var message: String
    /// The one button's label (default "OK").
    public var button: String

    /// An alert with `title`, `message` and one `button`.
    public init(title: String, message: String, button: String = "OK") {
        self.title = title
        self.message = message
        self.button = button
    }
}

/// A laid-out screen: what to draw, where, and how the scroll region and footer sit.
/// All frames are pt.
public struct ScreenLayout: Sendable {
    /// The background behind everything (the flow's).
    public var background: GreetBackground
    /// A route destination's own background, drawn above `background` (a linear gradient
    /// without the system base, so translucent colours show the flow's through), or nil.
    public var destinationBackground: GreetBackground? = nil
    /// The brand colour backgrounds derive from (the style tint, else the accent).
    public var tint: DynamicColor?
    /// Scrolling content (card included), in screen coordinates.
    public var content: [DisplayItem]
    /// The pinned footer: page dots and buttons.
    public var footer: [DisplayItem]
    /// Drawn over everything (an alert and its dimming).
    public var overlay: [DisplayItem]
    /// Where content may show: from the top safe area to the footer's top.
    public var viewport: Frame
    /// The footer's top edge.
    public var footerTop: Double
    /// The content's natural height; taller than the viewport means it scrolls.
    public var contentHeight: Double
    /// How far the content is scrolled up, pt (0 at the top; see `RenderEnvironment.scroll`).
    public var scrollOffset: Double
    /// The fade band above the footer (0 when the content fits), at most 28 pt.
    public var fadeBand: Double
    /// The content column: where text may go.
    public var column: Frame

    /// True when the content is taller than the viewport.
    public var scrolls: Bool { fadeBand > 0 }

    /// Every item in drawing order.
    public var allItems: [DisplayItem] { content + footer + overlay }

    /// A laid-out screen from its parts (frames in pt); see the properties for each.
    public init(
        background: GreetBackground, tint: DynamicColor?, content: [DisplayItem], footer: [DisplayItem],
        overlay: [DisplayItem] = [], viewport: Frame, footerTop: Double, contentHeight: Double,
        scrollOffset: Double = 0, fadeBand: Double = 0, column: Frame
    ) {
        self.background = background
        self.tint = tint
        self.content = content
        self.footer = footer
        self.overlay = overlay
        self.viewport = viewport
        self.footerTop = footerTop
        self.contentHeight = contentHeight
        self.scrollOffset = scrollOffset
        self.fadeBand = fadeBand
        self.column = column
    }
}

/// Lays out the common screen shape: background, scroll content (optionally in a card),
/// a pinned footer with page dots and buttons, and an optional alert. Build your own
/// screens from it: a body and footer made of `LayoutNode`s and the theme's components
/// (`ScreenContext`).
public struct ScreenScaffold: Sendable {
    /// The scrolling content.
    public var body: LayoutNode
    /// The pinned footer's rows, top to bottom (page dots, buttons), 10 pt apart.
    public var footer: [LayoutNode]
    /// Puts the body in the theme's card when the theme has one.
    public var inCard: Bool
    /// An alert over the screen, or nil.
    public var alert: AlertContent?

    /// A scaffold of `body` over a `footer`, optionally in the theme's card and under an alert.
    public init(body: LayoutNode, footer: [LayoutNode], inCard: Bool = false, alert: AlertContent? = nil) {
        self.body = body
        self.footer = footer
        self.inCard = inCard
        self.alert = alert
    }

    /// The screen laid out in `context`'s theme and environment.
    /// - Throws: `TextError` for a font that cannot be loaded, `RenderError` for geometry
    ///   that is not finite.
    public func layout(_ context: ScreenContext) throws -> ScreenLayout {
        let env = context.environment
        let device = env.device
        let engine = context.engine
        let columnWidth = min(context.maxColumnWidth, device.width - 2 * context.margin)
        let columnX = (device.width - columnWidth) / 2

        // Footer, pinned to the bottom safe area.
        let footerNode = LayoutNode.vstack(spacing: 10, alignment: .center, children: footer)
        let footerSize = try engine.measure(footerNode, width: columnWidth)
        let bottomInset = device.safeArea.bottom > 0 ? device.safeArea.bottom + 4 : 20
        let footerTop = device.height - bottomInset - footerSize.height - 12
        var footerItems: [DisplayItem] = []
        try engine.place(
            footerNode, in: Frame(x: columnX, y: footerTop + 12, width: columnWidth, height: footerSize.height),
            into: &footerItems)

        // Content, in a card when the theme has one.
        var node = body
        let cardPadding = device.isRegularWidth ? 32.0 : context.isCompactHeight ? 20.0 : 24.0
        if inCard, let card = context.theme.cardBackground {
            node = .background(
                .fill(
                    body.padding(
                        EdgeInsets(
                            top: cardPadding + 4, leading: cardPadding, bottom: cardPadding + 4, trailing: cardPadding)),
                    alignment: .center),
                role: .card, decoration: .card(card, scheme: context.scheme))
        }
        let top = device.safeArea.top + (context.isCompactHeight ? 12 : device.isRegularWidth ? 40 : 24)
        let viewportHeight = max(1, footerTop - top)
        let size = try engine.measure(node, width: columnWidth)
        let fits = size.height <= viewportHeight
        // Content that fits sits a little above the middle of the free space; content that
        // does not starts at the top and scrolls under the footer. Scrolled to the end, its
        // last item clears the fade band, as a scroll view's bottom inset keeps it readable.
        let fadeBand = fits ? 0 : min(28, viewportHeight / 4)
        let scrollOffset = env.scroll.offset(overflow: size.height + fadeBand - viewportHeight)
        let y = fits ? top + (viewportHeight - size.height) * 0.42 : top - scrollOffset
        var contentItems: [DisplayItem] = []
        try engine.place(
            node, in: Frame(x: columnX, y: y, width: columnWidth, height: size.height), into: &contentItems)

        var overlay: [DisplayItem] = []
        if let alert { overlay = try AlertLayout(alert: alert).items(context) }
        return ScreenLayout(
            background: context.theme.background, tint: context.theme.style.tint ?? context.theme.accent,
            content: contentItems, footer: footerItems, overlay: overlay,
            viewport: Frame(x: 0, y: 0, width: device.width, height: footerTop), footerTop: footerTop,
            contentHeight: size.height, scrollOffset: scrollOffset, fadeBand: fadeBand,
            column: Frame(x: columnX, y: top, width: columnWidth, height: viewportHeight))
    }
}

extension ScreenLayout {
    /// The screen as a display list in px: the background, the content (faded above the
    /// footer when it scrolls), the footer and the overlay.
    /// - Throws: `RenderError` for geometry that is not finite, `TextError` for a font
    ///   that cannot be read.
    public func displayList(environment: RenderEnvironment) throws -> DisplayList {
        let scale = environment.scale
        let width = environment.pixelWidth, height = environment.pixelHeight
        var mask: VerticalMask?
        if scrolls {
            let end = footerTop * scale
            mask = try VerticalMask.fadeOut(from: end - fadeBand * scale, to: end)
        }
        return DisplayList(
            width: width, height: height, scale: scale,
            background: try backgroundOperations(width: width, height: height, environment: environment),
            content: try content.map { try $0.operation(scale: scale) }, contentMask: mask,
            footer: try footer.map { try $0.operation(scale: scale) },
            overlay: try overlay.map { try $0.operation(scale: scale) })
    }

    /// Draws the screen: background, content (faded above the footer when it scrolls),
    /// footer, overlay.
    /// - Throws: `RenderError` for a canvas size out of limits or a glyph that cannot be
    ///   loaded, `TextError` for a font that cannot be read.
    public func render(environment: RenderEnvironment) throws -> Image {
        try displayList(environment: environment).render()
    }

    /// The background, a destination's background over it, plus the footer treatment
    /// app-provided linear gradients get (the topmost background's): the system background
    /// rising behind the footer so its buttons read on any colours.
    /// `width` × `height` is the canvas in px.
    /// - Throws: `RenderError` for a gradient that is not finite.
    public func backgroundOperations(width: Int, height: Int, environment: RenderEnvironment) throws
        -> [DisplayOperation]
    {
        var operations = try background.operations(width: width, height: height, environment: environment, tint: tint)
        if let destinationBackground {
            operations += try destinationBackground.operations(
                width: width, height: height, environment: environment, tint: tint, over: true)
        }
        guard case .linearGradient = destinationBackground ?? background else { return operations }
        let base = SystemColors.background.resolve(environment.colorScheme)
        let top = (footerTop - 24) * environment.scale
        let veil = try LinearGradient(
            start: Point(x: 0, y: top), end: Point(x: 0, y: Double(height)),
            stops: [
                GradientStop(offset: 0, color: base.opacity(0)), GradientStop(offset: 0.35, color: base.opacity(0.72)),
                GradientStop(offset: 1, color: base.opacity(0.86)),
            ])
        operations.append(.fill(.canvas, .linear(veil)))
        return operations
    }
}
