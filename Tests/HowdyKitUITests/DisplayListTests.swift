import Foundation
import HowdyKit
import HowdyKitUI
import HowdyRender
import HowdyText
import Testing

/// Screens read as data: the display list answers layout questions without pixels.
@Suite struct DisplayListTests {
    private func list(_ example: String, screen suffix: String, scheme: ColorScheme = .light) throws -> DisplayList {
        let document = try HowdyKitUITests.example(example)
        let named = try #require(FlowPages.screens(document).first { $0.name.hasSuffix(suffix) })
        let environment = RenderEnvironment(device: .phone, colorScheme: scheme, locale: document.locale)
        return try named.screen.layout(theme: document.theme, environment: environment)
            .displayList(environment: environment)
    }

    private func groups(_ operations: [DisplayOperation]) -> [DisplayGroup] {
        operations.compactMap { if case .group(let group) = $0 { group } else { nil } }
    }

    @Test func theTitleIsBalancedAndCentredInTheCard() throws {
        let list = try list("branded", screen: "goal")
        let card = try #require(groups(list.content).first { $0.role == .card })
        let title = try #require(list.texts.first { $0.role == .title })
        #expect(title.layout.strategy == .balanced(.narrowest))
        #expect(card.frame.minX < title.frame.minX && title.frame.maxX < card.frame.maxX)
        #expect(card.frame.minY < title.frame.minY && title.frame.maxY < card.frame.maxY)
        // Centred: the lines' midpoints sit on the card's centre line (within a pixel).
        for line in title.layout.lines {
            let middle = title.origin.x + line.x + line.width / 2
            #expect(abs(middle - card.frame.midX) < 1.5, "line '\(line.text)' is off centre")
        }
        // The branded card is a material: it blurs its backdrop, casts a shadow, then fills.
        guard case .backdropBlur = card.operations.first, case .shadow = card.operations.dropFirst().first,
            case .fill = card.operations.dropFirst(2).first
        else {
            Issue.record("the card is not a backdrop blur, a shadow then a fill: \(card.operations)")
            return
        }
    }

    @Test func controlsCarryTheirContentIDs() throws {
        let document = try example("branded")
        let list = try list("branded", screen: "goal")
        guard case .singleSelect(let options) = try #require(document.flow.steps.first).kind else {
            Issue.record("the first step is not a single select")
            return
        }
        let rows = groups(list.content).filter { $0.role == .optionRow }
        #expect(rows.map(\.contentID) == options.map(\.id))
        let labels = list.texts.filter { $0.role == .option }
        #expect(labels.map(\.contentID) == options.map(\.id))
        #expect(labels.map(\.string) == options.map(\.label))
    }

    @Test func theFooterHoldsThePrimaryButtonAndItsLabel() throws {
        let list = try list("plain", screen: "welcome")
        let button = try #require(groups(list.footer).first { $0.role == .primaryButtonBackground })
        let label = try #require(list.footer.flatMap(\.texts).first { $0.role == .primaryButton })
        #expect(button.frame.minX <= label.frame.minX && label.frame.maxX <= button.frame.maxX)
        guard case .fill(.roundedRect(let capsule), .solid) = try #require(button.operations.first) else {
            Issue.record("the button is not a filled capsule")
            return
        }
        #expect(abs(capsule.cornerRadius - capsule.rect.height / 2) < 1e-9)
        #expect(list.overlay.isEmpty)
    }

    @Test func renderingTheListIsRenderingTheScreen() throws {
        let document = try example("branded")
        let environment = RenderEnvironment(device: .smallPhone, scale: 1, colorScheme: .dark)
        for named in FlowPages.screens(document).prefix(4) {
            let layout = try named.screen.layout(theme: document.theme, environment: environment)
            let list = try layout.displayList(environment: environment)
            var canvas = try Canvas(width: list.width, height: list.height)
            for operation in list.operations { try operation.render(into: &canvas) }
            #expect(canvas.image == (try layout.render(environment: environment)), "\(named.name)")
        }
    }

    @Test func theListEncodesAsJSONWithRolesAndIDs() throws {
        let list = try list("branded", screen: "goal")
        let json = try #require(
            try JSONSerialization.jsonObject(with: list.jsonData()) as? [String: Any])
        #expect(json["width"] as? Int == list.width)
        let content = try #require(json["content"] as? [[String: Any]])
        let texts = content.filter { $0["op"] as? String == "text" }
        #expect(texts.contains { $0["role"] as? String == "title" && ($0["lines"] as? [Any])?.isEmpty == false })
        #expect(content.contains { $0["op"] as? String == "group" && $0["role"] as? String == "option row" })
        // Same list, same bytes.
        #expect(try list.jsonData() == (try self.list("branded", screen: "goal").jsonData()))
    }
}
