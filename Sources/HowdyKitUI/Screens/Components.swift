import HowdyRender
import HowdyText

/// The building blocks screens are made of, as layout nodes.
extension ScreenContext {
    // MARK: Text

    func title(_ text: String, alignment: HAlignment = .center) -> LayoutNode {
        // Regular-width screens (tablet, desktop) get a slightly larger title, as iPad sheets do.
        .text(
            TextElement(
                text, font: displayFont(fonts.title, size: fonts.title.size * (isRegularWidth ? 1.14 : 1)),
                color: colors.title,
                alignment: alignment, role: "title")
        ).balancedText().minimumScaleFactor(0.75)
    }

    func headline(_ text: String, alignment: HAlignment = .center) -> LayoutNode {
        .text(TextElement(text, font: fonts.headline, color: colors.subtitle, alignment: alignment, role: "headline"))
            .balancedText().minimumScaleFactor(Self.textShrink)
    }

    /// How far running text and labels shrink before a word breaks between letters (at large
    /// Dynamic Type sizes, in narrow rows); titles and buttons set their own.
    static let textShrink = 0.7

    func body(_ text: String, color: Color? = nil, alignment: HAlignment = .leading, role: String = "body")
        -> LayoutNode
    {
        .text(TextElement(text, font: fonts.body, color: color ?? colors.primary, alignment: alignment, role: role))
            .minimumScaleFactor(Self.textShrink)
    }

    func caption(_ text: String, color: Color? = nil, alignment: HAlignment = .leading, role: String = "caption")
        -> LayoutNode
    {
        .text(
            TextElement(text, font: fonts.caption, color: color ?? colors.secondary, alignment: alignment, role: role)
        ).minimumScaleFactor(Self.textShrink)
    }

    func emphasized(_ text: String, color: Color? = nil, alignment: HAlignment = .leading, role: String = "label")
        -> LayoutNode
    {
        .text(TextElement(text, font: fonts.button, color: color ?? colors.primary, alignment: alignment, role: role))
            .minimumScaleFactor(Self.textShrink)
    }

    /// An icon glyph `size` pt in `color`.
    func icon(_ icon: Icon, size: Double, color: Color, role: String = "icon", maxScale: Double = 1.5) -> LayoutNode {
        var element = TextElement(
            icon.name, font: iconFont(size, maxScale: maxScale), color: color, alignment: .center, role: role)
        element.noWrap = true
        return .text(element)
    }

    // MARK: Header

    /// The step header: optional icon, balanced title, optional balanced headline.
    func header(_ header: OnboardingHeader) -> LayoutNode {
        var children: [LayoutNode] = []
        if let icon = header.icon {
            children.append(self.icon(icon, size: 56, color: colors.accent, role: "header icon"))
        }
        children.append(title(header.title))
        if let headline = header.headline { children.append(self.headline(headline)) }
        return .vstack(spacing: 12, alignment: .center, children: children)
    }

    /// The app icon: a continuous-corner tile in the accent's gradient with a white glyph.
    func appIcon(_ icon: Icon?, image: Image? = nil, size: Double = 88) -> LayoutNode {
        // The icon is the same in both schemes, as a real app icon is: the light accent.
        let accent = theme.resolvedAccent.light
        let light = accent.mixed(with: .white, by: 0.28)
        let glyph = icon.map { name in
            var element = TextElement(
                name.name, font: iconFont(size * 0.55, maxScale: 1), color: .white, alignment: .center, role: "app icon"
            )
            element.noWrap = true
            return element
        }
        let layout = glyph.flatMap { try? engine.textLayout($0, width: size) }
        let scale = self.scale
        let scheme = self.scheme
        return .shape(width: size, height: size, role: "app icon") { canvas, rect, _ in
            guard let tile = try? RoundedRect(rect, cornerRadius: rect.width * 0.225, style: .continuous) else {
                return
            }
            try? canvas.drawShadow(
                of: tile, color: Color.black.opacity(scheme == .light ? 0.16 : 0.5), offset: Point(x: 0, y: 6 * scale),
                blurRadius: 18 * scale)
            if let image {
                canvas.clip(to: tile) { inner in try? inner.draw(image, in: rect) }
                return
            }
            if let gradient = try? LinearGradient(
                start: Point(x: rect.minX, y: rect.minY), end: Point(x: rect.maxX, y: rect.maxY),
                stops: [GradientStop(offset: 0, color: light), GradientStop(offset: 1, color: accent)])
            {
                canvas.fill(tile, with: .linear(gradient))
            }
            if let layout {
                let origin = Point(
                    x: rect.minX + (rect.width - layout.width) / 2, y: rect.minY + (rect.height - layout.height) / 2)
                canvas.drawText(layout, at: origin, color: .white)
            }
        }
    }

