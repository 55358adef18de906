import Foundation
import HowdyJSON

/// The steps part of a flow spec file, shared with the UI layer.
///
/// ```json
/// {
///   "id": "com.example.app.onboarding",
///   "welcome": "com.example.app.welcome",
///   "steps": [
///     { "id": "com.example.app.intro", "kind": "feature", "title": "Welcome", "icon": "sparkles" },
///     { "id": "com.example.app.goal", "kind": "singleSelect", "key": "goal", "title": "What's your goal?",
///       "options": [{ "id": "a", "label": "Get fit", "emoji": "💪" }] },
///     { "id": "com.example.app.push", "kind": "permission", "required": true, "permission": "notifications" }
///   ]
/// }
/// ```
///
/// - `id`: optional name of the flow (tools may use it, e.g. as a key prefix).
/// - `welcome`: optional. Either the welcome's ID as a string, or an object with an
///   `id` plus content fields (which belong to the UI layer and are ignored here).
/// - `steps`: required, in order; see ``StepSpec``.
/// - `whatsNew`: optional versioned onboarding (see ``ReleaseNotes``):
///   `{ "idPrefix": "com.example.app.whatsnew.", "present": ["major", "minor"],
///   "onFreshInstall": false, "cumulative": true, "completedVersionKey": KEY }`; only
///   `idPrefix` is required, the rest default as shown (the key to `idPrefix +
///   "completedVersion"`). Every step whose ID is `idPrefix` followed by a version
///   (`com.example.app.whatsnew.2.1`) is that version's what's-new page: it is left out of
///   the first-run flow and shown only when ``releaseDecision(appVersion:storage:)`` picks it.
///
/// Top-level keys this type does not know (`theme`, `routes`, `render`...) are ignored, so
/// one file serves both this layer and the UI layer.
public struct OnboardingFlowSpec: Codable, Equatable, Sendable {
    /// The flow's name, if the file gives one.
    public var id: String?
    /// The welcome's ID, whichever form the file used.
    public var welcome: OnboardingStepID?
    /// The steps, in the order they are offered (what's-new pages included).
    public var steps: [StepSpec]
    /// The `whatsNew` section: its versions are those of the steps named `idPrefix +
    /// version`; `nil` when the spec has none.
    public var releaseNotes: ReleaseNotes?

    /// A spec in code (it is not validated until ``validate()``).
    public init(
        id: String? = nil, welcome: OnboardingStepID? = nil, steps: [StepSpec], releaseNotes: ReleaseNotes? = nil
    ) {
        self.id = id
        self.welcome = welcome
        self.steps = steps
        self.releaseNotes = releaseNotes
    }

    /// The storage-layer configs, in order (what's-new pages included).
    public var stepConfigs: [OnboardingStepConfig] { steps.map(\.config) }

    /// The steps of the first-run flow: every step except what's-new pages.
    public var firstRunStepConfigs: [OnboardingStepConfig] {
        guard let releaseNotes else { return stepConfigs }
        return stepConfigs.filter { releaseNotes.version(of: $0.id) == nil }
    }

    /// The welcome ID (if any) followed by every step ID.
    public var allIDs: [OnboardingStepID] { (welcome.map { [$0] } ?? []) + steps.map(\.id) }

    /// The step with `id`, or `nil` (also for the welcome, which is not a step).
    public func step(_ id: OnboardingStepID) -> StepSpec? {
        steps.first { $0.id == id }
    }

    /// A flow over `storage` with this spec's welcome and steps, what's-new pages left out
    /// (they need an app version: ``makeFlow(storage:appVersion:)``).
    public func makeFlow(storage: any OnboardingStorage) -> OnboardingFlow {
        OnboardingFlow(steps: firstRunStepConfigs, welcome: welcome, storage: storage, answerKeys: answerKeys)
    }

