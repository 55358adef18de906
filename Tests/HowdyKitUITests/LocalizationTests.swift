import Foundation
import HowdyText
import Testing

@testable import HowdyKitUI

@Suite("Localization: String Catalogs, .strings tables, plural variations, pseudo-locales")
struct LocalizationTests {
    static let catalogJSON = #"""
        {
          "sourceLanguage": "en",
          "version": "1.0",
          "strings": {
            "Welcome": {
              "comment": "The welcome title",
              "localizations": {
                "de": { "stringUnit": { "state": "translated", "value": "Willkommen" } },
                "ar": { "stringUnit": { "state": "translated", "value": "مرحبًا" } },
                "ja": { "stringUnit": { "state": "translated", "value": "ようこそ" } },
                "pt-BR": { "stringUnit": { "state": "translated", "value": "Bem-vindo" } }
              }
            },
            "Get started": { "extractionState": "manual" },
            "%lld days": {
              "localizations": {
                "en": { "variations": { "plural": {
                  "one": { "stringUnit": { "state": "translated", "value": "%lld day" } },
                  "other": { "stringUnit": { "state": "translated", "value": "%lld days" } } } } },
                "ru": { "variations": { "plural": {
                  "one": { "stringUnit": { "state": "translated", "value": "%lld день" } },
                  "few": { "stringUnit": { "state": "translated", "value": "%lld дня" } },
                  "other": { "stringUnit": { "state": "translated", "value": "%lld дней" } } } } },
                "de": { "variations": { "device": { "other": { "stringUnit": { "state": "translated", "value": "%lld Tage" } } } } }
              }
            }
          }
        }
        """#

    func strings() throws -> LocalizedStrings {
        let catalog = try StringCatalog.decode(Data(Self.catalogJSON.utf8), file: "Localizable.xcstrings")
        let table = try StringsTable.decode(
            Data(#"/* German extras */ "Skip" = "Überspringen"; "Welcome" = "Hallo";"#.utf8), language: "de",
            file: "de.lproj/Localizable.strings")
        return LocalizedStrings(catalogs: [catalog], tables: [table])
    }

    @Test("the catalog decodes: source language, languages, forms")
    func decodes() throws {
        let catalog = try StringCatalog.decode(Data(Self.catalogJSON.utf8), file: "x")
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.languages == ["ar", "de", "en", "ja", "pt-BR", "ru"])
        #expect(
            catalog.forms("Welcome", language: "de") == StringCatalog.Forms(value: "Willkommen", state: .translated))
        #expect(catalog.forms("Get started", language: "en") == StringCatalog.Forms(value: "Get started"))
        #expect(catalog.forms("Get started", language: "de") == nil)
        #expect(catalog.forms("%lld days", language: "ru")?.plural[.few] == "%lld дня")
        #expect(
            catalog.forms("%lld days", language: "de")?.device["other"]?.value == "%lld Tage",
            "the device 'other' variation")
        #expect(LocalizedStrings(catalogs: [catalog]).lookup("%lld days", locale: "de", count: 3).text == "%lld Tage")
    }

    @Test("lookup per locale: exact, parent language, case and separator insensitive, catalog before table")
    func lookupPerLocale() throws {
        let strings = try strings()
        #expect(strings.lookup("Welcome", locale: "de").text == "Willkommen", "the catalog wins over the table")
        #expect(strings.lookup("Welcome", locale: "de-CH").text == "Willkommen")
        #expect(strings.lookup("Welcome", locale: "pt_br").text == "Bem-vindo")
        #expect(strings.lookup("Welcome", locale: "ar").text == "مرحبًا")
        #expect(strings.lookup("Welcome", locale: "ja-JP").language == "ja")
        #expect(strings.lookup("Skip", locale: "de").text == "Überspringen")
        #expect(strings.lookup("Welcome", locale: "en").findings.isEmpty)
        #expect(strings.lookup("Welcome", locale: "en-GB").text == "Welcome")
    }

    @Test("the source language is the fallback, reported as a missing translation naming key and locale")
    func sourceFallback() throws {
        let result = try strings().lookup("Get started", locale: "fr")
        #expect(result.text == "Get started" && result.language == "en")
        #expect(
            result.findings == [
                LocalizationFinding(key: "Get started", locale: "fr", kind: .missingTranslation(shown: "en"))
            ])
        #expect(result.findings[0].description == #""Get started" has no fr translation: shown in en"#)
    }

    @Test("a missing key is reported as data naming the key and the locale; the key itself is shown")
    func missingKey() throws {
        let result = try strings().lookup("Continue", locale: "de")
        #expect(result.text == "Continue" && result.language == nil)
        #expect(result.findings == [LocalizationFinding(key: "Continue", locale: "de", kind: .missingKey)])
        #expect(result.findings[0].description == #"missing key "Continue" for locale de: shown as the key itself"#)
        let all = try strings().findings(keys: ["Welcome", "Continue"], locales: ["de", "ja"])
        #expect(all.map(\.locale) == ["de", "ja"] && all.allSatisfy { $0.key == "Continue" })
    }

    @Test("plural variations follow the language's CLDR rules for the number; a missing category is reported")
    func plurals() throws {
        let strings = try strings()
        #expect(strings.lookup("%lld days", locale: "en", count: 1).text == "%lld day")
        #expect(strings.lookup("%lld days", locale: "en", count: 5).text == "%lld days")
        #expect(strings.lookup("%lld days", locale: "ru", count: 3).text == "%lld дня")
        #expect(strings.lookup("%lld days", locale: "ru", count: 21).text == "%lld день")
        let many = strings.lookup("%lld days", locale: "ru", count: 5)
        #expect(many.text == "%lld дней" && many.pluralCategory == .many)
        #expect(
            many.findings == [
                LocalizationFinding(key: "%lld days", locale: "ru", kind: .missingPluralCategory(.many, language: "ru"))
            ])
        #expect(strings.lookup("%lld days", locale: "en").text == "%lld days", "no number: the other form")
        let fallback = strings.lookup("%lld days", locale: "fr", count: 1)
        #expect(fallback.text == "%lld day", "English forms chosen by English rules")
    }

    @Test("pseudo-locales look up the source text and transform it")
    func pseudoLookup() throws {
        let strings = try strings()
        let result = strings.lookup("Welcome", locale: "en-XA")
        #expect(result.text == PseudoLocale.accented.transform("Welcome"))
        #expect(strings.lookup("Continue", locale: "pseudo").findings.first?.locale == "pseudo")
    }

    @Test("bad catalogs are errors naming the file and the JSON path")
    func catalogErrors() {
        func message(_ json: String) -> String? {
            do {
                _ = try StringCatalog.decode(Data(json.utf8), file: "App.xcstrings")
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            message("{")
                == "App.xcstrings: not valid JSON: expected a key in double quotes, found the end of the text (line 1, column 2)")
        #expect(
            message(#"{ "sourceLanguage": "en", "strings": { "Hi": {}, "Hi": {} } }"#)
                == #"App.xcstrings: strings.Hi: duplicate key "Hi" (its first value would be lost) (line 1, column 54)"#)
        #expect(message(#"{ "strings": {} }"#) == "App.xcstrings: sourceLanguage: required key is missing")
        #expect(
            message(
                #"{ "sourceLanguage": "en", "strings": { "Hi": { "localizations": { "de": { "stringUnit": { "value": 3 } } } } } }"#
            )
                == #"App.xcstrings: strings["Hi"].localizations.de.stringUnit.value: expected a string, got a number"#)
        #expect(
            message(
                #"{ "sourceLanguage": "en", "strings": { "Hi": { "localizations": { "de": { "variations": { "plural": { "several": { "stringUnit": { "value": "x" } } } } } } } } }"#
            )?
            .hasPrefix(
                #"App.xcstrings: strings["Hi"].localizations.de.variations.plural.several: unknown plural category"#)
                == true)
        #expect(
            message(
                #"{ "sourceLanguage": "en", "strings": { "Hi": { "localizations": { "de": { "substitutions": {} } } } } }"#
            ) == nil, "substitutions are read")
        #expect(
            message(#"{ "sourceLanguage": "en", "strings": { "Hi": { "locs": {} } } }"#) == nil,
            "an unknown key is a note")
        let noted = try? StringCatalog.decode(
            Data(#"{ "sourceLanguage": "en", "strings": { "Hi": { "locs": {} } } }"#.utf8), file: "App.xcstrings")
        #expect(noted?.notes.map(\.path) == [#"strings["Hi"].locs"#])
        #expect(
            message(
                #"{ "sourceLanguage": "en", "strings": { "Hi": { "localizations": { "de": { "stringUnit": { "state": "done", "value": "x" } } } } } }"#
            )?.hasPrefix(#"App.xcstrings: strings["Hi"].localizations.de.stringUnit.state: unknown state "done""#)
                == true)
        #expect(
            message(#"{ "sourceLanguage": "en", "version": "2.0", "strings": {} }"#)
                == #"App.xcstrings: version: catalog version "2.0" is not supported (supported: 1.0, 1.1)"#)
    }

    @Test(
        ".strings files: comments, escapes, UTF-16 with a BOM, the language from the .lproj folder, errors name the line"
    )
    func stringsFiles() throws {
        let text = "/* c */\n\"a\" = \"Zeile\\n\\\"zwei\\\"\";\n// c\n\"b\" = \"%@ Äpfel\";\n"
        let utf8 = try StringsTable.decode(Data(text.utf8), language: "de", file: "x")
        #expect(utf8.entries == ["a": "Zeile\n\"zwei\"", "b": "%@ Äpfel"])
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(text.data(using: .utf16LittleEndian)!)
        #expect(try StringsTable.decode(utf16, language: "de", file: "x").entries == utf8.entries)
        #expect(try StringsTable.decode(Data("  \n".utf8), language: "de", file: "x").entries.isEmpty)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-l10n-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lproj = folder.appendingPathComponent("pt-BR.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let file = lproj.appendingPathComponent("Localizable.strings")
        try Data(#""Welcome" = "Bem-vindo";"#.utf8).write(to: file)
        #expect(try StringsTable.load(contentsOf: file).language == "pt-BR")
        let loose = folder.appendingPathComponent("Loose.strings")
        try Data(#""a" = "b";"#.utf8).write(to: loose)
        #expect(throws: LocalizationFileError.self) { try StringsTable.load(contentsOf: loose) }

        do {
            _ = try StringsTable.decode(Data("\"a\" = \"b\"\n\"c\" = \"d\";".utf8), language: "de", file: "de.strings")
            Issue.record("a missing semicolon was accepted")
        } catch {
            #expect(error.description.hasPrefix("de.strings: not a .strings file: "))
            #expect(error.description.contains("line 2"))
        }
        #expect(throws: LocalizationFileError.self) {
            try StringsTable.decode(Data(#""a" = { "b" = "c"; };"#.utf8), language: "de", file: "x")
        }
        #expect(throws: LocalizationFileError.self) {
            try StringsTable.decode(Data([0xC3, 0x28]), language: "de", file: "x")
        }
    }
}

@Suite("PseudoLocale: accented, about 40 % longer, bracketed; right to left")
struct PseudoLocaleTests {
    @Test("identifiers: pseudo and en-XA accented; pseudo-rtl and ar-XB right to left; real locales are nil")
    func identifiers() {
        #expect(PseudoLocale(identifier: "pseudo") == .accented && PseudoLocale(identifier: "en_XA") == .accented)
        #expect(
            PseudoLocale(identifier: "pseudo-rtl") == .rightToLeft && PseudoLocale(identifier: "ar-XB") == .rightToLeft)
        #expect(PseudoLocale(identifier: "en") == nil && PseudoLocale(identifier: "ar") == nil)
        #expect(PseudoLocale.rightToLeft.isRightToLeft && !PseudoLocale.accented.isRightToLeft)
    }

    @Test("every ASCII letter is accented, one character for one; other characters stay")
    func accents() {
        let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let out = PseudoLocale.accented.transform(letters)
        let accented = out.dropFirst().prefix(letters.count)
        #expect(Set(accented).count == 52, "52 distinct stand-ins")
        #expect(zip(letters, accented).allSatisfy { $0 != $1 && !$1.isASCII })
        #expect(PseudoLocale.accented.transform("Get started").hasPrefix("[Ĝéţ šţàŕţéð"))
        #expect(PseudoLocale.accented.transform("12 – ok!").hasPrefix("[12 – öķ!"))
    }

    @Test(
        "about 40 % longer and bracketed, so clipping shows",
        arguments: [
            "Get started", "Welcome to MyApp", "OK",
            "A much longer paragraph of onboarding copy that wraps onto several lines.",
        ])
    func longerAndBracketed(text: String) {
        let out = PseudoLocale.accented.transform(text)
        #expect(out.hasPrefix("[") && out.hasSuffix("]"))
        let inner = out.count - 2
        #expect(inner == text.count + Int((Double(text.count) * 0.4).rounded(.up)))
        #expect(Double(inner) / Double(text.count) >= 1.4)
        #expect(PseudoLocale.accented.transform(text) == out, "deterministic")
    }

    @Test(
        "placeholders stay intact: printf specifiers, %#@substitutions@ and {answers}; line breaks stay; empty stays empty"
    )
    func placeholders() {
        let out = PseudoLocale.accented.transform("Hi %@, %1$@ has %lld days, %.2f%% done, %#@count@ for {goal}\nnext")
        for token in ["%@", "%1$@", "%lld", "%.2f", "%%", "%#@count@", "{goal}"] { #expect(out.contains(token)) }
        #expect(out.contains("\nñéхţ"))
        #expect(PseudoLocale.accented.transform("") == "")
        #expect(PseudoLocale.accented.transform("{not closed").hasPrefix("[{ñöţ çļöšéð"))
        #expect(PseudoLocale.accented.transform("{a b}").hasPrefix("[{à ƀ}"), "a space ends a name")
        #expect(PseudoLocale.accented.transform("{}").hasPrefix("[{}"))
        // Unclosed openers everywhere: each kept, and scanned in linear time.
        let openers = String(repeating: "{ab", count: 50_000) + String(repeating: "%#@x", count: 50_000)
        let many = PseudoLocale.accented.transform(openers)
        #expect(many.filter { $0 == "{" }.count == 50_000 && many.filter { $0 == "@" }.count == 50_000)
    }

    @Test("right to left: each line inside RLO … PDF, otherwise the same text")
    func rightToLeft() {
        let ltr = PseudoLocale.accented.transform("Get started\nnow")
        let rtl = PseudoLocale.rightToLeft.transform("Get started\nnow")
        let lines = rtl.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("\u{202E}") && $0.hasSuffix("\u{202C}") })
        #expect(
            rtl.replacingOccurrences(of: "\u{202E}", with: "").replacingOccurrences(of: "\u{202C}", with: "") == ltr)
    }

    @Test("right to left: the bidi algorithm lays the pseudo text out right to left")
    func rightToLeftBidi() throws {
        let font = try Font(named: "Inter-Regular", size: 17)
        let text = PseudoLocale.rightToLeft.transform("Get started")
        let layout = try HowdyText.layout(text, font: font, width: 1000)
        let first = try #require(layout.lines.first)
        let run = try #require(first.runs.first { $0.isRightToLeft }, "the override makes a right-to-left run")
        let clusters = run.glyphs.map(\.cluster)
        #expect(clusters.count > 10)
        #expect(clusters == clusters.sorted(by: >), "glyphs run right to left: the first character is drawn rightmost")
    }
}
