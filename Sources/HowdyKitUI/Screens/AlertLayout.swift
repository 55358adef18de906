import HowdyRender
import HowdyText

/// A centred iOS alert over a clearly dimmed screen.
///
/// As iOS draws it: the screen behind is dimmed, the box is a thick material (what is
/// behind it blurred, then a nearly opaque surface), so the screen's own text never shows
/// through and competes with the alert's. The title and message scroll inside the box when
/// they do not fit between the safe areas (at accessibility sizes on a small phone), at the
/// environment's scroll position, with a scroll indicator; the buttons stay pinned at the
/// bottom, stacked one per row, each row under a separator and at least 44 pt tall, its
/// label with 11 pt above and below.
struct AlertLayout {
    /// What the alert says.
    var alert: AlertContent

    /// The alert box's corner radius, pt.
    static let cornerRadius = 14.0
    /// The blur of what is behind the box, pt (a thick material).
    static let backdropBlur = 24.0
    /// Space kept between the box and the screen's safe area, pt.
    static let screenMargin = 16.0
    /// A button row's least height, pt, and the space above and below its label.
    static let buttonHeight = 44.0
    static let buttonPadding = 11.0

    /// The dimming's opacity: clearly darker than the screen in both schemes.
    static func dimmingOpacity(_ scheme: ColorScheme) -> Double { scheme == .light ? 0.4 : 0.6 }

    /// The box's surface over the blurred backdrop (iOS's thick material, nearly opaque).
    static func surface(_ scheme: ColorScheme) -> Color {
        scheme == .light ? Color(hex: 0xF2F2F2, alpha: 0.98) : Color(hex: 0x2C2C2E, alpha: 0.98)
    }

    /// The dimming, the box, its (possibly scrolling) title and message, and its buttons.
    func items(_ context: ScreenContext) throws -> [DisplayItem] {
        let device = context.environment.device
        let scheme = context.scheme
        let engine = context.engine
        let scale = context.scale
        let width = min(270 * min(context.typeScale, 1.5), device.width - 40)
        let label = SystemColors.label.resolve(scheme)
        let text: LayoutNode = .vstack(
            spacing: 4, alignment: .center,
            children: [
                .text(
                    TextElement(
                        alert.title, font: context.fonts.button, color: label, alignment: .center, role: .alertTitle)
                ).balancedText(),
                .text(
                    TextElement(
                        alert.message, font: context.font(context.fonts.caption, size: 13), color: label,
                        alignment: .center, role: .alertMessage)
                ).balancedText(),
            ]
        ).padding(EdgeInsets(top: 19, leading: 16, bottom: 17, trailing: 16)).filling(.center)
        let textSize = try engine.measure(text, width: width)

        // The buttons, stacked: each a full-width row under a separator.
        let buttons: [LayoutNode] = [alert.button].map {
            .text(
                TextElement(
                    $0, font: context.fonts.button, color: context.colors.accent, alignment: .center,
                    role: .alertButton))
        }
        var rowHeights: [Double] = []
        for button in buttons {
            let size = try engine.measure(button, width: width - 2 * 16)
            rowHeights.append(max(Self.buttonHeight, size.height + 2 * Self.buttonPadding))
        }
        let buttonsHeight = rowHeights.reduce(0, +)

        // The box fits between the safe areas; the text scrolls when it does not.
        let top = device.safeArea.top + Self.screenMargin
        let bottom = device.height - device.safeArea.bottom - Self.screenMargin
        let textRoom = max(Self.buttonHeight, bottom - top - buttonsHeight)
        let visibleText = min(textSize.height, textRoom)
        let overflow = textSize.height - visibleText
        let offset = context.environment.scroll.offset(overflow: overflow)
        let height = visibleText + buttonsHeight
        let frame = Frame(x: (device.width - width) / 2, y: (device.height - height) / 2, width: width, height: height)
        let screen = Frame(x: 0, y: 0, width: device.width, height: device.height)

        let box = try RoundedRect(frame.pixels(scale), cornerRadius: Self.cornerRadius * scale, style: .continuous)
        var items: [DisplayItem] = [
            .shape(
                frame: screen, role: .dimming,
                operations: [.fill(.canvas, .solid(Color.black.opacity(Self.dimmingOpacity(scheme))))]),
            .shape(
                frame: frame, role: .alert,
                operations: [
                    .backdropBlur(box, sigma: Self.backdropBlur * scale),
                    .fill(.roundedRect(box), .solid(Self.surface(scheme))),
                ]),
        ]

        // Title and message, clipped to their part of the box when they scroll.
        var textItems: [DisplayItem] = []
        try engine.place(
            text, in: Frame(x: frame.x, y: frame.y - offset, width: width, height: textSize.height), into: &textItems)
        if overflow > 0 {
            let visible = Frame(x: frame.x, y: frame.y, width: width, height: visibleText)
            var operations: [DisplayOperation] = [
                .clip(
                    try RoundedRect(visible.pixels(scale), cornerRadius: 0, style: .continuous),
                    try textItems.map { try $0.operation(scale: scale) })
            ]
            // The scroll indicator: its length the visible share, its place the offset.
            let track = visibleText - 2 * 6
            let length = max(24, track * visibleText / textSize.height)
            let y = frame.y + 6 + (track - length) * offset / overflow
            let x = context.environment.isRightToLeft ? frame.x + 4 : frame.maxX - 4 - 3
            operations.append(
                .fill(
                    .roundedRect(try RoundedRect.capsule(Frame(x: x, y: y, width: 3, height: length).pixels(scale))),
                    .solid(label.opacity(0.35))))
            items.append(.shape(frame: visible, role: .alertScrollContent, operations: operations))
        } else {
            items += textItems
        }

        // Buttons, top to bottom, each under a hairline.
        var y = frame.y + visibleText
        for (button, rowHeight) in zip(buttons, rowHeights) {
            let row = Frame(x: frame.x, y: y, width: width, height: rowHeight)
            items.append(
                .shape(
                    frame: row, role: .alertSeparator,
                    operations: try Decoration.hairline(SystemColors.separator.resolve(scheme)).operations(
                        in: row, engine: engine)))
            let size = try engine.measure(button, width: width - 2 * 16)
            try engine.place(
                button,
                in: Frame(
                    x: frame.x + 16, y: y + (rowHeight - size.height) / 2, width: width - 2 * 16, height: size.height),
                into: &items)
            y += rowHeight
        }
        return items
    }
}

extension SemanticRole {
    /// An alert's title and message when they scroll: clipped to the box, with an indicator.
    public static let alertScrollContent = SemanticRole("alert scroll content")
}