    /// What a launch at `appVersion` shows of the `whatsNew` pages, from `storage`'s records
    /// and completed version; `nil` when the spec has no `whatsNew`.
    public func releaseDecision(appVersion: AppVersion, storage: any OnboardingStorage) -> ReleaseNotesDecision? {
        guard let releaseNotes else { return nil }
        let all = OnboardingFlow(steps: stepConfigs, welcome: welcome, storage: storage, answerKeys: answerKeys)
        return releaseNotes.decide(current: appVersion, in: all)
    }

    /// A flow over `storage` as a launch at `appVersion` runs it: the first-run steps plus
    /// the what's-new pages ``releaseDecision(appVersion:storage:)`` picks, in spec order.
    public func makeFlow(storage: any OnboardingStorage, appVersion: AppVersion) -> OnboardingFlow {
        guard let releaseNotes, let decision = releaseDecision(appVersion: appVersion, storage: storage) else {
            return makeFlow(storage: storage)
        }
        return OnboardingFlow(
            steps: releaseNotes.select(stepConfigs, for: decision), welcome: welcome, storage: storage,
            answerKeys: answerKeys)
    }

    // MARK: - Reading

    /// Decodes and validates a spec.
    /// - Throws: ``SpecError`` naming the JSON path of the first problem.
    public static func decode(_ data: Data) throws(SpecError) -> OnboardingFlowSpec {
        // The strict reader refuses what Foundation's accepts (a trailing comma, a repeated
        // key, a lone surrogate), each with a JSON path, line and column.
        try decode(value: StrictJSON.parse(data))
    }

    /// Decodes and validates a spec already read by ``StrictJSON``: a file is parsed once,
    /// and HowdyKitUI's ``FlowDocument`` hands its value here.
    /// - Throws: ``SpecError`` naming the JSON path of the first problem.
    package static func decode(value: JSONValue) throws(SpecError) -> OnboardingFlowSpec {
        let spec: OnboardingFlowSpec
        do {
            spec = try JSONTreeDecoder.decode(OnboardingFlowSpec.self, from: value.json)
        } catch {
            throw SpecError.from(error)
        }
        try spec.validate()
        return spec
    }

    /// Reads, decodes and validates the spec file at `url`.
    /// - Throws: ``SpecError``; a file that cannot be read is reported at the root with its path.
    public static func load(contentsOf url: URL) throws(SpecError) -> OnboardingFlowSpec {
        let data = try StrictJSON.readFile(url)
        return try decode(data)
    }

    /// Checks what decoding cannot: unique non-empty IDs (welcome included), unique answer
    /// keys, at least one option with unique IDs per single-select step, and a sane
    /// commitment (finite, `min <= max`, `step > 0`, default inside the range).
    /// - Throws: ``SpecError`` for the first problem, in file order.
    public func validate() throws(SpecError) {
        var seen: [OnboardingStepID: String] = [:]
        if let welcome {
            if welcome.rawValue.isEmpty { throw SpecError(path: "welcome", message: "expected a non-empty ID") }
            seen[welcome] = "welcome"
        }
        var answerKeys: [String: String] = [:]
        for (index, step) in steps.enumerated() {
            let path = SpecError.child("steps", index)
            if step.id.rawValue.isEmpty {
                throw SpecError(path: path + ".id", message: "expected a non-empty ID")
            }
            if let other = seen[step.id] {
                throw SpecError(
                    path: path + ".id", message: "duplicate ID \(JSONValue.string(step.id.rawValue)) (also at \(other))"
                )
            }
            seen[step.id] = path
            if step.kind.capturesAnswer {
                if let other = answerKeys[step.answerKey] {
                    throw SpecError(
                        path: path + (step.key == nil ? ".id" : ".key"),
                        message: "duplicate answer key \(JSONValue.string(step.answerKey)) (also used by \(other))")
                }
                answerKeys[step.answerKey] = path
            }
            try Self.validate(step.kind, at: path)
        }
        try validateReleaseNotes(answerKeys: answerKeys)
    }

