import Foundation

/// One step of a flow spec, as written in the spec file.
///
/// Common fields: `id` (required), `kind` (required), `required` (default `false`),
/// `skippable` (default `true`), `key` (answer key, default the ID), and the content
/// fields `title`, `headline`, `body`, `icon` (all optional). Kind fields:
///
/// | kind | fields |
/// | --- | --- |
/// | `feature` | none |
/// | `singleSelect` | `options: [{id, label, emoji?}]` (at least one) |
/// | `commitment` | `range: [min, max]`, `step` (default 1), `unit` (default ""), `default` (default min) |
/// | `building` | `messages: [string]` (default empty) |
/// | `permission` | `permission`, `details`, `deniedDetails` (all optional) |
/// | `paywall` | `plans: [{id, title, price?, period?}]` (default empty) |
/// | `custom` | `content`: a tree of layout nodes (required; read by HowdyKitUI) |
///
/// Keys this type does not know are ignored, so the UI layer can add its own per-step
/// fields to the same objects.
public struct StepSpec: Codable, Equatable, Sendable, Identifiable {
    /// The step's ID; unique in the spec (the welcome's included).
    public var id: OnboardingStepID
    /// What the step is, with its kind-specific fields.
    public var kind: StepKind
    /// `required` in the file.
    public var isRequired: Bool
    /// `skippable` in the file.
    public var isSkippable: Bool
    /// `key` in the file: where the step's answer is stored; `nil` means the ID.
    public var key: String?
    /// The header title (balanced by the UI layer).
    public var title: String?
    /// The line under the title.
    public var headline: String?
    /// The step's own paragraph.
    public var body: String?
    /// An icon name; what it names is up to the renderer.
    public var icon: String?

    /// A step in code; the defaults match the file format's.
    public init(
        id: OnboardingStepID, kind: StepKind, isRequired: Bool = false, isSkippable: Bool = true,
        key: String? = nil, title: String? = nil, headline: String? = nil, body: String? = nil, icon: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.isRequired = isRequired
        self.isSkippable = isSkippable
        self.key = key
        self.title = title
        self.headline = headline
        self.body = body
        self.icon = icon
    }

    /// The storage-layer view of this step.
    public var config: OnboardingStepConfig {
        OnboardingStepConfig(id: id, isRequired: isRequired, isSkippable: isSkippable)
    }

    /// Where this step's answer is stored: `key`, or the ID's raw value.
    public var answerKey: String { key ?? id.rawValue }

    /// Checks that `answer` is one this step can capture: a known option ID for a
    /// single-select step, a number inside the range for a commitment step.
    /// - Returns: why not, or `nil` when it is acceptable.
    public func problem(with answer: OnboardingAnswer) -> String? {
        switch (kind, answer) {
        case (.singleSelect(let options), .option(let id)):
            return options.contains { $0.id == id }
                ? nil : "\(id) is not one of the options (\(options.map(\.id).joined(separator: ", ")))"
        case (.commitment(let commitment), .number(let value)):
            return value >= commitment.lowerBound && value <= commitment.upperBound
                ? nil
                : "\(OnboardingAnswer.format(value)) is outside \(OnboardingAnswer.format(commitment.lowerBound))...\(OnboardingAnswer.format(commitment.upperBound))"
        case (.singleSelect, .number):
            return "expected an option ID, got a number"
        case (.commitment, .option(let text)):
            return "expected a number, got \(JSONValue.string(text))"
        default:
            return "a \(kind.name) step captures no answer"
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, kind, required, skippable, key, title, headline, body, icon
        case options, range, step, unit, `default`, messages, permission, details, deniedDetails, plans, content
    }

    /// Decodes the value from its JSON form (described on the type).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(OnboardingStepID.self, forKey: .id)
        isRequired = try c.decodeIfPresent(Bool.self, forKey: .required) ?? false
        isSkippable = try c.decodeIfPresent(Bool.self, forKey: .skippable) ?? true
        key = try c.decodeIfPresent(String.self, forKey: .key)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        headline = try c.decodeIfPresent(String.self, forKey: .headline)
        body = try c.decodeIfPresent(String.self, forKey: .body)
        icon = try c.decodeIfPresent(String.self, forKey: .icon)
        let kindName = try c.decode(String.self, forKey: .kind)
        switch kindName {
        case "feature":
            kind = .feature
        case "singleSelect":
            kind = .singleSelect(options: try c.decode([SelectOption].self, forKey: .options))
        case "commitment":
            let range = try c.decode([Double].self, forKey: .range)
            guard range.count == 2 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .range, in: c, debugDescription: "expected [min, max], got \(range.count) numbers")
            }
            kind = .commitment(
                Commitment(
                    lowerBound: range[0], upperBound: range[1],
                    step: try c.decodeIfPresent(Double.self, forKey: .step) ?? 1,
                    unit: try c.decodeIfPresent(String.self, forKey: .unit) ?? "",
                    defaultValue: try c.decodeIfPresent(Double.self, forKey: .default)))
        case "building":
            kind = .building(messages: try c.decodeIfPresent([String].self, forKey: .messages) ?? [])
        case "permission":
            kind = .permission(
                PermissionSpec(
                    permission: try c.decodeIfPresent(String.self, forKey: .permission),
                    details: try c.decodeIfPresent(String.self, forKey: .details),
                    deniedDetails: try c.decodeIfPresent(String.self, forKey: .deniedDetails)))
        case "paywall":
            kind = .paywall(plans: try c.decodeIfPresent([PaywallPlan].self, forKey: .plans) ?? [])
        case "custom":
            kind = .custom(content: try c.decode(JSONValue.self, forKey: .content))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c,
                debugDescription:
                    "expected one of \(StepKind.names.joined(separator: ", ")), got \(JSONValue.string(kindName))")
        }
    }

    /// Encodes the value in its JSON form (described on the type).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind.name, forKey: .kind)
        if isRequired { try c.encode(true, forKey: .required) }
        if !isSkippable { try c.encode(false, forKey: .skippable) }
        try c.encodeIfPresent(key, forKey: .key)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encodeIfPresent(headline, forKey: .headline)
        try c.encodeIfPresent(body, forKey: .body)
        try c.encodeIfPresent(icon, forKey: .icon)
        switch kind {
        case .feature:
            break
        case .singleSelect(let options):
            try c.encode(options, forKey: .options)
        case .commitment(let commitment):
            try c.encode([commitment.lowerBound, commitment.upperBound], forKey: .range)
            try c.encode(commitment.step, forKey: .step)
            if !commitment.unit.isEmpty { try c.encode(commitment.unit, forKey: .unit) }
            try c.encode(commitment.defaultValue, forKey: .default)
        case .building(let messages):
            try c.encode(messages, forKey: .messages)
        case .permission(let spec):
            try c.encodeIfPresent(spec.permission, forKey: .permission)
            try c.encodeIfPresent(spec.details, forKey: .details)
            try c.encodeIfPresent(spec.deniedDetails, forKey: .deniedDetails)
        case .paywall(let plans):
            if !plans.isEmpty { try c.encode(plans, forKey: .plans) }
        case .custom(let content):
            try c.encode(content, forKey: .content)
        }
    }
}
