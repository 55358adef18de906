import Foundation

/// What clearing steps removes, defined once for ``OnboardingFlow`` (`clear`, `reset`),
/// ``OnboardingStoreContents`` and `howdy flow clear`/`reset`: the records of the steps
/// (and the welcome), and the answers of those that capture one.
///
/// Clearing a step drops its answer: a step offered again starts unanswered, and a stored
/// answer never outlives its step's record (later screens would otherwise be personalised
/// from a choice the user is about to make again). Records and answers of IDs outside the
/// cleared set are untouched.
public struct OnboardingClearance: Equatable, Sendable {
    /// The records removed.
    public var ids: [OnboardingStepID]
    /// The answer keys removed (those of `ids` that capture an answer).
    public var answerKeys: [String]

    /// Clears `ids`, with the answer key of each capturing step in `answerKeys` (by step ID).
    public init(ids: [OnboardingStepID], answerKeys: [OnboardingStepID: String]) {
        self.ids = ids
        var seen: Set<String> = []
        self.answerKeys = ids.compactMap { answerKeys[$0] }.filter { seen.insert($0).inserted }
    }
}

extension OnboardingFlowSpec {
    /// The answer key of every step that captures an answer, by step ID.
    public var answerKeys: [OnboardingStepID: String] {
        Dictionary(
            steps.filter(\.kind.capturesAnswer).map { ($0.id, $0.answerKey) }, uniquingKeysWith: { first, _ in first })
    }

    /// What clearing `id` (a step or the welcome) removes: its record and its answer.
    public func clearance(of id: OnboardingStepID) -> OnboardingClearance {
        OnboardingClearance(ids: [id], answerKeys: answerKeys)
    }

    /// What a reset removes: the records and answers of the welcome and every step.
    public var resetClearance: OnboardingClearance {
        OnboardingClearance(ids: allIDs, answerKeys: answerKeys)
    }
}

extension OnboardingStoreContents {
    /// Removes what `clearance` names.
    public mutating func apply(_ clearance: OnboardingClearance) {
        for id in clearance.ids { setRecord(nil, for: id) }
        for key in clearance.answerKeys { setAnswer(nil, for: key) }
    }

    /// Records `value` for `id`, and `answer` (when given) under the step's answer key.
    /// - Throws: ``OnboardingAnswerError`` when `id` is not a step of `spec` that captures
    ///   answers, or `answer` is not one it can capture; nothing is changed then.
    public mutating func record(
        _ value: Bool, answer: OnboardingAnswer? = nil, for id: OnboardingStepID, in spec: OnboardingFlowSpec
    ) throws(OnboardingAnswerError) {
        if let answer {
            guard let step = spec.step(id) else {
                throw OnboardingAnswerError(step: id, reason: "not a step of the flow, so it captures no answer")
            }
            if let problem = step.problem(with: answer) { throw OnboardingAnswerError(step: id, reason: problem) }
            setAnswer(answer, for: step.answerKey)
        }
        setRecord(value, for: id)
    }
}

extension StepSpec {
    /// The answer `text` stands for in this step: a number for a commitment step, an
    /// option ID for a single-select step, checked against the step (known option, value
    /// inside the range).
    /// - Throws: ``OnboardingAnswerError`` for a step that captures no answer, text that
    ///   is not a finite number for a commitment step, or an answer the step refuses.
    public func answer(parsing text: String) throws(OnboardingAnswerError) -> OnboardingAnswer {
        let answer: OnboardingAnswer
        switch kind {
        case .commitment:
            guard let number = Double(text), number.isFinite else {
                throw OnboardingAnswerError(step: id, reason: "expected a number, got \(JSONValue.string(text))")
            }
            answer = .number(number)
        case .singleSelect:
            answer = .option(text)
        default:
            throw OnboardingAnswerError(
                step: id, reason: "a \(kind.name) step captures no answer (only singleSelect and commitment steps do)")
        }
        if let problem = problem(with: answer) { throw OnboardingAnswerError(step: id, reason: problem) }
        return answer
    }
}
