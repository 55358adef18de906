import Foundation

/// When an update shows its what's-new pages, as WhatsNewKit users ask for.
///
/// Defaults: present for major and minor updates, not for patches; never on a fresh
/// install; cumulative (a user who skipped versions sees every page they missed).
public struct ReleaseNotesPolicy: Equatable, Sendable {
    /// The update kinds that present pages; default major and minor. An update of another
    /// kind shows nothing and keeps the completed version where it was, so its pages roll
    /// into the next update that does present.
    public var presentedUpdates: Set<AppVersion.UpdateKind>
    /// Whether a fresh install (no completed version, first run not finished) is shown
    /// the page of the newest version up to the app's; default `false`.
    public var presentsOnFreshInstall: Bool
    /// Whether every unseen page between the completed version and the app's is shown
    /// (`true`, default) or only the newest of them.
    public var isCumulative: Bool

    /// A policy; the defaults are WhatsNewKit users' usual ask (see the type).
    public init(
        presentedUpdates: Set<AppVersion.UpdateKind> = [.major, .minor], presentsOnFreshInstall: Bool = false,
        isCumulative: Bool = true
    ) {
        self.presentedUpdates = presentedUpdates
        self.presentsOnFreshInstall = presentsOnFreshInstall
        self.isCumulative = isCumulative
    }
}
