/// The one strict JSON reader (RFC 8259): no Foundation, one pass over the bytes, every
/// refusal a sentence with the byte offset where it was found.
///
/// Refused, each with its own message: invalid UTF-8, control characters in strings,
/// escapes of lone surrogates, a repeated key in one object (its first value would be
/// silently lost), trailing commas, numbers outside `Double`'s range (`1e400`: a number
/// becomes an integer only later, through HowdyNumbers), nesting deeper than the caller's
/// `maximumDepth` (checked before recursing, so hostile nesting costs no deep stack), and
/// anything after the value. Work is linear in the input: strings are copied once, and a
/// repeated key is found through a hash set once an object has more than a few members.
package struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses `bytes` as exactly one JSON value with optional white space around it.
    /// - Parameters:
    ///   - type: what to build (``JSON`` keeps order, number text and offsets).
    ///   - maximumDepth: the deepest nesting of arrays and objects accepted (1 allows
    ///     `[1]` but not `[[1]]`).
    ///   - skipsByteOrderMark: whether a UTF-8 byte order mark at the start is skipped
    ///     (files from some editors have one); otherwise it is an error.
    /// - Throws: ``JSONSyntaxError`` for the first problem.
    package static func parse<Value: JSONBuilding>(
        _ bytes: UnsafeBufferPointer<UInt8>, as type: Value.Type, maximumDepth: Int, skipsByteOrderMark: Bool = false
    ) throws(JSONSyntaxError) -> Value {
        var parser = JSONParser(bytes, maximumDepth: maximumDepth)
        if skipsByteOrderMark { parser.index = byteOrderMarkLength(bytes) }
        parser.skipSpace()
        let value: Value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.fail("unexpected text after the JSON value") }
        return value
    }

    /// 3 when `bytes` starts with a UTF-8 byte order mark, else 0.
    package static func byteOrderMarkLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    // MARK: Values

    private func fail(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: min(offset ?? index, bytes.count), reason: reason)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func value<Value: JSONBuilding>(depth: Int) throws(JSONSyntaxError) -> Value {
        guard index < bytes.count else { throw fail("unexpected end of the text (a value was expected)") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .makeString(try string(isKey: false), at: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return .makeBool(true, at: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return .makeBool(false, at: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return .makeNull(at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("unexpected \(describeHere()) (a value was expected)")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let available = min(count, bytes.count - index)
        guard (0..<available).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] }) else {
            throw fail("unexpected \(describeHere()) (a value was expected)")
        }
        // `tr` at the end: the text was cut short, so the error is at its end.
        guard available == count else { throw fail("unexpected end of the text (in \(word))", at: bytes.count) }
        index += count
    }

    private mutating func object<Value: JSONBuilding>(depth: Int) throws(JSONSyntaxError) -> Value {
        guard depth <= maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels") }
        let start = index
        index += 1  // {
        // Keys and values in two arrays, not one of (key, value) tuples: this function is
        // generic and, called from another module, runs unspecialised, where every tuple
        // access went through runtime metadata (a tenth of a JSON-lines request). The
        // keys, a concrete [String], are searched with specialised code.
        // Room for a JSON-lines request's members from the start: growing both arrays
        // member by member cost more allocations than the members themselves.
        var keys: [String] = []
        keys.reserveCapacity(8)
        var values: [Value] = []
        values.reserveCapacity(8)
        // Past a few members, a set finds a repeated key in constant time.
        var keySet: Set<String> = []
        skipSpace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return .makeObject(keys: keys, values: values, at: start)
        }
        while true {
            skipSpace()
            guard peek(UInt8(ascii: "\"")) else {
                if peek(UInt8(ascii: "}")), !keys.isEmpty { throw fail("trailing comma before \"}\"") }
                throw fail("expected a key in double quotes, found \(describeHere())")
            }
            let key = try string(isKey: true)
            let repeated: Bool
            if keys.count < 8 {
                repeated = keys.contains(key)
            } else {
                if keySet.isEmpty { keySet = Set(keys) }
                repeated = !keySet.insert(key).inserted
            }
            if repeated {
                throw JSONSyntaxError(
                    offset: index, reason: "duplicate key \"\(key)\" (its first value would be lost)",
                    isDuplicateKey: true)
            }
            skipSpace()
            guard peek(UInt8(ascii: ":")) else { throw fail("expected \":\" after the key, found \(describeHere())") }
            index += 1
            skipSpace()
            values.append(try value(depth: depth))
            keys.append(key)
            skipSpace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            if peek(UInt8(ascii: "}")) {
                index += 1
                return .makeObject(keys: keys, values: values, at: start)
            }
            throw fail("expected \",\" or \"}\" after a member, found \(describeHere())")
        }
    }

    private mutating func array<Value: JSONBuilding>(depth: Int) throws(JSONSyntaxError) -> Value {
        guard depth <= maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels") }
        let start = index
        index += 1  // [
        var elements: [Value] = []
        skipSpace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return .makeArray(elements, at: start)
        }
        while true {
            skipSpace()
            if peek(UInt8(ascii: "]")), !elements.isEmpty { throw fail("trailing comma before \"]\"") }
            elements.append(try value(depth: depth))
            skipSpace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            if peek(UInt8(ascii: "]")) {
                index += 1
                return .makeArray(elements, at: start)
            }
            throw fail("expected \",\" or \"]\" after an element, found \(describeHere())")
        }
    }

    private mutating func number<Value: JSONBuilding>() throws(JSONSyntaxError) -> Value {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let first = parser.index
            while parser.index < parser.bytes.count, parser.bytes[parser.index] &- 0x30 < 10 { parser.index += 1 }
            return parser.index - first
        }
        if peek(UInt8(ascii: "-")) { index += 1 }
        let whole = index
        guard digits(&self) > 0 else { throw fail("invalid number: a digit must follow \"-\"") }
        if bytes[whole] == UInt8(ascii: "0"), index - whole > 1 { throw fail("invalid number: no leading zeros") }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits(&self) > 0 else { throw fail("invalid number: a digit must follow \".\"") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits(&self) > 0 else { throw fail("invalid number: the exponent has no digits") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        // Double's parser is linear in the text; a finite result is the only range check
        // here (integers are range-checked by whoever needs one, through HowdyNumbers).
        guard let value = Double(text), value.isFinite else {
            throw fail("the number \(text.prefix(40)) is out of range", at: start)
        }
        return .makeNumber(value, text: text, at: start)
    }

    // MARK: Strings

    /// A string at `index` (its opening quote).
    private mutating func string(isKey: Bool) throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: printable ASCII without escapes is copied whole.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        let place = isKey ? "in a key" : "in a string"
        // UTF-8 gathered in one buffer, each multi-byte sequence copied as it was once
        // `utf8Scalar` has checked it: appending scalar by scalar to a string cost a
        // sixth of an Arabic or Japanese JSON-lines request.
        var utf8: [UInt8] = []
        utf8.reserveCapacity(2 * (index - start) + 32)
        utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard index < bytes.count else { throw fail("unterminated string (no closing \")") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                UTF8.encode(try escape(place)) { utf8.append($0) }
            case ..<0x20:
                throw fail("control character \(describe(byte)) \(place) (write it as an escape)")
            case ..<0x80:
                utf8.append(byte)
                index += 1
            default:
                let sequence = index
                _ = try utf8Scalar(place)
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[sequence..<index]))
            }
        }
    }

    private mutating func escape(_ place: String) throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < bytes.count else { throw fail("unterminated string (no closing \")") }
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
            let unit = try hexUnit()
            if unit & 0xFC00 == 0xDC00 {
                throw fail("lone surrogate \\u\(hex(unit)) \(place) (a low surrogate without a high one)", at: start)
            }
            guard unit & 0xFC00 == 0xD800 else { return Unicode.Scalar(unit)! }
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
                throw fail(
                    "lone surrogate \\u\(hex(unit)) \(place) (a high surrogate needs a low one after it)", at: start)
            }
            index += 2
            let low = try hexUnit()
            guard low & 0xFC00 == 0xDC00 else {
                throw fail(
                    "lone surrogate \\u\(hex(unit)) \(place) (followed by \\u\(hex(low)), not a low surrogate)",
                    at: start)
            }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        default:
            let shown =
                (0x21...0x7E).contains(code) ? "\"\\\(Character(Unicode.Scalar(code)))\"" : "\\ then \(describe(code))"
            throw fail("invalid escape \(shown) \(place)")
        }
    }

    private mutating func hexUnit() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw fail("\\u needs four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// One UTF-8 sequence, checked (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
    private mutating func utf8Scalar(_ place: String) throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = index
        let lead = bytes[index]
        let count: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (count, value) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (count, value) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (count, value) = (4, UInt32(lead & 0x07))
        default: throw fail("invalid UTF-8 \(place) (byte 0x\(String(lead, radix: 16, uppercase: true)))")
        }
        guard index + count <= bytes.count else { throw fail("invalid UTF-8 \(place) (a truncated sequence)") }
        for offset in 1..<count {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else {
                throw fail("invalid UTF-8 \(place) (byte 0x\(String(byte, radix: 16, uppercase: true)))", at: start)
            }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = count == 3 ? 0x800 : count == 4 ? 0x10000 : 0x80
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
            throw fail("invalid UTF-8 \(place) (an overlong sequence, a surrogate or past U+10FFFF)", at: start)
        }
        index += count
        return Unicode.Scalar(value)!
    }

    // MARK: Messages

    private func describeHere() -> String { index < bytes.count ? describe(bytes[index]) : "the end of the text" }

    /// `"x"` for a printable ASCII byte, `byte 0x9` for any other.
    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte)
            ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func hex(_ value: UInt32) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
