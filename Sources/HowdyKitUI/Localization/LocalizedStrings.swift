import HowdyText

/// An app's strings from its String Catalogs, `.strings` and `.stringsdict` tables, looked
/// up per locale as Foundation's `String(localized:)` does on a device. What a spec's
/// texts become when they are keys.
///
/// Lookup order for a locale (see `LanguageMatch`): the locale and its parents (`de-CH`,
/// `de`), its likely script (`zh-CN` → `zh-Hans`), other regions of its language the app
/// has (`pt-BR` for `pt`), then the development language (`Base` tables serve it), then
/// any language that has the key. In each language the catalogs first (in the order
/// given), then the tables. Pseudo-locales (``PseudoLocale``) look the key up in the
/// source language and transform the result.
///
/// A spec names its files in `localization` (``FlowLocalization``); the layout engine
/// looks every text up when it lays it out, and `howdy lint` reports the findings.
public struct LocalizedStrings: Sendable, Hashable {
    /// Catalogs, searched in order.
    public var catalogs: [StringCatalog] { didSet { languages = Self.languages(catalogs, tables, sourceLanguage) } }
    /// `.strings` and `.stringsdict` tables, searched after the catalogs.
    public var tables: [StringsTable] { didSet { languages = Self.languages(catalogs, tables, sourceLanguage) } }
    /// The fallback (development) language: as given, else the first catalog's, else `en`.
    public var sourceLanguage: String { didSet { languages = Self.languages(catalogs, tables, sourceLanguage) } }
    /// Every language the files hold, canonical (lowercased, `-`; legacy `.lproj` names as
    /// their languages, `Base` as the source language), sorted.
    public private(set) var languages: [String] = []

    /// Strings from `catalogs` and `tables`; `sourceLanguage` defaults to the first catalog's, else `en`.
    public init(catalogs: [StringCatalog] = [], tables: [StringsTable] = [], sourceLanguage: String? = nil) {
        self.catalogs = catalogs
        self.tables = tables
        self.sourceLanguage = sourceLanguage ?? catalogs.first?.sourceLanguage ?? "en"
        self.languages = Self.languages(catalogs, tables, self.sourceLanguage)
    }

    private static func languages(_ catalogs: [StringCatalog], _ tables: [StringsTable], _ source: String) -> [String] {
        func canonical(_ tag: String) -> String {
            let canonical = LanguageMatch.canonical(tag)
            return canonical == "base" ? LanguageMatch.canonical(source) : canonical
        }
        var all = Set<String>()
        for catalog in catalogs {
            all.insert(canonical(catalog.sourceLanguage))
            for language in catalog.languages { all.insert(canonical(language)) }
        }
        for table in tables { all.insert(canonical(table.language)) }
        return all.sorted()
    }

    /// The form of `key` for `locale` before its arguments are filled: the device's
    /// variation, the plural form for `count` (an explicit `zero`/`one` form for 0/1 first,
    /// then the CLDR category of the language the text is taken from, via ICU).
    /// - Parameters:
    ///   - key: the catalog key (in Xcode's convention, usually the source text).
    ///   - locale: a BCP 47 tag (`de`, `pt-BR`, `zh-Hant-TW`) or a pseudo-locale.
    ///   - count: the number plural variations are chosen for; `nil` uses the `other` form.
    ///   - device: the Apple device class (`iphone`, `ipad`, `mac`...); nil: `other`.
    public func lookup(_ key: String, locale: String, count: Double? = nil, device: String? = nil) -> LocalizedText {
        resolve(key, locale: locale, device: device, arguments: .count(count), fill: false)
    }

    /// The text of `key` for `locale` with its format arguments filled (see
    /// `LocalizedFormat`): `arguments` when given (a mismatch in count or type is a
    /// finding), else `count` for every integer and `%@` specifier.
    public func string(
        _ key: String, locale: String, device: String? = nil, arguments: [FormatArgument]? = nil, count: Double? = nil
    ) -> LocalizedText {
        resolve(
            key, locale: locale, device: device, arguments: arguments.map { .given($0) } ?? .count(count), fill: true)
    }

    /// The findings of looking every key up in every locale (lint's view), in key then locale order.
    public func findings(keys: [String], locales: [String], count: Double? = nil) -> [LocalizationFinding] {
        keys.flatMap { key in locales.flatMap { lookup(key, locale: $0, count: count).findings } }
    }

    /// `de-CH` → `["de-ch", "de"]`; `zh_Hant_TW` → `["zh-hant-tw", "zh-hant", "zh"]` (lowercased).
    public static func fallbackChain(_ locale: String) -> [String] { LanguageMatch.parents(locale) }

    // MARK: - Private

    private func canonical(_ tag: String) -> String {
        let canonical = LanguageMatch.canonical(tag)
        return canonical == "base" ? LanguageMatch.canonical(sourceLanguage) : canonical
    }

