import HowdyKit

/// Every key a flow spec may use outside `theme`, `welcome` and `render` (which check
/// their own): the root's, a step's (by kind) and those of options and plans. A key not
/// listed is an error with its JSON path and a did-you-mean, so a typo such as `"rendr"`
/// never silently falls back to a default.
///
/// Adding a key to HowdyKit's spec types (``OnboardingFlowSpec``, ``StepSpec``) or to
/// the UI's step presentation means adding it here too.
enum SpecKeys {
    /// The top level of a spec file.
    static let root = [
        "id", "locale", "theme", "welcome", "routes", "steps", "answers", "render", "localization", "whatsNew",
    ]

    /// Keys every step may have: HowdyKit's common fields and the buttons' titles.
    static let commonStep = [
        "id", "kind", "required", "skippable", "key", "title", "headline", "body", "icon", "primaryAction",
        "secondaryAction",
    ]

    /// The keys a step of `kind` (its `kind` string) may have; nil for an unknown kind
    /// (HowdyKit reports that).
    static func step(kind: String) -> [String]? {
        let extra: [String]
        switch kind {
        case "feature": extra = ["skipAction"]
        case "singleSelect": extra = ["options", "selected", "skipAction"]
        case "commitment": extra = ["range", "step", "unit", "default", "value", "skipAction"]
        case "building": extra = ["messages", "progress"]
        case "permission":
            extra = [
                "permission", "details", "deniedDetails", "status", "allowAction", "nextAction", "settingsAction",
                "continueAction",
            ]
        case "paywall": extra = ["plans", "selected", "allowSkip"]
        case "custom": extra = ["content"]
        default: return nil
        }
        return commonStep + extra
    }

    /// A single-select option.
    static let option = ["id", "label", "emoji"]
    /// A paywall plan.
    static let plan = ["id", "title", "price", "period"]

    /// Checks the root, every step and every option and plan of the spec at `root`.
    /// - Throws: ``SpecError`` for the first unknown key, in file order.
    static func check(_ root: JSONNode) throws(SpecError) {
        try root.allowKeys(Self.root)
        guard let steps = try root.child("steps") else { return }
        for step in try steps.array() {
            guard case .object = step.value, let kind = try? step.child("kind")?.string(),
                let allowed = Self.step(kind: kind)
            else { continue }
            try step.allowKeys(allowed, owner: kind == "feature" ? "a feature step" : "a \(kind) step")
            if let options = try step.child("options") {
                for option in try options.array() where isObject(option) { try option.allowKeys(Self.option) }
            }
            if let plans = try step.child("plans") {
                for plan in try plans.array() where isObject(plan) { try plan.allowKeys(Self.plan) }
            }
        }
    }

    private static func isObject(_ node: JSONNode) -> Bool {
        if case .object = node.value { return true }
        return false
    }
}
