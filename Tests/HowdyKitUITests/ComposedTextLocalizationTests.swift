import Foundation
import HowdyKit
import Testing

@testable import HowdyKitUI

/// Texts the screens compose (a commitment's value and unit, a plan's price and period, a
/// personalised `{goal}`) are looked up part by part, then composed: a catalog holds
/// `%lld cups` with its plural forms and `month` once, not every composed string.
@Suite("Composed texts: parts looked up per locale, then composed")
struct ComposedTextLocalizationTests {
    static let catalog = #"""
        {
          "sourceLanguage": "en",
          "strings": {
            "%lld cups": { "localizations": { "de": { "variations": { "plural": {
              "one": { "stringUnit": { "state": "translated", "value": "%lld Tasse" } },
              "other": { "stringUnit": { "state": "translated", "value": "%lld Tassen" } } } } } } },
            "month": { "localizations": { "de": { "stringUnit": { "state": "translated", "value": "Monat" } } } },
            "Travel": { "localizations": { "de": { "stringUnit": { "state": "translated", "value": "Reisen" } } } },
            "Your plan for {goal} is ready": { "localizations": { "de": { "stringUnit": {
              "state": "translated", "value": "Dein Plan für {goal} ist fertig" } } } }
          }
        }
        """#

    static let spec = #"""
        {
          "localization": { "catalogs": ["App.xcstrings"] },
          "answers": { "goal": "travel" },
          "welcome": { "id": "w", "title": "Hi" },
          "steps": [
            { "id": "goal", "kind": "singleSelect", "title": "Goal",
              "options": [ { "id": "travel", "label": "Travel" } ], "selected": "travel" },
            { "id": "cups", "kind": "commitment", "title": "Cups", "unit": " cups",
              "range": [1, 6], "step": 1, "default": 1 },
            { "id": "pay", "kind": "paywall", "title": "Your plan for {goal} is ready",
              "plans": [ { "id": "m", "title": "Monthly", "price": "$4.99", "period": "month" } ] }
          ]
        }
        """#

    /// The document, loaded from a folder holding the spec and its catalog.
    func document() throws -> FlowDocument {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "howdy-composed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.catalog.utf8).write(to: folder.appendingPathComponent("App.xcstrings"))
        let spec = folder.appendingPathComponent("flow.json")
        try Data(Self.spec.utf8).write(to: spec)
        return try FlowDocument.load(contentsOf: spec)
    }

    /// Every text drawn on the screen whose name ends with `suffix`, in `locale`.
    func texts(_ document: FlowDocument, _ suffix: String, locale: String) throws -> [String] {
        let screen = try #require(FlowPages.screens(document).first { $0.name.hasSuffix(suffix) })
        var environment = RenderEnvironment(device: .phone, scale: 1, locale: locale)
        environment.localization = document.localization
        let list = try screen.screen.layout(theme: document.theme, environment: environment)
            .displayList(environment: environment)
        return list.texts.map(\.string) + list.footer.flatMap(\.texts).map(\.string)
    }

    @Test("a commitment's value and range ends: the unit's plural key, counted per value")
    func commitmentValues() throws {
        let document = try document()
        let german = try texts(document, "cups", locale: "de")
        #expect(german.contains("1 Tasse") && german.contains("6 Tassen"), "\(german)")
        // The source language has no forms for the key: the composed text, as before.
        let english = try texts(document, "cups", locale: "en")
        #expect(english.contains("1 cups") && english.contains("6 cups"), "\(english)")
    }

    @Test("a plan's price and period are looked up apart, then joined with ' / '")
    func priceAndPeriod() throws {
        let german = try texts(try document(), "pay", locale: "de")
        #expect(german.contains("$4.99 / Monat"), "\(german)")
    }

    @Test("a personalised title: the template is the key; the option's label is looked up and lowercased")
    func personalisedTitle() throws {
        let document = try document()
        #expect(try texts(document, "pay", locale: "de").contains("Dein Plan für reisen ist fertig"))
        #expect(try texts(document, "pay", locale: "en").contains("Your plan for travel is ready"))
    }

    @Test("lint names the parts' keys, not the composed strings, for a locale without them")
    func lintNamesParts() throws {
        let document = try document()
        var matrix = RenderMatrix(devices: [.phone], schemes: [.light])
        matrix.locales = ["fr"]
        let missing = try LayoutLint.check(document, matrix: matrix).findings.compactMap { finding -> String? in
            guard case .missingString(let missing) = finding.kind else { return nil }
            return missing.key
        }
        #expect(missing.contains("%lld cups") && missing.contains("month"), "\(missing)")
        #expect(missing.contains("Your plan for {goal} is ready"), "\(missing)")
        #expect(!missing.contains("3 cups") && !missing.contains("$4.99 / month"), "\(missing)")
        #expect(!missing.contains("Your plan for travel is ready"), "\(missing)")
    }

    @Test("without a localization every composed text resolves to what the screen composed")
    func identityWithoutLocalization() {
        let commitment = Commitment(lowerBound: 0, upperBound: 100, step: 5, unit: " % off", defaultValue: 50)
        let text = LocalizableText.value(35, of: commitment)
        let resolved = text.resolved(locale: "en") { key, number in
            number.map { FlowLocalization.fillingPlaceholders(key, with: $0) } ?? key
        }
        #expect(resolved == commitment.format(35))
        let template = LocalizableText.template(
            "For {a} and {b}", substitutions: ["a": .lowercased(.key("İstanbul")), "b": .verbatim("{a}")])
        // Substitutions apply in name order, so the result does not depend on dictionary order.
        #expect(template.resolved(locale: "tr") { key, _ in key } == "For istanbul and {a}")
    }
}
