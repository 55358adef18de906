import Foundation
import HowdyReview
import HowdyText
import Testing

@testable import HowdyKitUI

/// A folder with a spec and its localization files, removed by `cleanup()`.
private struct LocalizedSpec {
    let folder: URL

    init(spec: String, files: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-locales-\(UUID().uuidString)")
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try spec.write(to: folder.appendingPathComponent("spec.json"), atomically: true, encoding: .utf8)
    }

    func load() throws -> FlowDocument { try FlowDocument.load(contentsOf: folder.appendingPathComponent("spec.json")) }
    func cleanup() { try? FileManager.default.removeItem(at: folder) }
}

private let catalog = #"""
    { "sourceLanguage": "en", "version": "1.0", "strings": {
      "Welcome": { "localizations": {
        "de": { "stringUnit": { "state": "translated", "value": "Willkommen" } },
        "ar": { "stringUnit": { "state": "translated", "value": "مرحبًا" } },
        "ja": { "stringUnit": { "state": "translated", "value": "ようこそ" } } } },
      "Get started": { "localizations": {
        "de": { "stringUnit": { "state": "translated", "value": "Los geht’s" } } } },
      "%lld days free": { "localizations": {
        "en": { "variations": { "plural": {
          "one": { "stringUnit": { "state": "translated", "value": "%lld day free" } },
          "other": { "stringUnit": { "state": "translated", "value": "%lld days free" } } } } },
        "ar": { "variations": { "plural": {
          "few": { "stringUnit": { "state": "translated", "value": "%lld أيام مجانًا" } },
          "other": { "stringUnit": { "state": "translated", "value": "%lld يوم مجانًا" } } } } } } } }
    }
    """#

private func spec(count: Int = 1, extra: String = "") -> String {
    """
    { "localization": { "catalogs": ["Localizable.xcstrings"], "strings": ["fr.lproj/Localizable.strings"],
                        "counts": { "%lld days free": \(count) } },
      "welcome": { "id": "w", "title": "Welcome", "subtitle": "%lld days free", "primaryButton": "Get started" },
      "steps": [], "render": { "schemes": ["light"], "locales": ["en", "de", "ar", "ja", "fr"] } \(extra) }
    """
}

private let frenchTable = #"""
    /* French */
    "Welcome" = "Bienvenue";
    "Get started" = "Commencer";
    """#

/// The texts of a screen's layout (what is drawn), by role.
private func texts(_ document: FlowDocument, locale: String, screen: Int = 0, device: DevicePreset = .phone) throws
    -> [SemanticRole: String]
{
    let environment = RenderEnvironment(device: device, locale: locale)
    var withStrings = environment
    withStrings.localization = document.localization
    let layout = try FlowPages.screens(document)[screen].screen.layout(theme: document.theme, environment: withStrings)
    var result: [SemanticRole: String] = [:]
    for case .text(let text, _, _, let element) in layout.allItems { result[element.role] = text.text }
    return result
}

@Suite("Locales: catalogs in specs, the locale axis, pseudo-locales")
struct LocaleMatrixTests {
    @Test("a spec's texts are keys: looked up per locale, .strings tables too, the source language as fallback")
    func specTextsAreLookedUp() throws {
        let folder = try LocalizedSpec(
            spec: spec(), files: ["Localizable.xcstrings": catalog, "fr.lproj/Localizable.strings": frenchTable])
        defer { folder.cleanup() }
        let document = try folder.load()
        #expect(try texts(document, locale: "de")[.title] == "Willkommen")
        #expect(try texts(document, locale: "de")[.primaryButton] == "Los geht’s")
        #expect(try texts(document, locale: "ja")[.title] == "ようこそ")
        #expect(try texts(document, locale: "fr")[.title] == "Bienvenue")
        #expect(try texts(document, locale: "fr")[.primaryButton] == "Commencer")
        // No Japanese button: the source language's text.
        #expect(try texts(document, locale: "ja")[.primaryButton] == "Get started")
        #expect(try texts(document, locale: "de-CH")[.title] == "Willkommen")
    }

    @Test("plural variations are chosen for the spec's number, which fills the placeholder")
    func pluralsForTheSpecsNumber() throws {
        for (count, english, arabic) in [
            // Arabic writes the number in Arabic-Indic digits, as String(localized:) does.
            (1, "1 day free", "١ يوم مجانًا"), (7, "7 days free", "٧ أيام مجانًا"), (14, "14 days free", "١٤ يوم مجانًا"),
        ] {
            let folder = try LocalizedSpec(
                spec: spec(count: count),
                files: ["Localizable.xcstrings": catalog, "fr.lproj/Localizable.strings": frenchTable])
            defer { folder.cleanup() }
            let document = try folder.load()
            #expect(try texts(document, locale: "en")[.headline] == english)
            // Arabic: 7 is "few"; 14 is "many", which the catalog lacks: "other" is shown.
            #expect(try texts(document, locale: "ar")[.headline] == arabic)
        }
        #expect(FlowLocalization.fillingPlaceholders("%1$lld of %d, 100%%", with: 3) == "3 of 3, 100%")
        #expect(FlowLocalization.fillingPlaceholders("%.2f stays", with: 3) == "%.2f stays")
        // With a locale: its digits, grouping and decimal separator (CLDR via ICU).
        #expect(FlowLocalization.fillingPlaceholders("%lld", with: 1234.5, locale: "en") == "1,234.5")
        #expect(FlowLocalization.fillingPlaceholders("%lld", with: 1234.5, locale: "de") == "1.234,5")
        #expect(FlowLocalization.fillingPlaceholders("%lld", with: 12, locale: "ar") == "١٢")
        #expect(FlowLocalization.fillingPlaceholders("%lld", with: 12, locale: "ar-MA") == "12")
        #expect(FlowLocalization.fillingPlaceholders("%lld", with: 12, locale: "pseudo-rtl") == "12")
    }

    @Test("bad localization objects and files are errors naming the JSON path")
    func badLocalization() throws {
        let folder = try LocalizedSpec(spec: spec(), files: ["Localizable.xcstrings": catalog])
        defer { folder.cleanup() }
        func error(_ localization: String) -> String? {
            specError(
                #"{ "localization": \#(localization), "welcome": { "id": "w", "title": "Hi" }, "steps": [] }"#,
                baseDirectory: folder.folder)
        }
        #expect(error(#"{ "catalog": ["Localizable.xcstrings"] }"#)?.contains("localization.catalog") == true)
        #expect(error(#"{ "catalogs": ["../outside.xcstrings"] }"#)?.contains("outside the spec's folder") == true)
        #expect(error(#"{ "catalogs": ["missing.xcstrings"] }"#)?.contains("localization.catalogs[0]") == true)
        #expect(error(#"{ "catalogs": [] }"#)?.contains("at least one file") == true)
        #expect(
            error(#"{ "catalogs": ["Localizable.xcstrings"], "count": -1 }"#)?.contains("localization.count") == true)
        #expect(
            error(#"{ "catalogs": ["Localizable.xcstrings"], "counts": { "a": 1e300 } }"#)?.contains(
                "localization.counts.a") == true)
        #expect(
            specError(
                #"{ "welcome": { "id": "w", "title": "Hi" }, "steps": [], "render": { "locales": ["de/../x"] } }"#)?
                .contains("render.locales[0]") == true)
        #expect(
            specError(#"{ "welcome": { "id": "w", "title": "Hi" }, "steps": [], "render": { "locales": [] } }"#)?
                .contains("at least one locale") == true)
    }

    @Test("the locale axis: locales outermost, counted in the cap, file names carry the locale only with an axis")
    func localeAxis() throws {
        let document = try example("plain")
        var matrix = RenderMatrix(devices: [.phone], schemes: [.light])
        let plain = try RenderPlan(document, matrix: matrix)
        #expect(plain.jobs.allSatisfy { !$0.fileName.contains("-en") })
        // The spec's own locale alone keeps today's names.
        matrix.locales = ["en"]
        #expect(try RenderPlan(document, matrix: matrix).jobs.map(\.fileName) == plain.jobs.map(\.fileName))
        matrix.locales = ["de", "ar", "de", "pseudo"]
        let plan = try RenderPlan(document, matrix: matrix)
        #expect(plan.environments.map(\.locale) == ["de", "ar", "pseudo"])
        #expect(plan.jobs.count == plain.jobs.count * 3)
        #expect(plan.jobs.first?.fileName == "01-welcome_phone-light-de@3x.png")
        #expect(plan.jobs.contains { $0.fileName == "01-welcome_phone-light-pseudo@3x.png" })
        #expect(matrix.environmentCount == 3 && matrix.axesDescription.hasSuffix("× 3 locales"))
        #expect(throws: RenderPlanError.self) {
            try RenderPlan(document, matrix: matrix, maxImages: plain.jobs.count * 3 - 1)
        }
        // Right-to-left locales mirror; pseudo-rtl too; text for fonts and breaking is English there.
        #expect(plan.environments[1].isRightToLeft && !plan.environments[0].isRightToLeft)
        let rtl = RenderEnvironment(locale: "pseudo-rtl")
        #expect(rtl.isRightToLeft && rtl.textLocale == "en" && RenderEnvironment(locale: "ar-XB").isRightToLeft)
    }

    @Test("pseudo-locales transform every text, not icon ligatures; a right-to-left one mirrors the rows")
    func pseudoScreens() throws {
        let document = try example("plain")
        let shown = try texts(document, locale: "pseudo")
        #expect(shown[.title] == PseudoLocale.accented.transform("Welcome to Notes"))
        #expect(shown[.primaryButton] == PseudoLocale.accented.transform("Continue"))
        let layout = try FlowPages.screens(document)[0].screen.layout(
            theme: document.theme, environment: RenderEnvironment(locale: "pseudo-rtl"))
        let icons = layout.allItems.compactMap { item -> (String, Frame)? in
            if case .text(let text, let frame, _, let element) = item, element.role == .featureIcon {
                return (text.text, frame)
            }
            return nil
        }
        #expect(icons.map(\.0) == ["edit", "search", "lock"])
        // Mirrored: the feature icons sit on the right half.
        #expect(icons.allSatisfy { $0.1.x > DevicePreset.phone.width / 2 })
    }

    @Test("index.html groups by locale; captions and manifest entries carry it")
    func indexGroupsByLocale() throws {
        func file(_ screen: String, _ locale: String?) -> RenderedFile {
            var file = RenderedFile(
                screen: screen, fileName: "\(screen)-\(locale ?? "x").png", device: "phone", scheme: .light,
                dynamicTypeSize: .large, time: 0, scale: 1, scroll: "top", reduceMotion: false, pixelWidth: 10,
                pixelHeight: 20)
            file.locale = locale
            return file
        }
        let html = RenderIndex.html(
            title: "t", files: [file("01-a", "de"), file("02-b", "de"), file("01-a", "ar")], screens: ["01-a", "02-b"])
        let de = try #require(html.range(of: "id=\"locale-de\""))
        let ar = try #require(html.range(of: "id=\"locale-ar\""))
        #expect(de.upperBound < ar.lowerBound)
        #expect(html[de.upperBound..<ar.lowerBound].contains("01-a-de.png"))
        #expect(!html[ar.upperBound...].contains("02-b"))
        #expect(RenderIndex.caption(file("01-a", "ar")).hasPrefix("phone · light · ar"))
        let plain = RenderIndex.html(title: "t", files: [file("01-a", nil)], screens: ["01-a"])
        #expect(!plain.contains("locale-") && plain.contains("<h2>01-a</h2>"))
        let encoded = String(decoding: try JSONEncoder().encode(file("01-a", nil)), as: UTF8.self)
        #expect(!encoded.contains("locale"))
    }
}
