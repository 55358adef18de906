import Foundation
import HowdyJSON
import HowdyKit
import HowdyOutput
import HowdyRender
import HowdyText

/// A whole flow spec file: HowdyKit's steps part (`OnboardingFlowSpec`) plus the UI
/// parts this layer reads from the same file: `theme`, the `welcome` content object,
/// per-step presentation fields, `routes`, `answers`, `locale` and the `render` matrix.
///
/// ```json
/// {
///   "id": "com.example.app.onboarding",
///   "locale": "en",
///   "theme": { ... },                                   // see ThemeSpec
///   "welcome": { "id": "com.example.app.welcome", "appIcon": "favorite" | "icon.png",
///                "title": "...", "subtitle": "...",
///                "features": [{ "id": "a", "icon": "touch_app", "label": "...", "description": "..." }],
///                "primaryButton": "Get started", "skipButton": "Skip for now",
///                "nextButton": "Next", "doneButton": "Done",
///                "errorAlertTitle": "...", "errorOK": "OK", "errorMessage": "...",
///                "states": ["default", "loading", "error"] },
///   "routes": [{ "id": "sync", "icon": "cloud", "title": "...", "headline": "...", "body": "...",
///                "background": BACKGROUND }],             // optional, drawn above the theme's (see ThemeSpec)
///   "steps": [ HowdyKit step objects, plus optional "primaryAction", "secondaryAction",
///              "selected" (singleSelect, paywall), "value" (commitment), "progress" (building, 0...1),
///              "status" (permission: notRequested, authorized or denied; all three when absent),
///              "allowAction", "nextAction", "settingsAction", "continueAction" (permission),
///              "allowSkip" (paywall, default true), "content" (custom: see ContentSpec),
///              "skipAction" (feature, singleSelect, commitment: the automatic Skip's title,
///              default "Skip", or false for none) ],
///   "answers": { "goal": "a" },                        // personalises paywall headlines: "{goal}"
///   "localization": { "catalogs": ["Localizable.xcstrings"], "count": 7 },  // see FlowLocalization
///   "render": { "devices": ["phone", "small-phone", "tablet", "desktop"], "schemes": ["light", "dark"],
///               "dynamicTypeSizes": ["large"], "times": [0], "scale": 2, "reduceMotion": false,
///               "locales": ["en", "de", "ar", "ja", "pseudo"] }
/// }
/// ```
public struct FlowDocument: Sendable {
    /// HowdyKit's part: IDs, kinds, required/skippable flags, step content fields.
    public var flow: OnboardingFlowSpec
    /// The `theme` object (plain system look when absent).
    public var theme: OnboardingTheme
    /// The `welcome` content object; nil when the spec gives only an ID or none.
    public var welcome: WelcomeSpec?
    /// Presentation fields of each step, in `flow.steps` order.
    public var stepPresentations: [StepPresentation]
    /// The welcome's route chain, in order.
    public var routes: [GreetPrimaryRoute]
    /// Answers by answer key (option IDs or numbers as text), used for `{key}` in headlines.
    public var answers: [String: String]
    /// BCP 47 locale of the content (default "en"); Arabic and Hebrew lay out right to left.
    public var locale: String
    /// The `render` matrix (default: phone, light and dark, `.large`, t = 0).
    public var matrix: RenderMatrix
    /// The `localization` object: the app's String Catalogs and `.strings` files (nil: texts
    /// are drawn as written). See ``FlowLocalization``.
    public var localization: FlowLocalization? = nil
    /// Problems that did not stop reading (a clamped motion strength).
    public var warnings: [String]
    /// Every step of the spec when `flow.steps` was narrowed to the steps still needed
    /// (so answers of recorded steps still personalise headlines); nil otherwise.
    var allSteps: [StepSpec]? = nil
    /// A route's own `background`, by route ID: GreetKit's destination background, drawn
    /// above the flow's (`theme.background`) on that route's screen.
    public var routeBackgrounds: [String: GreetBackground] = [:]

    /// The welcome's content and which states to render.
    public struct WelcomeSpec: Sendable {
        /// What the welcome shows.
        public var content: GreetContent
        /// Which states to render (default: only `.default`).
        public var states: [WelcomeState]
        /// The message of the error state's alert.
        public var errorMessage: String
    }

    /// The welcome's states: plain, loading (spinner, buttons disabled) and error (alert).
    public enum WelcomeState: String, Sendable, CaseIterable {
        case `default`, loading, error
    }