    /// Checks the `whatsNew` section: a non-empty prefix, a version after the prefix in
    /// every step ID that has it, one page per version, a completed-version key that is no
    /// step's answer key.
    private func validateReleaseNotes(answerKeys: [String: String]) throws(SpecError) {
        guard let releaseNotes else { return }
        if releaseNotes.idPrefix.isEmpty {
            throw SpecError(path: "whatsNew.idPrefix", message: "expected a non-empty prefix")
        }
        var pages: [AppVersion: String] = [:]
        for (index, step) in steps.enumerated() where step.id.rawValue.hasPrefix(releaseNotes.idPrefix) {
            let path = SpecError.child("steps", index) + ".id"
            guard let version = releaseNotes.version(of: step.id) else {
                throw SpecError(
                    path: path,
                    message:
                        "\(JSONValue.string(step.id.rawValue)) starts with the whatsNew prefix \(JSONValue.string(releaseNotes.idPrefix)) but no version like 2.1 follows it"
                )
            }
            if let other = pages[version] {
                throw SpecError(
                    path: path, message: "a second what's-new page for version \(version) (also at \(other))")
            }
            pages[version] = path
        }
        if let other = answerKeys[releaseNotes.completedVersionKey] {
            throw SpecError(
                path: "whatsNew.completedVersionKey",
                message:
                    "\(JSONValue.string(releaseNotes.completedVersionKey)) is also the answer key of \(other); pick another key"
            )
        }
    }

    private static func validate(_ kind: StepKind, at path: String) throws(SpecError) {
        switch kind {
        case .singleSelect(let options):
            if options.isEmpty { throw SpecError(path: path + ".options", message: "expected at least one option") }
            var ids: [String: Int] = [:]
            for (index, option) in options.enumerated() {
                let optionPath = SpecError.child(path + ".options", index)
                if option.id.isEmpty { throw SpecError(path: optionPath + ".id", message: "expected a non-empty ID") }
                if let other = ids[option.id] {
                    throw SpecError(
                        path: optionPath + ".id",
                        message:
                            "duplicate option ID \(JSONValue.string(option.id)) (also at \(path).options[\(other)])")
                }
                ids[option.id] = index
            }
        case .commitment(let c):
            guard c.lowerBound.isFinite, c.upperBound.isFinite, c.lowerBound <= c.upperBound else {
                throw SpecError(path: path + ".range", message: "expected [min, max] with min <= max")
            }
            // The slider divides by max - min: a span past the largest finite number has no position.
            guard (c.upperBound - c.lowerBound).isFinite else {
                throw SpecError(path: path + ".range", message: "expected max - min to be a finite number")
            }
            guard c.step.isFinite, c.step > 0 else {
                throw SpecError(path: path + ".step", message: "expected a positive number")
            }
            guard c.defaultValue >= c.lowerBound, c.defaultValue <= c.upperBound else {
                throw SpecError(
                    path: path + ".default",
                    message:
                        "expected a number in \(OnboardingAnswer.format(c.lowerBound))...\(OnboardingAnswer.format(c.upperBound))"
                )
            }
        case .paywall(let plans):
            var ids: Set<String> = []
            for (index, plan) in plans.enumerated() where !ids.insert(plan.id).inserted {
                throw SpecError(
                    path: SpecError.child(path + ".plans", index) + ".id",
                    message: "duplicate plan ID \(JSONValue.string(plan.id))")
            }
        case .feature, .building, .permission, .custom:
            break
        }
    }

