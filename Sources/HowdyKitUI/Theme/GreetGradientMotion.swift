/// How much an animated gradient moves: `strength` 0...2 (clamped).
///
/// Stronger motion increases movement (blob travel), speed (a shorter cycle) and contrast
/// (more saturated blobs). Strength 0 keeps the field static.
public struct GreetGradientMotion: Sendable, Hashable {
    /// 0...2; values outside are clamped, NaN becomes 0.
    public let strength: Double

    /// - Parameter strength: clamped to 0...2 (NaN becomes 0).
    public init(strength: Double) {
        self.strength = GreetGradientMotion.clamp(strength)
    }

    /// `value` clamped to 0...2 (NaN becomes 0).
    public static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(2, max(0, value))
    }

    /// Strength 0.7: calm.
    public static let subtle = GreetGradientMotion(strength: 0.7)
    /// Strength 1.2: the default.
    public static let standard = GreetGradientMotion(strength: 1.2)
    /// Strength 1.6: lively.
    public static let expressive = GreetGradientMotion(strength: 1.6)

    /// True when the field does not move (strength 0).
    public var isStatic: Bool { strength == 0 }

    /// Speed factor: max(0.35, 0.65 + 0.35 × strength).
    public var speed: Double { max(0.35, 0.65 + 0.35 * strength) }

    /// Seconds for the field to come back to where it started: 10 s / speed.
    public var cycleDuration: Double { 10 / speed }

    /// Blob travel as a fraction of the screen's shorter side: 0.09 × strength.
    public var amplitude: Double { 0.09 * strength }

    /// Opacity of the blobs over the base: 0.45 + 0.2 × strength, at most 1.
    public var contrast: Double { min(1, 0.45 + 0.2 * strength) }
}