    /// How one step is shown, beyond HowdyKit's fields.
    public struct StepPresentation: Sendable {
        /// `primaryAction`: the primary button's title (default per kind: Continue, Start free trial...).
        public var primaryAction: String?
        /// `secondaryAction`: an optional secondary button's title.
        public var secondaryAction: String?
        /// `selected`: the option or plan shown as picked.
        public var selected: String?
        /// `value`: the slider's value (default: the commitment's default).
        public var value: Double?
        /// `progress`: the building step's progress 0...1 (default 0.6).
        public var progress: Double
        /// nil: render all three states.
        public var status: PermissionStatus?
        /// `allowAction`: the permission ask's title (default "Allow <Permission>").
        public var allowAction: String?
        /// `nextAction`, `settingsAction`, `continueAction`: the permission's titles once
        /// authorized (default Next) and denied (default Open Settings and Continue).
        public var nextAction: String?
        /// `settingsAction`: the denied state's primary title (default "Open Settings").
        public var settingsAction: String?
        /// `continueAction`: the denied state's small secondary title (default "Continue").
        public var continueAction: String?
        /// `allowSkip`: false makes the paywall hard (no Not now); default true.
        public var allowSkip: Bool
        /// `content` of a custom step: its tree of layout nodes (nil for other kinds).
        public var customContent: ContentNode? = nil
        /// `skipAction`: the automatic Skip's title (default "Skip"); `false` in the file
        /// opts the step out (`offersSkip` false). See `FlowPages` for which steps get one.
        public var skipAction: String? = nil
        /// False when the spec says `"skipAction": false`.
        public var offersSkip: Bool = true
    }

    /// Reads and validates the spec file at `url`; image paths resolve against its folder.
    /// - Throws: `SpecError` (HowdyKit) naming the JSON path.
    public static func load(contentsOf url: URL) throws(SpecError) -> FlowDocument {
        let data = try StrictJSON.readFile(url)
        return try decode(data, baseDirectory: url.deletingLastPathComponent())
    }

    /// Decodes a spec; `baseDirectory` is where relative icon paths resolve (and must stay).
    /// - Throws: `SpecError` (HowdyKit) naming the JSON path.
    public static func decode(_ data: Data, baseDirectory: URL? = nil) throws(SpecError) -> FlowDocument {
        // One image cache per decode: each file a spec names is decoded once.
        do {
            return try SpecImages.$current.withValue(SpecImages()) { try decodeDocument(data, baseDirectory: baseDirectory) }
        } catch let error as SpecError {
            throw located(error, in: data)
        } catch {
            throw SpecError(path: "$", message: "\(error)")
        }
    }

    /// HowdyKit's part of the spec file at `url`, with every key of the file checked as
    /// `howdy render` checks them: for `howdy flow`, which needs no theme, icons or images.
    /// - Throws: `SpecError` (HowdyKit) naming the JSON path.
    package static func loadFlow(contentsOf url: URL) throws(SpecError) -> OnboardingFlowSpec {
        let data = try StrictJSON.readFile(url)
        do {
            return try readFlow(data).flow
        } catch {
            throw located(error, in: data)
        }
    }

    /// `error` with the line and column of the value its path names (or of the nearest
    /// enclosing value, for a missing key) appended as syntax errors carry theirs:
    /// `steps[0].title: expected a string, got a number (line 14, column 16)`. Found only
    /// when there is an error, by reading the document again with offsets.
    static func located(_ error: SpecError, in data: Data) -> SpecError {
        guard !error.path.isEmpty, error.path != "$", error.location == nil, !error.message.contains("(line ") else {
            return error
        }
        let bytes = [UInt8](data)
        // The document was read once already, so this read succeeds; should it not, the
        // error keeps its path, which names the place on its own.
        guard let document = try? JSON.parse(bytes, maximumDepth: 512, skipsByteOrderMark: true) else { return error }
        let location = JSONLocation(offset: document.offset(ofPath: error.path), in: bytes)
        return SpecError(path: error.path, message: error.message, location: location.text)
    }

    /// The spec read once, strictly (no trailing commas, repeated keys or lone
    /// surrogates; each reported with its JSON path, line and column), then every key
    /// checked (``SpecKeys``), then HowdyKit's part decoded from the same value.
    private static func readFlow(_ data: Data) throws(SpecError) -> (root: JSONNode, flow: OnboardingFlowSpec) {
        let root = JSONNode(try StrictJSON.parse(data))
        _ = try root.object()
        try SpecKeys.check(root)
        return (root, try OnboardingFlowSpec.decode(value: root.value))
    }

