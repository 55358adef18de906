import Foundation
import HowdyKit
import HowdyKitUI
import HowdyRender
import Testing

/// Issue 13's seed behaviours, asserted on display lists (not only through goldens).
@Suite struct SeedBehaviourTests {
    private let phone = RenderEnvironment(device: .phone, scale: 1)

    private func list(_ screen: any OnboardingScreen, _ theme: OnboardingTheme, _ environment: RenderEnvironment)
        throws -> DisplayList
    {
        try screen.layout(theme: theme, environment: environment).displayList(environment: environment)
    }

    private func groups(_ operations: [DisplayOperation], role: SemanticRole) -> [DisplayGroup] {
        operations.flatMap { operation -> [DisplayGroup] in
            switch operation {
            case .group(let group): (group.role == role ? [group] : []) + groups(group.operations, role: role)
            case .layer(_, _, let inner), .clip(_, let inner): groups(inner, role: role)
            default: []
            }
        }
    }

    /// Page dots drawn: the circles of the page-dots group (0 without one).
    private func dotCount(_ list: DisplayList) -> Int {
        groups(list.operations, role: .pageDots).first?.operations.filter {
            if case .fill(.circle, _) = $0 { true } else { false }
        }.count ?? 0
    }

    // 1. The welcome is not a page.
    @Test func theWelcomeIsNotAPageDot() throws {
        let document = try example("branded")
        let screens = FlowPages.screens(document)
        for named in screens where named.name.contains("welcome") {
            #expect(dotCount(try list(named.screen, document.theme, phone)) == 0, "\(named.name) has no dots")
        }
        let steps = document.flow.steps.count
        #expect(steps == 5)
        let goal = try #require(screens.first { $0.name == "06-goal" })
        #expect(dotCount(try list(goal.screen, document.theme, phone)) == steps, "5 dots for 5 steps")
        let layout = try goal.screen.layout(theme: document.theme, environment: phone)
        #expect((layout.footer.first { $0.role == .pageDots }) != nil)
    }

    // 2. Always offer a way on.
    private func skipTexts(_ list: DisplayList) -> [DisplayText] { list.texts.filter { $0.role == .skipButton } }

    @Test func skippableStepsGetAnAccentSkipRequiredAndPermissionStepsDoNot() throws {
        let document = try example("branded")
        let screens = Dictionary(uniqueKeysWithValues: FlowPages.screens(document).map { ($0.name, $0.screen) })
        let accent = document.theme.colors(.light).accent
        for name in ["06-goal", "07-minutes"] {
            let skips = skipTexts(try list(try #require(screens[name]), document.theme, phone))
            #expect(skips.map(\.string) == ["Skip"], "\(name)")
            #expect(skips.first?.color == accent, "HowdyKit's Skip is accent-coloured")
        }
        // The required permission step: no Skip in any state (none before the dialog).
        for name in ["08-push-not-requested", "09-push-authorized", "10-push-denied", "11-building", "12-paywall"] {
            #expect(skipTexts(try list(try #require(screens[name]), document.theme, phone)).isEmpty, "\(name)")
        }
    }

    @Test func aSpecOptsOutOrRenamesAndARequiredStepHasNone() throws {
        let json = """
            {"id": "t", "steps": [
              {"id": "t.a", "kind": "feature", "title": "A"},
              {"id": "t.b", "kind": "feature", "title": "B", "skipAction": false},
              {"id": "t.c", "kind": "feature", "title": "C", "skipAction": "Not now"},
              {"id": "t.d", "kind": "feature", "title": "D", "required": true},
              {"id": "t.e", "kind": "feature", "title": "E", "skippable": false},
              {"id": "t.f", "kind": "permission", "title": "F", "permission": "camera", "status": "notRequested"}
            ]}
            """
        let document = try FlowDocument.decode(Data(json.utf8))
        let skips = try FlowPages.screens(document).map { try skipTexts(list($0.screen, document.theme, phone)) }
        #expect(skips.map { $0.map(\.string) } == [["Skip"], [], ["Not now"], [], [], []])
        #expect(
            specError(#"{"id": "t", "steps": [{"id": "t.a", "kind": "feature", "title": "A", "skipAction": 1}]}"#)?
                .contains("steps[0].skipAction") == true)
        #expect(
            specError(#"{"id": "t", "steps": [{"id": "t.a", "kind": "building", "skipAction": false}]}"#)?.contains(
                "skipAction") == true, "not a key of a building step")
    }

    // 3. The material card blurs what is behind it.
    @Test func aMaterialCardBlursItsBackdrop() throws {
        var theme = OnboardingTheme()
        theme.cardBackground = .material(.regular)
        theme.background = .linearGradient(colors: [
            DynamicColor(Color(hex: 0xFF0000)), DynamicColor(Color(hex: 0x0000FF)),
        ])
        let step = OnboardingStepView(header: OnboardingHeader(title: "Hello"), primary: OnboardingAction("Go"))
        let material = try list(step, theme, phone)
        let card = try #require(groups(material.operations, role: .card).first)
        guard case .backdropBlur(let shape, let sigma) = card.operations.first else {
            Issue.record("the card starts with a backdrop blur: \(card.operations)")
            return
        }
        #expect(sigma == CardBackground.Material.regular.blurRadius)
        #expect(shape.bounds == card.frame)
        theme.cardBackground = .color(DynamicColor(Color(hex: 0xFFFFFF, alpha: 0.7)))
        let plain = try #require(groups(try list(step, theme, phone).operations, role: .card).first)
        #expect(!plain.operations.contains { if case .backdropBlur = $0 { true } else { false } })
    }

    @Test func theBlurChangesPixelsOverADetailedBackdropOnly() throws {
        // Stripes: a blur averages them; a flat colour stays as it was.
        var canvas = try Canvas(width: 60, height: 60, background: .white)
        for x in stride(from: 0, to: 60, by: 4) {
            canvas.fill(try RoundedRect(Rect(x: Double(x), y: 0, width: 2, height: 60), cornerRadius: 0), with: .black)
        }
        let before = canvas.image
        canvas.blurBackdrop(
            under: try RoundedRect(Rect(x: 20, y: 20, width: 20, height: 20), cornerRadius: 0), sigma: 4)
        let inside = canvas.image[30, 30], outside = canvas.image[5, 5]
        #expect(abs(Int(inside.x) - 128) < 30, "stripes average to grey: \(inside)")
        #expect(outside == before[5, 5], "outside the shape nothing changes")
        var flat = try Canvas(width: 40, height: 40, background: Color(hex: 0x336699))
        let flatBefore = flat.image
        flat.blurBackdrop(under: try RoundedRect(Rect(x: 5, y: 5, width: 30, height: 30), cornerRadius: 6), sigma: 5)
        #expect(flat.image.pixels == flatBefore.pixels)
    }

    // 4. Reduce Motion stops everything that moves.
    @Test func reduceMotionStopsSpinners() throws {
        let welcome = OnboardingWelcomeView(
            content: GreetContent(title: "Hi", primaryButtonText: "Go"), isLoading: true)
        let theme = OnboardingTheme()
        func spinner(_ time: Double, reduce: Bool) throws -> String {
            let environment = RenderEnvironment(device: .phone, scale: 1, time: time, reduceMotion: reduce)
            let button = try #require(
                groups(try list(welcome, theme, environment).operations, role: .primaryButtonBackground).first)
            return "\(button.operations)"
        }
        #expect(try spinner(0, reduce: false) != spinner(2.5, reduce: false), "the spinner turns")
        #expect(try spinner(0, reduce: true) == spinner(2.5, reduce: true), "and stops under Reduce Motion")
        #expect(RenderEnvironment(time: 2.5, reduceMotion: true).motionTime == 0)
    }

