import HowdyKit

/// Every key a flow spec may use, one table per kind of object: the strict readers check
/// objects against these tables (a key not listed is an error with its JSON path and a
/// did-you-mean, so a typo such as `"rendr"` never silently falls back to a default), and
/// `howdy schema` (``SpecSchema``) builds the JSON Schema from the same tables, so the two
/// cannot drift.
///
/// HowdyKit's own keys are not repeated here: they come from its one table
/// (`FlowSpecKeys`, checked against its decoders), and this adds the UI's keys to them.
enum SpecKeys {
    /// The top level of a spec file: HowdyKit's keys, then the UI's. `$schema` names the
    /// JSON Schema for editors and is otherwise ignored.
    static let root =
        FlowSpecKeys.root + ["locale", "theme", "routes", "answers", "render", "localization", "$schema"]

    /// Step kinds, as `kind` strings (``step(kind:)`` knows each).
    static var stepKinds: [String] { FlowSpecKeys.stepKinds }

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
    static let render = [
        "devices", "schemes", "dynamicTypeSizes", "times", "scale", "reduceMotion", "scroll", "locales",
    ]
    /// `whatsNew` (read by HowdyKit's ``OnboardingFlowSpec``, which refuses other keys).
    static var whatsNew: [String] { FlowSpecKeys.whatsNew }

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
    static let commonStep = FlowSpecKeys.commonStep + ["primaryAction", "secondaryAction"]

    /// The keys a step of `kind` (its `kind` string) may have: HowdyKit's, then the UI's
    /// presentation fields; nil for an unknown kind (HowdyKit reports that).
    static func step(kind: String) -> [String]? {
        guard let flow = FlowSpecKeys.step(kind: kind) else { return nil }
        let presentation: [String]
        switch kind {
        case "feature": presentation = ["skipAction"]
        case "singleSelect": presentation = ["selected", "skipAction"]
        case "commitment": presentation = ["value", "skipAction"]
        case "building": presentation = ["progress"]
        case "permission":
            presentation = ["status", "allowAction", "nextAction", "settingsAction", "continueAction"]
        case "paywall": presentation = ["selected", "allowSkip"]
        default: presentation = []
        }
        return commonStep + flow + presentation
    }

    /// A single-select option.
    static var option: [String] { FlowSpecKeys.option }
    /// A paywall plan.
    static var plan: [String] { FlowSpecKeys.plan }

    /// Checks every object of the spec at `root` against these tables, before anything
    /// is read: the root, theme (colours, fonts, backgrounds, palettes), welcome, routes,
    /// features, steps with their options, plans and custom content, `render` and
    /// `whatsNew`. `howdy render` and `howdy flow` both start here, so a misspelt key
    /// anywhere is refused the same way by both. A value of an unexpected type is left to
    /// the reader, whose error names what it expected.
    /// - Throws: ``SpecError`` for the first unknown key (objects in file structure order,
    ///   keys in sorted order within one object).
    static func check(_ root: JSONNode) throws(SpecError) {
        try root.allowKeys(Self.root)
        if let theme = try object(root, "theme") { try checkTheme(theme) }
        if let welcome = try object(root, "welcome") {
            try welcome.allowKeys(Self.welcome)
            try each(welcome, "features") { feature throws(SpecError) in try feature.allowKeys(Self.feature) }
        }
        try each(root, "routes") { route throws(SpecError) in
            try route.allowKeys(Self.route)
            try each(route, "features") { feature throws(SpecError) in try feature.allowKeys(Self.feature) }
            if let background = try route.child("background") { try checkBackground(background) }
        }
        if let steps = try root.child("steps") {
            for step in try steps.array() { try checkStep(step) }
        }
        if let render = try object(root, "render") { try render.allowKeys(Self.render) }
        if let whatsNew = try object(root, "whatsNew") { try whatsNew.allowKeys(Self.whatsNew) }
    }

