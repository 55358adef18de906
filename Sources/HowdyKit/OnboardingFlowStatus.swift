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
        /// The version a what's-new page belongs to; `nil` for other steps and the welcome.
        public var releaseVersion: AppVersion? = nil
        /// Whether the flow offers this entry: `false` for what's-new pages the app version
        /// (or its absence) does not show.
        public var isInFlow: Bool = true
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
    /// What a launch at the given app version shows of the spec's what's-new pages, and
    /// why; `nil` without an app version or without `whatsNew` in the spec.
    public var releaseDecision: ReleaseNotesDecision?

    /// Computes the state of `spec`'s flow from `contents`, one consistent snapshot.
    /// - Parameters:
    ///   - spec: the flow whose steps are reported.
    ///   - contents: what the store holds (``OnboardingStoreContents``), read once.
    ///   - appVersion: the app version to decide the what's-new pages for; without one
    ///     they are left out of the flow (the first-run flow).
    public init(spec: OnboardingFlowSpec, contents: OnboardingStoreContents, appVersion: AppVersion? = nil) {
        let storage = InMemoryOnboardingStorage(records: contents.records, answers: contents.answers)
        let flow = appVersion.map { spec.makeFlow(storage: storage, appVersion: $0) } ?? spec.makeFlow(storage: storage)
        releaseDecision = appVersion.flatMap { spec.releaseDecision(appVersion: $0, storage: storage) }
        let inFlow = Set(flow.steps.map(\.id))
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
                    value: flow.value(for: step.id), releaseVersion: spec.releaseNotes?.version(of: step.id),
                    isInFlow: inFlow.contains(step.id)))
        }
        self.entries = entries
        answers = contents.answers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let known = Set(spec.allIDs)
        unknownRecords = contents.records.filter { !known.contains($0.key) }.sorted { $0.key < $1.key }.map {
            ($0.key, $0.value)
        }
        var problems = contents.problems
        if let key = spec.releaseNotes?.completedVersionKey, let stored = contents.answer(for: key) {
            var isVersion = false
            if case .option(let text) = stored { isVersion = AppVersion(text) != nil }
            if !isVersion {
                problems.append(
                    "answers[\(JSONValue.string(key))]: expected a version like \"2.1.0\", got \(JSONValue.string(stored.description)) (treated as no completed version)"
                )
            }
        }
        self.problems = problems
    }

    /// Equality as described on the type.
    public static func == (lhs: OnboardingFlowStatus, rhs: OnboardingFlowStatus) -> Bool {
        lhs.needsOnboarding == rhs.needsOnboarding && lhs.needsWelcome == rhs.needsWelcome
            && lhs.nextStep == rhs.nextStep
            && lhs.allRequiredSatisfied == rhs.allRequiredSatisfied && lhs.entries == rhs.entries
            && lhs.answers.elementsEqual(rhs.answers) { $0 == $1 }
            && lhs.unknownRecords.elementsEqual(rhs.unknownRecords) { $0 == $1 }
            && lhs.problems == rhs.problems && lhs.releaseDecision == rhs.releaseDecision
    }

    /// The state as a JSON object: `needsOnboarding`, `needsWelcome`, `nextStep` (or null),
    /// `allRequiredSatisfied`, `records` (array of `{id, kind, required, skippable, value}`,
    /// plus `whatsNew` (the version) and `inFlow` for what's-new pages), `answers`,
    /// `unknownRecords`, `problems`, and `whatsNew` (``ReleaseNotesDecision/json``) when
    /// an app version was given and the spec has `whatsNew`.
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
        var object: [String: JSONValue] = [
            "needsOnboarding": .bool(needsOnboarding),
            "needsWelcome": .bool(needsWelcome),
            "nextStep": nextStep.map { .string($0.rawValue) } ?? .null,
            "allRequiredSatisfied": .bool(allRequiredSatisfied),
            "records": .array(
                entries.map { entry in
                    var record: [String: JSONValue] = [
                        "id": .string(entry.id.rawValue),
                        "kind": .string(entry.role),
                        "required": .bool(entry.isRequired),
                        "skippable": .bool(entry.isSkippable),
                        "value": entry.value.map { .bool($0) } ?? .null,
                    ]
                    if let version = entry.releaseVersion {
                        record["whatsNew"] = .string(version.description)
                        record["inFlow"] = .bool(entry.isInFlow)
                    }
                    return .object(record)
                }),
            "answers": .object(answers),
            "unknownRecords": .object(unknown),
            "problems": .array(problems.map { .string($0) }),
        ]
        if let releaseDecision { object["whatsNew"] = releaseDecision.json }
        return .object(object)
    }
}