    private func resolve(
        _ key: String, locale: String, device: String?, arguments: LocalizedFormat.Arguments, fill: Bool
    ) -> LocalizedText {
        if let pseudo = PseudoLocale(identifier: locale) {
            var result = resolve(key, locale: sourceLanguage, device: device, arguments: arguments, fill: false)
            result.text = pseudo.transform(result.text)
            if fill, let language = result.language {
                var format = LocalizedFormat(
                    locale: pseudo.baseLanguage, language: language, device: device, arguments: arguments)
                result.text = format.fill(result.text, substitutions: substitutions(key, language: language))
            }
            result.findings = result.findings.map { LocalizationFinding(key: $0.key, locale: locale, kind: $0.kind) }
            return result
        }
        let source = canonical(sourceLanguage)
        var order = LanguageMatch.candidates(locale, available: languages)
        let served = order
        if !order.contains(source) { order.append(source) }
        for language in order {
            guard let found = forms(key, language: language) else { continue }
            var result = text(
                from: found.forms, key: key, locale: locale, language: found.language, device: device,
                arguments: arguments, fill: fill)
            if !served.contains(language),
                LanguageMatch.parents(sourceLanguage).last != LanguageMatch.parents(locale).last,
                shouldReportMissing(key)
            {
                result.findings.insert(
                    LocalizationFinding(key: key, locale: locale, kind: .missingTranslation(shown: found.language)),
                    at: 0)
            }
            return result
        }
        // Only other languages hold the key: Foundation shows the key itself (the source
        // text, by Xcode's convention), which is a missing translation, not a missing key.
        if languages.contains(where: { forms(key, language: $0) != nil }) {
            var result = text(
                from: StringCatalog.Forms(value: key), key: key, locale: locale, language: sourceLanguage,
                device: device, arguments: arguments, fill: fill)
            if shouldReportMissing(key) {
                result.findings.insert(
                    LocalizationFinding(key: key, locale: locale, kind: .missingTranslation(shown: sourceLanguage)),
                    at: 0)
            }
            return result
        }
        return LocalizedText(
            text: key, language: nil, pluralCategory: nil,
            findings: [LocalizationFinding(key: key, locale: locale, kind: .missingKey)])
    }

    /// False for keys marked `shouldTranslate: false` or `extractionState: stale` in the
    /// first catalog holding them: their missing translations are expected.
    private func shouldReportMissing(_ key: String) -> Bool {
        guard let catalog = catalogs.first(where: { $0.entries[key] != nil }) else { return true }
        let metadata = catalog.metadata[key] ?? StringCatalog.Metadata()
        return metadata.shouldTranslate && metadata.extractionState != "stale"
    }

    /// The substitutions of `key` in `language` (for filling a pseudo-localised text).
    private func substitutions(_ key: String, language: String) -> [String: StringCatalog.Substitution] {
        forms(key, language: canonical(language))?.forms.substitutions ?? [:]
    }

    /// The forms of `key` in the canonical `language`, from the first catalog or table
    /// that has them, with the language as the file spells it.
    private func forms(_ key: String, language wanted: String) -> (forms: StringCatalog.Forms, language: String)? {
        for catalog in catalogs {
            guard let entry = catalog.entries[key] else { continue }
            for name in entry.keys.sorted() where canonical(name) == wanted {
                if let forms = entry[name] { return (forms, name) }
            }
        }
        for table in tables where canonical(table.language) == wanted {
            if let forms = table.forms[key] { return (forms, table.language) }
            if let value = table.entries[key] { return (StringCatalog.Forms(value: value), table.language) }
        }
        // A catalog key without a source-language entry is its own source text; a table's
        // explicit value for the language comes first.
        for catalog in catalogs where catalog.entries[key] != nil && canonical(catalog.sourceLanguage) == wanted {
            return (StringCatalog.Forms(value: key), catalog.sourceLanguage)
        }
        return nil
    }

    private func text(
        from forms: StringCatalog.Forms, key: String, locale: String, language: String, device: String?,
        arguments: LocalizedFormat.Arguments, fill: Bool
    ) -> LocalizedText {
        var format = LocalizedFormat(locale: locale, language: language, device: device, arguments: arguments)
        let choice = FormChoice.choose(forms, number: format.pluralNumber, device: device, language: language)
        var findings: [LocalizationFinding] = []
        if let failure = choice.pluralRulesFailure {
            findings.append(
                LocalizationFinding(
                    key: key, locale: locale, kind: .pluralRulesUnavailable(failure.description, language: language)))
        }
        if let missing = choice.missingCategory {
            findings.append(
                LocalizationFinding(key: key, locale: locale, kind: .missingPluralCategory(missing, language: language))
            )
        }
        if let state = choice.state, state == .new || state == .needsReview,
            canonical(language) != canonical(sourceLanguage)
        {
            findings.append(LocalizationFinding(key: key, locale: locale, kind: .unfinished(state, language: language)))
        }
        var text = choice.text ?? key
        if choice.text == nil {
            // No form for the number or device, not even "other": the key itself, as Foundation shows it.
            findings.append(LocalizationFinding(key: key, locale: locale, kind: .noOtherForm(language: language)))
        }
        if fill {
            text = format.fill(text, substitutions: forms.substitutions)
            format.checkCount()
            for failure in format.numberFormatFailures {
                findings.append(LocalizationFinding(key: key, locale: locale, kind: .numberFormatUnavailable(failure)))
            }
            for failure in format.pluralRulesFailures {
                findings.append(
                    LocalizationFinding(
                        key: key, locale: locale,
                        kind: .pluralRulesUnavailable(failure.description, language: language)))
            }
            for missing in format.missingCategories {
                findings.append(
                    LocalizationFinding(
                        key: key, locale: locale, kind: .missingPluralCategory(missing, language: language)))
            }
            if case .given = arguments {
                for problem in format.problems {
                    findings.append(
                        LocalizationFinding(
                            key: key, locale: locale, kind: .formatMismatch(problem, language: language)))
                }
            }
        }
        return LocalizedText(text: text, language: language, pluralCategory: choice.category, findings: findings)
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
