import Foundation
import HowdyKit
import HowdyKitUI
import HowdyRender
import HowdyTesting
import HowdyText
import Testing

@Suite("HowdyTesting's ready strategies: .screen and .lines")
struct SnapshottingStrategyTests {
    private func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("howdy-strategies-\(UUID().uuidString)")
    }

    @Test(".screen stores the screen's render and tells a changed title apart")
    func screen() throws {
        let folder = scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = RenderEnvironment(device: .smallPhone, scale: 1, colorScheme: .dark)
        let strategy = Snapshotting<OnboardingWelcomeView, Image>.screen(environment: environment)
        let welcome = OnboardingWelcomeView(content: GreetContent(title: "Welcome to Notes"))
        let settings = ["HOWDY_ARTIFACTS": folder.appendingPathComponent("failures").path]
        guard case .recorded = verifySnapshot(of: welcome, as: strategy, named: "welcome", in: folder, record: .missing, environment: settings)
        else { throw SpecError(path: "", message: "nothing recorded") }
        let golden = try Image(decoding: [UInt8](Data(contentsOf: folder.appendingPathComponent("welcome.png"))))
        #expect(golden == (try welcome.render(theme: OnboardingTheme(), environment: environment)))
        #expect(Double(golden.width) == DevicePreset.smallPhone.width)
        guard case .matched = verifySnapshot(of: welcome, as: strategy, named: "welcome", in: folder, record: .never, environment: settings)
        else { throw SpecError(path: "", message: "the same screen did not match") }
        let changed = OnboardingWelcomeView(content: GreetContent(title: "Welcome to Notebooks"))
        guard case .mismatch = verifySnapshot(of: changed, as: strategy, named: "welcome", in: folder, record: .never, environment: settings)
        else { throw SpecError(path: "", message: "a changed title matched") }
    }

    @Test(".lines is the layout's lines as text, and names the first line that differs")
    func lines() throws {
        let font = try Font(named: "Inter-Bold", size: 28)
        let layout = try balance(text: "Everything you write, in one calm place", font: font, width: 300)
        let text = try Snapshotting<TextLayout, String>.lines.snapshot(layout)
        #expect(text == layout.lines.map(\.text).joined(separator: "\n") + "\n")
        #expect(text.split(separator: "\n").count == layout.lineCount && layout.lineCount >= 2)
        let failure = Diffing<String>.text.diff("one\ntwo\n", "one\nthree\n")
        #expect(failure?.message == "text differs at line 2: golden \"two\", actual \"three\"")
        #expect(Diffing<String>.text.diff(text, text) == nil)
    }
}