    // 5. The building step's messages cycle over time.
    @Test func buildingMessagesCycleAsABeat() throws {
        let messages = ["One", "Two", "Three"]
        let step = OnboardingStepView(
            header: OnboardingHeader(title: "Building"), content: .building(messages: messages, progress: 0.5),
            primary: OnboardingAction("Continue", isDisabled: true))
        func shown(_ time: Double, reduce: Bool = false) throws -> [String] {
            let environment = RenderEnvironment(device: .phone, scale: 1, time: time, reduceMotion: reduce)
            return try list(step, OnboardingTheme(), environment).texts.filter { $0.role == .message }.map(\.string)
        }
        let beat = BuildingBeat.messageSeconds
        #expect(try shown(0) == ["One"])
        #expect(try shown(beat * 1.5) == ["Two"])
        #expect(try shown(beat * 2.5) == ["Three"])
        #expect(try shown(beat * 3.5) == ["One"], "it cycles")
        #expect(try shown(beat * 1.5, reduce: true) == ["One"], "Reduce Motion holds the first")
        let done = OnboardingStepView(
            header: OnboardingHeader(title: "Building"), content: .building(messages: messages, progress: 1),
            primary: OnboardingAction("Continue"))
        let environment = RenderEnvironment(device: .phone, scale: 1, time: beat * 1.5)
        #expect(
            try list(done, OnboardingTheme(), environment).texts.filter { $0.role == .message }.map(\.string) == [
                "Three"
            ])
        #expect(BuildingBeat.messageIndex(count: 3, environment: RenderEnvironment(time: 1e300)) < 3)
    }

    // 7. The error alert.
    private func alertList(_ message: String, _ environment: RenderEnvironment) throws -> DisplayList {
        let document = try example("branded")
        let welcome = OnboardingWelcomeView(content: try #require(document.welcome).content, errorMessage: message)
        return try list(welcome, document.theme, environment)
    }

    @Test func theAlertIsAThickMaterialOverAClearDimming() throws {
        for scheme in [ColorScheme.light, .dark] {
            let environment = RenderEnvironment(
                device: .smallPhone, scale: 1, colorScheme: scheme, dynamicTypeSize: .accessibility5)
            let list = try alertList("Check your connection and try again.", environment)
            let dimming = try #require(groups(list.overlay, role: .dimming).first)
            guard case .fill(.canvas, .solid(let dim)) = dimming.operations.first else {
                Issue.record("dimming")
                return
            }
            #expect(dim.alpha >= 0.4)
            let box = try #require(groups(list.overlay, role: .alert).first)
            #expect(box.operations.contains { if case .backdropBlur = $0 { true } else { false } })
            #expect(ShowThroughLint.findings(in: list).isEmpty, "\(ShowThroughLint.findings(in: list))")
            // The OK row: at least 44 pt, its label clear of the separator and the box's edge.
            let ok = try #require(list.texts.first { $0.role == .alertButton })
            let separator = try #require(groups(list.overlay, role: .alertSeparator).last)
            #expect(separator.frame.height >= 44)
            #expect(ok.frame.minY - separator.frame.minY >= 11)
            #expect(box.frame.maxY - ok.frame.maxY >= 11)
        }
    }

    @Test func aLongAlertScrollsInsideTheScreenWithItsButtonPinned() throws {
        let long = Array(repeating: "Check your connection and try again.", count: 12).joined(separator: " ")
        for scroll in [ScrollPosition.top, .end] {
            let environment = RenderEnvironment(
                device: .smallPhone, scale: 1, dynamicTypeSize: .accessibility5, scroll: scroll)
            let list = try alertList(long, environment)
            let box = try #require(groups(list.overlay, role: .alert).first)
            #expect(box.frame.minY >= 20 && box.frame.maxY <= 667, "the box stays on screen: \(box.frame)")
            let scrolling = try #require(groups(list.overlay, role: .alertScrollContent).first)
            #expect(scrolling.operations.contains { if case .clip = $0 { true } else { false } })
            let ok = try #require(list.texts.first { $0.role == .alertButton })
            #expect(ok.frame.maxY <= box.frame.maxY - 11 && ok.frame.minY >= scrolling.frame.maxY)
            let message = try #require(list.texts.first { $0.role == .alertMessage })
            if scroll == .top {
                #expect(message.frame.maxY > scrolling.frame.maxY, "more below")
            } else {
                #expect(message.frame.maxY <= scrolling.frame.maxY + 1, "scrolled to its end")
            }
        }
    }

    @Test func showThroughLintFlagsTextUnderAThinLayer() throws {
        let title = try #require(try alertList("x", phone).texts.first { $0.role == .title })
        let upper = DisplayText(
            layout: title.layout, origin: title.origin, frame: title.frame, color: .black, role: .alertMessage)
        func list(between: [DisplayOperation]) -> DisplayList {
            DisplayList(
                width: 393, height: 852, scale: 1, background: [], content: [.text(title)],
                overlay: between + [.text(upper)])
        }
        let thin = list(between: [.fill(.canvas, .solid(Color(hex: 0xF2F2F2, alpha: 0.9)))])
        #expect(ShowThroughLint.findings(in: thin).count == 1)
        #expect(ShowThroughLint.findings(in: thin).first?.lowerRole == "title")
        #expect(ShowThroughLint.findings(in: list(between: [])).count == 1, "text straight over text")
        let opaque = list(between: [.fill(.canvas, .solid(Color(hex: 0xF2F2F2)))])
        #expect(ShowThroughLint.findings(in: opaque).isEmpty)
        let rect = try RoundedRect(title.frame.insetBy(dx: -20, dy: -20), cornerRadius: 0)
        let material = list(between: [
            .backdropBlur(rect, sigma: 48), .fill(.roundedRect(rect), .solid(Color(hex: 0xF2F2F2, alpha: 0.9))),
        ])
        #expect(ShowThroughLint.findings(in: material).isEmpty, "a wide blur under the surface hides it")
    }

    // 8. A route's destination background, drawn above the flow's.
    @Test func aRouteBackgroundIsDrawnAboveTheFlows() throws {
        let json = """
            {"id": "t", "theme": {"background": "softGradient"},
             "welcome": {"id": "t.w", "title": "Hi"},
             "routes": [{"id": "sync", "title": "Sync", "background": {"kind": "linearGradient", "colors": ["#FF000040", "#0000FF40"]}},
                        {"id": "plain", "title": "Plain"}],
             "steps": [{"id": "t.a", "kind": "feature", "title": "A"}]}
            """
        let document = try FlowDocument.decode(Data(json.utf8))
        let screens = Dictionary(uniqueKeysWithValues: FlowPages.screens(document).map { ($0.name, $0.screen) })
        let sync = try list(try #require(screens["02-route-sync"]), document.theme, phone)
        let plain = try list(try #require(screens["03-route-plain"]), document.theme, phone)
        #expect(sync.background.count > plain.background.count)
        // The flow's field comes first and the route's gradient over it, with no opaque base between.
        #expect("\(sync.background.prefix(plain.background.count))" == "\(plain.background)")
        guard case .fill(.canvas, .linear) = sync.background[plain.background.count] else {
            Issue.record("the route's gradient follows the flow's background: \(sync.background)")
            return
        }
        #expect(
            specError(#"{"id": "t", "routes": [{"id": "a", "title": "A", "backdrop": "system"}], "steps": []}"#)?
                .contains("routes[0]") == true)
    }
}
