import Foundation
import HowdyKit
import HowdyKitUI
import HowdyRender

/// One golden of the project's own suite: what to draw, in which environment, and the
/// golden's path under `Goldens/HowdyKitUI/` without `.png`.
package struct GoldenCase: Sendable, Hashable, CustomStringConvertible {
    /// What a case draws.
    package enum Subject: Sendable, Hashable {
        /// A screen of an example flow, by its `FlowPages` name (`06-goal`).
        case screen(example: String, screen: String)
        /// The branded example's animated-gradient field alone with this motion.
        case field(motion: GreetGradientMotion)
    }

    package var subject: Subject
    package var environment: RenderEnvironment
    /// `branded/06-goal_phone-dark`, `fields/standard-t1.5-light`.
    package var name: String

    package var description: String { name }
}

/// The golden suite over `Examples/`: a covering set, not a cross product, so the suite
/// stays a few MB and runs in seconds.
///
/// - every screen of every example on the phone at scale 1 (the small flows light and
///   dark, the branded flow alternating), which covers the welcome's loading and error
///   states, each permission state, the route chain's middle and last route, card themes
///   (material, solid, thin) and the no-card plain theme, Arabic and Hebrew;
/// - the desktop preset (regular width) for one screen of each kind, both schemes;
/// - the largest accessibility size (`accessibility5`) for one screen of each content kind,
///   at the top and, where the content scrolls, at the end;
/// - reduce motion (frozen field, stopped spinner) and a later animation frame;
/// - the animated field alone at two times for each motion preset, and strength 0;
/// - Arabic at scale 2, where the marks and joins need the detail;
/// - the String Catalog example's welcome in each of its locales and both pseudo-locales,
///   and its plural title in Arabic and Japanese.
package struct ExampleGoldenPlan: Sendable {
    package let cases: [GoldenCase]
    private let documents: [String: FlowDocument]
    private let screens: [String: [NamedScreen]]

    /// The examples the plan covers, in `Examples/`.
    package static let examples = ["branded", "plain", "rtl", "hebrew"]
    /// The String Catalog example, covered per locale (not by the every-screen pass).
    package static let localizedExample = "localized"
    /// Examples covered by a few screens each: the custom-content streak screen and the
    /// versioned what's-new pages.
    package static let spotExamples = ["custom", "whats-new"]

    /// Loads the examples from `examplesDirectory` and plans the cases.
    /// - Throws: `SpecError` when an example does not load; `TextError` when a screen
    ///   cannot be laid out (the plan lays out the largest size to find what scrolls).
    package init(examplesDirectory: URL) throws {
        var documents: [String: FlowDocument] = [:]
        var screens: [String: [NamedScreen]] = [:]
        for example in Self.examples + [Self.localizedExample] + Self.spotExamples {
            let document = try FlowDocument.load(
                contentsOf: examplesDirectory.appendingPathComponent("\(example).json"))
            documents[example] = document
            screens[example] = FlowPages.screens(document)
        }
        self.documents = documents
        self.screens = screens
        cases = try Self.plan(documents: documents, screens: screens)
    }

    /// Draws `golden`.
    /// - Throws: `TextError`, `RenderError`, or `SpecError` for a screen not in the examples.
    package func render(_ golden: GoldenCase) throws -> Image {
        switch golden.subject {
        case .screen(let example, let name):
            guard let document = documents[example],
                let screen = screens[example]?.first(where: { $0.name == name })
            else { throw SpecError(path: example, message: "no screen \(name)") }
            return try screen.screen.render(theme: document.theme, environment: golden.environment)
        case .field(let motion):
            // The branded example's field with another motion.
            guard let theme = documents["branded"]?.theme,
                case .animatedGradient(let brand, let palette, _) = theme.background
            else { throw SpecError(path: "branded", message: "theme.background is not an animated gradient") }
            let background = GreetBackground.animatedGradient(brand: brand, palette: palette, motion: motion)
            var canvas = try Canvas(width: golden.environment.pixelWidth, height: golden.environment.pixelHeight)
            try background.draw(into: &canvas, environment: golden.environment, tint: theme.style.tint)
            return canvas.image
        }
    }

    private static func plan(documents: [String: FlowDocument], screens: [String: [NamedScreen]]) throws
        -> [GoldenCase]
    {
        var cases: [GoldenCase] = []
        func add(
            _ example: String, _ screen: String, device: DevicePreset = .phone, scheme: ColorScheme,
            size: DynamicTypeSize = .large, scroll: ScrollPosition = .top, scale: Double = 1, time: Double = 0,
            reduceMotion: Bool = false, locale: String? = nil
        ) {
            var environment = RenderEnvironment(
                device: device, scale: scale, colorScheme: scheme, time: time, reduceMotion: reduceMotion,
                dynamicTypeSize: size, locale: locale ?? documents[example]?.locale ?? "en", scroll: scroll)
            environment.localization = documents[example]?.localization
            var name = "\(example)/\(screen)_\(device.name)-\(scheme.rawValue)"
            if let locale { name += "-\(locale)" }
            if size != .large { name += "-\(size.rawValue)" }
            if scroll != .top { name += "-\(scroll.name)" }
            if reduceMotion { name += "-reduce-motion" }
            if time != 0 { name += "-t\(NumberText.format(time))" }
            if scale != 1 { name += "@\(NumberText.format(scale))x" }
            cases.append(
                GoldenCase(subject: .screen(example: example, screen: screen), environment: environment, name: name))
        }
        func names(_ example: String) -> [String] { screens[example]?.map(\.name) ?? [] }
        /// The screen of `example` called `NN-suffix` (`06-goal`, `10-push-denied`).
        func screen(_ example: String, _ suffix: String) -> String? {
            names(example).first { $0.dropFirst(3) == suffix }
        }

        // Every screen on the phone. The small flows in both schemes; the branded flow's
        // animated field makes each image ~150 KB, so its screens alternate schemes and the
        // other scheme comes back on the desktop and at the largest size below.
        for example in examples {
            for (index, name) in names(example).enumerated() {
                if example == "branded" {
                    add(example, name, scheme: index % 2 == 0 ? .light : .dark)
                } else {
                    for scheme in ColorScheme.allCases { add(example, name, scheme: scheme) }
                }
            }
        }
        // The second preset (regular width): one screen of each kind, schemes alternating.
        let desktop: [(String, String, ColorScheme)] = [
            ("branded", "welcome", .dark), ("branded", "goal", .light), ("branded", "paywall", .light),
            ("plain", "welcome", .dark), ("plain", "intro", .light),
            ("rtl", "taste", .dark), ("hebrew", "location-authorized", .light),
        ]
        for (example, suffix, scheme) in desktop {
            if let name = screen(example, suffix) { add(example, name, device: .desktop, scheme: scheme) }
        }
        // The largest accessibility size, top and (where it scrolls) end: every screen of
        // the plain flow, the Arabic and Hebrew screens with the most text, and one branded
        // screen of each content kind that grows (welcome, route, select, slider, building,
        // paywall), in the scheme the phone pass did not use. The slider and building
        // screens are left out: they grow like the select screen and cost ~150 KB each.
        let large: [(String, String, ColorScheme)] = [
            ("plain", "welcome", .light), ("plain", "intro", .dark), ("plain", "push-not-requested", .light),
            ("rtl", "welcome", .dark), ("rtl", "taste", .light), ("hebrew", "welcome", .light),
            ("hebrew", "location-denied", .dark), ("branded", "welcome", .dark), ("branded", "route-sync", .light),
            ("branded", "goal", .light), ("branded", "paywall", .light),
        ]
        for (example, suffix, scheme) in large {
            guard let name = screen(example, suffix), let document = documents[example],
                let named = screens[example]?.first(where: { $0.name == name })
            else { continue }
            add(example, name, scheme: scheme, size: .largest)
            let environment = RenderEnvironment(
                device: .phone, scale: 1, colorScheme: scheme, dynamicTypeSize: .largest, locale: document.locale)
            if try named.screen.layout(theme: document.theme, environment: environment).scrolls {
                add(example, name, scheme: scheme, size: .largest, scroll: .end)
            }
        }
        // Motion: a later frame, and reduce motion (field frozen, spinner stopped) at that time.
        if let welcome = screen("branded", "welcome"), let loading = screen("branded", "welcome-loading") {
            add("branded", welcome, scheme: .light, time: 2.5)
            add("branded", loading, scheme: .light, time: 2.5, reduceMotion: true)
        }
        // Scale 2 where text detail matters: Arabic joins and marks.
        if let taste = screen("rtl", "taste") { add("rtl", taste, scheme: .light, scale: 2) }
        // The String Catalog example: the welcome in each locale (light on the phone, dark
        // on the small phone), the plural title in Arabic and Japanese, and the welcome in
        // both pseudo-locales at accessibility3 on the small phone.
        let localized = Self.localizedExample
        if let welcome = screen(localized, "welcome"), let habit = screen(localized, "habit") {
            for locale in documents[localized]?.matrix.locales ?? [] {
                add(localized, welcome, scheme: .light, locale: locale)
                add(localized, welcome, device: .smallPhone, scheme: .dark, locale: locale)
            }
            add(localized, habit, scheme: .light, locale: "ar")
            add(localized, habit, scheme: .dark, locale: "ja")
            for locale in ["pseudo", "pseudo-rtl"] {
                add(localized, welcome, device: .smallPhone, scheme: .light, size: .accessibility3, locale: locale)
            }
        }
        // Custom content in both schemes; the first and last what's-new pages.
        for scheme in [ColorScheme.light, .dark] {
            for name in names("custom") { add("custom", name, scheme: scheme) }
        }
        if let first = screen("whats-new", "whatsnew-2-0"), let last = screen("whats-new", "whatsnew-2-1-1") {
            add("whats-new", first, scheme: .light)
            add("whats-new", last, scheme: .dark)
        }
        // The field alone: two times per motion preset, and strength 0.
        let field = DevicePreset(name: "field", width: 160, height: 320, safeArea: .zero, defaultScale: 1)
        let motions: [(String, GreetGradientMotion)] = [
            ("subtle", .subtle), ("standard", .standard), ("expressive", .expressive),
        ]
        for (label, motion) in motions {
            for time in [1.5, 4.0] {
                cases.append(
                    GoldenCase(
                        subject: .field(motion: motion),
                        environment: RenderEnvironment(device: field, scale: 1, colorScheme: .light, time: time),
                        name: "fields/\(label)-t\(NumberText.format(time))-light"))
            }
        }
        cases.append(
            GoldenCase(
                subject: .field(motion: .standard),
                environment: RenderEnvironment(device: field, scale: 1, colorScheme: .dark, time: 1.5),
                name: "fields/standard-t1.5-dark"))
        cases.append(
            GoldenCase(
                subject: .field(motion: GreetGradientMotion(strength: 0)),
                environment: RenderEnvironment(device: field, scale: 1, colorScheme: .light, time: 4),
                name: "fields/strength0-t4-light"))
        return cases
    }
}
