import Foundation
import HowdyKit

/// How a text the screens compose is localised: its parts are looked up one by one and
/// then composed, so an app's catalog holds `%lld cups` (with its plural forms) and
/// `month`, rather than every `3 cups` or `$4.99 / month` a screen can show.
///
/// A `TextElement` without one is the key `.key(string)`. Without a localization and
/// outside a pseudo-locale, every case resolves to exactly the text the screen composed
/// (`TextElement.string`).
public indirect enum LocalizableText: Sendable, Hashable {
    /// A catalog key, looked up (and pseudo-localised in a pseudo-locale).
    case key(String)
    /// Drawn as is: punctuation between parts, a value that is not a word.
    case verbatim(String)
    /// A key with plural variations: the form is chosen for `number` in the locale, then
    /// `number` fills its integer placeholders (`%lld`, `%d`, `%1$lld`…).
    case counted(String, number: Double)
    /// Parts drawn one after another.
    case concatenation([LocalizableText])
    /// A key whose `{name}` placeholders (a personalised headline's `{goal}`) are replaced,
    /// after lookup, by the resolved substitutions; an unknown name stays as written.
    case template(String, substitutions: [String: LocalizableText])
    /// The resolved text lowercased in the locale (an option's label inside a sentence).
    case lowercased(LocalizableText)

    /// A commitment's `value` with its unit: the key `%lld` + unit (`%lld cups`, any `%` of
    /// the unit doubled), counted for `value`. Resolves to `commitment.format(value)`.
    public static func value(_ value: Double, of commitment: Commitment) -> LocalizableText {
        .counted("%lld" + commitment.unit.replacingOccurrences(of: "%", with: "%%"), number: value)
    }

    /// Every key the text looks up, in order, each with the number that picks its plural
    /// form (nil for a plain key).
    public var keys: [(key: String, number: Double?)] {
        switch self {
        case .key(let key): [(key, nil)]
        case .verbatim: []
        case .counted(let key, let number): [(key, number)]
        case .concatenation(let parts): parts.flatMap(\.keys)
        case .template(let key, let substitutions):
            [(key, nil)] + substitutions.keys.sorted().flatMap { substitutions[$0]?.keys ?? [] }
        case .lowercased(let text): text.keys
        }
    }

    /// The text with each key replaced by `lookup(key, number)` and composed; `locale`
    /// (BCP 47) lowercases. Pure: the lookup decides catalogs and pseudo-localisation.
    public func resolved(locale: String, lookup: (String, Double?) -> String) -> String {
        switch self {
        case .key(let key): return lookup(key, nil)
        case .verbatim(let text): return text
        case .counted(let key, let number): return lookup(key, number)
        case .concatenation(let parts): return parts.map { $0.resolved(locale: locale, lookup: lookup) }.joined()
        case .template(let key, let substitutions):
            var result = lookup(key, nil)
            // Sorted, so the output does not depend on dictionary order.
            for name in substitutions.keys.sorted() {
                guard let part = substitutions[name] else { continue }
                result = result.replacingOccurrences(
                    of: "{\(name)}", with: part.resolved(locale: locale, lookup: lookup))
            }
            return result
        case .lowercased(let text):
            return text.resolved(locale: locale, lookup: lookup).lowercased(with: Locale(identifier: locale))
        }
    }
}
