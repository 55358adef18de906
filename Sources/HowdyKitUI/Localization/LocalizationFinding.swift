import HowdyText

/// A problem found while looking a string up, as data for lint: which key, for which
/// locale, and what was shown instead.
public struct LocalizationFinding: Hashable, Sendable, CustomStringConvertible {
    /// What is missing.
    public enum Kind: Hashable, Sendable {
        /// No catalog or `.strings` table has the key in any language: the key itself is shown.
        case missingKey
        /// The key has no form in the locale (nor a parent of it): the source language's
        /// text is shown.
        case missingTranslation(shown: String)
        /// The language has plural forms for the key, but not the category the number
        /// needs: the `other` form (or the plain value) is shown.
        case missingPluralCategory(PluralCategory, language: String)
    }

    /// The key looked up.
    public var key: String
    /// The locale it was looked up for, as asked (`de-CH`, `pseudo`).
    public var locale: String
    /// What is missing.
    public var kind: Kind

    /// A finding about `key` in `locale`.
    public init(key: String, locale: String, kind: Kind) {
        self.key = key
        self.locale = locale
        self.kind = kind
    }

    /// One line for a lint report, naming the key and the locale.
    public var description: String {
        let quoted = "\"" + key + "\""
        switch kind {
        case .missingKey:
            return "missing key \(quoted) for locale \(locale): shown as the key itself"
        case .missingTranslation(let shown):
            return "\(quoted) has no \(locale) translation: shown in \(shown)"
        case .missingPluralCategory(let category, let language):
            return
                "\(quoted) has no \"\(category.rawValue)\" plural form in \(language) (needed for locale \(locale)): shown with \"other\""
        }
    }
}
