import Foundation

/// A small, strict JSON reader and writer for ``JSONValue``.
///
/// The store is rewritten whole on every write, so its speed is the store's speed:
/// Foundation's `JSONEncoder` with sorted keys costs several times more than this for a
/// store of a few thousand records. It also gives precise errors ("unexpected end of data
/// at byte 812"), which is what a user needs to hear about a truncated file.
enum JSONText {
    struct SyntaxError: Error, CustomStringConvertible {
        var offset: Int
        var message: String
        var description: String { "\(message) at byte \(offset)" }
    }

    // MARK: - Reading

    /// Parses one JSON value filling the whole of `data` (surrounding whitespace allowed).
    static func parse(_ data: Data) throws(SyntaxError) -> JSONValue {
        var parser = Parser(bytes: [UInt8](data))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw SyntaxError(offset: parser.index, message: "unexpected \(parser.describeCurrent()) after the JSON value")
        }
        return value
    }

    /// A member of the top-level object: a plain value, or an object kept as its members
    /// in file order (so a store written sorted is read back without sorting again).
    enum Member {
        case value(JSONValue)
        case object([(key: String, value: JSONValue)])
    }

    /// Parses `data` as one object, keeping members and the members of object-valued
    /// members in file order. Returns `nil` (after checking the whole text is valid JSON)
    /// when the top level is not an object.
    static func parseTwoLevels(_ data: Data) throws(SyntaxError) -> [(key: String, value: Member)]? {
        var parser = Parser(bytes: [UInt8](data))
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "{") else {
            _ = try parse(data)
            return nil
        }
        let members = try parser.members(depth: 0) { (parser: inout Parser) throws(SyntaxError) -> Member in
            if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "{") {
                return .object(try parser.members(depth: 1) { (parser: inout Parser) throws(SyntaxError) in try parser.value(depth: 2) })
            }
            return .value(try parser.value(depth: 1))
        }
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw SyntaxError(offset: parser.index, message: "unexpected \(parser.describeCurrent()) after the JSON value")
        }
        return members
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        static let maximumDepth = 512

        mutating func skipWhitespace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        func describeCurrent() -> String {
            guard index < bytes.count else { return "end of data" }
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(String(byte, radix: 16))"
        }

        func error(_ expected: String) -> SyntaxError {
            SyntaxError(offset: index, message: "expected \(expected), found \(describeCurrent())")
        }

        mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
            guard depth < Self.maximumDepth else { throw SyntaxError(offset: index, message: "nesting too deep") }
            guard index < bytes.count else { throw error("a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("a value")
            }
        }

        mutating func literal(_ word: StaticString) throws(SyntaxError) {
            for offset in 0..<word.utf8CodeUnitCount {
                guard index < bytes.count else {
                    throw SyntaxError(offset: index, message: "expected \(word), found end of data")
                }
                guard bytes[index] == word.utf8Start[offset] else { throw error("\(word)") }
                index += 1
            }
        }

        mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
            let members = try members(depth: depth) { (parser: inout Parser) throws(SyntaxError) in try parser.value(depth: depth + 1) }
            var object: [String: JSONValue] = [:]
            object.reserveCapacity(members.count)
            for (key, value) in members { object[key] = value }  // a repeated key: the last one wins
            return .object(object)
        }

        /// An object's members in file order; the cursor is on `{`. `element` parses each
        /// value with the cursor on its first byte.
        mutating func members<T>(
            depth: Int, _ element: (inout Parser) throws(SyntaxError) -> T
        ) throws(SyntaxError) -> [(key: String, value: T)] {
            guard depth < Self.maximumDepth else { throw SyntaxError(offset: index, message: "nesting too deep") }
            index += 1  // {
            var members: [(key: String, value: T)] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return members
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("a string key") }
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("':'") }
                index += 1
                skipWhitespace()
                members.append((key, try element(&self)))
                skipWhitespace()
                guard index < bytes.count else { throw error("',' or '}'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return members
                } else {
                    throw error("',' or '}'")
                }
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
            index += 1  // [
            var array: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(array)
            }
            while true {
                skipWhitespace()
                array.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("',' or ']'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(array)
                } else {
                    throw error("',' or ']'")
                }
            }
        }

        mutating func string() throws(SyntaxError) -> String {
            let start = index
            index += 1  // opening quote
            // Fast path: no escapes, the common case for step IDs.
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
                end += 1
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                let text = try utf8(bytes[index..<end], at: index)
                index = end + 1
                return text
            }
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ upTo: Int) throws(SyntaxError) {
                if run < upTo { scalars.append(contentsOf: try utf8(bytes[run..<upTo], at: run).unicodeScalars) }
            }
            while true {
                guard index < bytes.count else {
                    throw SyntaxError(offset: index, message: "unterminated string starting at byte \(start), found end of data")
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    try flush(index)
                    index += 1
                    return String(scalars)
                } else if byte < 0x20 {
                    throw error("an escaped control character in a string")
                } else if byte == UInt8(ascii: "\\") {
                    try flush(index)
                    index += 1
                    guard index < bytes.count else { throw error("an escape sequence") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            // A high surrogate must be followed by \u and a low surrogate.
                            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                                throw error("a low surrogate escape")
                            }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("a low surrogate escape") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("a valid Unicode escape") }
                        scalars.append(scalar)
                    default:
                        index -= 1
                        throw error("a valid escape character")
                    }
                    run = index
                } else {
                    index += 1
                }
            }
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            var code: UInt32 = 0
            for _ in 0..<4 {
                guard index < bytes.count, let digit = hexValue(bytes[index]) else { throw error("four hex digits") }
                code = code << 4 | digit
                index += 1
            }
            return code
        }

        func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        func utf8(_ slice: ArraySlice<UInt8>, at offset: Int) throws(SyntaxError) -> String {
            guard let text = String(validating: slice, as: UTF8.self) else {
                throw SyntaxError(offset: offset, message: "invalid UTF-8 in a string")
            }
            return text
        }

        mutating func number() throws(SyntaxError) -> Double {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a digit") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("a digit after '.'") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("a digit in the exponent") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
                throw SyntaxError(offset: start, message: "number out of range")
            }
            return value
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    }

    // MARK: - Writing

    /// JSON text for `value`, keys sorted (String order: locale-independent). Pretty output indents by
    /// two spaces and writes `"key": value`. A non-finite number is written as `null`
    /// (JSON has no spelling for it).
    static func serialize(_ value: JSONValue, pretty: Bool) -> String {
        var output = ""
        write(value, into: &output, pretty: pretty, indent: 0)
        return output
    }

    static func write(_ value: JSONValue, into output: inout String, pretty: Bool, indent: Int) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += format(number)
        case .string(let text): writeString(text, into: &output)
        case .array(let array):
            if array.isEmpty {
                output += "[]"
                return
            }
            output += "["
            for (position, element) in array.enumerated() {
                if position > 0 { output += "," }
                newline(&output, pretty: pretty, indent: indent + 1)
                write(element, into: &output, pretty: pretty, indent: indent + 1)
            }
            newline(&output, pretty: pretty, indent: indent)
            output += "]"
        case .object(let object):
            if object.isEmpty {
                output += "{}"
                return
            }
            output += "{"
            for (position, key) in object.keys.sorted().enumerated() {
                if position > 0 { output += "," }
                newline(&output, pretty: pretty, indent: indent + 1)
                writeString(key, into: &output)
                output += pretty ? ": " : ":"
                write(object[key]!, into: &output, pretty: pretty, indent: indent + 1)
            }
            newline(&output, pretty: pretty, indent: indent)
            output += "}"
        }
    }

    static func newline(_ output: inout String, pretty: Bool, indent: Int) {
        guard pretty else { return }
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number.rounded() == number, abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
        return "\(number)"
    }

    static func writeString(_ text: String, into output: inout String) {
        output += "\""
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += text
        } else {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                case "\u{8}": output += "\\b"
                case "\u{C}": output += "\\f"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
