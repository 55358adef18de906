/// A strict JSON reader (RFC 8259) for one JSON-lines request, written for the hot path:
/// no Foundation, one pass over the bytes, errors that say what is wrong and where.
///
/// Refused, each with its own message: invalid UTF-8, escapes of lone surrogates,
/// nesting deeper than `maximumDepth`, numbers that overflow a Double (`1e400`),
/// control characters in strings, trailing commas, and anything after the value.
public struct JSONReader {
    /// Deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64

    /// Why a line is not valid JSON; `offset` is the byte offset in the line.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The 0-based byte offset in the line where the problem was found.
        public var offset: Int
        /// What is wrong (`trailing comma`, ...).
        public var reason: String
        /// `reason at byte N`, with N counted from 1.
        public var description: String { "\(reason) at byte \(offset + 1)" }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Parses `bytes` as exactly one JSON value with optional white space around it.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> JSONLValue {
        var reader = JSONReader(bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.fail("unexpected text after the JSON value") }
        return value
    }

    /// Parses a string's UTF-8 bytes (see `parse(_:)`).
    public static func parse(_ text: String) throws(Failure) -> JSONLValue {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(Failure) -> JSONLValue in try parse(buffer) }
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> Failure {
        Failure(offset: min(offset ?? index, max(bytes.count - 1, 0)), reason: reason)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONLValue {
        guard index < bytes.count else { throw fail("unexpected end of the line, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("unexpected character, expected a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of the line in a literal") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw fail("unexpected character, expected a value")
        }
        index += count
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONLValue {
        guard depth <= Self.maximumDepth else { throw fail("nesting deeper than \(Self.maximumDepth) levels") }
        index += 1
        var members: [(String, JSONLValue)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail(index < bytes.count ? "expected a string key" : "unexpected end of the line in an object")
            }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
            index += 1
            skipSpace()
            members.append((key, try value(depth: depth)))
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of the line in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}' in an object") }
            index += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONLValue {
        guard depth <= Self.maximumDepth else { throw fail("nesting deeper than \(Self.maximumDepth) levels") }
        index += 1
        var elements: [JSONLValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try value(depth: depth))
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of the line in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']' in an array") }
            index += 1
            return .array(elements)
        }
    }

    private mutating func number() throws(Failure) -> JSONLValue {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw fail("a number needs digits", at: start) }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            throw fail("a number may not start with 0", at: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("a number needs digits after '.'", at: start) }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw fail("a number needs digits in its exponent", at: start) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw fail("number \(text.prefix(40)) is out of range", at: start)
        }
        return .number(value, text: text)
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        let start = index
        // Fast path: plain ASCII or valid UTF-8 without escapes is copied whole.
        var plain = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 {
                plain = false
                break
            }
            index += 1
        }
        if plain {
            guard index < bytes.count else { throw fail("unterminated string", at: start - 1) }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            index += 1
            return text
        }
        // UTF-8 gathered in one buffer, each multi-byte sequence copied as it was once
        // `utf8Scalar` has checked it: appending scalar by scalar to a string cost a
        // sixth of an Arabic or Japanese JSON-lines request.
        var utf8: [UInt8] = []
        utf8.reserveCapacity(2 * (index - start) + 32)
        utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard index < bytes.count else { throw fail("unterminated string", at: start - 1) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                UTF8.encode(try escape()) { utf8.append($0) }
            case ..<0x20:
                throw fail("control character U+\(hex(UInt32(byte))) in a string must be escaped")
            case ..<0x80:
                utf8.append(byte)
                index += 1
            default:
                let sequence = index
                _ = try utf8Scalar()
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[sequence..<index]))
            }
        }
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < bytes.count else { throw fail("unterminated escape", at: start) }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: start)
            if unit & 0xFC00 == 0xDC00 { throw fail("lone low surrogate \\u\(hex(unit)) in a string", at: start) }
            guard unit & 0xFC00 == 0xD800 else { return Unicode.Scalar(unit)! }
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw fail("lone high surrogate \\u\(hex(unit)) in a string", at: start) }
            index += 2
            let low = try hexUnit(at: start)
            guard low & 0xFC00 == 0xDC00 else {
                throw fail("high surrogate \\u\(hex(unit)) followed by \\u\(hex(low)), not a low surrogate", at: start)
            }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        default:
            throw fail("invalid escape '\\\(Character(Unicode.Scalar(code)))' in a string", at: start)
        }
    }

    private mutating func hexUnit(at start: Int) throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("\\u needs four hex digits", at: start) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw fail("\\u needs four hex digits", at: start)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// One UTF-8 sequence, checked (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
    private mutating func utf8Scalar() throws(Failure) -> Unicode.Scalar {
        let start = index
        let lead = bytes[index]
        let count: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (count, value) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (count, value) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (count, value) = (4, UInt32(lead & 0x07))
        default: throw fail("invalid UTF-8 (byte 0x\(hex(UInt32(lead))))", at: start)
        }
        guard index + count <= bytes.count else { throw fail("invalid UTF-8 (truncated sequence)", at: start) }
        for offset in 1..<count {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { throw fail("invalid UTF-8 (byte 0x\(hex(UInt32(byte))))", at: start) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = count == 3 ? 0x800 : count == 4 ? 0x10000 : 0x80
        guard value >= minimum, value <= 0x10FFFF else {
            throw fail("invalid UTF-8 (overlong or too large)", at: start)
        }
        guard !(0xD800...0xDFFF).contains(value) else { throw fail("invalid UTF-8 (encoded surrogate)", at: start) }
        index += count
        return Unicode.Scalar(value)!
    }

    private func hex(_ value: UInt32) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
