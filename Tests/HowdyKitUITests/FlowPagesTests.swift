import Foundation
import HowdyKit
import HowdyKitUI
import Testing

@Suite struct FlowPagesTests {
    @Test func everyPageInOrderWithPageDots() throws {
        let document = try example("branded")
        let names = FlowPages.screens(document).map(\.name)
        #expect(
            names == [
                "01-welcome", "02-welcome-loading", "03-welcome-error", "04-route-sync", "05-route-widgets", "06-goal",
                "07-minutes",
                "08-push-not-requested", "09-push-authorized", "10-push-denied", "11-building", "12-paywall",
            ])
    }

    @Test func withAStoreOnlyThePagesStillNeededAreShown() throws {
        let document = try example("branded")
        let storage = InMemoryOnboardingStorage(
            records: [
                "com.example.habits.welcome": true, "com.example.habits.goal": true, "com.example.habits.push": false,
            ],
            answers: ["goal": .option("reading")])
        let screens = FlowPages.screens(document, storage: storage)
        #expect(screens.map(\.name) == ["01-minutes", "02-building", "03-paywall"])
        // Page dots count the pages still needed.
        let paywall = try #require(screens.last)
        let layout = try paywall.screen.layout(
            theme: document.theme, environment: RenderEnvironment(device: .phone, scale: 1))
        #expect(layout.footer.contains { $0.role == .pageDots })
        let texts = layout.content.compactMap {
            if case .text(_, _, _, let element) = $0 { element.string } else { nil }
        }
        #expect(texts.contains("Your plan for a reading habit is ready"), "the stored answer personalises the headline")
    }

    @Test func aFinishedFlowHasNoPages() throws {
        let document = try example("plain")
        let storage = InMemoryOnboardingStorage(
            records: Dictionary(uniqueKeysWithValues: document.flow.allIDs.map { ($0, true) }))
        #expect(FlowPages.screens(document, storage: storage).isEmpty)
    }
}
