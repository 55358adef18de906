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
///
/// Versioned onboarding (EasyApp's "the version that finished onboarding"):
/// ``recordCompletion(_:in:)`` stores the app version when the flow finishes, and
/// ``decide(current:in:)`` compares the running version with it under ``policy``: which
/// update kinds present (major and minor by default, not patches), never on a fresh
/// install, and cumulative pages for users who skipped versions.
public struct ReleaseNotes: Sendable, Equatable {
    /// Prepended to the version to form the step ID, e.g. `"com.example.app.whatsnew."`.
    public var idPrefix: String
    /// The versions that have a what's-new page, ascending.
    public private(set) var versions: [AppVersion]
    /// When an update presents its pages.
    public var policy: ReleaseNotesPolicy
    /// The answer key under which the completed version is stored (as its text, e.g.
    /// `"2.1.0"`); default `idPrefix + "completedVersion"`.
    public var completedVersionKey: String

    /// - Parameters:
    ///   - idPrefix: prepended to the version string to form each page's step ID.
    ///   - versions: the versions with a page, any order (kept sorted, duplicates dropped).
    ///   - policy: when updates present; default major and minor, never on a fresh install, cumulative.
    ///   - completedVersionKey: where the completed version is stored; default `idPrefix + "completedVersion"`.
    public init(
        idPrefix: String, versions: [AppVersion], policy: ReleaseNotesPolicy = ReleaseNotesPolicy(),
        completedVersionKey: String? = nil
    ) {
        self.idPrefix = idPrefix
        self.policy = policy
        self.completedVersionKey = completedVersionKey ?? idPrefix + "completedVersion"
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

    // MARK: - Versioned onboarding

    /// Decides what a launch at `current` shows, from the version that last completed
    /// onboarding. Pure: the records are read through `isRecorded`.
    ///
    /// - No completed version and the first run not finished: a fresh install (also while
    ///   its first run is under way); nothing is shown unless
    ///   ``ReleaseNotesPolicy/presentsOnFreshInstall`` (then the newest page up to
    ///   `current`, if unrecorded).
    /// - No completed version but the first run finished (onboarded before versions were
    ///   recorded): the newest unrecorded page up to `current`.
    /// - `current` equal to or older than `completed`: nothing.
    /// - An update of a kind the policy presents: every unrecorded page in
    ///   `completed < version <= current` (only the newest unless cumulative); of another
    ///   kind: nothing, and the completed version stays so those pages roll into the next
    ///   presented update.
    ///
    /// - Parameters:
    ///   - current: the app's version now.
    ///   - completed: the version that last completed onboarding, if recorded.
    ///   - finishedFirstRun: whether the first-run flow (the welcome and every step other
    ///     than these pages) has a record for each of its IDs.
    ///   - isRecorded: whether a page's step ID has a record (`true` or `false`).
    public func decide(
        current: AppVersion, completed: AppVersion?, finishedFirstRun: Bool, isRecorded: (OnboardingStepID) -> Bool
    ) -> ReleaseNotesDecision {
        let unseen = versions.filter { $0 <= current && !isRecorded(id(for: $0)) }
        var decision = ReleaseNotesDecision(
            current: current, completedVersion: completed, reason: .freshInstall, pages: [], withheld: [],
            versionToRecord: current)
        guard let completed else {
            let newest = versions.last { $0 <= current }
            let shown = newest.map { unseen.contains($0) ? [$0] : [] } ?? []
            if finishedFirstRun {
                decision.reason = .unknownPreviousVersion
                decision.pages = shown
            } else if policy.presentsOnFreshInstall {
                decision.pages = shown
            }
            return decision
        }
        guard let kind = current.update(from: completed) else {
            decision.reason = current == completed ? .sameVersion : .downgrade
            decision.versionToRecord = max(current, completed)
            return decision
        }
        let inRange = unseen.filter { $0 > completed }
        guard policy.presentedUpdates.contains(kind) else {
            decision.reason = .updateNotPresented(kind)
            decision.withheld = inRange
            decision.versionToRecord = completed
            return decision
        }
        decision.reason = .update(kind)
        decision.pages = policy.isCumulative ? inRange : Array(inRange.suffix(1))
        decision.withheld = policy.isCumulative ? [] : Array(inRange.dropLast())
        return decision
    }

    /// ``decide(current:completed:finishedFirstRun:isRecorded:)`` with `flow`'s records:
    /// the completed version from its answer storage; the first run is finished when the
    /// welcome and every step that is not one of these pages has a record (a flow with
    /// nothing else never counts as finished).
    public func decide(current: AppVersion, in flow: OnboardingFlow) -> ReleaseNotesDecision {
        let others = flow.allIDs.filter { version(of: $0) == nil }
        return decide(
            current: current, completed: completedVersion(in: flow),
            finishedFirstRun: !others.isEmpty && others.allSatisfy { flow.value(for: $0) != nil },
            isRecorded: { flow.value(for: $0) != nil })
    }

    /// The steps a flow shows under `decision`: `steps` in their order, without the pages
    /// of versions the decision does not show (the other steps are kept as they are).
    public func select(_ steps: [OnboardingStepConfig], for decision: ReleaseNotesDecision) -> [OnboardingStepConfig] {
        let shown = Set(decision.pages)
        return steps.filter { step in version(of: step.id).map(shown.contains) ?? true }
    }

    /// The version that last completed onboarding, read from `flow`'s answer storage, or
    /// `nil` (none recorded, storage without answers, or text that is not a version).
    public func completedVersion(in flow: OnboardingFlow) -> AppVersion? {
        guard case .option(let text)? = flow.answer(forKey: completedVersionKey) else { return nil }
        return AppVersion(text)
    }

    /// Call when the flow finishes: stores `decision.versionToRecord` as the completed version.
    /// - Throws: ``OnboardingAnswerError`` when the flow's storage cannot hold answers.
    public func recordCompletion(_ decision: ReleaseNotesDecision, in flow: OnboardingFlow) throws {
        try recordCompletion(at: decision.versionToRecord, in: flow)
    }

    /// Stores `version` as the version that completed onboarding.
    /// - Throws: ``OnboardingAnswerError`` when the flow's storage cannot hold answers.
    public func recordCompletion(at version: AppVersion, in flow: OnboardingFlow) throws {
        guard let answers = flow.storage as? any OnboardingAnswerStorage else {
            throw OnboardingAnswerError(
                step: OnboardingStepID(completedVersionKey), reason: "the storage cannot hold answers")
        }
        answers.setAnswer(.option(version.description), for: completedVersionKey)
        flow.refresh()
    }
}
