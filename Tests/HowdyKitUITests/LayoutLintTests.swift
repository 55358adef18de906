import Foundation
import Testing

@testable import HowdyKitUI

@Suite("LayoutLint: text fit, footers, tap targets and missing strings per locale, device and size")
struct LayoutLintTests {
    private func findings(_ json: String, matrix: RenderMatrix) throws -> [LayoutFinding] {
        let document = try FlowDocument.decode(Data(json.utf8))
        return try LayoutLint.check(document, matrix: matrix).findings
    }

    private let smallAX5 = RenderMatrix(devices: [.smallPhone], schemes: [.light], dynamicTypeSizes: [.accessibility5])

    @Test("a word too long for its line: shrunk below the minimum scale when the text may shrink, else broken")
    func longWords() throws {
        let word = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen"
        let found = try findings(
            #"{ "welcome": { "id": "w", "title": "Hi", "primaryButton": "Rechtsschutzversicherungsgesellschaften", "states": ["default", "error"], "errorMessage": "Ein \#(word) hier." }, "steps": [] }"#,
            matrix: smallAX5)
        let button = try #require(found.first { $0.role == .primaryButton })
        #expect(button.kind == .shrunkBelowMinimumScale(minimum: 0.7))
        #expect(button.screen == "01-welcome" && button.locale == "en" && button.device == "small-phone")
        #expect(button.dynamicTypeSize == .accessibility5 && button.width > 200 && button.height > 50)
        // The alert's message does not shrink: its word breaks.
        let paragraph = try #require(found.first { $0.screen == "02-welcome-error" && $0.role == .alertMessage })
        guard case .brokenInsideWord(let piece) = paragraph.kind else {
            Issue.record("expected a broken word, got \(paragraph.kind)")
            return
        }
        #expect(word.hasPrefix(piece) && piece.count > 3)
        #expect(paragraph.description.contains("02-welcome-error [en small-phone accessibility5] alert message"))
        // At the default size every word fits: nothing to report.
        let large = try findings(
            #"{ "welcome": { "id": "w", "title": "Hi", "primaryButton": "Weiter" }, "steps": [ { "id": "a", "kind": "feature", "title": "T", "body": "Ein Wort hier." } ] }"#,
            matrix: RenderMatrix(devices: [.smallPhone], schemes: [.light]))
        #expect(large.isEmpty, "\(large)")
    }

    @Test("Japanese breaks between ideographs are opportunities, not broken words")
    func japaneseBreaksAreFine() throws {
        let found = try findings(
            #"{ "locale": "ja", "welcome": { "id": "w", "title": "ようこそ", "subtitle": "レッスンをダウンロードすれば、オフラインでも学習を続けられます。お好きな時間にお知らせします。" }, "steps": [] }"#,
            matrix: smallAX5)
        #expect(found.isEmpty, "\(found)")
    }

