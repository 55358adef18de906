import Foundation

/// A flow's state read from one snapshot of a store: what `howdy flow status` prints,
/// available to any tool that wants the same answer without the command line.
public struct OnboardingFlowStatus: Equatable, Sendable {
    /// One record line: the welcome or a step, with its flags and record.
    public struct Entry: Equatable, Sendable {
        /// The step or welcome ID.
        public var id: OnboardingStepID
        /// `"welcome"`, or the step's kind name (`"feature"`, `"permission"`...).
        public var role: String
        /// True for a required step.
        public var isRequired: Bool
        /// False for a step that cannot be skipped.
        public var isSkippable: Bool
        /// The record: `nil` never recorded.
        public var value: Bool?
    }

    /// See `OnboardingFlow.needsOnboarding`.
    public var needsOnboarding: Bool
    /// See `OnboardingFlow.needsWelcome`.
    public var needsWelcome: Bool
    /// The first unrecorded step, or `nil`.
    public var nextStep: OnboardingStepID?
    /// See `OnboardingFlow.allRequiredSatisfied`.
    public var allRequiredSatisfied: Bool
    /// The welcome (if any) then every step, in spec order.
    public var entries: [Entry]
    /// Every well-formed answer, sorted by key.
    public var answers: [(key: String, answer: OnboardingAnswer)]
    /// Boolean records whose ID is neither the spec's welcome nor one of its steps
    /// (another flow's, or a step since removed): kept in the store and reported here.
    public var unknownRecords: [(id: OnboardingStepID, value: Bool)]
    /// Values in the store that are kept but not understood (see ``OnboardingStoreContents/problems``).
    public var problems: [String]

    /// Computes the state of `spec`'s flow from `contents`, one consistent snapshot.
    public init(spec: OnboardingFlowSpec, contents: OnboardingStoreContents) {
        let flow = spec.makeFlow(storage: InMemoryOnboardingStorage(records: contents.records))
        needsOnboarding = flow.needsOnboarding
        needsWelcome = flow.needsWelcome
        nextStep = flow.nextStepNeeded?.id
        allRequiredSatisfied = flow.allRequiredSatisfied
        var entries: [Entry] = []
        if let welcome = spec.welcome {
            entries.append(
                Entry(
                    id: welcome, role: "welcome", isRequired: false, isSkippable: false, value: flow.value(for: welcome)
                ))
        }
        for step in spec.steps {
            entries.append(
                Entry(
                    id: step.id, role: step.kind.name, isRequired: step.isRequired, isSkippable: step.isSkippable,
                    value: flow.value(for: step.id)))
        }
        self.entries = entries
        answers = contents.answers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let known = Set(spec.allIDs)
        unknownRecords = contents.records.filter { !known.contains($0.key) }.sorted { $0.key < $1.key }.map {
            ($0.key, $0.value)
        }
        problems = contents.problems
    }

    /// Equality as described on the type.
    public static func == (lhs: OnboardingFlowStatus, rhs: OnboardingFlowStatus) -> Bool {
        lhs.needsOnboarding == rhs.needsOnboarding && lhs.needsWelcome == rhs.needsWelcome
            && lhs.nextStep == rhs.nextStep
            && lhs.allRequiredSatisfied == rhs.allRequiredSatisfied && lhs.entries == rhs.entries
            && lhs.answers.elementsEqual(rhs.answers) { $0 == $1 }
            && lhs.unknownRecords.elementsEqual(rhs.unknownRecords) { $0 == $1 }
            && lhs.problems == rhs.problems
    }

    /// The state as a JSON object: `needsOnboarding`, `needsWelcome`, `nextStep` (or null),
    /// `allRequiredSatisfied`, `records` (array of `{id, kind, required, skippable, value}`),
    /// `answers`, `unknownRecords`, `problems`.
    public var json: JSONValue {
        var answers: [String: JSONValue] = [:]
        for (key, answer) in self.answers {
            switch answer {
            case .option(let id): answers[key] = .string(id)
            case .number(let number): answers[key] = .number(number)
            }
        }
        var unknown: [String: JSONValue] = [:]
        for record in unknownRecords { unknown[record.id.rawValue] = .bool(record.value) }
        return .object([
            "needsOnboarding": .bool(needsOnboarding),
            "needsWelcome": .bool(needsWelcome),
            "nextStep": nextStep.map { .string($0.rawValue) } ?? .null,
            "allRequiredSatisfied": .bool(allRequiredSatisfied),
            "records": .array(
                entries.map { entry in
                    .object([
                        "id": .string(entry.id.rawValue),
                        "kind": .string(entry.role),
                        "required": .bool(entry.isRequired),
                        "skippable": .bool(entry.isSkippable),
                        "value": entry.value.map { .bool($0) } ?? .null,
                    ])
                }),
            "answers": .object(answers),
            "unknownRecords": .object(unknown),
            "problems": .array(problems.map { .string($0) }),
        ])
    }
}
