import Foundation
import HowdyKit
import HowdyText

/// An Xcode String Catalog (`.xcstrings`): a JSON file holding every string of an app in
/// every language, as Apple developers already store them.
///
/// ```json
/// { "sourceLanguage": "en", "version": "1.0", "strings": {
///     "Welcome": { "localizations": {
///         "de": { "stringUnit": { "state": "translated", "value": "Willkommen" } } } },
///     "%lld days": { "localizations": { "en": { "variations": { "plural": {
///         "one":   { "stringUnit": { "state": "translated", "value": "%lld day" } },
///         "other": { "stringUnit": { "state": "translated", "value": "%lld days" } } } } } } } } }
/// ```
///
/// Read: each key's `stringUnit.value` per language and its `variations.plural` forms
/// (CLDR categories zero/one/two/few/many/other). A key without a source-language entry
/// is its own source text (Xcode's convention). Of `variations.device` only the `other`
/// device is read (screens are rendered for no particular device family); `substitutions`
/// (several plural arguments in one string) are not supported and are reported as an
/// error naming the key. Keys Xcode adds that do not affect text (`comment`,
/// `extractionState`, `state`, `shouldTranslate`, `version`) are accepted and ignored.
public struct StringCatalog: Sendable, Hashable {
    /// One key's text in one language.
    public struct Forms: Sendable, Hashable {
        /// The plain value (`stringUnit.value`), if any.
        public var value: String?
        /// Plural variations by category; empty when the entry has none.
        public var plural: [PluralCategory: String]

        /// Forms with a plain value and/or plural variations.
        public init(value: String? = nil, plural: [PluralCategory: String] = [:]) {
            self.value = value
            self.plural = plural
        }
    }

    /// The language the strings were written in (`sourceLanguage`), e.g. `en`.
    public var sourceLanguage: String
    /// Forms by key, then by language (as the file spells it: `de`, `pt-BR`, `zh-Hans`).
    public var entries: [String: [String: Forms]]

    /// A catalog in code (what ``decode(_:file:)`` builds from a file).
    public init(sourceLanguage: String, entries: [String: [String: Forms]]) {
        self.sourceLanguage = sourceLanguage
        self.entries = entries
    }

    /// Every language with at least one form, sorted.
    public var languages: [String] {
        Set(entries.values.flatMap(\.keys)).sorted()
    }

    /// The forms of `key` in exactly `language`; for the source language, a key with no
    /// entry of its own reads as the key itself.
    public func forms(_ key: String, language: String) -> Forms? {
        guard let byLanguage = entries[key] else { return nil }
        if let forms = byLanguage[language] { return forms }
        if language == sourceLanguage { return Forms(value: key) }
        return nil
    }

    /// Reads the catalog at `url`.
    /// - Throws: ``LocalizationFileError`` naming the file and the JSON path.
    public static func load(contentsOf url: URL) throws(LocalizationFileError) -> StringCatalog {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LocalizationFileError(
                file: url.path, message: "cannot read it: \(FileProblem.reason(path: url.path, error: error, writing: false))")
        }
        return try decode(data, file: url.path)
    }

    /// Decodes catalog JSON; `file` names it in errors.
    /// - Throws: ``LocalizationFileError`` naming the file and the JSON path.
    public static func decode(_ data: Data, file: String) throws(LocalizationFileError) -> StringCatalog {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: data)
        } catch {
            throw LocalizationFileError(file: file, message: "not valid JSON: \(error)")
        }
        do {
            return try read(JSONNode(root))
        } catch {
            throw LocalizationFileError(file: file, error)
        }
    }

    private static func read(_ root: JSONNode) throws(SpecError) -> StringCatalog {
        try root.allowKeys(["sourceLanguage", "strings", "version"])
        let sourceLanguage = try root.required("sourceLanguage").string()
        guard !sourceLanguage.isEmpty else { throw SpecError(path: "sourceLanguage", message: "expected a language") }
        let strings = try root.required("strings")
        var entries: [String: [String: Forms]] = [:]
        for (key, value) in try strings.object() {
            let entry = JSONNode(value, path: "strings[\(JSONValue.string(key))]")
            try entry.allowKeys(["comment", "extractionState", "localizations", "shouldTranslate"])
            var byLanguage: [String: Forms] = [:]
            if let localizations = try entry.child("localizations") {
                for language in try localizations.object().keys {
                    guard let node = try localizations.child(language) else { continue }
                    byLanguage[language] = try readForms(node)
                }
            }
            entries[key] = byLanguage
        }
        return StringCatalog(sourceLanguage: sourceLanguage, entries: entries)
    }

    /// A localization object: a string unit and/or variations.
    private static func readForms(_ node: JSONNode) throws(SpecError) -> Forms {
        try node.allowKeys(["stringUnit", "variations", "substitutions"])
        if let substitutions = try node.child("substitutions") {
            throw substitutions.error(
                "substitutions (several plural arguments in one string) are not supported; use one plural variation")
        }
        var forms = Forms()
        if let unit = try node.child("stringUnit") { forms.value = try value(unit) }
        if let variations = try node.child("variations") {
            try variations.allowKeys(["plural", "device"])
            if let plural = try variations.child("plural") {
                for name in try plural.object().keys.sorted() {
                    guard let category = PluralCategory(rawValue: name) else {
                        throw SpecError(
                            path: SpecError.child(plural.path, name),
                            message:
                                "unknown plural category (expected \(PluralCategory.allCases.map(\.rawValue).joined(separator: ", ")))"
                        )
                    }
                    guard let variant = try plural.child(name) else { continue }
                    try variant.allowKeys(["stringUnit"])
                    forms.plural[category] = try value(try variant.required("stringUnit"))
                }
            }
            if let device = try variations.child("device"), let other = try device.child("other") {
                let deviceForms = try readForms(other)
                if forms.value == nil { forms.value = deviceForms.value }
                if forms.plural.isEmpty { forms.plural = deviceForms.plural }
            }
        }
        return forms
    }

    private static func value(_ unit: JSONNode) throws(SpecError) -> String {
        try unit.allowKeys(["state", "value"])
        return try unit.required("value").string()
    }
}
