/// A colour in the sRGB colour space with straight (not premultiplied) alpha,
/// each component 0...1.
///
/// Components outside 0...1 are clamped and NaN becomes 0, so every `Color` is valid.
public struct Color: Sendable, Hashable {
    /// Red, 0...1, sRGB-encoded.
    public let red: Double
    /// Green, 0...1, sRGB-encoded.
    public let green: Double
    /// Blue, 0...1, sRGB-encoded.
    public let blue: Double
    /// Opacity, 0...1 (straight, not premultiplied).
    public let alpha: Double

    /// A colour from sRGB-encoded components 0...1 (clamped; NaN becomes 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.clamp(red)
        self.green = Color.clamp(green)
        self.blue = Color.clamp(blue)
        self.alpha = Color.clamp(alpha)
    }

    /// A colour from 8-bit sRGB components and an alpha 0...1.
    public init(r8: UInt8, g8: UInt8, b8: UInt8, alpha: Double = 1) {
        self.init(red: Double(r8) / 255, green: Double(g8) / 255, blue: Double(b8) / 255, alpha: alpha)
    }

    /// A colour from a `0xRRGGBB` number and an alpha 0...1.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            r8: UInt8((hex >> 16) & 0xFF), g8: UInt8((hex >> 8) & 0xFF), b8: UInt8(hex & 0xFF), alpha: alpha)
    }

    /// The same colour with its alpha multiplied by `factor` (clamped to 0...1).
    public func opacity(_ factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * Color.clamp(factor))
    }

    /// Transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// Premultiplied components scaled to 0...255, the unit the compositor works in.
    var premultiplied255: SIMD4<Float> {
        let a = Float(alpha)
        return SIMD4(Float(red) * a, Float(green) * a, Float(blue) * a, a) * 255
    }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(1, max(0, value))
    }
}
