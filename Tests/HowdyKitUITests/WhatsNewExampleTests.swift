import Foundation
import HowdyKit
import Testing

@testable import HowdyKitUI

@Suite("Examples/whats-new.json: a whatsNew section read by the UI layer")
struct WhatsNewExampleTests {
    @Test("decodes without warnings; the pages are named by version; a fresh install's flow leaves them out")
    func example() throws {
        let document = try HowdyKitUITests.example("whats-new")
        #expect(document.warnings.isEmpty)
        let notes = try #require(document.flow.releaseNotes)
        #expect(notes.versions.map(\.description) == ["2.0", "2.1", "2.1.1"])
        let names = FlowPages.screens(document).map(\.name)
        #expect(names.suffix(3) == ["04-whatsnew-2-0", "05-whatsnew-2-1", "06-whatsnew-2-1-1"])
        let storage = InMemoryOnboardingStorage()
        let flow = document.flow.makeFlow(storage: storage, appVersion: AppVersion(2, 1, 1))
        #expect(flow.steps.map(\.id.rawValue) == ["com.example.notes.intro", "com.example.notes.push"])
    }
}
