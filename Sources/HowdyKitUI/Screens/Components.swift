import HowdyRender
import HowdyText

/// The building blocks screens are made of, as layout nodes.
extension ScreenContext {
    // MARK: Text

    /// A screen title: the theme's title font (damped with Dynamic Type, 14 % larger on
    /// regular-width devices), balanced, shrinking to 75 % before breaking a word.
    public func title(_ text: String, alignment: TextAlignment = .center) -> LayoutNode {
        // Regular-width screens (tablet, desktop) get a slightly larger title, as iPad sheets do.
        .text(
            TextElement(
                text, font: displayFont(fonts.title, size: fonts.title.size * (isRegularWidth ? 1.14 : 1)),
                color: colors.title,
                alignment: alignment, role: .title)
        ).balancedText().minimumScaleFactor(0.75)
    }

    /// A headline or subtitle: balanced, in the subtitle colour.
    public func headline(_ text: String, alignment: TextAlignment = .center) -> LayoutNode {
        .text(TextElement(text, font: fonts.headline, color: colors.subtitle, alignment: alignment, role: .headline))
            .balancedText().minimumScaleFactor(Self.textShrink)
    }

    /// How far running text and labels shrink before a word breaks between letters (at large
    /// Dynamic Type sizes, in narrow rows); titles and buttons set their own.
    public static let textShrink = 0.7

    /// Running text in the body font (primary colour unless `color` is given).
    public func body(
        _ text: String, color: Color? = nil, alignment: TextAlignment = .leading, role: SemanticRole = .body
    )
        -> LayoutNode
    {
        .text(TextElement(text, font: fonts.body, color: color ?? colors.primary, alignment: alignment, role: role))
            .minimumScaleFactor(Self.textShrink)
    }

    /// Small print in the caption font (secondary colour unless `color` is given).
    public func caption(
        _ text: String, color: Color? = nil, alignment: TextAlignment = .leading, role: SemanticRole = .caption
    )
        -> LayoutNode
    {
        .text(
            TextElement(text, font: fonts.caption, color: color ?? colors.secondary, alignment: alignment, role: role)
        ).minimumScaleFactor(Self.textShrink)
    }

    /// A label in the button font (primary colour unless `color` is given).
    public func emphasized(
        _ text: String, color: Color? = nil, alignment: TextAlignment = .leading, role: SemanticRole = .label
    )
        -> LayoutNode
    {
        .text(TextElement(text, font: fonts.button, color: color ?? colors.primary, alignment: alignment, role: role))
            .minimumScaleFactor(Self.textShrink)
    }

    /// An icon glyph `size` pt in `color`.
    public func icon(_ icon: Icon, size: Double, color: Color, role: SemanticRole = .icon, maxScale: Double = 1.5)
        -> LayoutNode
    {
        var element = TextElement(
            icon.name, font: iconFont(size, maxScale: maxScale), color: color, alignment: .center, role: role)
        element.noWrap = true
        return .text(element)
    }

    // MARK: Header

    /// The step header: optional icon, balanced title, optional balanced headline.
    public func header(_ header: OnboardingHeader) -> LayoutNode {
        var children: [LayoutNode] = []
        if let icon = header.icon {
            children.append(self.icon(icon, size: 56, color: colors.accent, role: .headerIcon))
        }
        let title = title(header.title)
        children.append(header.localizableTitle.map { title.localized(as: $0) } ?? title)
        if let text = header.headline {
            let headline = headline(text)
            children.append(header.localizableHeadline.map { headline.localized(as: $0) } ?? headline)
        }
        return .vstack(spacing: 12, alignment: .center, children: children)
    }

    /// The app icon: a continuous-corner tile in the accent's gradient with a white glyph,
    /// or `image` scaled into the tile; `size` pt square.
    public func appIcon(_ icon: Icon?, image: Image? = nil, size: Double = 88) -> LayoutNode {
        // The icon is the same in both schemes, as a real app icon is: the light accent.
        let accent = theme.resolvedAccent.light
        let glyph = icon.map { name in
            var element = TextElement(
                name.name, font: iconFont(size * 0.55, maxScale: 1), color: .white, alignment: .center, role: .appIcon)
            element.noWrap = true
            return element
        }
        return .shape(
            width: size, height: size, role: .appIcon,
            decoration: .appIcon(
                color: accent, light: accent.mixed(with: .white, by: 0.28), glyph: glyph, image: image, scheme: scheme))
    }

    // MARK: Buttons

