import Foundation

/// Why an answer could not be captured.
public struct OnboardingAnswerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The step whose answer was refused.
    public var step: OnboardingStepID
    /// Why, e.g. `z is not one of the options (a, b)`.
    public var reason: String

    /// A readable form for messages and logs.
    public var description: String { "\(step): \(reason)" }
}

extension OnboardingFlow {
    /// Captures a step's answer under its answer key (``StepSpec/answerKey``) beside the
    /// records, then records `value` for the step. The answer is checked first, so nothing
    /// is written for an invalid one.
    /// - Throws: ``OnboardingAnswerError`` when `answer` is not one the step can capture
    ///   (unknown option, value outside the range, a kind that captures nothing), or when
    ///   the flow's storage cannot hold answers.
    public func record(_ value: Bool = true, answer: OnboardingAnswer, for step: StepSpec) throws {
        if let problem = step.problem(with: answer) {
            throw OnboardingAnswerError(step: step.id, reason: problem)
        }
        guard let answers = storage as? any OnboardingAnswerStorage else {
            throw OnboardingAnswerError(step: step.id, reason: "the storage cannot hold answers")
        }
        answers.setAnswer(answer, for: step.answerKey)
        record(value, for: step.id)
    }

    /// The answer captured for `step`, or `nil` (none yet, or storage without answers).
    public func answer(for step: StepSpec) -> OnboardingAnswer? {
        answer(forKey: step.answerKey)
    }

    /// The answer stored under `key`, or `nil`.
    public func answer(forKey key: String) -> OnboardingAnswer? {
        observeWrites()
        return (storage as? any OnboardingAnswerStorage)?.answer(for: key)
    }
}
