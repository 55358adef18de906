import Foundation

/// "What's new in version X" pages, done with the same records as every other step.
///
/// EasyApp keyed onboarding to one version string, so a release could only re-show
/// everything or nothing. Here a returning user simply sees the steps whose IDs they have
/// no record for, and a what's-new page is just a step whose ID names its version
/// (`com.example.app.whatsnew.2.1`). It is acknowledge-only (not skippable): leaving it
/// records `true`.
///
/// - Show skipped versions: a user jumping from 1.0 to 3.0 sees 2.0's page and 3.0's when
///   ``steps(current:showSkippedVersions:)`` is asked for them, or only 3.0's otherwise.
/// - New users: call ``recordSeen(upTo:in:)`` on a first run so what's-new pages for
///   versions before they arrived are never shown (they are recorded `true`).
/// - Replay: ``replay(_:in:)`` clears a version's record so its page shows again;
///   ``OnboardingFlow/reset()`` replays the whole flow.
public struct ReleaseNotes: Sendable, Equatable {
    /// Prepended to the version to form the step ID, e.g. `"com.example.app.whatsnew."`.
    public var idPrefix: String
    /// The versions that have a what's-new page, ascending.
    public private(set) var versions: [AppVersion]

    /// - Parameters:
    ///   - idPrefix: prepended to the version string to form each page's step ID.
    ///   - versions: the versions with a page, any order (kept sorted, duplicates dropped).
    public init(idPrefix: String, versions: [AppVersion]) {
        self.idPrefix = idPrefix
        var unique: [AppVersion] = []
        for version in versions.sorted() where unique.last != version { unique.append(version) }
        self.versions = unique
    }

    /// The step ID of `version`'s page: `idPrefix + "2.1"`.
    public func id(for version: AppVersion) -> OnboardingStepID {
        OnboardingStepID(idPrefix + version.description)
    }

    /// The version an ID names, or `nil` when it is not one of these pages' IDs.
    public func version(of id: OnboardingStepID) -> AppVersion? {
        guard id.rawValue.hasPrefix(idPrefix) else { return nil }
        return AppVersion(String(id.rawValue.dropFirst(idPrefix.count)))
    }

    /// The config of `version`'s page: acknowledge-only, not required.
    public func config(for version: AppVersion) -> OnboardingStepConfig {
        OnboardingStepConfig(id: id(for: version), isRequired: false, isSkippable: false)
    }

    /// The what's-new steps to append to a flow at app version `current`: the newest
    /// page not newer than `current`, or with `showSkippedVersions` every page up to
    /// `current` (those already recorded get no page: the pager only shows unrecorded steps).
    public func steps(current: AppVersion, showSkippedVersions: Bool = false) -> [OnboardingStepConfig] {
        let released = versions.filter { $0 <= current }
        let shown = showSkippedVersions ? released : Array(released.suffix(1))
        return shown.map(config(for:))
    }

    /// First run: records `true` (seen) for every page up to `current` that has no record,
    /// so a new user is never shown what's new in versions they never had.
    /// - Returns: the IDs recorded.
    @discardableResult
    public func recordSeen(upTo current: AppVersion, in flow: OnboardingFlow) -> [OnboardingStepID] {
        var recorded: [OnboardingStepID] = []
        for version in versions where version <= current {
            let id = id(for: version)
            if flow.value(for: id) == nil {
                flow.record(true, for: id)
                recorded.append(id)
            }
        }
        return recorded
    }

    /// Clears `version`'s record so its page is shown again (if it is in the flow's steps).
    public func replay(_ version: AppVersion, in flow: OnboardingFlow) {
        flow.clear(id(for: version))
    }
}