    @Test("a footer taller than the screen is reported with how much is hidden")
    func footerOffScreen() throws {
        let long = Array(repeating: "word", count: 60).joined(separator: " ")
        let found = try findings(
            #"{ "welcome": { "id": "w", "title": "Hi" }, "steps": [ { "id": "a", "kind": "feature", "title": "T", "primaryAction": "\#(long)" } ] }"#,
            matrix: smallAX5)
        let footer = try #require(
            found.first {
                if case .footerOffScreen = $0.kind { return true }
                return false
            })
        guard case .footerOffScreen(let hidden) = footer.kind else { return }
        #expect(hidden > 100 && footer.height > DevicePreset.smallPhone.height)
        #expect(footer.screen == "02-a")
    }

    @Test("tap targets under 44 × 44 pt: a short text button at the default size, not at accessibility sizes")
    func smallTargets() throws {
        let spec =
            #"{ "welcome": { "id": "w", "title": "Hi", "primaryButton": "Go", "skipButton": "OK" }, "steps": [] }"#
        let found = try findings(spec, matrix: RenderMatrix(devices: [.phone], schemes: [.light]))
        #expect(found.count == 1)
        let target = try #require(found.first)
        #expect(target.kind == .smallHitTarget && target.role == .secondaryButton && target.text == "OK")
        #expect(target.width < 44 && target.height >= 44)
        #expect(try findings(spec, matrix: smallAX5).allSatisfy { $0.kind != .smallHitTarget })
    }

    @Test("a slider is a tap target: its track's width × 44 pt, so only a slider under 44 pt wide is reported")
    func sliderTargets() throws {
        let environment = RenderEnvironment(device: .phone, scale: 1)
        let context = ScreenContext(theme: .plain, environment: environment)
        func layout(sliderWidth: Double) throws -> ScreenLayout {
            let slider = LayoutNode.shape(
                width: sliderWidth, height: 30, role: .slider,
                decoration: .slider(
                    fraction: 0.5, rightToLeft: false, track: .black, fill: .black, scheme: .light))
            return try ScreenScaffold(body: slider, footer: [context.primaryButton(OnboardingAction("Continue"))])
                .layout(context)
        }
        let narrow = try LayoutLint.findings(in: try layout(sliderWidth: 40), screen: "s", environment: environment)
        #expect(narrow.count == 1, "\(narrow)")
        let finding = try #require(narrow.first)
        #expect(finding.kind == .smallHitTarget && finding.role == .slider)
        #expect(finding.width == 40 && finding.height == 44)
        // A 30 pt tall track is not too short: the thumb's touch area reaches past it.
        #expect(
            try LayoutLint.findings(in: try layout(sliderWidth: 200), screen: "s", environment: environment).isEmpty)
    }

    @Test("the error alert at accessibility5 on the small phone fits: its text scrolls, its button row stands")
    func alertFitsAtAccessibilitySizes() throws {
        // Before the alert scrolled its content and stacked its buttons (issue 13, item 7),
        // this lint found its OK button overflowing the alert here.
        let found = try findings(
            #"{ "welcome": { "id": "w", "title": "Hi", "states": ["error"] }, "steps": [] }"#, matrix: smallAX5)
        #expect(!found.contains { $0.role == .alertButton || $0.kind == .overflow(container: .alert) }, "\(found)")
    }

    @Test("the example specs at the default size: clean, but Hebrew's one-word Skip is a 26 pt wide target")
    func examplesAtDefaultSize() throws {
        for name in ["plain", "branded", "rtl", "hebrew", "localized"] {
            let document = try example(name)
            var matrix = document.matrix
            matrix.schemes = [.light]
            let found = try LayoutLint.check(document, matrix: matrix).findings
            if name == "hebrew" {
                #expect(found.map(\.kind) == [.smallHitTarget] && found.first?.text == "דלג", "\(found)")
            } else {
                #expect(found.isEmpty, "\(name): \(found)")
            }
        }
    }

    @Test("the localized example: every locale, device and size of its matrix is clean in en, de, ar, ja and pseudo")
    func localizedExample() throws {
        let document = try example("localized")
        #expect(document.matrix.locales == ["en", "de", "ar", "ja"])
        var matrix = document.matrix
        matrix.schemes = [.light]
        matrix.locales += ["pseudo", "pseudo-rtl"]
        matrix.dynamicTypeSizes = [.large, .accessibility3]
        let report = try LayoutLint.check(document, matrix: matrix)
        #expect(report.checkedScreens == 6 * 2 * 2 * 4)
        #expect(report.findings.isEmpty, "\(report.findings)")
    }

    @Test("a key missing for a locale is a finding naming key and locale, once per key and locale")
    func missingKeys() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"""
        { "sourceLanguage": "en", "strings": {
          "Hi": { "localizations": { "de": { "stringUnit": { "state": "translated", "value": "Hallo" } } } } } }
        """#.write(to: folder.appendingPathComponent("L.xcstrings"), atomically: true, encoding: .utf8)
        try #"""
        { "localization": { "catalogs": ["L.xcstrings"] }, "welcome": { "id": "w", "title": "Hi", "primaryButton": "Go" },
          "steps": [], "render": { "schemes": ["light"], "devices": ["phone", "small-phone"], "locales": ["de", "ja"] } }
        """#.write(to: folder.appendingPathComponent("spec.json"), atomically: true, encoding: .utf8)
        let document = try FlowDocument.load(contentsOf: folder.appendingPathComponent("spec.json"))
        let strings = try LayoutLint.check(document, matrix: document.matrix).findings.filter(\.isMissingString)
        let described = strings.map { finding -> String in
            guard case .missingString(let missing) = finding.kind else { return "" }
            return "\(missing.key)@\(missing.locale)"
        }
        // "Go" is in no catalog (each locale once, though two devices show it); "Hi" lacks Japanese.
        #expect(described == ["Go@de", "Hi@ja", "Go@ja"])
        #expect(strings.allSatisfy { $0.screen == "01-welcome" && $0.device == "phone" })
        #expect(strings[0].description.contains("missing key \"Go\" for locale de"))
    }
}
