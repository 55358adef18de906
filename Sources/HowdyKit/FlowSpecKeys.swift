/// The keys of HowdyKit's part of a flow spec, declared once.
///
/// HowdyKitUI's key table (`SpecKeys`) is this plus the UI's own keys, and serves the
/// strict reader's unknown-key check, its did-you-mean and `howdy schema`'s JSON Schema;
/// HowdyKitTests check these lists against what the decoders read and write
/// (``StepSpec``'s coding keys, an encoded ``SelectOption`` and ``PaywallPlan``), so
/// adding a field to a spec type without listing it here fails a test.
package enum FlowSpecKeys {
    /// The top level: the flow's `id`, the `welcome` ID (or object), `steps`, `whatsNew`.
    package static let root = ["id", "welcome", "steps", "whatsNew"]

    /// Step kinds, as `kind` strings.
    package static var stepKinds: [String] { StepKind.names }

    /// Keys every step may have.
    package static let commonStep = ["id", "kind", "required", "skippable", "key", "title", "headline", "body", "icon"]

    /// The keys only a step of `kind` has (after ``commonStep``); nil for an unknown kind.
    package static func step(kind: String) -> [String]? {
        switch kind {
        case "feature": []
        case "singleSelect": ["options"]
        case "commitment": ["range", "step", "unit", "default"]
        case "building": ["messages"]
        case "permission": ["permission", "details", "deniedDetails"]
        case "paywall": ["plans"]
        case "custom": ["content"]
        default: nil
        }
    }

    /// A single-select option.
    package static let option = ["id", "label", "emoji"]
    /// A paywall plan.
    package static let plan = ["id", "title", "price", "period"]
    /// The `whatsNew` object (whose reader refuses other keys itself).
    package static var whatsNew: [String] { OnboardingFlowSpec.whatsNewKeys }
}
