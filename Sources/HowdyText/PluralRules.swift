import CHowdyICU

/// A CLDR plural category, as String Catalogs name their plural variations.
public enum PluralCategory: String, Sendable, CaseIterable, Comparable {
    /// CLDR's six categories; most languages use only some (English: one, other).
    case zero, one, two, few, many, other

    /// CLDR order: zero, one, two, few, many, other.
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The cardinal plural rules of one locale, from ICU's CLDR data (not hand-written
/// tables): `PluralRules(locale: "ru").category(for: 3) == .few`.
///
/// Thread-safe: ICU's rules object is only read after it is opened.
public final class PluralRules: @unchecked Sendable {
    // @unchecked: the handle is immutable after init and ICU's select is const.
    private let handle: OpaquePointer
    /// The locale asked for (BCP 47 or ICU form, e.g. `de`, `pt-BR`, `ar`).
    public let locale: String

    /// Opens the rules of `locale`. An unknown locale gets ICU's root rules (every
    /// number is `.other`), as a language without plural forms.
    /// - Throws: ``TextError/unicode(_:)`` when ICU cannot open rules.
    public init(locale: String) throws(TextError) {
        var status: howdy_icu_status = 0
        guard let handle = howdy_plural_open(locale, &status) else { throw ICU.error(status) }
        self.handle = handle
        self.locale = locale
    }

    /// The PluralRules of `locale`, opened once per locale and kept by `system` (see
    /// `LocaleKeyedCache`; `TextSystem.shared` by default).
    /// - Throws: ``TextError/unicode(_:)`` when ICU cannot open it.
    public static func shared(locale: String, system: TextSystem = .shared) throws(TextError) -> PluralRules {
        try system.pluralRules.value(for: locale) { (locale) throws(TextError) in try PluralRules(locale: locale) }
    }

    deinit { howdy_plural_close(handle) }

    /// The category of `number` (integers and decimals as ICU reads a `double`: `1.5` is
    /// `.other` in English). A non-finite number is `.other`.
    public func category(for number: Double) -> PluralCategory {
        guard number.isFinite else { return .other }
        var status: howdy_icu_status = 0
        var keyword = [CChar](repeating: 0, count: 16)
        let length = howdy_plural_select(handle, number, &keyword, Int32(keyword.count), &status)
        guard length > 0 else { return .other }
        let name = String(decoding: keyword[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return PluralCategory(rawValue: name) ?? .other
    }
}
