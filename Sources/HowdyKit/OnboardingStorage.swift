import Foundation

/// Reads and writes one step's tri-state record.
///
/// - `nil`: never recorded. This is the whole mechanism behind adding a step a year
///   later: a returning user has real records for every step that existed when they
///   onboarded, and `nil` for the new one.
/// - `true`: granted, completed or acknowledged.
/// - `false`: declined or skipped.
///
/// A storage is shared by a flow, its views and any extension or background task, so it
/// has reference semantics (a write through one copy is seen through every other) and
/// must be safe to call from any thread.
public protocol OnboardingStorage: Sendable {
    /// The record for `id`, or `nil` when the step was never recorded (or its record was removed).
    func value(for id: OnboardingStepID) -> Bool?
    /// Writes the record for `id`; `nil` removes it, so the step reads as never recorded.
    func setValue(_ value: Bool?, for id: OnboardingStepID)
}

/// Storage that can also keep the answers steps capture (a single-select choice, a
/// commitment value) beside the records, keyed by the step's answer key.
public protocol OnboardingAnswerStorage: OnboardingStorage {
    /// The answer stored under `key`, or `nil` when there is none.
    func answer(for key: String) -> OnboardingAnswer?
    /// Stores `answer` under `key`; `nil` removes it.
    func setAnswer(_ answer: OnboardingAnswer?, for key: String)
}
