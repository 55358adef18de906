import HowdyRender
import HowdyText

/// What every piece of a screen is built from: the theme, the environment, the resolved
/// colours and the layout engine.
public struct ScreenContext {
    /// The theme the screen is drawn in.
    public let theme: OnboardingTheme
    /// Device, scale, scheme, time, Dynamic Type size, locale.
    public let environment: RenderEnvironment
    /// The theme's colours resolved for the environment's scheme.
    public let colors: ResolvedColors
    /// Measures and places layout nodes.
    public let engine: LayoutEngine

    /// The context of one screen drawn in `theme` and `environment`.
    public init(theme: OnboardingTheme, environment: RenderEnvironment) {
        self.theme = theme
        self.environment = environment
        self.colors = theme.colors(environment.colorScheme)
        self.engine = LayoutEngine(environment: environment)
    }

    /// The theme's fonts.
    public var fonts: ThemeFonts { theme.fonts }
    /// Light or dark.
    public var scheme: ColorScheme { environment.colorScheme }
    /// px per pt.
    public var scale: Double { environment.scale }
    /// True on tablets and desktops.
    public var isRegularWidth: Bool { environment.device.isRegularWidth }
    /// Short screens (the 667 pt phone, the desktop window) get tighter vertical spacing.
    public var isCompactHeight: Bool { environment.device.height < 720 }
    /// The Dynamic Type size's scale factor (1 at `.large`).
    public var typeScale: Double { environment.dynamicTypeSize.scale }

    /// Horizontal margin of the screen's column, pt.
    public var margin: Double { isRegularWidth ? 32 : 20 }

    /// The widest a column of content gets, pt (a readable width on tablets and desktops).
    public var maxColumnWidth: Double { 520 }

    /// A font of the same face as `font` at `size` pt.
    public func font(_ font: ThemeFont, size: Double) -> ThemeFont { ThemeFont(name: font.name, size: size) }

    /// The icon font at `size` pt, growing with Dynamic Type up to `maxScale` × (icons sit
    /// in fixed frames; text around them keeps growing).
    public func iconFont(_ size: Double, maxScale: Double = 1.5) -> ThemeFont {
        ThemeFont(name: Icon.fontName, size: size * min(typeScale, maxScale) / typeScale)
    }

    /// A display font (titles, big values) that grows half as fast as text above `.large`,
    /// as iOS's title styles do (×2.06 at the largest size where body text is ×3.12).
    public func displayFont(_ font: ThemeFont, size: Double? = nil) -> ThemeFont {
        let s = typeScale
        let damped = s <= 1 ? s : 1 + (s - 1) * 0.5
        return ThemeFont(name: font.name, size: (size ?? font.size) * damped / s)
    }

    /// `size` pt grown with Dynamic Type up to `maxScale` ×, for a font whose text should
    /// stop growing (emoji in a fixed column).
    public func cappedFont(_ font: ThemeFont, size: Double, maxScale: Double = 1.5) -> ThemeFont {
        ThemeFont(name: font.name, size: size * min(typeScale, maxScale) / typeScale)
    }

    /// The layout of `element` at `width` pt; used by shapes that draw text themselves.
    public func layout(_ element: TextElement, width: Double) throws -> TextLayout {
        try engine.textLayout(element, width: width)
    }
}
