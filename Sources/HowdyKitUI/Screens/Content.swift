import HowdyKit
import HowdyRender

/// A step's header: optional icon, title, optional headline. Title and headline are
/// always balanced.
public struct OnboardingHeader: Sendable, Hashable {
    /// An icon above the title, or nil.
    public var icon: Icon?
    /// The title (balanced).
    public var title: String
    /// A headline under the title (balanced), or nil.
    public var headline: String?
    /// How `title` is localised when it was composed (a personalised `{goal}`); nil: the
    /// title is its own key.
    public var localizableTitle: LocalizableText?
    /// How `headline` is localised when it was composed; nil: the headline is its own key.
    public var localizableHeadline: LocalizableText?

    /// A header of `title` with an optional icon and headline.
    public init(icon: Icon? = nil, title: String, headline: String? = nil) {
        self.icon = icon
        self.title = title
        self.headline = headline
    }
}

/// A button: a title, and how it looks right now. The handler belongs to the app; a
/// rendered screen shows whatever action it is given.
public struct OnboardingAction: Sendable, Hashable {
    /// The button's label.
    public var title: String
    /// Shows a spinner instead of the title (primary buttons) and dims the others.
    public var isLoading: Bool
    /// Draws the button dimmed (grey fill for a primary button).
    public var isDisabled: Bool

    /// A button titled `title`, enabled and not loading by default.
    public init(_ title: String, isLoading: Bool = false, isDisabled: Bool = false) {
        self.title = title
        self.isLoading = isLoading
        self.isDisabled = isDisabled
    }
}

/// One feature row of the welcome screen.
public struct GreetFeatureItem: Sendable, Hashable, Identifiable {
    /// The feature's ID (its content ID in display lists).
    public var id: String
    /// The icon at the row's leading edge.
    public var icon: Icon
    /// The bold label.
    public var label: String
    /// The description under the label.
    public var description: String

    /// A feature row.
    public init(id: String, icon: Icon, label: String, description: String) {
        self.id = id
        self.icon = icon
        self.label = label
        self.description = description
    }
}

/// One destination of the welcome's route chain, opened by the primary button.
public struct GreetPrimaryRoute: Sendable, Equatable, Identifiable {
    /// The route's ID (slugged into file names).
    public var id: String
    /// Its header.
    public var header: OnboardingHeader
    /// Its content (default none).
    public var content: StepContent

    /// A route of the welcome's chain.
    public init(id: String, header: OnboardingHeader, content: StepContent = .none) {
        self.id = id
        self.header = header
        self.content = content
    }
}

/// The welcome screen's content (GreetKit's `GreetContent`).
public struct GreetContent: Sendable, Equatable {
    /// A glyph icon on an accent tile; ignored when `appIconImage` is set.
    public var appIcon: Icon?
    /// The app's own icon image (any size; scaled into the tile).
    public var appIconImage: Image? = nil
    /// The title (balanced).
    public var title: String
    /// The subtitle under the title, or nil.
    public var subtitle: String?
    /// Feature rows under the subtitle.
    public var features: [GreetFeatureItem]
    /// The route chain the primary button opens.
    public var primaryRoutes: [GreetPrimaryRoute]
    /// The primary button's label (default "Continue").
    public var primaryButtonText: String
    /// The routes' Next label (default "Next").
    public var primaryRouteNextButtonText: String
    /// The last route's Done label (default "Done").
    public var primaryRouteDoneButtonText: String
    /// nil: no skip button (HowdyKit's welcome never has one).
    public var skipButtonText: String?
    /// The error alert's title.
    public var errorAlertTitle: String
    /// The error alert's button label (default "OK").
    public var errorOKText: String

    /// Welcome content; every text but the title has a default.
    public init(
        appIcon: Icon? = nil, title: String, subtitle: String? = nil, features: [GreetFeatureItem] = [],
        primaryRoutes: [GreetPrimaryRoute] = [], primaryButtonText: String = "Continue",
        primaryRouteNextButtonText: String = "Next", primaryRouteDoneButtonText: String = "Done",
        skipButtonText: String? = nil, errorAlertTitle: String = "Something went wrong", errorOKText: String = "OK"
    ) {
        self.appIcon = appIcon
        self.title = title
        self.subtitle = subtitle
        self.features = features
        self.primaryRoutes = primaryRoutes
        self.primaryButtonText = primaryButtonText
        self.primaryRouteNextButtonText = primaryRouteNextButtonText
        self.primaryRouteDoneButtonText = primaryRouteDoneButtonText
        self.skipButtonText = skipButtonText
        self.errorAlertTitle = errorAlertTitle
        self.errorOKText = errorOKText
    }
}

/// What a step shows between its header and its buttons (DeliciousKit's step kinds).
public enum StepContent: Sendable, Equatable {
    case none
    /// A balanced, centred paragraph.
    case paragraph(String)
    case features([GreetFeatureItem])
    /// Options with optional emoji; `selected` is the picked option's ID.
    case singleSelect(options: [SelectOption], selected: String?)
    /// A slider over `commitment`'s range showing `value`.
    case commitment(Commitment, value: Double)
    /// "Building your plan…": a progress bar at `progress` (0...1) and one message at a time,
    /// cycling with time (`BuildingBeat`).
    case building(messages: [String], progress: Double)
    /// A permission ask in one of its three states.
    case permission(icon: Icon, status: PermissionStatus, details: String?, deniedDetails: String?)
    /// Plans with the selected one highlighted; `allowSkip` false is a hard paywall.
    case paywall(plans: [PaywallPlan], selected: String?, allowSkip: Bool)
    /// The app's own content: a tree of layout nodes in the theme's fonts and colours.
    case custom(ContentNode)
}
