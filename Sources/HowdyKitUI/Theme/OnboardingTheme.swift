import HowdyRender

/// How onboarding screens look: colours, fonts, card and background.
///
/// A brand look and a plain look are the same screen with different themes. Every
/// field has a plain-system default, so `OnboardingTheme()` is the plain look.
public struct OnboardingTheme: Sendable {
    /// Text colour; default the system label colour.
    public var primary: DynamicColor
    /// Header icon, buttons, skip, page dot; nil (the default) uses `style.tint`, then `primary`.
    public var accent: DynamicColor?
    /// The step card's fill; nil (the default) draws no card.
    public var cardBackground: CardBackground?
    /// Fonts per role (default: Inter, iOS-like sizes).
    public var fonts: ThemeFonts
    /// What is behind everything; default `.system`.
    public var background: GreetBackground
    /// Role overrides; default none.
    public var style: GreetStyle

    public init(
        primary: DynamicColor = SystemColors.label, accent: DynamicColor? = nil, cardBackground: CardBackground? = nil,
        fonts: ThemeFonts = .system, background: GreetBackground = .system, style: GreetStyle = .system
    ) {
        self.primary = primary
        self.accent = accent
        self.cardBackground = cardBackground
        self.fonts = fonts
        self.background = background
        self.style = style
    }

    /// The plain system look.
    public static let plain = OnboardingTheme()

    /// The resolved accent: `accent`, else the style's tint, else `primary`.
    public var resolvedAccent: DynamicColor { accent ?? style.tint ?? primary }

    /// The colours of every role in one scheme, overrides applied.
    public func colors(_ scheme: ColorScheme) -> ResolvedColors {
        let accent = resolvedAccent.resolve(scheme)
        let primary = self.primary.resolve(scheme)
        // Secondary text: 62 % of the primary on the plain background (iOS's secondary
        // label is 60 %); stronger over gradients, whose tones vary under the text.
        let isPlain: Bool
        if case .system = background { isPlain = true } else { isPlain = false }
        let secondary = primary.opacity(isPlain ? 0.62 : 0.76)
        // Button text: whichever of white or black reads better on the accent.
        let onAccent: Color = accent.contrastRatio(with: .white) >= accent.contrastRatio(with: .black) ? .white : .black
        return ResolvedColors(
            accent: accent, primary: primary, secondary: secondary,
            title: style.titleColor?.resolve(scheme) ?? primary,
            subtitle: style.subtitleColor?.resolve(scheme) ?? secondary,
            featureIcon: style.featureIconColor?.resolve(scheme) ?? accent,
            featureTitle: style.featureTitleColor?.resolve(scheme) ?? primary,
            featureDescription: style.featureDescriptionColor?.resolve(scheme) ?? secondary,
            primaryButton: accent,
            primaryButtonForeground: style.primaryButtonForegroundColor?.resolve(scheme) ?? onAccent,
            primaryButtonProgress: style.primaryButtonProgressTint?.resolve(scheme)
                ?? style.primaryButtonForegroundColor?.resolve(scheme) ?? onAccent,
            secondaryButton: style.secondaryButtonColor?.resolve(scheme) ?? accent,
            fill: SystemColors.fill.resolve(scheme), separator: SystemColors.separator.resolve(scheme),
            success: SystemColors.green.resolve(scheme))
    }
}

/// Every colour role of a screen in one scheme, style overrides applied: `accent` (icons,
/// buttons, dots), `primary` (text), `secondary` (secondary text), the GreetStyle roles,
/// and the system fills used by rows, tracks and separators.
public struct ResolvedColors: Sendable, Hashable {
    public var accent: Color
    public var primary: Color
    public var secondary: Color
    public var title: Color
    public var subtitle: Color
    public var featureIcon: Color
    public var featureTitle: Color
    public var featureDescription: Color
    public var primaryButton: Color
    public var primaryButtonForeground: Color
    public var primaryButtonProgress: Color
    public var secondaryButton: Color
    public var fill: Color
    public var separator: Color
    public var success: Color
}
