import HowdyText
import Synchronization

/// The common JSON-lines request read straight from its UTF-8 bytes into a
/// ``BalanceRequest``, without building a ``JSONLValue`` tree first: HowdyJSON's
/// general reader is generic and runs unspecialised from this module, and the tree's
/// member lookups compare strings, which together cost a seventh of a Latin request.
///
/// It reads only what it can read exactly as the general path would, and gives up
/// (returns nil) on anything else: escapes or control characters in a string, a number
/// it cannot convert exactly (digits past 2^53, an exponent), `features`,
/// an id that is not a short integer, a string or a literal, a repeated or unknown key,
/// a missing or mistyped field, a keyword or locale that is not valid, and any syntax
/// error. The general path then reads the line again and answers it, errors included,
/// so every answer and every message is the one the general path gives. It never
/// throws or traps, reads each byte at most once, and allocates only the strings it
/// returns.
package struct QuickRequestReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Remembers the last locale found valid, when the caller keeps one.
    private let locales: ValidLocaleMemo?

    private init(_ bytes: UnsafeBufferPointer<UInt8>, locales: ValidLocaleMemo? = nil) {
        self.bytes = bytes
        self.locales = locales
    }

    /// The request in `bytes` (one JSON object) with `defaults` for what it leaves out,
    /// and its `id` (`.null` when absent); nil when the general path must read it.
    /// `locales`, when given, answers for locale tags seen before (a session keeps one:
    /// the ICU call behind `LocaleTag.isValid` cost a Japanese request a fiftieth of its time).
    package static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, defaults: BalanceDefaults, locales: ValidLocaleMemo? = nil
    ) -> (request: BalanceRequest, id: JSONLValue)? {
        var reader = QuickRequestReader(bytes, locales: locales)
        return reader.request(defaults: defaults, optionsOnly: false)
    }

    /// The options object of a C call (`bytes`, only option keys: `mode`, `locale`, …)
    /// applied to `defaults`, with `text` and `width` given; nil when the general path
    /// must read it.
    package static func read(
        options bytes: UnsafeBufferPointer<UInt8>, text: String, width: Double, defaults: BalanceDefaults
    ) -> BalanceRequest? {
        var reader = QuickRequestReader(bytes)
        var defaults = defaults
        defaults.width = width
        guard var request = reader.request(defaults: defaults, optionsOnly: true)?.request else { return nil }
        request.text = text
        request.width = width
        return request
    }

    /// The keys read, in `BalanceRequest.knownKeys`' order of meaning.
    private enum Key: Int {
        case id, text, font, size, width, mode, locale, direction, lineHeight, lineBreak, wordBreak, overflowWrap
        case hyphens
    }

    private mutating func request(defaults: BalanceDefaults, optionsOnly: Bool) -> (
        request: BalanceRequest, id: JSONLValue
    )? {
        var id = JSONLValue.null
        var text: String?
        var font = defaults.font
        var size = defaults.size
        var width = defaults.width
        var strategy = defaults.strategy
        var options = defaults.options
        var seen = 0
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return nil }
        skipSpace()
        if !take(UInt8(ascii: "}")) {
            while true {
                guard let key = key() else { return nil }
                guard seen & (1 << key.rawValue) == 0 else { return nil }
                seen |= 1 << key.rawValue
                if optionsOnly, key.rawValue <= Key.width.rawValue { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                switch key {
                case .id:
                    guard let value = idValue() else { return nil }
                    id = value
                case .text: text = string()
                case .font: font = string()
                case .size: size = number()
                case .width: width = number()
                case .lineHeight:
                    guard let value = number() else { return nil }
                    options.lineHeight = value
                default:
                    guard let value = string(), apply(key, value, &strategy, &options) else { return nil }
                }
                if key == .text && text == nil || key == .font && font == nil || key == .size && size == nil
                    || key == .width && width == nil
                {
                    return nil
                }
                skipSpace()
                if take(UInt8(ascii: ",")) {
                    skipSpace()
                    continue
                }
                guard take(UInt8(ascii: "}")) else { return nil }
                break
            }
        }
        skipSpace()
        guard index == bytes.count else { return nil }
        if optionsOnly { text = "" }
        guard let text, let font, let size, let width else { return nil }
        return (
            BalanceRequest(text: text, font: font, size: size, width: width, strategy: strategy, options: options), id
        )
    }

    /// Applies a keyword field; false when the value is not one the general path accepts.
    private func apply(
        _ key: Key, _ value: String, _ strategy: inout LineBreakStrategy, _ options: inout TextOptions
    ) -> Bool {
        switch key {
        case .mode:
            guard let parsed = BalanceRequest.value(of: value, in: BalanceRequest.modes) else { return false }
            strategy = parsed
        case .locale:
            // "" is the root rules, as when absent.
            guard value.isEmpty || (locales?.isValid(value) ?? LocaleTag.isValid(value)) else { return false }
            options.locale = value
        case .direction:
            guard let parsed = BalanceRequest.value(of: value, in: BalanceRequest.directions) else { return false }
            options.direction = parsed
        case .lineBreak:
            guard let parsed = LineBreakStyle(keyword: value) else { return false }
            options.lineBreak = parsed
        case .wordBreak:
            guard let parsed = WordBreakStyle(keyword: value) else { return false }
            options.wordBreak = parsed
        case .overflowWrap:
            guard let parsed = OverflowWrapStyle(keyword: value) else { return false }
            options.overflowWrap = parsed
        case .hyphens:
            guard let parsed = HyphensStyle(keyword: value) else { return false }
            options.hyphens = parsed
        default: return false
        }
        return true
    }

    // MARK: Tokens

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A key in quotes, printable ASCII without escapes, that names a field.
    private mutating func key() -> Key? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] >= 0x20, bytes[index] < 0x80, bytes[index] != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        let name = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        // The name as a little-endian number (keys are at most 12 bytes), matched against
        // the keys' numbers: comparing StaticStrings byte by byte cost 200 instructions a key.
        guard name.count <= 12 else { return nil }
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (position, byte) in name.enumerated() {
            if position < 8 {
                low |= UInt64(byte) << (8 * position)
            } else {
                high |= UInt64(byte) << (8 * (position - 8))
            }
        }
        for entry in Self.keyNumbers where entry.count == name.count && entry.low == low && entry.high == high {
            return entry.key
        }
        return nil
    }

    /// Each key's name as `key()` reads it: byte count and the bytes as two little-endian numbers.
    private static let keyNumbers: [(count: Int, low: UInt64, high: UInt64, key: Key)] = [
        ("id", Key.id), ("text", .text), ("font", .font), ("size", .size), ("width", .width), ("mode", .mode),
        ("locale", .locale), ("direction", .direction), ("lineHeight", .lineHeight), ("lineBreak", .lineBreak),
        ("wordBreak", .wordBreak), ("overflowWrap", .overflowWrap), ("hyphens", .hyphens),
    ].map { name, key in
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (position, byte) in name.utf8.enumerated() {
            if position < 8 {
                low |= UInt64(byte) << (8 * position)
            } else {
                high |= UInt64(byte) << (8 * (position - 8))
            }
        }
        return (name.utf8.count, low, high, key)
    }

    /// A string without escapes or control characters, valid UTF-8 (RFC 3629, as the
    /// general reader checks it); nil for anything else.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var any: UInt8 = 0
        // Eight bytes at a time while none is a quote, a backslash or a control character
        // (the answer writer's test, `AnswerBytes.mayNeedEscape`: the same three stop a
        // plain string here); the loop below looks at the eight where one is, byte by byte.
        if let base = bytes.baseAddress {
            var wide: UInt64 = 0
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                guard !AnswerBytes.mayNeedEscape(word) else { break }
                wide |= word
                index += 8
            }
            if wide & 0x8080_8080_8080_8080 != 0 { any = 0x80 }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            any |= byte
            index += 1
        }
        guard index < bytes.count else { return nil }
        let content = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        // ASCII is valid as it is; see `UTF8Text`.
        return UTF8Text.string(content, isASCII: any < 0x80)
    }

    /// A number without an exponent whose digits, read as a whole number, are at most
    /// 2^53 with at most 22 of them after the point, converted exactly as `Double(String)`
    /// converts it: that whole number and the power of ten are exact Doubles, so one IEEE
    /// division rounds their quotient correctly (Clinger's fast path). Nil for any other
    /// number, or for what is not one.
    private mutating func number() -> Double? { numberAndText()?.value }

    private mutating func numberAndText() -> (value: Double, text: Range<Int>, isInteger: Bool)? {
        let start = index
        let negative = take(UInt8(ascii: "-"))
        let whole = index
        var mantissa: Int64 = 0
        var digits = 0
        while index < bytes.count, bytes[index] &- 0x30 < 10 {
            mantissa = mantissa &* 10 &+ Int64(bytes[index] &- 0x30)
            digits += 1
            index += 1
        }
        guard digits > 0, !(bytes[whole] == UInt8(ascii: "0") && digits > 1) else { return nil }
        var fractionDigits = 0
        if take(UInt8(ascii: ".")) {
            while index < bytes.count, bytes[index] &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ Int64(bytes[index] &- 0x30)
                digits += 1
                fractionDigits += 1
                index += 1
            }
            guard fractionDigits > 0 else { return nil }
        }
        guard digits <= 18, mantissa <= 1 << 53, fractionDigits <= 22,
            index == bytes.count || bytes[index] | 0x20 != UInt8(ascii: "e")
        else { return nil }
        var value = Double(mantissa)
        if fractionDigits > 0 { value /= Self.powersOfTen[fractionDigits] }
        return (negative ? -value : value, start..<index, fractionDigits == 0)
    }

    private static let powersOfTen: [Double] = (0...22).map { power in
        (0..<power).reduce(1.0) { product, _ in product * 10 }
    }

    /// An `id`: a string, a whole number (kept with its text, as the general reader
    /// keeps it), `null`, `true` or `false`; nil for anything else.
    private mutating func idValue() -> JSONLValue? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string().map { .string($0) }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let number = numberAndText(), number.isInteger else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[number.text]), as: UTF8.self)
            return .number(number.value, text: text)
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        default: return nil
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count,
            UnsafeBufferPointer(rebasing: bytes[index..<(index + count)]).elementsEqual(
                UnsafeBufferPointer(start: word.utf8Start, count: count))
        else { return false }
        index += count
        return true
    }
}

/// `LocaleTag.isValid`, answered without ICU for the tag last found valid: a stream's
/// requests mostly name one locale, and validity is a fixed property of a tag.
package final class ValidLocaleMemo: Sendable {
    private let last = Mutex("")

    package init() {}

    /// `LocaleTag.isValid(tag)`.
    package func isValid(_ tag: String) -> Bool {
        if !tag.isEmpty, last.withLock({ $0 == tag }) { return true }
        guard LocaleTag.isValid(tag) else { return false }
        last.withLock { $0 = tag }
        return true
    }
}

extension BalanceRequest {
    /// A request from fields already read and checked.
    init(
        text: String, font: String, size: Double, width: Double, strategy: LineBreakStrategy, options: TextOptions
    ) {
        self.text = text
        self.font = font
        self.size = size
        self.width = width
        self.strategy = strategy
        self.options = options
    }
}