    // MARK: - Codable

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, welcome, steps, whatsNew
    }

    /// The keys a `whatsNew` object may have (for `howdy schema`).
    package static var whatsNewKeys: [String] { WhatsNewObject.CodingKeys.allCases.map(\.rawValue) }

    /// The `whatsNew` object as written in the file.
    /// Unknown keys are errors here (a misspelt policy field would silently fall back to its default).
    private struct WhatsNewObject: Codable {
        var idPrefix: String
        var present: [AppVersion.UpdateKind]?
        var onFreshInstall: Bool?
        var cumulative: Bool?
        var completedVersionKey: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case idPrefix, present, onFreshInstall, cumulative, completedVersionKey
        }

        init(
            idPrefix: String, present: [AppVersion.UpdateKind]?, onFreshInstall: Bool?, cumulative: Bool?,
            completedVersionKey: String?
        ) {
            self.idPrefix = idPrefix
            self.present = present
            self.onFreshInstall = onFreshInstall
            self.cumulative = cumulative
            self.completedVersionKey = completedVersionKey
        }

        init(from decoder: any Decoder) throws {
            let any = try decoder.container(keyedBy: AnyKey.self)
            let known = CodingKeys.allCases.map(\.rawValue)
            for key in any.allKeys where !known.contains(key.stringValue) {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: any, debugDescription: "unknown key (expected \(known.joined(separator: ", ")))")
            }
            let c = try decoder.container(keyedBy: CodingKeys.self)
            idPrefix = try c.decode(String.self, forKey: .idPrefix)
            present = try c.decodeIfPresent([AppVersion.UpdateKind].self, forKey: .present)
            onFreshInstall = try c.decodeIfPresent(Bool.self, forKey: .onFreshInstall)
            cumulative = try c.decodeIfPresent(Bool.self, forKey: .cumulative)
            completedVersionKey = try c.decodeIfPresent(String.self, forKey: .completedVersionKey)
        }
    }

    /// Any key of an object, to find the ones a type does not know.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The object form of `welcome`: only its `id` matters here.
    private struct WelcomeObject: Decodable {
        var id: OnboardingStepID
    }

    /// Decodes the value from its JSON form (described on the type).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        // Type probes for the forms `welcome` may take; a value of no form throws below.
        if (try? c.decodeNil(forKey: .welcome)) ?? true {
            welcome = nil
        } else if let text = try? c.decode(String.self, forKey: .welcome) {
            welcome = OnboardingStepID(text)
        } else if let object = try? c.decode(JSONValue.self, forKey: .welcome), case .object = object {
            // Decoded again for the error: a missing or non-string id gets its own path.
            welcome = try c.decode(WelcomeObject.self, forKey: .welcome).id
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: .welcome, in: c, debugDescription: "expected a string ID or an object with an \"id\"")
        }
        steps = try c.decode([StepSpec].self, forKey: .steps)
        if let object = try c.decodeIfPresent(WhatsNewObject.self, forKey: .whatsNew) {
            let prefix = object.idPrefix
            let versions = steps.compactMap { step -> AppVersion? in
                guard step.id.rawValue.hasPrefix(prefix) else { return nil }
                return AppVersion(String(step.id.rawValue.dropFirst(prefix.count)))
            }
            let defaults = ReleaseNotesPolicy()
            releaseNotes = ReleaseNotes(
                idPrefix: prefix, versions: versions,
                policy: ReleaseNotesPolicy(
                    presentedUpdates: object.present.map(Set.init) ?? defaults.presentedUpdates,
                    presentsOnFreshInstall: object.onFreshInstall ?? defaults.presentsOnFreshInstall,
                    isCumulative: object.cumulative ?? defaults.isCumulative),
                completedVersionKey: object.completedVersionKey)
        }
    }

    /// Encodes the value in its JSON form (described on the type).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(welcome, forKey: .welcome)
        try c.encode(steps, forKey: .steps)
        if let releaseNotes {
            try c.encode(
                WhatsNewObject(
                    idPrefix: releaseNotes.idPrefix, present: releaseNotes.policy.presentedUpdates.sorted(),
                    onFreshInstall: releaseNotes.policy.presentsOnFreshInstall,
                    cumulative: releaseNotes.policy.isCumulative,
                    completedVersionKey: releaseNotes.completedVersionKey),
                forKey: .whatsNew)
        }
    }
}
