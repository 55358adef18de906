import HowdyKit
import HowdyRender

/// Something that renders to an image: a pure function of itself, a theme and an environment.
public protocol OnboardingScreen: Sendable {
    /// The screen laid out (frames in pt), before drawing.
    /// - Throws: `TextError` for a font that cannot be found.
    func layout(theme: OnboardingTheme, environment: RenderEnvironment) throws -> ScreenLayout
}

extension OnboardingScreen {
    /// The screen drawn at the environment's device size × scale.
    /// - Throws: `TextError` for a missing font, `RenderError` for a size out of limits.
    public func render(theme: OnboardingTheme, environment: RenderEnvironment) throws -> Image {
        try layout(theme: theme, environment: environment).render(environment: environment)
    }
}

/// Page dots for a screen inside a flow.
public struct PagePosition: Sendable, Hashable {
    /// The page shown, from 0.
    public var index: Int
    /// How many pages the flow has.
    public var count: Int

    /// Page `index` of `count`.
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }
}

/// The first-run screen (HowdyKit's `OnboardingWelcomeView`, GreetKit's `GreetView`):
/// app icon, title, subtitle, feature rows, primary button and optional skip, with the
/// loading state (spinner in the primary button, both buttons disabled) and the error alert.
public struct OnboardingWelcomeView: OnboardingScreen {
    /// What the welcome shows.
    public var content: GreetContent
    /// Shows the spinner in the primary button and disables both buttons.
    public var isLoading: Bool
    /// Non-nil shows the error alert with this message.
    public var errorMessage: String?
    /// Page dots, or nil for none.
    public var page: PagePosition?

    /// A welcome of `content`, optionally loading, with an error alert, or page dots.
    public init(content: GreetContent, isLoading: Bool = false, errorMessage: String? = nil, page: PagePosition? = nil)
    {
        self.content = content
        self.isLoading = isLoading
        self.errorMessage = errorMessage
        self.page = page
    }

    /// The screen laid out in `theme` for `environment` (frames in pt).
    /// - Throws: `TextError` for a font that cannot be loaded, `RenderError` for geometry that is not finite.
    public func layout(theme: OnboardingTheme, environment: RenderEnvironment) throws -> ScreenLayout {
        let context = ScreenContext(theme: theme, environment: environment)
        var hero: [LayoutNode] = []
        if content.appIcon != nil || content.appIconImage != nil {
            hero.append(
                context.appIcon(content.appIcon, image: content.appIconImage, size: context.isCompactHeight ? 72 : 88))
        }
        hero.append(context.title(content.title))
        if let subtitle = content.subtitle { hero.append(context.headline(subtitle)) }
        var children: [LayoutNode] = [
            .vstack(spacing: context.isCompactHeight ? 10 : 14, alignment: .center, children: hero)
        ]
        if !content.features.isEmpty {
            children.append(context.content(.features(content.features))!.padding(EdgeInsets(leading: 4, trailing: 4)))
        }
        let body = LayoutNode.vstack(spacing: context.isCompactHeight ? 24 : 36, alignment: .center, children: children)
        var footer: [LayoutNode] = []
        if let page { footer.append(context.pageDots(count: page.count, current: page.index)) }
        footer.append(
            context.primaryButton(
                OnboardingAction(content.primaryButtonText, isLoading: isLoading, isDisabled: isLoading)))
        if let skip = content.skipButtonText {
            footer.append(context.secondaryButton(OnboardingAction(skip, isDisabled: isLoading)))
        }
        let alert = errorMessage.map {
            AlertContent(title: content.errorAlertTitle, message: $0, button: content.errorOKText)
        }
        return try ScreenScaffold(body: body, footer: footer, inCard: false, alert: alert).layout(context)
    }
}

/// One step (HowdyKit's `OnboardingStepView`): header, content, primary and optional
/// secondary action, inside a rounded card when the theme sets a card background.
public struct OnboardingStepView: OnboardingScreen {
    /// Icon, title and headline.
    public var header: OnboardingHeader
    /// What sits between the header and the buttons.
    public var content: StepContent
    /// The primary button.
    public var primary: OnboardingAction
    /// An optional secondary button.
    public var secondary: OnboardingAction?
    /// Draws the secondary action as a small link (the permission's Continue after denial).
    public var secondaryIsSmall: Bool
    /// HowdyKit's Skip: an accent-coloured text button under the others (role
    /// `.skipButton`), or nil for none. `FlowPages` gives every skippable step one.
    public var skip: OnboardingAction?
    /// Page dots, or nil for none.
    public var page: PagePosition?

    /// A step of `header`, `content` and its actions.
    public init(
        header: OnboardingHeader, content: StepContent = .none, primary: OnboardingAction,
        secondary: OnboardingAction? = nil, secondaryIsSmall: Bool = false, skip: OnboardingAction? = nil,
        page: PagePosition? = nil
    ) {
        self.header = header
        self.content = content
        self.primary = primary
        self.secondary = secondary
        self.secondaryIsSmall = secondaryIsSmall
        self.skip = skip
        self.page = page
    }

    /// The screen laid out in `theme` for `environment` (frames in pt).
    /// - Throws: `TextError` for a font that cannot be loaded, `RenderError` for geometry that is not finite.
    public func layout(theme: OnboardingTheme, environment: RenderEnvironment) throws -> ScreenLayout {
        let context = ScreenContext(theme: theme, environment: environment)
        var children: [LayoutNode] = [context.header(header)]
        if let node = context.content(content) { children.append(node) }
        let body = LayoutNode.vstack(spacing: context.isCompactHeight ? 20 : 28, alignment: .center, children: children)
        var footer: [LayoutNode] = []
        if let page { footer.append(context.pageDots(count: page.count, current: page.index)) }
        footer.append(context.primaryButton(primary))
        if let secondary { footer.append(context.secondaryButton(secondary, small: secondaryIsSmall)) }
        if let skip { footer.append(context.skipButton(skip)) }
        return try ScreenScaffold(body: body, footer: footer, inCard: true, alert: nil).layout(context)
    }
}

/// A destination of the welcome's route chain: the route's content with Next, or Done
/// on the last route.
public struct RouteScreen: OnboardingScreen {
    /// The route shown.
    public var route: GreetPrimaryRoute
    /// Shows Done instead of Next.
    public var isLast: Bool
    /// The Next label.
    public var nextText: String
    /// The Done label.
    public var doneText: String
    /// Page dots, or nil for none.
    public var page: PagePosition?
    /// The destination's own background, drawn above the flow's (GreetKit: "that local
    /// destination background appears above the GreetKit background"), or nil for none.
    public var background: GreetBackground?

    /// A route screen; `isLast` shows Done.
    public init(
        route: GreetPrimaryRoute, isLast: Bool, nextText: String = "Next", doneText: String = "Done",
        page: PagePosition? = nil, background: GreetBackground? = nil
    ) {
        self.route = route
        self.isLast = isLast
        self.nextText = nextText
        self.doneText = doneText
        self.page = page
        self.background = background
    }

    /// The screen laid out in `theme` for `environment` (frames in pt).
    /// - Throws: `TextError` for a font that cannot be loaded, `RenderError` for geometry that is not finite.
    public func layout(theme: OnboardingTheme, environment: RenderEnvironment) throws -> ScreenLayout {
        var layout = try OnboardingStepView(
            header: route.header, content: route.content, primary: OnboardingAction(isLast ? doneText : nextText),
            page: page
        ).layout(theme: theme, environment: environment)
        layout.destinationBackground = background
        return layout
    }
}
