import HowdyRender

/// What a step's card is filled with.
public enum CardBackground: Sendable, Hashable {
    /// An opaque or translucent colour.
    case color(DynamicColor)
    /// A material-like fill (thin, regular or thick): a translucent surface over the
    /// background with a hairline highlight along the edge. The backdrop is not blurred
    /// here; the backgrounds behind cards are soft fields already.
    case material(Material)

    /// Material thickness: how opaque the surface is.
    public enum Material: String, Sendable, Hashable, CaseIterable {
        case thin, regular, thick

        /// The translucent surface colour drawn over the background.
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
