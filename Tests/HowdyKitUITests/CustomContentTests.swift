import Foundation
import HowdyKit
import HowdyKitUI
import HowdyRender
import HowdyText
import Testing

/// Custom step content from a spec and custom screens from Swift.
@Suite struct CustomContentTests {
    private func decode(_ content: String) throws(SpecError) -> FlowDocument {
        let json = """
            {"steps": [{"id": "a.custom", "kind": "custom", "title": "T", "content": \(content)}]}
            """
        return try FlowDocument.decode(Data(json.utf8))
    }

    @Test func theExampleReadsAndItsNodesCarryTheirRoles() throws {
        let document = try example("custom")
        let named = try #require(FlowPages.screens(document).first)
        let environment = RenderEnvironment(device: .phone)
        let list = try named.screen.layout(theme: document.theme, environment: environment)
            .displayList(environment: environment)
        let count = try #require(list.texts.first { $0.role == SemanticRole("streak count") })
        #expect(count.string == "7 days")
        #expect(list.texts.contains { $0.role == .featureTitle && $0.contentID == "remind" })
        // The five day dots sit in one centred row.
        let dots = list.content.compactMap { operation -> Rect? in
            guard case .group(let group) = operation, group.role == .shape else { return nil }
            return group.frame
        }
        #expect(dots.count == 5)
        #expect(Set(dots.map(\.minY)).count == 1)
        let rowMid = (dots.first!.minX + dots.last!.maxX) / 2
        #expect(abs(rowMid - Double(list.width) / 2) < 2)
    }

    @Test func errorsNameTheJSONPath() {
        let cases: [(String, String)] = [
            (#"{"type": "wobble"}"#, "steps[0].content.type"),
            (
                #"{"type": "vstack", "children": [{"type": "text", "text": "x", "style": "huge"}]}"#,
                "steps[0].content.children[0].style"
            ),
            (#"{"type": "shape", "shape": "circle", "height": 1e9}"#, "steps[0].content.height"),
            (#"{"type": "shape", "shape": "star", "height": 10}"#, "steps[0].content.shape"),
            (#"{"type": "icon", "name": "no_such_icon_name"}"#, "steps[0].content.name"),
            (#"{"type": "padding", "insets": -1, "child": {"type": "spacer"}}"#, "steps[0].content.insets"),
            (#"{"type": "text", "text": "x", "colour": "red"}"#, "steps[0].content.colour"),
            (#"{"type": "hstack"}"#, "steps[0].content.children"),
        ]
        for (content, path) in cases {
            do {
                _ = try decode(content)
                Issue.record("\(content) was accepted")
            } catch {
                #expect(error.path == path, "\(content): \(error)")
            }
        }
    }

    @Test func deepTreesAreRefused() {
        var content = #"{"type": "spacer"}"#
        for _ in 0..<20 { content = #"{"type": "padding", "insets": 1, "child": \#(content)}"# }
        #expect(throws: SpecError.self) { _ = try decode(content) }
    }

    @Test func aCustomStepIsAStepKindThatRoundTrips() throws {
        let document = try example("custom")
        let step = try #require(document.flow.steps.first)
        #expect(step.kind.name == "custom")
        let data = try JSONEncoder().encode(step)
        #expect(try JSONDecoder().decode(StepSpec.self, from: data) == step)
    }

    /// A screen of one's own, from the public vocabulary and the theme's components.
    struct StreakScreen: OnboardingScreen {
        var days: Int
        func layout(theme: OnboardingTheme, environment: RenderEnvironment) throws -> ScreenLayout {
            let context = ScreenContext(theme: theme, environment: environment)
            let body = LayoutNode.vstack(
                spacing: 20, alignment: .center,
                children: [
                    context.header(OnboardingHeader(icon: Icon("bolt"), title: "\(days)-day streak")),
                    context.layout(.hstack(spacing: 8, (0..<days).map { _ in .shape(.circle, width: 20, height: 20) })),
                    .text(
                        TextElement(
                            "Keep going", font: context.fonts.body, color: context.colors.primary,
                            role: SemanticRole("cheer"))),
                ])
            return try ScreenScaffold(
                body: body, footer: [context.primaryButton(OnboardingAction("Continue"))], inCard: true
            ).layout(context)
        }
    }

    @Test func swiftUsersBuildTheirOwnScreens() throws {
        let environment = RenderEnvironment(device: .smallPhone, scale: 1)
        let layout = try StreakScreen(days: 4).layout(theme: .plain, environment: environment)
        let list = try layout.displayList(environment: environment)
        #expect(list.texts.map(\.role).contains(SemanticRole("cheer")))
        #expect(list.texts.contains { $0.role == .title && $0.string == "4-day streak" })
        #expect(list.footer.flatMap(\.texts).contains { $0.role == .primaryButton })
        let image = try list.render()
        #expect(image.width == list.width && image.height == list.height)
    }
}