    /// The 50 pt capsule primary button, full width; a spinner replaces the label while loading.
    /// At large Dynamic Type sizes the label shrinks (to 70 %) before it breaks a word; a
    /// label that still wraps makes the button taller with straight sides and the single
    /// line's round corners (`Decoration.pill`), as iOS does, rather than a taller capsule
    /// whose ends would cut into the label's first and last lines.
    public func primaryButton(_ action: OnboardingAction) -> LayoutNode {
        // Disabled (not loading): a grey fill with secondary text, as iOS draws it.
        let disabled = action.isDisabled && !action.isLoading
        let fill = disabled ? colors.fill : colors.primaryButton
        let height = max(50, 50 * min(typeScale, 1.6) - 8)
        var background: [Decoration] = [.pill(fill)]
        if action.isLoading {
            background.append(.spinner(color: colors.primaryButtonProgress, time: environment.motionTime, radius: 10))
        }
        let label: LayoutNode =
            action.isLoading
            ? .spacer(minLength: 0)
            : .text(
                TextElement(
                    action.title, font: fonts.button,
                    color: disabled ? colors.secondary : colors.primaryButtonForeground, alignment: .center,
                    role: action.isDisabled ? .primaryButtonDisabled : .primaryButton)
            ).minimumScaleFactor(0.7)
        return .background(
            .frame(
                maxWidth: nil, minHeight: height, alignment: .center,
                content: label.padding(EdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20))),
            role: .primaryButtonBackground, decoration: .layers(background))
    }

    /// A borderless text button in the secondary colour, 44 pt tall.
    public func secondaryButton(_ action: OnboardingAction, small: Bool = false) -> LayoutNode {
        let color = colors.secondaryButton.opacity(action.isDisabled || action.isLoading ? 0.4 : 1)
        let font = small ? fonts.caption : fonts.button
        return .frame(
            maxWidth: nil, minHeight: 44, alignment: .center,
            content: .text(
                TextElement(
                    action.title, font: font, color: color, alignment: .center,
                    role: action.isDisabled || action.isLoading ? .secondaryButtonDisabled : .secondaryButton)
            )
            .minimumScaleFactor(0.7)
            .padding(EdgeInsets(top: 6, bottom: 6)))
    }

    /// HowdyKit's Skip: a text button in the accent colour (not the style's secondary
    /// colour), 44 pt tall, tagged `.skipButton`.
    public func skipButton(_ action: OnboardingAction) -> LayoutNode {
        let disabled = action.isDisabled || action.isLoading
        return .frame(
            maxWidth: nil, minHeight: 44, alignment: .center,
            content: .text(
                TextElement(
                    action.title, font: fonts.button, color: colors.accent.opacity(disabled ? 0.4 : 1),
                    alignment: .center, role: disabled ? .skipButtonDisabled : .skipButton)
            )
            .minimumScaleFactor(0.7)
            .padding(EdgeInsets(top: 6, bottom: 6)))
    }

    /// Page dots: the current one in the accent, the others in the fill colour.
    public func pageDots(count: Int, current: Int) -> LayoutNode {
        let size = 8.0, gap = 9.0
        let width = Double(count) * size + Double(max(0, count - 1)) * gap
        return .shape(
            width: width, height: size, role: .pageDots,
            decoration: .pageDots(
                count: count, current: current, color: colors.accent,
                otherColor: colors.fill.mixed(with: colors.primary, by: 0.15), rightToLeft: environment.isRightToLeft))
    }

    // MARK: Rows

    /// A feature row: icon, label and description, tagged with the feature's ID.
    public func featureRow(_ item: GreetFeatureItem) -> LayoutNode {
        featureRowContent(item).identified(item.id)
    }

    private func featureRowContent(_ item: GreetFeatureItem) -> LayoutNode {
        let text: LayoutNode = .vstack(
            spacing: 2, alignment: .leading,
            children: [
                .text(TextElement(item.label, font: fonts.button, color: colors.featureTitle, role: .featureTitle))
                    .minimumScaleFactor(Self.textShrink),
                .text(
                    TextElement(
                        item.description, font: fonts.caption, color: colors.featureDescription,
                        role: .featureDescription)
                ).balancedText().minimumScaleFactor(Self.textShrink),
            ])
        let iconSize = 30.0
        if environment.dynamicTypeSize.isAccessibilitySize {
            return .vstack(
                spacing: 6, alignment: .leading,
                children: [
                    icon(item.icon, size: iconSize, color: colors.featureIcon, role: .featureIcon), text.filling(),
                ])
        }
        return .hstack(
            spacing: 16, topAligned: true,
            children: [
                .shape(width: 40, height: 1, role: .spacer, decoration: .none),
                text.filling(),
            ]
        ).overlayingIcon(icon(item.icon, size: iconSize, color: colors.featureIcon, role: .featureIcon))
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