    private static func checkStep(_ step: JSONNode) throws(SpecError) {
        // Key checks only: a `kind` of the wrong type is named by the spec reader that follows.
        guard isObject(step), let kind = try? step.child("kind")?.string(), let allowed = Self.step(kind: kind)
        else { return }
        try step.allowKeys(allowed, owner: kind == "feature" ? "a feature step" : "a \(kind) step")
        try each(step, "options") { option throws(SpecError) in try option.allowKeys(Self.option) }
        try each(step, "plans") { plan throws(SpecError) in try plan.allowKeys(Self.plan) }
        if let content = try step.child("content") { try checkContent(content) }
    }

    private static func checkTheme(_ theme: JSONNode) throws(SpecError) {
        try theme.allowKeys(Self.theme)
        for key in ["primary", "accent", "card"] {
            if let color = try theme.child(key) { try checkColor(color) }
        }
        if let fonts = try object(theme, "fonts") {
            for key in try fonts.object().keys.sorted() {
                if let font = try object(fonts, key) { try font.allowKeys(Self.font) }
            }
        }
        if let style = try object(theme, "style") {
            for key in try style.object().keys.sorted() {
                if let color = try style.child(key) { try checkColor(color) }
            }
        }
        if let background = try theme.child("background") { try checkBackground(background) }
    }

    /// A colour given as an object is a light/dark pair.
    private static func checkColor(_ color: JSONNode) throws(SpecError) {
        if isObject(color) { try color.allowKeys(Self.palette) }
    }

    private static func checkBackground(_ background: JSONNode) throws(SpecError) {
        guard isObject(background) else { return }
        // Key checks only: a `kind` of the wrong type is named by the spec reader that follows.
        if (try? background.child("kind")?.string()) == "animatedMesh" {
            try background.allowKeys(Self.animatedMesh)
            for key in ["primary", "secondary", "accent"] {
                if let color = try background.child(key) { try checkColor(color) }
            }
            return
        }
        try background.allowKeys(Self.background)
        if let brand = try background.child("brand") { try checkColor(brand) }
        try each(background, "colors", objectsOnly: false) { color throws(SpecError) in try checkColor(color) }
        if let palette = try object(background, "palette") {
            try palette.allowKeys(Self.palette)
            for scheme in Self.palette {
                guard let tones = try object(palette, scheme) else { continue }
                try tones.allowKeys(Self.tones)
                for key in Self.tones {
                    if let color = try tones.child(key) { try checkColor(color) }
                }
            }
        }
    }

    /// A custom step's content node and its children (types not listed are left to the
    /// reader, which names them).
    private static func checkContent(_ node: JSONNode) throws(SpecError) {
        // Key checks only: a `type` of the wrong type is named by the spec reader that follows.
        guard isObject(node), let type = try? node.child("type")?.string(),
            contentTypes.contains(where: { $0.type == type })
        else { return }
        try node.allowKeys(content(type: type))
        if let color = try node.child("color") { try checkColor(color) }
        if let insets = try object(node, "insets") { try insets.allowKeys(Self.insets) }
        if let child = try node.child("child") { try checkContent(child) }
        try each(node, "children", objectsOnly: false) { child throws(SpecError) in try checkContent(child) }
    }

    /// The member `key` of `node` when both are objects.
    private static func object(_ node: JSONNode, _ key: String) throws(SpecError) -> JSONNode? {
        guard isObject(node), let child = try node.child(key), isObject(child) else { return nil }
        return child
    }

    /// Runs `body` on each element of the array member `key` (each object element only,
    /// unless `objectsOnly` is false); nothing when it is absent or not an array.
    private static func each(
        _ node: JSONNode, _ key: String, objectsOnly: Bool = true, _ body: (JSONNode) throws(SpecError) -> Void
    ) throws(SpecError) {
        guard isObject(node), let child = try node.child(key), case .array = child.value else { return }
        for item in try child.array() where !objectsOnly || isObject(item) { try body(item) }
    }

    private static func isObject(_ node: JSONNode) -> Bool {
        if case .object = node.value { return true }
        return false
    }
}
