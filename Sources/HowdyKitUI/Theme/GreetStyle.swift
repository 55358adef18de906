/// Per-role colour overrides (GreetKit's style). Every nil role uses the system treatment
/// derived from the theme.
public struct GreetStyle: Sendable, Hashable {
    /// Brand colour for controls and the default gradient brand.
    public var tint: DynamicColor?
    public var titleColor: DynamicColor?
    public var subtitleColor: DynamicColor?
    public var featureIconColor: DynamicColor?
    public var featureTitleColor: DynamicColor?
    public var featureDescriptionColor: DynamicColor?
    public var primaryButtonForegroundColor: DynamicColor?
    public var primaryButtonProgressTint: DynamicColor?
    public var secondaryButtonColor: DynamicColor?

    public init(
        tint: DynamicColor? = nil, titleColor: DynamicColor? = nil, subtitleColor: DynamicColor? = nil,
        featureIconColor: DynamicColor? = nil, featureTitleColor: DynamicColor? = nil,
        featureDescriptionColor: DynamicColor? = nil, primaryButtonForegroundColor: DynamicColor? = nil,
        primaryButtonProgressTint: DynamicColor? = nil, secondaryButtonColor: DynamicColor? = nil
    ) {
        self.tint = tint
        self.titleColor = titleColor
        self.subtitleColor = subtitleColor
        self.featureIconColor = featureIconColor
        self.featureTitleColor = featureTitleColor
        self.featureDescriptionColor = featureDescriptionColor
        self.primaryButtonForegroundColor = primaryButtonForegroundColor
        self.primaryButtonProgressTint = primaryButtonProgressTint
        self.secondaryButtonColor = secondaryButtonColor
    }

    /// Every role left to the system.
    public static let system = GreetStyle()
}
