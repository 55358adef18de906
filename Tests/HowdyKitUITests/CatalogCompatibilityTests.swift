import Foundation
import HowdyText
import Testing

@testable import HowdyKitUI

/// Issue 18's library-level checks: bounds, determinism, format arguments, matching.
@Suite("String Catalogs as Xcode writes them: bounds, determinism, arguments, languages")
struct CatalogCompatibilityTests {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-compat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("catalogs and tables over 16 MiB are refused before they are read (security issue, item 14)")
    func sizeCap() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Big.xcstrings", "de.lproj/Big.strings"] {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // A sparse file: one byte over the cap, without writing 16 MiB.
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: UInt64(StringCatalog.maximumFileSize + 1))
            try handle.close()
            do {
                if name.hasSuffix(".xcstrings") {
                    _ = try StringCatalog.load(contentsOf: url)
                } else {
                    _ = try StringsTable.load(contentsOf: url)
                }
                Issue.record("a file over 16 MiB was read")
            } catch {
                #expect(error.description.contains("is 16777217 bytes; at most 16777216 (16 MiB) are read"), "\(error)")
            }
        }
        let data = Data(count: StringCatalog.maximumFileSize + 1)
        #expect(throws: LocalizationFileError.self) { try StringCatalog.decode(data, file: "x") }
    }

    @Test("errors name the same key on every run: keys are read in sorted order")
    func sortedErrors() throws {
        let keys = (0..<12).map { "key\(String(format: "%02d", 11 - $0))" }
        let strings = keys.map { #""\#($0)": { "localizations": { "de": { "stringUnit": { "value": 1 } } } }"# }
        let json = #"{ "sourceLanguage": "en", "strings": { "# + strings.joined(separator: ", ") + " } }"
        for _ in 0..<3 {
            do {
                _ = try StringCatalog.decode(Data(json.utf8), file: "App.xcstrings")
                Issue.record("a bad value was accepted")
            } catch {
                #expect(error.path == #"strings["key00"].localizations.de.stringUnit.value"#)
            }
        }
    }

    static let catalog = #"""
        { "sourceLanguage": "en", "version": "1.1", "strings": {
          "file.size": { "localizations": {
            "en": { "stringUnit": { "state": "translated", "value": "The file “%1$@” has a size of %2$lld." } },
            "de": { "stringUnit": { "state": "translated", "value": "%2$lld: „%1$@“" } } } },
          "progress": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "%.1f%% done, %u left" } } } },
          "%lld matches": { "localizations": {
            "en": { "variations": { "plural": {
              "zero": { "stringUnit": { "state": "translated", "value": "Not found" } },
              "other": { "stringUnit": { "state": "translated", "value": "%lld matches" } } } } },
            "ja": { "variations": { "plural": {
              "one": { "stringUnit": { "state": "translated", "value": "ひとつ" } },
              "other": { "stringUnit": { "state": "translated", "value": "%lld件" } } } } } } }
        } }
        """#

    func strings() throws -> LocalizedStrings {
        LocalizedStrings(catalogs: [try StringCatalog.decode(Data(Self.catalog.utf8), file: "App.xcstrings")])
    }

    @Test("format arguments: positions, text and numbers, %.1f and %u in the locale's way, %%")
    func formatArguments() throws {
        let strings = try strings()
        let args: [FormatArgument] = [.string("Report.pdf"), .number(2048)]
        #expect(
            strings.string("file.size", locale: "en", arguments: args).text
                == "The file “Report.pdf” has a size of 2,048.")
        #expect(strings.string("file.size", locale: "de", arguments: args).text == "2.048: „Report.pdf“")
        #expect(strings.string("file.size", locale: "en", arguments: args).findings.isEmpty)
        #expect(
            strings.string("progress", locale: "de", arguments: [.number(12.25), .number(3)]).text
                == "12,2% done, 3 left")
        #expect(
            strings.string("progress", locale: "ar", arguments: [.number(7), .number(3)]).text == "٧٫٠% done, ٣ left")
        // The old single count still fills %@ and integers alike when no arguments are given.
        #expect(strings.string("file.size", locale: "en", count: 2).text == "The file “2” has a size of 2.")
    }

    @Test("argument count and type mismatches are findings naming key, locale and argument")
    func mismatches() throws {
        let strings = try strings()
        let swapped = strings.string("file.size", locale: "de", arguments: [.number(1), .string("x")])
        #expect(
            swapped.findings.map(\.description) == [
                #""file.size" format arguments do not match in de (locale de): argument 2 is text, but %2$lld needs a number"#
            ])
        let short = strings.string("file.size", locale: "en", arguments: [.string("a")])
        #expect(short.findings.contains { $0.description.hasSuffix("%2$lld needs argument 2, 1 given") })
        let long = strings.string("progress", locale: "en", arguments: [.number(1), .number(2), .number(3)])
        #expect(long.findings.contains { $0.description.hasSuffix("3 arguments given, the text uses 2") })
        let negative = strings.string("progress", locale: "en", arguments: [.number(1), .number(-2)])
        #expect(negative.findings.contains { $0.description.contains("needs an unsigned integer") })
    }

    @Test("explicit zero and one forms win over the CLDR category, as Foundation chooses")
    func explicitForms() throws {
        let strings = try strings()
        #expect(strings.lookup("%lld matches", locale: "en", count: 0).text == "Not found")
        #expect(strings.lookup("%lld matches", locale: "en", count: 0).pluralCategory == .zero)
        #expect(strings.string("%lld matches", locale: "en", count: 2).text == "2 matches")
        // Japanese has only "other" in CLDR; the catalog's explicit "one" serves 1.
        #expect(strings.lookup("%lld matches", locale: "ja", count: 1).text == "ひとつ")
        #expect(strings.string("%lld matches", locale: "ja", count: 2).text == "2件")
    }

    @Test("language matching: likely scripts, regional tables, Base and legacy folder names")
    func languageMatching() {
        #expect(LanguageMatch.candidates("zh-CN", available: []).prefix(3) == ["zh-cn", "zh-hans-cn", "zh-hans"])
        #expect(LanguageMatch.candidates("zh-HK", available: ["zh-hans", "zh-hant"]).contains("zh-hant"))
        #expect(!LanguageMatch.candidates("zh-HK", available: ["zh-hans", "zh-hant"]).contains("zh-hans"))
        #expect(
            LanguageMatch.candidates("nl", available: ["en", "nl-be"])
                == ["nl-nl", "nl-latn", "nl", "nl-be"].filter { _ in true }.filter { $0 != "nl-nl" }
                || LanguageMatch.candidates("nl", available: ["en", "nl-be"]).last == "nl-be")
        #expect(LanguageMatch.canonical("English") == "en" && LanguageMatch.canonical("German") == "de")
        let strings = LocalizedStrings(
            tables: [
                StringsTable(language: "Base", entries: ["hi": "Hello"]),
                StringsTable(language: "pt-BR", entries: ["hi": "Olá"]),
            ], sourceLanguage: "en")
        #expect(
            strings.lookup("hi", locale: "en").text == "Hello" && strings.lookup("hi", locale: "en").findings.isEmpty)
        #expect(strings.lookup("hi", locale: "pt-PT").text == "Olá")
        #expect(strings.lookup("hi", locale: "pt").findings.isEmpty)
        let german = LocalizedStrings(
            tables: [StringsTable(language: "de", entries: ["only": "Nur"])], sourceLanguage: "en")
        let fallback = german.lookup("only", locale: "fr")
        #expect(
            fallback.text == "only" && fallback.findings.map(\.kind) == [.missingTranslation(shown: "en")],
            "a key a table holds is never a missing key")
    }

    @Test("device presets map to Apple device classes; a preset may name its own")
    func deviceClasses() {
        #expect(DevicePreset.all.map(\.deviceClass) == ["iphone", "iphone", "ipad", "mac"])
        let watch = DevicePreset(
            name: "watch", width: 200, height: 240, safeArea: .zero, defaultScale: 2, deviceClass: "applewatch")
        #expect(watch.deviceClass == "applewatch")
    }

    @Test(".stringsdict: plural variables and device rules; errors name the key path; binary .strings")
    func stringsDictionary() throws {
        let xml = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>%d files</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@files@ in %@</string>
                <key>files</key><dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>d</string>
                  <key>one</key><string>%d file</string>
                  <key>other</key><string>%d files</string>
                </dict>
              </dict>
              <key>Width</key><dict><key>NSStringVariableWidthRuleType</key><dict><key>20</key><string>w</string></dict></dict>
            </dict></plist>
            """#
        let table = try StringsTable.decodeDictionary(Data(xml.utf8), language: "en", file: "en.stringsdict")
        #expect(table.notes.map(\.path) == ["Width"])
        let strings = LocalizedStrings(tables: [table])
        #expect(
            strings.string("%d files", locale: "en", arguments: [.number(1), .string("Docs")]).text == "1 file in Docs")
        #expect(
            strings.string("%d files", locale: "en", arguments: [.number(4), .string("Docs")]).text == "4 files in Docs"
        )
        let bad = xml.replacingOccurrences(
            of: "<string>NSStringPluralRuleType</string>", with: "<string>Other</string>")
        do {
            _ = try StringsTable.decodeDictionary(Data(bad.utf8), language: "en", file: "en.stringsdict")
            Issue.record("an unknown rule type was accepted")
        } catch {
            #expect(error.description.hasPrefix("en.stringsdict: %d files.files.NSStringFormatSpecTypeKey: "))
        }
        #expect(throws: LocalizationFileError.self) {
            try StringsTable.decodeDictionary(Data("not a plist".utf8), language: "en", file: "x")
        }
        // A binary property list (written by PropertyListSerialization, as Xcode's build writes one).
        let binary = try PropertyListSerialization.data(
            fromPropertyList: ["Welcome": "Willkommen"], format: .binary, options: 0)
        #expect(try StringsTable.decode(binary, language: "de", file: "x").entries == ["Welcome": "Willkommen"])
        var truncated = binary
        truncated.removeLast(8)
        #expect(throws: LocalizationFileError.self) { try StringsTable.decode(truncated, language: "de", file: "x") }
    }

    @Test("a Resources folder: catalogs and .lproj tables found in path order; links are not followed")
    func resourceFolder() throws {
        let folder = try temporaryFolder()
        let outside = try temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        let resources = folder.appendingPathComponent("Resources")
        for path in ["de.lproj", "fr.lproj", "Nested/ja.lproj"] {
            try FileManager.default.createDirectory(
                at: resources.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        try Data(#""hi" = "Hallo";"#.utf8).write(to: resources.appendingPathComponent("de.lproj/Localizable.strings"))
        try Data(#""hi" = "こんにちは";"#.utf8).write(to: resources.appendingPathComponent("Nested/ja.lproj/A.strings"))
        try Data(#""hi" = "ignored";"#.utf8).write(to: resources.appendingPathComponent("Loose.strings"))
        try Data(#"{ "sourceLanguage": "en", "strings": { "bye": {} } }"#.utf8).write(
            to: resources.appendingPathComponent("App.xcstrings"))
        try Data(#""hi" = "Secret";"#.utf8).write(to: outside.appendingPathComponent("Secret.strings"))
        try FileManager.default.createSymbolicLink(
            at: resources.appendingPathComponent("fr.lproj/Link.strings"),
            withDestinationURL: outside.appendingPathComponent("Secret.strings"))
        let found = try ResourceFolder.scan(resources)
        #expect(found.catalogs.count == 1)
        #expect(found.tables.map(\.language) == ["ja", "de"], "path order: Nested/ja.lproj before de.lproj")
        #expect(!found.tables.contains { $0.entries["hi"] == "Secret" })
    }
}
