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

    /// A theme; every part has a plain-system default.
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
    /// Icons, buttons, page dots.
    public var accent: Color
    /// Primary text.
    public var primary: Color
    /// Secondary text.
    public var secondary: Color
    /// Titles.
    public var title: Color
    /// Headlines and subtitles.
    public var subtitle: Color
    /// Feature row icons.
    public var featureIcon: Color
    /// Feature row labels.
    public var featureTitle: Color
    /// Feature row descriptions.
    public var featureDescription: Color
    /// The primary button's fill.
    public var primaryButton: Color
    /// The primary button's label.
    public var primaryButtonForeground: Color
    /// The primary button's spinner.
    public var primaryButtonProgress: Color
    /// Secondary button labels.
    public var secondaryButton: Color
    /// Control fills (tracks, unselected rows and dots).
    public var fill: Color
    /// Hairlines.
    public var separator: Color
    /// The granted permission's badge.
    public var success: Color
}
