import HowdyRender
import HowdyText

/// What every piece of a screen is built from: the theme, the environment, the resolved
/// colours and the layout engine.
public struct ScreenContext {
    public let theme: OnboardingTheme
    public let environment: RenderEnvironment
    public let colors: ResolvedColors
    public let engine: LayoutEngine

    public init(theme: OnboardingTheme, environment: RenderEnvironment) {
        self.theme = theme
        self.environment = environment
        self.colors = theme.colors(environment.colorScheme)
        self.engine = LayoutEngine(environment: environment)
    }

    var fonts: ThemeFonts { theme.fonts }
    var scheme: ColorScheme { environment.colorScheme }
    var scale: Double { environment.scale }
    var isRegularWidth: Bool { environment.device.isRegularWidth }
    var typeScale: Double { environment.dynamicTypeSize.scale }

    /// Horizontal margin of the screen's column, pt.
    var margin: Double { isRegularWidth ? 32 : 20 }

    /// The widest a column of content gets, pt (a readable width on tablets and desktops).
    var maxColumnWidth: Double { 520 }

    /// A font of the same face as `font` at `size` pt.
    func font(_ font: ThemeFont, size: Double) -> ThemeFont { ThemeFont(name: font.name, size: size) }

    /// The icon font at `size` pt (scaled with Dynamic Type up to 1.5×, as SF Symbols do in
    /// fixed-size chrome).
    func iconFont(_ size: Double) -> ThemeFont { ThemeFont(name: Icon.fontName, size: size) }

    /// The layout of `element` at `width` pt; used by shapes that draw text themselves.
    func layout(_ element: TextElement, width: Double) throws -> TextLayout {
        try engine.textLayout(element, width: width)
    }
}
