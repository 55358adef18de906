import HowdyRender

/// What a step's card is filled with.
public enum CardBackground: Sendable, Hashable {
    /// An opaque or translucent colour.
    case color(DynamicColor)
    /// A material (thin, regular or thick), as GreetKit's surfaces: what is behind the card
    /// is blurred (`Material.blurRadius`, HowdyRender's Gaussian on the region under the
    /// card), then a translucent surface and a hairline highlight along the edge are drawn
    /// over it.
    case material(Material)

    /// Material thickness: how opaque the surface is.
    public enum Material: String, Sendable, Hashable, CaseIterable {
        case thin, regular, thick

        /// The standard deviation of the backdrop blur, pt (thin 12, regular 20, thick 28;
        /// thicker materials scatter more).
        public var blurRadius: Double {
            switch self {
            case .thin: 12
            case .regular: 20
            case .thick: 28
            }
        }

        /// The translucent surface colour drawn over the blurred backdrop.
        public func surface(_ scheme: ColorScheme) -> Color {
            switch (self, scheme) {
            case (.thin, .light): Color(hex: 0xFFFFFF, alpha: 0.5)
            case (.regular, .light): Color(hex: 0xFFFFFF, alpha: 0.72)
            case (.thick, .light): Color(hex: 0xFFFFFF, alpha: 0.86)
            case (.thin, .dark): Color(hex: 0x1C1C1E, alpha: 0.5)
            case (.regular, .dark): Color(hex: 0x1C1C1E, alpha: 0.64)
            case (.thick, .dark): Color(hex: 0x1C1C1E, alpha: 0.86)
            }
        }
    }
}
