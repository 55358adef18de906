import Foundation
import HowdyText

/// A problem found while looking a string up, as data for lint: which key, for which
/// locale, and what was shown instead.
public struct LocalizationFinding: Hashable, Sendable, CustomStringConvertible {
    /// What is missing.
    public enum Kind: Hashable, Sendable {
        /// No catalog or `.strings` table has the key in any language: the key itself is shown.
        case missingKey
        /// The key has no form in the locale (nor a language serving it): another
        /// language's text (`shown`, the source language's when it has one) is shown.
        case missingTranslation(shown: String)
        /// ICU could not open the plural rules of `language` (the reason is the detail), so
        /// the number's category is unknown: the `other` form is shown.
        case pluralRulesUnavailable(String, language: String)
        /// ICU could not open or use the locale's number format (the reason is the detail):
        /// the text's numbers are written with Latin digits and `.` as the decimal separator.
        case numberFormatUnavailable(String)
        /// The language has plural forms for the key, but not the category the number
        /// needs: the `other` form is shown.
        case missingPluralCategory(PluralCategory, language: String)
        /// The plural (or device) variations have no `other` form, and the number (or the
        /// device) needs it: the key itself is shown. An error: Foundation shows the key too.
        case noOtherForm(language: String)
        /// The text's string unit is in state `new` or `needs_review` in `language`.
        case unfinished(StringCatalog.TranslationState, language: String)
        /// The text's format arguments do not match its specifiers (count or type); the
        /// detail names the argument and the specifier.
        case formatMismatch(String, language: String)
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

    /// True for findings lint fails on without `--strict`: text that draws as the raw key
    /// although the catalog has the key.
    public var isError: Bool {
        if case .noOtherForm = kind { return true }
        return false
    }

    /// One line for a lint report, naming the key and the locale; line breaks in the key
    /// are written `\n` (and `\r`, U+2028, U+2029 likewise), so each finding stays one line.
    public var description: String {
        let quoted = "\"" + Self.oneLine(key) + "\""
        switch kind {
        case .missingKey:
            return "missing key \(quoted) for locale \(locale): shown as the key itself"
        case .missingTranslation(let shown):
            return "\(quoted) has no \(locale) translation: shown in \(shown)"
        case .missingPluralCategory(let category, let language):
            return
                "\(quoted) has no \"\(category.rawValue)\" plural form in \(language) (needed for locale \(locale)): shown with \"other\""
        case .pluralRulesUnavailable(let reason, let language):
            return
                "\(quoted) needs a plural category in \(language) (locale \(locale)), but its plural rules cannot be opened (\(Self.oneLine(reason))): shown with \"other\""
        case .numberFormatUnavailable(let reason):
            return
                "\(quoted) writes a number for locale \(locale), but its number format cannot be used (\(Self.oneLine(reason))): shown with Latin digits"
        case .noOtherForm(let language):
            return
                "\(quoted) has variations without an \"other\" form in \(language) (needed for locale \(locale)): shown as the key itself"
        case .unfinished(let state, let language):
            return "\(quoted) is in state \(state.rawValue) in \(language) (shown for locale \(locale))"
        case .formatMismatch(let detail, let language):
            return "\(quoted) format arguments do not match in \(language) (locale \(locale)): \(Self.oneLine(detail))"
        }
    }

    /// `text` with line and paragraph separators escaped, for one-line reports.
    public static func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case "\u{85}": out += "\\u0085"
            case "\u{0B}", "\u{0C}": out += "\\u" + String(format: "%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
