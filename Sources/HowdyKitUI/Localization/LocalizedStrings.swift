import HowdyText

/// An app's strings from its String Catalogs and `.strings` tables, looked up per locale
/// with the source language as fallback, plural variations for a number, and
/// pseudo-locales. What a spec's texts become when they are keys.
///
/// Lookup order for a locale such as `de-CH`: `de-CH`, then `de` (each subtag dropped in
/// turn), then the source language; in each language the catalogs first (in the order
/// given), then the tables. Language tags match case-insensitively, `_` and `-` alike.
/// Pseudo-locales (``PseudoLocale``) look the key up in the source language and transform
/// the result.
///
/// A spec names its files in `localization` (``FlowLocalization``); the layout engine
/// looks every text up when it lays it out, and `howdy lint` reports the findings.
public struct LocalizedStrings: Sendable, Hashable {
    /// Catalogs, searched in order.
    public var catalogs: [StringCatalog]
    /// `.strings` tables, searched after the catalogs.
    public var tables: [StringsTable]
    /// The fallback language: as given, else the first catalog's, else `en`.
    public var sourceLanguage: String

    /// Strings from `catalogs` and `tables`; `sourceLanguage` defaults to the first catalog's, else `en`.
    public init(catalogs: [StringCatalog] = [], tables: [StringsTable] = [], sourceLanguage: String? = nil) {
        self.catalogs = catalogs
        self.tables = tables
        self.sourceLanguage = sourceLanguage ?? catalogs.first?.sourceLanguage ?? "en"
    }

    /// The text of `key` for `locale`.
    /// - Parameters:
    ///   - key: the catalog key (in Xcode's convention, usually the source text).
    ///   - locale: a BCP 47 tag (`de`, `pt-BR`, `zh-Hant-TW`) or a pseudo-locale.
    ///   - count: the number plural variations are chosen for (CLDR cardinal rules of the
    ///     language the text is taken from, via ICU); `nil` uses the `other` form where
    ///     there are only plural forms.
    public func lookup(_ key: String, locale: String, count: Double? = nil) -> LocalizedText {
        if let pseudo = PseudoLocale(identifier: locale) {
            var result = lookup(key, locale: sourceLanguage, count: count)
            result.text = pseudo.transform(result.text)
            result.findings = result.findings.map { LocalizationFinding(key: $0.key, locale: locale, kind: $0.kind) }
            return result
        }
        let chain = Self.fallbackChain(locale)
        for language in chain {
            if let found = forms(key, language: language) {
                return text(from: found.forms, key: key, locale: locale, language: found.language, count: count)
            }
        }
        if let found = forms(key, language: sourceLanguage) {
            var result = text(from: found.forms, key: key, locale: locale, language: found.language, count: count)
            if Self.fallbackChain(sourceLanguage).last != chain.last {
                result.findings.insert(
                    LocalizationFinding(key: key, locale: locale, kind: .missingTranslation(shown: found.language)),
                    at: 0)
            }
            return result
        }
        return LocalizedText(
            text: key, language: nil, pluralCategory: nil,
            findings: [LocalizationFinding(key: key, locale: locale, kind: .missingKey)])
    }

    /// The findings of looking every key up in every locale (lint's view), in key then locale order.
    public func findings(keys: [String], locales: [String], count: Double? = nil) -> [LocalizationFinding] {
        keys.flatMap { key in locales.flatMap { lookup(key, locale: $0, count: count).findings } }
    }

    /// `de-CH` → `["de-ch", "de"]`; `zh_Hant_TW` → `["zh-hant-tw", "zh-hant", "zh"]` (lowercased).
    public static func fallbackChain(_ locale: String) -> [String] {
        var parts = locale.lowercased().replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        var chain: [String] = []
        while !parts.isEmpty {
            chain.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return chain
    }

    // MARK: - Private

    /// The forms of `key` in `language` (matched case-insensitively), from the first
    /// catalog or table that has them, with the language as the file spells it.
    private func forms(_ key: String, language: String) -> (forms: StringCatalog.Forms, language: String)? {
        let wanted = language.lowercased().replacingOccurrences(of: "_", with: "-")
        func matches(_ tag: String) -> Bool { tag.lowercased().replacingOccurrences(of: "_", with: "-") == wanted }
        for catalog in catalogs {
            if let entry = catalog.entries[key], let match = entry.first(where: { matches($0.key) }) {
                return (match.value, match.key)
            }
            if catalog.entries[key] != nil, matches(catalog.sourceLanguage) {
                return (StringCatalog.Forms(value: key), catalog.sourceLanguage)
            }
        }
        for table in tables where matches(table.language) {
            if let value = table.entries[key] { return (StringCatalog.Forms(value: value), table.language) }
        }
        return nil
    }

    private func text(
        from forms: StringCatalog.Forms, key: String, locale: String, language: String, count: Double?
    ) -> LocalizedText {
        guard !forms.plural.isEmpty else {
            return LocalizedText(text: forms.value ?? key, language: language, pluralCategory: nil, findings: [])
        }
        guard let count else {
            return LocalizedText(
                text: forms.plural[.other] ?? forms.value ?? key, language: language, pluralCategory: nil, findings: [])
        }
        let category = (try? PluralRules.shared(locale: language))?.category(for: count) ?? .other
        if let text = forms.plural[category] {
            return LocalizedText(text: text, language: language, pluralCategory: category, findings: [])
        }
        return LocalizedText(
            text: forms.plural[.other] ?? forms.value ?? key, language: language, pluralCategory: category,
            findings: [
                LocalizationFinding(
                    key: key, locale: locale, kind: .missingPluralCategory(category, language: language))
            ])
    }
}

/// The result of a lookup: what to draw, where it came from, and what was missing.
public struct LocalizedText: Equatable, Sendable {
    /// The text to draw (pseudo-localised for a pseudo-locale).
    public var text: String
    /// The language the text came from as the file spells it, or `nil` when the key itself is shown.
    public var language: String?
    /// The plural category chosen for the number, when the text had plural forms and a number was given.
    public var pluralCategory: PluralCategory?
    /// What lint should report; empty when the locale had exactly what was needed.
    public var findings: [LocalizationFinding]
}
