import HowdyRender

/// The four tones of a gradient background for light and dark appearance.
public struct GreetGradientPalette: Sendable, Hashable {
    /// One scheme's tones.
    public struct Tones: Sendable, Hashable {
        /// The field's base (what the screen is mostly made of).
        public var base: Color
        /// The strongest tone (the brand).
        public var primary: Color
        /// A lighter (light) or deeper (dark) companion.
        public var secondary: Color
        /// The softest tone.
        public var accent: Color

        /// Tones of one scheme: the base field and the three blob colours.
        public init(base: Color, primary: Color, secondary: Color, accent: Color) {
            self.base = base
            self.primary = primary
            self.secondary = secondary
            self.accent = accent
        }
    }

    /// Tones for light appearance.
    public var light: Tones
    /// Tones for dark appearance.
    public var dark: Tones

    /// A palette with tones for light and dark.
    public init(light: Tones, dark: Tones) {
        self.light = light
        self.dark = dark
    }

    /// The tones for `scheme`.
    public func tones(_ scheme: ColorScheme) -> Tones { scheme == .light ? light : dark }

    /// How far secondary and accent are mixed toward the background: light (0.30, 0.55), dark (0.22, 0.42).
    public static func mixAmounts(_ scheme: ColorScheme) -> (secondary: Double, accent: Double) {
        scheme == .light ? (0.30, 0.55) : (0.22, 0.42)
    }

    /// A palette derived from one brand colour: base is the system background, primary the
    /// brand, secondary and accent the brand mixed toward the background (see `mixAmounts`).
    public init(brand: DynamicColor) {
        func tones(_ scheme: ColorScheme) -> Tones {
            let background = SystemColors.background.resolve(scheme)
            let color = brand.resolve(scheme)
            let mix = GreetGradientPalette.mixAmounts(scheme)
            return Tones(
                base: background, primary: color, secondary: color.mixed(with: background, by: mix.secondary),
                accent: color.mixed(with: background, by: mix.accent))
        }
        self.init(light: tones(.light), dark: tones(.dark))
    }

    /// The palette of GreetKit's deprecated `.animatedMesh(primary:secondary:accent:)`:
    /// the three colours as given (resolved per scheme) over the system background as base.
    public init(primary: DynamicColor, secondary: DynamicColor, accent: DynamicColor) {
        func tones(_ scheme: ColorScheme) -> Tones {
            Tones(
                base: SystemColors.background.resolve(scheme), primary: primary.resolve(scheme),
                secondary: secondary.resolve(scheme), accent: accent.resolve(scheme))
        }
        self.init(light: tones(.light), dark: tones(.dark))
    }

    /// The brand colour a gradient uses: the palette's primary when a palette is given,
    /// else `brand`, else the style's tint, else system blue.
    public static func resolveBrand(palette: GreetGradientPalette?, brand: DynamicColor?, tint: DynamicColor?)
        -> DynamicColor
    {
        if let palette { return DynamicColor(light: palette.light.primary, dark: palette.dark.primary) }
        return brand ?? tint ?? SystemColors.tint
    }

    /// The palette a gradient uses: `palette` when given, else one derived from the
    /// brand fallback chain (`resolveBrand`).
    public static func resolve(palette: GreetGradientPalette?, brand: DynamicColor?, tint: DynamicColor?)
        -> GreetGradientPalette
    {
        palette ?? GreetGradientPalette(brand: resolveBrand(palette: nil, brand: brand, tint: tint))
    }
}
