import Foundation
import Observation

/// Ties a step list (and an optional welcome) to a storage.
///
/// Every property reads the storage, so the storage stays the single source of truth and
/// several flows over one storage agree. Writes made through this flow notify observers
/// (SwiftUI views, `withObservationTracking`); writes made to the storage behind its back
/// (another process, another flow object) are only seen after ``refresh()``.
///
/// Not thread-safe by itself: use one flow from one thread or actor (typically the main
/// actor), which is what the views that render it do anyway.
@Observable
public final class OnboardingFlow {
    /// The steps, in declaration order. Step IDs should be unique: duplicates share one record.
    public let steps: [OnboardingStepConfig]
    /// The welcome the flow tracks but does not page (it is not one of ``steps``), or
    /// `nil` for a flow created without one.
    public let welcomeID: OnboardingStepID?
    /// Where the records live.
    @ObservationIgnored public let storage: any OnboardingStorage
    /// The answer key of each step that captures an answer, by step ID: `clear` and
    /// `reset` remove those answers with the records (see ``OnboardingClearance``).
    public let answerKeys: [OnboardingStepID: String]

    /// Bumped on every write made through this flow. Every computed property reads it, so
    /// observation tracks the records even though they live outside this object.
    private var revision = 0

    /// - Parameters:
    ///   - steps: the steps in the order they are offered.
    ///   - welcome: an optional welcome ID, tracked but not paged.
    ///   - storage: where records are read and written.
    ///   - answerKeys: the answer key of each step that captures an answer (default none).
    public init(
        steps: [OnboardingStepConfig], welcome: OnboardingStepID? = nil, storage: any OnboardingStorage,
        answerKeys: [OnboardingStepID: String] = [:]
    ) {
        self.steps = steps
        self.welcomeID = welcome
        self.storage = storage
        self.answerKeys = answerKeys
    }

    // MARK: - Reading

    /// The tri-state record for `id` (a step or the welcome): `nil` never recorded,
    /// `true` granted/completed/acknowledged, `false` declined/skipped.
    public func value(for id: OnboardingStepID) -> Bool? {
        _ = revision
        return storage.value(for: id)
    }

    /// `true` while the welcome ID is unrecorded; always `false` for a flow without a welcome.
    public var needsWelcome: Bool {
        guard let welcomeID else { return false }
        return value(for: welcomeID) == nil
    }

    /// `true` while the welcome or any step is unrecorded. This one property is the
    /// entire surface a target that only asks "is setup done?" needs.
    public var needsOnboarding: Bool {
        needsWelcome || steps.contains { value(for: $0.id) == nil }
    }

    /// The first unrecorded step in declaration order, or `nil` when every step has a
    /// record. The welcome is never returned here (it is not a step).
    public var nextStepNeeded: OnboardingStepConfig? {
        steps.first { value(for: $0.id) == nil }
    }

    /// `true` when every required step is recorded `true` specifically. Declining a
    /// required step answers it but does not satisfy it. `true` for a flow with no
    /// required steps.
    public var allRequiredSatisfied: Bool {
        steps.allSatisfy { !$0.isRequired || value(for: $0.id) == true }
    }

    /// The config of the step with `id`, or `nil` when `id` is not one of ``steps``.
    public func step(_ id: OnboardingStepID) -> OnboardingStepConfig? {
        steps.first { $0.id == id }
    }

    // MARK: - Writing

    /// Records `value` for `id` (a step or the welcome), replacing any earlier record,
    /// and notifies observers.
    public func record(_ value: Bool, for id: OnboardingStepID) {
        write(value, for: id)
    }

    /// Removes the record for `id`, so it reads as never recorded again (the step is
    /// offered again), and the step's answer (see ``OnboardingClearance``). Notifies observers.
    public func clear(_ id: OnboardingStepID) {
        apply(OnboardingClearance(ids: [id], answerKeys: answerKeys))
    }

    /// Call with a step's config when its view is being left (its own button, or a swipe
    /// past it in a paged container) and it may still be unanswered.
    ///
    /// Writing nothing on a swipe-past would make the step look never seen and show it
    /// again later, so this backfills the step's default exactly once:
    /// `false` for a skippable step (leaving it is the same as tapping Skip), `true` for
    /// a non-skippable, acknowledge-only step. A step that already has a record (a real
    /// answer, or an earlier backfill) is left alone.
    ///
    /// - Returns: the value written, or `nil` when the step already had a record.
    @discardableResult
    public func recordIfNeeded(leaving step: OnboardingStepConfig) -> Bool? {
        guard storage.value(for: step.id) == nil else { return nil }
        let value = step.valueWhenLeftUnanswered
        write(value, for: step.id)
        return value
    }

    /// Records `true` for every unanswered step `isSatisfied` reports as already
    /// satisfied outside the flow (a permission the OS already granted). Answered steps
    /// are left alone (and the closure is not asked about them); the welcome is not a
    /// step and is never reconciled. Observers are notified only when something is recorded.
    ///
    /// - Returns: the IDs recorded, in declaration order.
    @discardableResult
    public func reconcile(isSatisfied: (OnboardingStepConfig) -> Bool) -> [OnboardingStepID] {
        var recorded: [OnboardingStepID] = []
        for step in steps where storage.value(for: step.id) == nil && isSatisfied(step) {
            storage.setValue(true, for: step.id)
            recorded.append(step.id)
        }
        if !recorded.isEmpty { revision &+= 1 }
        return recorded
    }

    /// Clears every step's record and the welcome's, and the steps' answers, so the whole
    /// flow is offered again. Records and answers of IDs that are not part of this flow are
    /// untouched.
    public func reset() {
        apply(OnboardingClearance(ids: allIDs, answerKeys: answerKeys))
    }

    /// Removes what `clearance` names from the storage (answers only when the storage holds
    /// them) and notifies observers once.
    public func apply(_ clearance: OnboardingClearance) {
        for id in clearance.ids { storage.setValue(nil, for: id) }
        if let answers = storage as? any OnboardingAnswerStorage {
            for key in clearance.answerKeys { answers.setAnswer(nil, for: key) }
        }
        revision &+= 1
    }

    /// Notifies observers that the storage may have changed behind this flow's back
    /// (another process, another flow over the same storage).
    public func refresh() {
        revision &+= 1
    }

    /// The welcome ID (if any) followed by every step ID.
    public var allIDs: [OnboardingStepID] {
        (welcomeID.map { [$0] } ?? []) + steps.map(\.id)
    }

    /// Registers the caller's observation of this flow's writes, for readers of state that
    /// lives in the storage but not in a record (answers).
    func observeWrites() {
        _ = revision
    }

    private func write(_ value: Bool?, for id: OnboardingStepID) {
        storage.setValue(value, for: id)
        revision &+= 1
    }
}