    private static func decodeDocument(_ data: Data, baseDirectory: URL?) throws(SpecError) -> FlowDocument {
        let (root, flow) = try readFlow(data)
        var warnings: [String] = []
        var theme = OnboardingTheme()
        if let node = try root.child("theme") { theme = try ThemeSpec.theme(node, warnings: &warnings) }
        let locale = try root.string("locale") ?? "en"
        if RenderMatrix.checkedLocale(locale) == nil, let node = try root.child("locale") {
            throw node.error(
                "expected a BCP 47 locale such as en, de-CH or zh-Hant, or pseudo / pseudo-rtl, got \"\(LocaleTag.echo(locale))\" (\(LocaleTag.problem(locale) ?? "not a locale"))")
        }
        var matrix = RenderMatrix()
        if let node = try root.child("render") { matrix = try RenderMatrix.read(node) }
        var localization: FlowLocalization?
        if let node = try root.child("localization") {
            localization = try FlowLocalization.read(node, baseDirectory: baseDirectory)
        }
        var answers: [String: String] = [:]
        if let node = try root.child("answers") {
            for key in try node.object().keys.sorted() {
                guard let child = try node.child(key) else { continue }
                switch child.value {
                case .string(let text): answers[key] = text
                case .number(let number): answers[key] = formatNumber(number)
                default: throw child.error("expected a string or a number")
                }
            }
        }
        let stepsNode = try root.required("steps")
        let stepNodes = try stepsNode.array()
        var presentations: [StepPresentation] = []
        for (step, node) in zip(flow.steps, stepNodes) {
            presentations.append(try presentation(step, node, baseDirectory: baseDirectory))
        }
        var welcome: WelcomeSpec?
        if let node = try root.child("welcome"), case .object = node.value {
            welcome = try readWelcome(node, baseDirectory: baseDirectory)
        }
        var routes: [GreetPrimaryRoute] = []
        var routeBackgrounds: [String: GreetBackground] = [:]
        if let node = try root.child("routes") {
            var ids: Set<String> = []
            for item in try node.array() {
                let route = try readRoute(item)
                if let background = try item.child("background") {
                    routeBackgrounds[route.id] = try ThemeSpec.background(background, warnings: &warnings)
                }
                guard ids.insert(route.id).inserted else {
                    throw SpecError(
                        path: SpecError.child(item.path, "id"), message: "duplicate route ID \"\(route.id)\"")
                }
                routes.append(route)
            }
        }
        // The routes are the welcome's chain (GreetKit's primaryRoutes).
        welcome?.content.primaryRoutes = routes
        var document = FlowDocument(
            flow: flow, theme: theme, welcome: welcome, stepPresentations: presentations, routes: routes,
            answers: answers,
            locale: locale, matrix: matrix, warnings: warnings)
        document.localization = localization
        document.routeBackgrounds = routeBackgrounds
        return document
    }

    private static func presentation(_ step: StepSpec, _ node: JSONNode, baseDirectory: URL?) throws(SpecError)
        -> StepPresentation
    {
        var result = StepPresentation(
            primaryAction: try node.string("primaryAction"), secondaryAction: try node.string("secondaryAction"),
            selected: try node.string("selected"), value: try node.number("value"), progress: 0.6, status: nil,
            allowAction: try node.string("allowAction"), nextAction: try node.string("nextAction"),
            settingsAction: try node.string("settingsAction"), continueAction: try node.string("continueAction"),
            allowSkip: try node.bool("allowSkip") ?? true)
        if let icon = try node.child("icon") { _ = try icon.icon() }
        if let skip = try node.child("skipAction") {
            switch skip.value {
            case .string(let title): result.skipAction = title
            case .bool(false): result.offersSkip = false
            default: throw skip.error("expected a title or false (no Skip)")
            }
        }
        if let progress = try node.child("progress") {
            let value = try progress.number()
            guard (0...1).contains(value) else { throw progress.error("expected a number from 0 to 1") }
            result.progress = value
        }
        if let status = try node.child("status") {
            let name = try status.string()
            guard let parsed = PermissionStatus(rawValue: name) else {
                throw status.error("expected notRequested, authorized or denied, got \"\(name)\"")
            }
            result.status = parsed
        }
        switch step.kind {
        case .singleSelect(let options):
            if let selected = result.selected, !options.contains(where: { $0.id == selected }) {
                throw SpecError(
                    path: SpecError.child(node.path, "selected"),
                    message: "\"\(selected)\" is not one of the options (\(options.map(\.id).joined(separator: ", ")))")
            }
        case .paywall(let plans):
            if let selected = result.selected, !plans.contains(where: { $0.id == selected }) {
                throw SpecError(
                    path: SpecError.child(node.path, "selected"),
                    message: "\"\(selected)\" is not one of the plans (\(plans.map(\.id).joined(separator: ", ")))")
            }
        case .commitment(let commitment):
            if let value = result.value, value < commitment.lowerBound || value > commitment.upperBound {
                throw SpecError(
                    path: SpecError.child(node.path, "value"),
                    message:
                        "expected a number in \(formatNumber(commitment.lowerBound))...\(formatNumber(commitment.upperBound))"
                )
            }
        case .custom:
            result.customContent = try ContentSpec.read(node.required("content"), baseDirectory: baseDirectory)
        default:
            break
        }
        return result
    }