    // MARK: Buttons

    /// The 50 pt capsule primary button, full width; a spinner replaces the label while loading.
    /// At large Dynamic Type sizes the label shrinks (to 70 %) before it breaks a word.
    func primaryButton(_ action: OnboardingAction) -> LayoutNode {
        // Disabled (not loading): a grey fill with secondary text, as iOS draws it.
        let disabled = action.isDisabled && !action.isLoading
        let fill = disabled ? colors.fill : colors.primaryButton
        let progress = colors.primaryButtonProgress
        let time = environment.time
        let height = max(50, 50 * min(typeScale, 1.6) - 8)
        let background: DrawBody = { canvas, rect, scale in
            if let capsule = try? RoundedRect.capsule(rect) { canvas.fill(capsule, with: fill) }
            if action.isLoading {
                Draw.spinner(&canvas, center: rect.center, radius: 10 * scale, color: progress, time: time)
            }
        }
        let label: LayoutNode =
            action.isLoading
            ? .spacer(minLength: 0)
            : .text(
                TextElement(
                    action.title, font: fonts.button,
                    color: disabled ? colors.secondary : colors.primaryButtonForeground, alignment: .center,
                    role: action.isDisabled ? "primary button (disabled)" : "primary button")
            ).minimumScaleFactor(0.7)
        return .background(
            .frame(
                maxWidth: nil, minHeight: height, alignment: .center,
                content: label.padding(EdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20))),
            role: "primary button background", draw: background)
    }

    /// A borderless text button in the secondary colour, 44 pt tall.
    func secondaryButton(_ action: OnboardingAction, small: Bool = false) -> LayoutNode {
        let color = colors.secondaryButton.opacity(action.isDisabled || action.isLoading ? 0.4 : 1)
        let font = small ? fonts.caption : fonts.button
        return .frame(
            maxWidth: nil, minHeight: 44, alignment: .center,
            content: .text(
                TextElement(
                    action.title, font: font, color: color, alignment: .center,
                    role: action.isDisabled || action.isLoading ? "secondary button (disabled)" : "secondary button")
            )
            .minimumScaleFactor(0.7)
            .padding(EdgeInsets(top: 6, bottom: 6)))
    }

    /// Page dots: the current one in the accent, the others in the fill colour.
    func pageDots(count: Int, current: Int) -> LayoutNode {
        let accent = colors.accent
        let other = colors.fill.mixed(with: colors.primary, by: 0.15)
        let size = 8.0, gap = 9.0
        let width = Double(count) * size + Double(max(0, count - 1)) * gap
        let rtl = environment.isRightToLeft
        return .shape(width: width, height: size, role: "page dots") { canvas, rect, scale in
            for i in 0..<count {
                let index = rtl ? count - 1 - i : i
                let x = rect.minX + (Double(i) * (size + gap) + size / 2) * scale
                Draw.circle(
                    &canvas, center: Point(x: x, y: rect.center.y), radius: size / 2 * scale,
                    color: index == current ? accent : other)
            }
        }
    }

    // MARK: Rows

    /// A feature row: icon, label and description.
    func featureRow(_ item: GreetFeatureItem) -> LayoutNode {
        let text: LayoutNode = .vstack(
            spacing: 2, alignment: .leading,
            children: [
                .text(TextElement(item.label, font: fonts.button, color: colors.featureTitle, role: "feature title"))
                    .minimumScaleFactor(Self.textShrink),
                .text(
                    TextElement(
                        item.description, font: fonts.caption, color: colors.featureDescription,
                        role: "feature description")
                ).balancedText().minimumScaleFactor(Self.textShrink),
            ])
        let iconSize = 30.0
        if environment.dynamicTypeSize.isAccessibilitySize {
            return .vstack(
                spacing: 6, alignment: .leading,
                children: [
                    icon(item.icon, size: iconSize, color: colors.featureIcon, role: "feature icon"), text.filling(),
                ])
        }
        return .hstack(
            spacing: 16, topAligned: true,
            children: [
                .shape(width: 40, height: 1, role: "spacer") { _, _, _ in },
                text.filling(),
            ]
        ).overlayingIcon(icon(item.icon, size: iconSize, color: colors.featureIcon, role: "feature icon"))
    }
}

extension LayoutNode {
    /// An hstack whose first fixed child is replaced by `icon` (keeps the row's text aligned
    /// to a fixed icon column whatever the glyph's own width).
    fileprivate func overlayingIcon(_ icon: LayoutNode) -> LayoutNode {
        guard case .hstack(let spacing, let top, var children) = self, !children.isEmpty else { return self }
        children[0] = .frame(maxWidth: 40, minHeight: nil, alignment: .center, content: icon)
        return .hstack(spacing: spacing, topAligned: top, children: children)
    }
}
