import HowdyKitUI
import HowdyRender
import Testing

@Suite struct ThemeTests {
    let brand = Color(hex: 0x5856D6)

    private func close(_ a: Color, _ b: Color, tolerance: Double = 1e-9) -> Bool {
        abs(a.red - b.red) < tolerance && abs(a.green - b.green) < tolerance && abs(a.blue - b.blue) < tolerance
            && abs(a.alpha - b.alpha) < tolerance
    }

    @Test func paletteFromBrandMixesTowardTheBackground() {
        let palette = GreetGradientPalette(brand: DynamicColor(brand))
        #expect(palette.light.base == .white)
        #expect(palette.dark.base == .black)
        #expect(palette.light.primary == brand)
        #expect(palette.dark.primary == brand)
        // Light: 30 % and 55 % toward white.
        #expect(
            close(
                palette.light.secondary,
                Color(
                    red: brand.red + (1 - brand.red) * 0.30, green: brand.green + (1 - brand.green) * 0.30,
                    blue: brand.blue + (1 - brand.blue) * 0.30)))
        #expect(
            close(
                palette.light.accent,
                Color(
                    red: brand.red + (1 - brand.red) * 0.55, green: brand.green + (1 - brand.green) * 0.55,
                    blue: brand.blue + (1 - brand.blue) * 0.55)))
        // Dark: 22 % and 42 % toward black.
        #expect(
            close(
                palette.dark.secondary, Color(red: brand.red * 0.78, green: brand.green * 0.78, blue: brand.blue * 0.78)
            ))
        #expect(
            close(palette.dark.accent, Color(red: brand.red * 0.58, green: brand.green * 0.58, blue: brand.blue * 0.58))
        )
        #expect(GreetGradientPalette.mixAmounts(.light) == (0.30, 0.55))
        #expect(GreetGradientPalette.mixAmounts(.dark) == (0.22, 0.42))
    }

    @Test func brandFallsBackPaletteThenBrandThenTintThenSystemBlue() {
        let explicit = GreetGradientPalette(
            light: .init(base: .white, primary: Color(hex: 0xFF0000), secondary: .black, accent: .black),
            dark: .init(base: .black, primary: Color(hex: 0x00FF00), secondary: .white, accent: .white))
        let tint = DynamicColor(Color(hex: 0x123456))
        let brandColor = DynamicColor(Color(hex: 0xABCDEF))
        #expect(
            GreetGradientPalette.resolveBrand(palette: explicit, brand: brandColor, tint: tint)
                == DynamicColor(light: Color(hex: 0xFF0000), dark: Color(hex: 0x00FF00)))
        #expect(GreetGradientPalette.resolveBrand(palette: nil, brand: brandColor, tint: tint) == brandColor)
        #expect(GreetGradientPalette.resolveBrand(palette: nil, brand: nil, tint: tint) == tint)
        #expect(GreetGradientPalette.resolveBrand(palette: nil, brand: nil, tint: nil) == SystemColors.tint)
        #expect(GreetGradientPalette.resolve(palette: explicit, brand: brandColor, tint: tint) == explicit)
        #expect(GreetGradientPalette.resolve(palette: nil, brand: nil, tint: nil).light.primary == Color(hex: 0x007AFF))
    }

    @Test func motionIsClampedAndHasPresets() {
        #expect(GreetGradientMotion(strength: -1).strength == 0)
        #expect(GreetGradientMotion(strength: 3.5).strength == 2)
        #expect(GreetGradientMotion(strength: .nan).strength == 0)
        #expect(GreetGradientMotion(strength: 1.1).strength == 1.1)
        #expect(GreetGradientMotion.subtle.strength == 0.7)
        #expect(GreetGradientMotion.standard.strength == 1.2)
        #expect(GreetGradientMotion.expressive.strength == 1.6)
        #expect(GreetGradientMotion(strength: 0).isStatic)
    }

    @Test func strongerMotionMovesFasterFurtherAndWithMoreContrast() {
        let cycle = GreetGradientMotion.standard.cycleDuration
        #expect(abs(cycle - 10 / (0.65 + 0.35 * 1.2)) < 1e-12)
        #expect(abs(GreetGradientMotion(strength: 0).cycleDuration - 10 / 0.65) < 1e-12)
        let presets = [GreetGradientMotion.subtle, .standard, .expressive]
        for (a, b) in zip(presets, presets.dropFirst()) {
            #expect(a.cycleDuration > b.cycleDuration)
            #expect(a.amplitude < b.amplitude)
            #expect(a.contrast < b.contrast)
        }
    }

    @Test func staticFieldIgnoresTime() {
        let palette = GreetGradientPalette(brand: DynamicColor(brand))
        let still = AnimatedGradientField(palette: palette, motion: GreetGradientMotion(strength: 0))
        let moving = AnimatedGradientField(palette: palette, motion: .standard)
        let a = still.blobs(scheme: .light, time: 0, reduceMotion: false, width: 100, height: 200)
        let b = still.blobs(scheme: .light, time: 3.3, reduceMotion: false, width: 100, height: 200)
        #expect(a == b)
        let c = moving.blobs(scheme: .light, time: 3.3, reduceMotion: true, width: 100, height: 200)
        #expect(c == moving.blobs(scheme: .light, time: 0, reduceMotion: false, width: 100, height: 200))
        let d = moving.blobs(scheme: .light, time: 3.3, reduceMotion: false, width: 100, height: 200)
        #expect(d != c)
        // Periodic: one cycle later the field is where it was.
        let e = moving.blobs(
            scheme: .light, time: 3.3 + moving.motion.cycleDuration, reduceMotion: false, width: 100, height: 200)
        for (x, y) in zip(d, e) {
            #expect(abs(x.center.x - y.center.x) < 1e-6 && abs(x.center.y - y.center.y) < 1e-6)
        }
    }

    @Test func accentDefaultsToTintThenPrimary() {
        var theme = OnboardingTheme(primary: DynamicColor(Color(hex: 0x111111)))
        #expect(theme.resolvedAccent == DynamicColor(Color(hex: 0x111111)))
        theme.style.tint = DynamicColor(Color(hex: 0x222222))
        #expect(theme.resolvedAccent == DynamicColor(Color(hex: 0x222222)))
        theme.accent = DynamicColor(Color(hex: 0x333333))
        #expect(theme.resolvedAccent == DynamicColor(Color(hex: 0x333333)))
    }

    @Test func styleOverridesWinOverTheSystemTreatment() {
        let theme = OnboardingTheme(
            style: GreetStyle(
                titleColor: DynamicColor(Color(hex: 0xFF0000)),
                primaryButtonForegroundColor: DynamicColor(Color(hex: 0x00FF00))))
        let light = theme.colors(.light)
        #expect(light.title == Color(hex: 0xFF0000))
        #expect(light.primaryButtonForeground == Color(hex: 0x00FF00))
        #expect(light.primaryButtonProgress == Color(hex: 0x00FF00))
        #expect(light.subtitle == SystemColors.label.light.opacity(0.62))
        #expect(OnboardingTheme().colors(.dark).primary == .white)
    }

    @Test func contrastRatiosMatchWCAG() {
        #expect(abs(Color.black.contrastRatio(with: .white) - 21) < 1e-9)
        #expect(abs(Color.white.contrastRatio(with: .white) - 1) < 1e-9)
        // #767676 on white is the classic 4.54:1.
        #expect(abs(Color(hex: 0x767676).contrastRatio(with: .white) - 4.54) < 0.01)
    }

    @Test func dynamicTypeScalesGrowMonotonically() {
        let scales = DynamicTypeSize.allCases.map(\.scale)
        #expect(scales == scales.sorted())
        #expect(DynamicTypeSize.xSmall.scale == 0.82)
        #expect(DynamicTypeSize.large.scale == 1)
        #expect(DynamicTypeSize.xxxLarge.scale == 1.24)
        #expect(DynamicTypeSize.largest.scale > 3)
        #expect(DynamicTypeSize.named("AX3") == .accessibility3)
    }
}
