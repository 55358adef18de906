/// What a text or a control is on its screen: a title, a headline, a button's label, an
/// icon... Lint, tests and review tools read roles instead of guessing from strings.
///
/// A role is a typed name (like `Notification.Name`): the built-in roles are the static
/// members below; custom content may coin its own with `init(_:)`. The raw value is the
/// human-readable name lint reports (`"primary button"`).
public struct SemanticRole: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The role's name as lint reports it (`"title"`, `"primary button (disabled)"`).
    public var rawValue: String

    /// A role named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A role named `name` (for custom content).
    public init(_ name: String) { self.rawValue = name }

    /// The role's name.
    public var description: String { rawValue }

    /// True for disabled controls and their labels (exempt from contrast minimums).
    public var isDisabled: Bool { rawValue.hasSuffix("(disabled)") }

    /// True for icon glyphs (held to 3:1 contrast, as large text).
    public var isIcon: Bool { Self.icons.contains(self) }

    /// True for pictures whose colours are their own (emoji, the app icon): not held to a
    /// contrast minimum.
    public var isPicture: Bool { self == .emoji || self == .appIcon }

    private static let icons: Set<SemanticRole> = [.icon, .headerIcon, .featureIcon, .permissionIcon]

    // MARK: Text

    /// A screen's title.
    public static let title = SemanticRole("title")
    /// A header's headline or the welcome's subtitle.
    public static let headline = SemanticRole("headline")
    /// Running text.
    public static let body = SemanticRole("body")
    /// A step's paragraph.
    public static let paragraph = SemanticRole("paragraph")
    /// Small print.
    public static let caption = SemanticRole("caption")
    /// An emphasised label.
    public static let label = SemanticRole("label")
    /// A feature row's label.
    public static let featureTitle = SemanticRole("feature title")
    /// A feature row's description.
    public static let featureDescription = SemanticRole("feature description")
    /// A single-select option's label.
    public static let option = SemanticRole("option")
    /// A paywall plan's title.
    public static let planTitle = SemanticRole("plan title")
    /// A paywall plan's price and period.
    public static let planPrice = SemanticRole("plan price")
    /// A big value (a slider's value, a progress percentage).
    public static let value = SemanticRole("value")
    /// A slider's range ends.
    public static let range = SemanticRole("range")
    /// A building step's message.
    public static let message = SemanticRole("message")
    /// A permission's details.
    public static let details = SemanticRole("details")
    /// An alert's title.
    public static let alertTitle = SemanticRole("alert title")
    /// An alert's message.
    public static let alertMessage = SemanticRole("alert message")
    /// An alert's button label.
    public static let alertButton = SemanticRole("alert button")
    /// An emoji beside an option (a picture).
    public static let emoji = SemanticRole("emoji")

    // MARK: Icons

    /// An icon glyph.
    public static let icon = SemanticRole("icon")
    /// A step header's icon.
    public static let headerIcon = SemanticRole("header icon")
    /// A feature row's icon.
    public static let featureIcon = SemanticRole("feature icon")
    /// A permission step's icon.
    public static let permissionIcon = SemanticRole("permission icon")
    /// The welcome's app icon tile (a picture).
    public static let appIcon = SemanticRole("app icon")

    // MARK: Controls

    /// The primary button's label.
    public static let primaryButton = SemanticRole("primary button")
    /// The primary button's label while it is disabled.
    public static let primaryButtonDisabled = SemanticRole("primary button (disabled)")
    /// The primary button's capsule.
    public static let primaryButtonBackground = SemanticRole("primary button background")
    /// A secondary (borderless) button's label.
    public static let secondaryButton = SemanticRole("secondary button")
    /// A secondary button's label while it is disabled or loading.
    public static let secondaryButtonDisabled = SemanticRole("secondary button (disabled)")
    /// A step's automatic Skip (HowdyKit's accent-coloured Skip).
    public static let skipButton = SemanticRole("skip button")
    /// The Skip's label while it is disabled.
    public static let skipButtonDisabled = SemanticRole("skip button (disabled)")
    /// A single-select option's row.
    public static let optionRow = SemanticRole("option row")
    /// A paywall plan's row.
    public static let planRow = SemanticRole("plan row")
    /// A selection check circle.
    public static let check = SemanticRole("check")
    /// A commitment slider.
    public static let slider = SemanticRole("slider")
    /// A progress bar.
    public static let progress = SemanticRole("progress")
    /// A building step's status mark.
    public static let status = SemanticRole("status")
    /// A granted permission's check badge.
    public static let granted = SemanticRole("granted")
    /// The halo behind a permission's icon.
    public static let permissionBadge = SemanticRole("permission badge")
    /// Page dots.
    public static let pageDots = SemanticRole("page dots")

    // MARK: Surfaces

    /// A step's card.
    public static let card = SemanticRole("card")
    /// An alert's box.
    public static let alert = SemanticRole("alert")
    /// The hairline above an alert's button.
    public static let alertSeparator = SemanticRole("alert separator")
    /// The dimming behind an alert.
    public static let dimming = SemanticRole("dimming")
    /// A fixed space that draws nothing.
    public static let spacer = SemanticRole("spacer")
    /// A shape of custom content.
    public static let shape = SemanticRole("shape")
    /// An image of custom content.
    public static let image = SemanticRole("image")
    /// A background of custom content.
    public static let background = SemanticRole("background")
}