    /// Feature rows; their IDs (given, or `feature-<index>`) must be unique within the list,
    /// as GreetKit uses them for identity and analytics (like route IDs).
    private static func readFeatures(_ node: JSONNode) throws(SpecError) -> [GreetFeatureItem] {
        var items: [GreetFeatureItem] = []
        var seen: [String: String] = [:]
        for (index, item) in try node.array().enumerated() {
            try item.allowKeys(SpecKeys.feature)
            let id = try item.string("id") ?? "feature-\(index)"
            if let other = seen[id] {
                let path = try item.child("id") == nil ? item.path : SpecError.child(item.path, "id")
                throw SpecError(path: path, message: "duplicate feature ID \"\(id)\" (also at \(other))")
            }
            seen[id] = item.path
            items.append(
                GreetFeatureItem(
                    id: id, icon: try item.child("icon")?.icon() ?? Icon("star"),
                    label: try item.required("label").string(), description: try item.string("description") ?? ""))
        }
        return items
    }

    private static func readWelcome(_ node: JSONNode, baseDirectory: URL?) throws(SpecError) -> WelcomeSpec {
        try node.allowKeys(SpecKeys.welcome)
        var content = GreetContent(title: try node.required("title").string())
        content.subtitle = try node.string("subtitle")
        if let icon = try node.child("appIcon") {
            let name = try icon.string()
            if name.lowercased().hasSuffix(".png") || name.contains("/") {
                content.appIconImage = try loadImage(name, node: icon, baseDirectory: baseDirectory)
            } else {
                content.appIcon = try icon.icon()
            }
        }
        if let features = try node.child("features") { content.features = try readFeatures(features) }
        if let text = try node.string("primaryButton") { content.primaryButtonText = text }
        content.skipButtonText = try node.string("skipButton")
        if let text = try node.string("nextButton") { content.primaryRouteNextButtonText = text }
        if let text = try node.string("doneButton") { content.primaryRouteDoneButtonText = text }
        if let text = try node.string("errorAlertTitle") { content.errorAlertTitle = text }
        if let text = try node.string("errorOK") { content.errorOKText = text }
        var states: [WelcomeState] = [.default]
        if let node = try node.child("states") {
            states = []
            for item in try node.array() {
                let name = try item.string()
                guard let state = WelcomeState(rawValue: name) else {
                    throw item.error("expected default, loading or error, got \"\(name)\"")
                }
                states.append(state)
            }
        }
        let message = try node.string("errorMessage") ?? "Please check your connection and try again."
        return WelcomeSpec(content: content, states: states, errorMessage: message)
    }

    /// Loads a PNG image (an icon, a custom content image), refusing paths that leave the
    /// spec's folder.
    static func loadImage(_ path: String, node: JSONNode, baseDirectory: URL?) throws(SpecError) -> Image {
        let url = try SpecRelativePath.resolve(
            path, node: node, baseDirectory: baseDirectory, noun: "icon path ",
            withoutSpecFile: "icon paths need a spec file (its folder is where icons live)")
        // The file's size first: an icon is small, and a huge file is refused unread. A
        // FIFO or a folder is refused without blocking (InputFile).
        var info = stat()
        if stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > Self.maximumIconFileBytes {
            throw node.error(
                "icon \"\(path)\" is \(info.st_size) bytes; an icon file is at most \(Self.maximumIconFileBytes) bytes")
        }
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(url.path, maximumBytes: Self.maximumIconFileBytes)
        } catch {
            throw node.error("cannot read icon \"\(path)\": \(error.reason)")
        }
        do {
            // The header against the budget before anything is decoded; then the spec's
            // total, each file once.
            let size = try PixelBudget.check(encoded: bytes, limits: .appIcon)
            let decode = { () throws -> Image in try Image(decoding: bytes, limits: .appIcon) }
            guard let images = SpecImages.current else { return try decode() }
            return try images.image(at: url.path, size: size, decode: decode)
        } catch {
            throw node.error("icon \"\(path)\": \(error)")
        }
    }

    /// The largest icon file read, in bytes (16 MiB; a 1024 px RGBA PNG is at most ~4 MiB).
    static let maximumIconFileBytes = 16 << 20

    private static func readRoute(_ node: JSONNode) throws(SpecError) -> GreetPrimaryRoute {
        try node.allowKeys(SpecKeys.route)
        let id = try node.required("id").string()
        let header = OnboardingHeader(
            icon: try node.child("icon")?.icon(), title: try node.required("title").string(),
            headline: try node.string("headline"))
        var content = StepContent.none
        if let features = try node.child("features") {
            content = .features(try readFeatures(features))
        } else if let body = try node.string("body") {
            content = .paragraph(body)
        }
        return GreetPrimaryRoute(id: id, header: header, content: content)
    }
}
