import Foundation

// Colour maths on sRGB-encoded components: mixing, compositing over an opaque colour, and
// WCAG 2.x luminance and contrast (what contrast lint measures).

extension Color {
    /// `self` moved toward `other` by `amount` (0 = self, 1 = other), per sRGB component and alpha.
    public func mixed(with other: Color, by amount: Double) -> Color {
        let t = min(1, max(0, amount.isNaN ? 0 : amount))
        return Color(
            red: red + (other.red - red) * t, green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// `self` drawn over the opaque `background`: the colour a viewer sees.
    public func over(_ background: Color) -> Color {
        Color(
            red: red * alpha + background.red * (1 - alpha), green: green * alpha + background.green * (1 - alpha),
            blue: blue * alpha + background.blue * (1 - alpha))
    }

    /// WCAG 2.x relative luminance of the opaque colour (alpha ignored), 0...1.
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.x contrast ratio between two opaque colours, 1...21.
    public func contrastRatio(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
