import Foundation

/// A step's ID plus two independent flags that decide how the flow treats its record.
///
/// - `isRequired`: the flow is not satisfied (``OnboardingFlow/allRequiredSatisfied``)
///   until this step is recorded `true`. Declining or skipping it records `false`, which
///   answers the step but does not satisfy it.
/// - `isSkippable`: the step may be left unanswered, which counts as declining: leaving
///   it records `false`. A non-skippable step is acknowledge-only (an info screen):
///   there is only one way to leave it, so leaving records `true`. Such a step is
///   normally not required.
///
/// The flags are not part of the ID, so changing them in a later release keeps the
/// user's existing record.
public struct OnboardingStepConfig: Hashable, Codable, Sendable, Identifiable {
    /// The step's stable identity; the storage key for its record.
    public var id: OnboardingStepID
    /// Whether the flow needs this step recorded `true`. Default `false`.
    public var isRequired: Bool
    /// Whether leaving the step unanswered is allowed (and counts as declining). Default `true`.
    public var isSkippable: Bool

    /// - Parameters:
    ///   - id: the step's ID.
    ///   - isRequired: default `false`.
    ///   - isSkippable: default `true`.
    public init(id: OnboardingStepID, isRequired: Bool = false, isSkippable: Bool = true) {
        self.id = id
        self.isRequired = isRequired
        self.isSkippable = isSkippable
    }

    /// The value ``OnboardingFlow/recordIfNeeded(leaving:)`` backfills when the step is
    /// left unanswered: `false` for a skippable step (same as tapping Skip), `true` for an
    /// acknowledge-only step.
    public var valueWhenLeftUnanswered: Bool { !isSkippable }
}
