import CHowdyICU

/// A locale's decimal number format, from ICU's CLDR data: the locale's digits
/// (Arabic-Indic for `ar`, Latin for `ar-MA`), decimal separator and grouping, at most
/// three fraction digits. `NumberFormat(locale: "ar").string(for: 10) == "١٠"`.
///
/// Thread-safe: ICU's format is only read after it is opened.
public final class NumberFormat: @unchecked Sendable {
    // @unchecked: the handle is immutable after init and unum_formatDouble is const.
    private let handle: OpaquePointer
    /// The locale asked for (BCP 47 or ICU form).
    public let locale: String

    /// Opens the decimal format of `locale`; an unknown locale gets ICU's root format.
    /// - Throws: ``TextError/unicode(_:)`` when ICU cannot open it.
    public init(locale: String) throws(TextError) {
        var status: howdy_icu_status = 0
        guard let handle = howdy_number_open(locale, &status) else { throw ICU.error(status) }
        self.handle = handle
        self.locale = locale
    }

    /// The NumberFormat of `locale`, opened once per locale and kept by `system` (see
    /// `LocaleKeyedCache`; `TextSystem.shared` by default).
    /// - Throws: ``TextError/unicode(_:)`` when ICU cannot open it.
    public static func shared(locale: String, system: TextSystem = .shared) throws(TextError) -> NumberFormat {
        try system.numberFormats.value(for: locale) { (locale) throws(TextError) in try NumberFormat(locale: locale) }
    }

    deinit { howdy_number_close(handle) }

    /// `number` written the locale's way (`1,234.5` in English, `1.234,5` in German).
    /// - Throws: ``TextError/unicode(_:)`` when ICU fails (not for any finite number).
    public func string(for number: Double) throws(TextError) -> String {
        var status: howdy_icu_status = 0
        var units = [UInt16](repeating: 0, count: 64)
        let length = units.withUnsafeMutableBufferPointer { buffer in
            howdy_number_format_double(handle, number, buffer.baseAddress, Int32(buffer.count), &status)
        }
        guard length >= 0 else { throw ICU.error(status) }
        return String(decoding: units[0..<Int(length)], as: UTF16.self)
    }
}
