import Foundation
import HowdyRender

/// Light or dark appearance.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable, Codable {
    case light
    case dark
}

/// A colour with a light and a dark value, resolved against the environment's scheme.
public struct DynamicColor: Sendable, Hashable {
    /// The value in light appearance.
    public var light: Color
    /// The value in dark appearance.
    public var dark: Color

    /// A colour with different light and dark values.
    public init(light: Color, dark: Color) {
        self.light = light
        self.dark = dark
    }

    /// The same colour in both schemes.
    public init(_ color: Color) {
        self.init(light: color, dark: color)
    }

    /// The value for `scheme`.
    public func resolve(_ scheme: ColorScheme) -> Color {
        scheme == .light ? light : dark
    }

    /// Both values with their alpha multiplied by `factor`.
    public func opacity(_ factor: Double) -> DynamicColor {
        DynamicColor(light: light.opacity(factor), dark: dark.opacity(factor))
    }
}

/// SF-like system colours with their light and dark values (iOS 17 sRGB values).
public enum SystemColors {
    /// Primary text: #000 light, #FFF dark.
    public static let label = DynamicColor(light: .black, dark: .white)
    /// Secondary text: label at 60 % opacity.
    public static let secondaryLabel = DynamicColor(
        light: Color(hex: 0x3C3C43, alpha: 0.6), dark: Color(hex: 0xEBEBF5, alpha: 0.6))
    /// Tertiary text and placeholders: label at 30 % opacity.
    public static let tertiaryLabel = DynamicColor(
        light: Color(hex: 0x3C3C43, alpha: 0.3), dark: Color(hex: 0xEBEBF5, alpha: 0.3))
    /// The screen's background: #FFF light, #000 dark.
    public static let background = DynamicColor(light: .white, dark: .black)
    /// Grouped surfaces (option rows, tracks): #F2F2F7 light, #1C1C1E dark.
    public static let secondaryBackground = DynamicColor(light: Color(hex: 0xF2F2F7), dark: Color(hex: 0x1C1C1E))
    /// Fills of controls (slider track, unselected dots).
    public static let fill = DynamicColor(
        light: Color(hex: 0x787880, alpha: 0.2), dark: Color(hex: 0x787880, alpha: 0.36))
    /// Hairlines between rows.
    public static let separator = DynamicColor(
        light: Color(hex: 0x3C3C43, alpha: 0.29), dark: Color(hex: 0x545458, alpha: 0.6))
    /// The default tint: systemBlue #007AFF light, #0A84FF dark.
    public static let tint = DynamicColor(light: Color(hex: 0x007AFF), dark: Color(hex: 0x0A84FF))
    /// systemGreen, for the granted permission's check mark.
    public static let green = DynamicColor(light: Color(hex: 0x34C759), dark: Color(hex: 0x30D158))
    /// systemRed, for errors.
    public static let red = DynamicColor(light: Color(hex: 0xFF3B30), dark: Color(hex: 0xFF453A))

    /// Named colours accepted in spec files (`"label"`, `"systemBlue"`, ...), lower-cased keys.
    public static let named: [String: DynamicColor] = [
        "label": label, "primary": label, "secondarylabel": secondaryLabel, "secondary": secondaryLabel,
        "tertiarylabel": tertiaryLabel, "background": background, "systembackground": background,
        "secondarybackground": secondaryBackground, "fill": fill, "separator": separator,
        "tint": tint, "systemblue": tint, "blue": tint, "systemgreen": green, "green": green,
        "systemred": red, "red": red,
        "systemindigo": DynamicColor(light: Color(hex: 0x5856D6), dark: Color(hex: 0x5E5CE6)),
        "indigo": DynamicColor(light: Color(hex: 0x5856D6), dark: Color(hex: 0x5E5CE6)),
        "systempink": DynamicColor(light: Color(hex: 0xFF2D55), dark: Color(hex: 0xFF375F)),
        "pink": DynamicColor(light: Color(hex: 0xFF2D55), dark: Color(hex: 0xFF375F)),
        "systemorange": DynamicColor(light: Color(hex: 0xFF9500), dark: Color(hex: 0xFF9F0A)),
        "orange": DynamicColor(light: Color(hex: 0xFF9500), dark: Color(hex: 0xFF9F0A)),
        "systempurple": DynamicColor(light: Color(hex: 0xAF52DE), dark: Color(hex: 0xBF5AF2)),
        "purple": DynamicColor(light: Color(hex: 0xAF52DE), dark: Color(hex: 0xBF5AF2)),
        "systemteal": DynamicColor(light: Color(hex: 0x30B0C7), dark: Color(hex: 0x40C8E0)),
        "teal": DynamicColor(light: Color(hex: 0x30B0C7), dark: Color(hex: 0x40C8E0)),
        "mint": DynamicColor(light: Color(hex: 0x00C7BE), dark: Color(hex: 0x63E6E2)),
        "yellow": DynamicColor(light: Color(hex: 0xFFCC00), dark: Color(hex: 0xFFD60A)),
        "white": DynamicColor(.white), "black": DynamicColor(.black), "clear": DynamicColor(.clear),
    ]
}
