import Foundation

/// What an app launch at one version shows of its what's-new pages, and why.
/// Made by ``ReleaseNotes/decide(current:completed:finishedFirstRun:isRecorded:)``.
public struct ReleaseNotesDecision: Equatable, Sendable {
    /// Why the pages are what they are.
    public enum Reason: Equatable, Sendable {
        /// No completed version and the first run not finished: a new user (before or during
        /// their first run). Nothing is shown unless the policy presents on fresh installs.
        case freshInstall
        /// The first run is finished but no completed version is recorded (onboarded before
        /// versions were recorded): the newest unseen page up to the app's version is
        /// shown, since which pages the user already had is unknown.
        case unknownPreviousVersion
        /// The app runs the version that completed onboarding.
        case sameVersion
        /// The app is older than the version that completed onboarding: nothing is shown.
        case downgrade
        /// An update of a kind the policy presents.
        case update(AppVersion.UpdateKind)
        /// An update of a kind the policy does not present (by default a patch).
        case updateNotPresented(AppVersion.UpdateKind)
    }

    /// The app's version now.
    public var current: AppVersion
    /// The version that last completed onboarding, if one is recorded.
    public var completedVersion: AppVersion?
    /// Why.
    public var reason: Reason
    /// The versions whose pages are shown, ascending; each page only while unrecorded.
    public var pages: [AppVersion]
    /// Unseen pages in the update's range that are not shown (policy, or not cumulative).
    public var withheld: [AppVersion]
    /// The version to record when the flow finishes: ``current``, except that an update
    /// the policy does not present and a downgrade keep the completed version.
    public var versionToRecord: AppVersion

    /// The kind of update from the completed version, or `nil` (none recorded, not newer).
    public var update: AppVersion.UpdateKind? {
        switch reason {
        case .update(let kind), .updateNotPresented(let kind): kind
        default: nil
        }
    }

    /// One sentence saying what is shown and why, e.g. `minor update 2.0 → 2.1: shows
    /// what's new in 2.1`.
    public var explanation: String {
        let shows = pages.isEmpty ? "shows nothing" : "shows what's new in " + Self.list(pages)
        let from = completedVersion.map { "\($0) → \(current)" } ?? "\(current)"
        var text: String
        switch reason {
        case .freshInstall:
            text = "fresh install at \(current) (no completed version, first run not finished): \(shows)"
        case .unknownPreviousVersion:
            text = "first run finished but no completed version recorded: \(shows) (the newest unseen page only)"
        case .sameVersion:
            text = "onboarding was completed at \(current): \(shows)"
        case .downgrade:
            text = "downgrade \(from): \(shows)"
        case .update(let kind):
            text = "\(kind.rawValue) update \(from): \(shows)"
            if pages.isEmpty && withheld.isEmpty { text += " (no unseen pages in the range)" }
        case .updateNotPresented(let kind):
            text = "\(kind.rawValue) update \(from): \(shows) (the policy does not present \(kind.rawValue) updates)"
        }
        if !withheld.isEmpty { text += "; withheld: " + Self.list(withheld) }
        return text
    }

    private static func list(_ versions: [AppVersion]) -> String {
        versions.map(\.description).joined(separator: ", ")
    }

    /// The decision as a JSON object: `current`, `completedVersion` (or null), `reason`
    /// (`freshInstall`, `unknownPreviousVersion`, `sameVersion`, `downgrade`, `update`,
    /// `updateNotPresented`), `update` (`major`/`minor`/`patch` or null), `pages`,
    /// `withheld`, `versionToRecord`, `explanation`.
    public var json: JSONValue {
        let reasonName: String
        switch reason {
        case .freshInstall: reasonName = "freshInstall"
        case .unknownPreviousVersion: reasonName = "unknownPreviousVersion"
        case .sameVersion: reasonName = "sameVersion"
        case .downgrade: reasonName = "downgrade"
        case .update: reasonName = "update"
        case .updateNotPresented: reasonName = "updateNotPresented"
        }
        return .object([
            "current": .string(current.description),
            "completedVersion": completedVersion.map { .string($0.description) } ?? .null,
            "reason": .string(reasonName),
            "update": update.map { .string($0.rawValue) } ?? .null,
            "pages": .array(pages.map { .string($0.description) }),
            "withheld": .array(withheld.map { .string($0.description) }),
            "versionToRecord": .string(versionToRecord.description),
            "explanation": .string(explanation),
        ])
    }
}
