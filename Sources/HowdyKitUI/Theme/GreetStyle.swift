/// Per-role colour overrides (GreetKit's style). Every nil role uses the system treatment
/// derived from the theme.
public struct GreetStyle: Sendable, Hashable {
    /// Brand colour for controls and the default gradient brand.
    public var tint: DynamicColor?
    /// Welcome and step titles.
    public var titleColor: DynamicColor?
    /// Subtitles and headlines.
    public var subtitleColor: DynamicColor?
    /// Feature row icons.
    public var featureIconColor: DynamicColor?
    /// Feature row labels.
    public var featureTitleColor: DynamicColor?
    /// Feature row descriptions.
    public var featureDescriptionColor: DynamicColor?
    /// The primary button's label.
    public var primaryButtonForegroundColor: DynamicColor?
    /// The primary button's loading spinner.
    public var primaryButtonProgressTint: DynamicColor?
    /// Skip, Not now, Continue and other text buttons.
    public var secondaryButtonColor: DynamicColor?

    /// A style; every override is optional (nil keeps the theme's colour).
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
