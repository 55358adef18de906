/// GreetKit's name for the welcome screen.
public typealias GreetView = OnboardingWelcomeView

/// The pages a flow shows, in order (the welcome while it is still needed, then the
/// steps still needed), with page dots and one pinned footer; renders the page at
/// `currentPage`.
///
/// Built from a spec with `init(document:)` (every page, as `howdy render` shows them) or
/// from pages of your own.
public struct OnboardingFlowView: OnboardingScreen {
    /// The pages in order, each with its page dots already set.
    public var pages: [any OnboardingScreen]
    /// Index into `pages`; clamped when out of range.
    public var currentPage: Int

    /// A flow of `pages` showing `currentPage` (clamped).
    public init(pages: [any OnboardingScreen], currentPage: Int = 0) {
        self.pages = pages
        self.currentPage = currentPage
    }

    /// Every page of a spec, as `FlowPages.screens` lists them.
    public init(document: FlowDocument, currentPage: Int = 0) {
        self.init(pages: FlowPages.screens(document).map(\.screen), currentPage: currentPage)
    }

    /// Lays out the current page; an empty flow is an empty system screen.
    public func layout(theme: OnboardingTheme, environment: RenderEnvironment) throws -> ScreenLayout {
        guard !pages.isEmpty else {
            return try OnboardingStepView(header: OnboardingHeader(title: ""), primary: OnboardingAction("Done"))
                .layout(theme: theme, environment: environment)
        }
        let index = min(max(0, currentPage), pages.count - 1)
        return try pages[index].layout(theme: theme, environment: environment)
    }
}
