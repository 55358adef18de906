import HowdyKit

/// Every key a flow spec may use, one table per kind of object: the strict readers check
/// objects against these tables (a key not listed is an error with its JSON path and a
/// did-you-mean, so a typo such as `"rendr"` never silently falls back to a default), and
/// `howdy schema` (``SpecSchema``) builds the JSON Schema from the same tables, so the two
/// cannot drift.
///
/// Adding a key to HowdyKit's spec types (``OnboardingFlowSpec``, ``StepSpec``) or to
/// the UI's step presentation means adding it here too.
enum SpecKeys {
    /// The top level of a spec file. `$schema` names the JSON Schema for editors and is
    /// otherwise ignored.
    static let root = [
        "id", "locale", "theme", "welcome", "routes", "steps", "answers", "render", "localization", "whatsNew",
        "$schema",
    ]

    /// Step kinds, as `kind` strings (``step(kind:)`` knows each).
    static let stepKinds = ["feature", "singleSelect", "commitment", "building", "permission", "paywall", "custom"]

    /// `theme`.
    static let theme = ["primary", "accent", "card", "fonts", "background", "style"]
    /// A font given as an object (`{ "name": ..., "size": ... }`) rather than a name.
    static let font = ["name", "size"]
    /// A background given as an object (a string names a kind).
    static let background = [
        "kind", "brand", "palette", "motion", "colors", "start", "end", "primary", "secondary", "accent",
    ]
    /// The deprecated `animatedMesh` background.
    static let animatedMesh = ["kind", "primary", "secondary", "accent", "motion"]
    /// A gradient palette, and the tones of one scheme in it.
    static let palette = ["light", "dark"]
    static let tones = ["base", "primary", "secondary", "accent"]
    /// `welcome` given as an object (a string is the welcome's ID).
    static let welcome = [
        "id", "appIcon", "title", "subtitle", "features", "primaryButton", "skipButton", "nextButton", "doneButton",
        "errorAlertTitle", "errorOK", "errorMessage", "states",
    ]
    /// A feature row of the welcome or a route.
    static let feature = ["id", "icon", "label", "description"]
    /// An item of `routes`.
    static let route = ["id", "icon", "title", "headline", "body", "features", "background"]
    /// `render`: the matrix of images `howdy render` draws.
    static let render = ["devices", "schemes", "dynamicTypeSizes", "times", "scale", "reduceMotion", "scroll", "locales"]
    /// `whatsNew` (read by HowdyKit's ``OnboardingFlowSpec``, which refuses other keys).
    static var whatsNew: [String] { OnboardingFlowSpec.whatsNewKeys }

    /// A custom step's content nodes by `type`.
    static let contentTypes: [(type: String, keys: [String])] = [
        ("vstack", ["type", "spacing", "alignment", "children"]),
        ("hstack", ["type", "spacing", "children"]),
        ("text", ["type", "text", "style", "color", "alignment", "role"]),
        ("icon", ["type", "name", "size", "color"]),
        ("image", ["type", "path", "width", "height"]),
        ("shape", ["type", "shape", "cornerRadius", "width", "height", "color"]),
        ("spacer", ["type", "minLength"]),
        ("padding", ["type", "insets", "child"]),
        ("background", ["type", "shape", "cornerRadius", "color", "child"]),
        ("feature", ["type", "id", "icon", "label", "description"]),
        ("option", ["type", "id", "label", "emoji", "selected"]),
    ]

    /// The keys of a content node of `type` (just `type` for a type not listed, which the
    /// reader refuses by name).
    static func content(type: String) -> [String] {
        contentTypes.first { $0.type == type }?.keys ?? ["type"]
    }

    /// A padding node's `insets`.
    static let insets = ["top", "leading", "bottom", "trailing"]

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
