import Foundation

/// A strict RFC 8259 JSON reader for spec files, with errors located by JSON path.
///
/// Foundation's readers accept what JSON does not (a trailing comma, a repeated key, whose
/// last value silently wins) and report a lone surrogate (`"\ud800"`) without saying where
/// it is. Specs are written by hand, so each of these is an error here, naming the JSON path
/// and the line and column: `render: trailing comma before "}" (line 12, column 3)`.
///
/// Also refused: invalid UTF-8, control characters inside strings, numbers outside
/// `Double`'s range (`1e400`), nesting deeper than ``maximumDepth``, and anything after
/// the value. A UTF-8 byte order mark at the start is skipped.
public enum StrictJSON {
    /// The deepest nesting of arrays and objects accepted: 128.
    public static let maximumDepth = 128

    /// The largest spec file read: 16 MiB (the bundled examples are under 10 KiB).
    public static let maximumFileBytes = 16 << 20

    /// The bytes of the spec file at `url`, its size checked before it is read.
    /// - Throws: ``SpecError`` at the root: one sentence naming the path and the reason
    ///   (no such file, a folder, permission denied, over ``maximumFileBytes``).
    public static func readFile(_ url: URL) throws(SpecError) -> Data {
        var info = stat()
        if stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > maximumFileBytes {
            throw SpecError(
                path: "",
                message: "\(url.path) is \(info.st_size) bytes; a spec file is at most \(maximumFileBytes) bytes")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw SpecError(path: "", message: FileProblem.message("read", url.path, error))
        }
    }

    /// Parses `data` as one JSON value.
    /// - Throws: ``SpecError`` with the JSON path of the problem (empty for the root).
    public static func parse(_ data: Data) throws(SpecError) -> JSONValue {
        var parser = Parser(bytes: [UInt8](data))
        return try parser.document()
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func document() throws(SpecError) -> JSONValue {
            skipSpace()
            let value = try self.value(path: "", depth: 0)
            skipSpace()
            guard index == bytes.count else { throw error("", "unexpected text after the JSON value") }
            return value
        }

        // MARK: Values

        mutating func value(path: String, depth: Int) throws(SpecError) -> JSONValue {
            guard index < bytes.count else { throw error(path, "unexpected end of the text (a value was expected)") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(path: path, depth: depth + 1)
            case UInt8(ascii: "["): return try array(path: path, depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string(path: path))
            case UInt8(ascii: "t"): return try literal("true", .bool(true), path: path)
            case UInt8(ascii: "f"): return try literal("false", .bool(false), path: path)
            case UInt8(ascii: "n"): return try literal("null", .null, path: path)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number(path: path))
            default: throw error(path, "unexpected \(describe(bytes[index])) (a value was expected)")
            }
        }

        mutating func object(path: String, depth: Int) throws(SpecError) -> JSONValue {
            guard depth <= StrictJSON.maximumDepth else {
                throw error(path, "nested deeper than \(StrictJSON.maximumDepth) levels")
            }
            index += 1  // {
            var members: [String: JSONValue] = [:]
            skipSpace()
            if peek(UInt8(ascii: "}")) {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard peek(UInt8(ascii: "\"")) else {
                    if peek(UInt8(ascii: "}")), !members.isEmpty {
                        throw error(path, "trailing comma before \"}\"")
                    }
                    throw error(path, "expected a key in double quotes, found \(describeHere())")
                }
                let key = try string(path: path, isKey: true)
                let memberPath = SpecError.child(path, key)
                guard members[key] == nil else {
                    throw error(memberPath, "duplicate key \"\(key)\" (its first value would be lost)", syntax: false)
                }
                skipSpace()
                guard peek(UInt8(ascii: ":")) else {
                    throw error(memberPath, "expected \":\" after the key, found \(describeHere())")
                }
                index += 1
                skipSpace()
                members[key] = try value(path: memberPath, depth: depth)
                skipSpace()
                if peek(UInt8(ascii: ",")) {
                    index += 1
                    continue
                }
                if peek(UInt8(ascii: "}")) {
                    index += 1
                    return .object(members)
                }
                throw error(path, "expected \",\" or \"}\" after a member, found \(describeHere())")
            }
        }

        mutating func array(path: String, depth: Int) throws(SpecError) -> JSONValue {
            guard depth <= StrictJSON.maximumDepth else {
                throw error(path, "nested deeper than \(StrictJSON.maximumDepth) levels")
            }
            index += 1  // [
            var items: [JSONValue] = []
            skipSpace()
            if peek(UInt8(ascii: "]")) {
                index += 1
                return .array(items)
            }
            while true {
                skipSpace()
                if peek(UInt8(ascii: "]")), !items.isEmpty { throw error(path, "trailing comma before \"]\"") }
                items.append(try value(path: SpecError.child(path, items.count), depth: depth))
                skipSpace()
                if peek(UInt8(ascii: ",")) {
                    index += 1
                    continue
                }
                if peek(UInt8(ascii: "]")) {
                    index += 1
                    return .array(items)
                }
                throw error(path, "expected \",\" or \"]\" after an element, found \(describeHere())")
            }
        }

        mutating func literal(_ word: String, _ value: JSONValue, path: String) throws(SpecError) -> JSONValue {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected
            else {
                throw error(path, "unexpected \(describeHere()) (a value was expected)")
            }
            index += expected.count
            return value
        }

        mutating func number(path: String) throws(SpecError) -> Double {
            let start = index
            func digits(_ parser: inout Parser) -> Int {
                let first = parser.index
                while parser.index < parser.bytes.count, (0x30...0x39).contains(parser.bytes[parser.index]) {
                    parser.index += 1
                }
                return parser.index - first
            }
            if peek(UInt8(ascii: "-")) { index += 1 }
            let whole = index
            guard digits(&self) > 0 else { throw error(path, "invalid number: a digit must follow \"-\"") }
            if bytes[whole] == UInt8(ascii: "0"), index - whole > 1 {
                throw error(path, "invalid number: no leading zeros")
            }
            if peek(UInt8(ascii: ".")) {
                index += 1
                guard digits(&self) > 0 else { throw error(path, "invalid number: a digit must follow \".\"") }
            }
            if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
                index += 1
                if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
                guard digits(&self) > 0 else { throw error(path, "invalid number: the exponent has no digits") }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                throw error(path, "the number \(text.prefix(40)) is out of range")
            }
            return value
        }

        /// A string at `index` (which is at its opening quote).
        mutating func string(path: String, isKey: Bool = false) throws(SpecError) -> String {
            let place = isKey ? "in a key" : "in a string"
            index += 1
            var scalars = String.UnicodeScalarView()
            var runStart = index
            func flush(_ parser: Parser, upTo end: Int) throws(SpecError) {
                var decoder = Unicode.UTF8.ForwardParser()
                var iterator = parser.bytes[runStart..<end].makeIterator()
                var offset = runStart
                while true {
                    switch decoder.parseScalar(from: &iterator) {
                    case .valid(let encoded):
                        scalars.append(Unicode.UTF8.decode(encoded))
                        offset += encoded.count
                    case .emptyInput:
                        return
                    case .error:
                        throw parser.error(path, "invalid UTF-8 \(place)", at: offset)
                    }
                }
            }
            while true {
                guard index < bytes.count else { throw error(path, "unterminated string (no closing \")") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    try flush(self, upTo: index)
                    index += 1
                    return String(scalars)
                }
                if byte < 0x20 {
                    throw error(path, "control character \(describe(byte)) \(place) (write it as an escape)")
                }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                try flush(self, upTo: index)
                let escapeStart = index
                index += 1
                guard index < bytes.count else { throw error(path, "unterminated string (no closing \")") }
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
                    let unit = try hex4(path: path)
                    switch unit {
                    case 0xD800...0xDBFF:
                        guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw error(
                                path,
                                "lone surrogate \\u\(hexText(unit)) \(place) (a high surrogate needs a low one after it)",
                                at: escapeStart)
                        }
                        index += 2
                        let low = try hex4(path: path)
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error(
                                path,
                                "lone surrogate \\u\(hexText(unit)) \(place) (followed by \\u\(hexText(low)), not a low surrogate)",
                                at: escapeStart)
                        }
                        let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        scalars.append(Unicode.Scalar(value)!)
                    case 0xDC00...0xDFFF:
                        throw error(
                            path, "lone surrogate \\u\(hexText(unit)) \(place) (a low surrogate without a high one)",
                            at: escapeStart)
                    default:
                        scalars.append(Unicode.Scalar(unit)!)
                    }
                default:
                    let shown =
                        (0x21...0x7E).contains(escape)
                        ? "\"\\\(Character(Unicode.Scalar(escape)))\"" : "\\ then \(describe(escape))"
                    throw error(path, "invalid escape \(shown) \(place)")
                }
                runStart = index
            }
        }

        mutating func hex4(path: String) throws(SpecError) -> UInt32 {
            guard bytes.count - index >= 4 else { throw error(path, "\\u needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error(path, "\\u needs four hex digits")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        // MARK: Helpers

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

        func describeHere() -> String {
            index < bytes.count ? describe(bytes[index]) : "the end of the text"
        }

        func describe(_ byte: UInt8) -> String {
            (0x21...0x7E).contains(byte)
                ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(String(byte, radix: 16))"
        }

        func hexText(_ unit: UInt32) -> String {
            let text = String(unit, radix: 16)
            return String(repeating: "0", count: max(0, 4 - text.count)) + text
        }

        /// An error at `path`, with the line and column (1-based, in bytes) of `index`;
        /// `syntax` errors start "not valid JSON: ".
        func error(_ path: String, _ message: String, syntax: Bool = true, at position: Int? = nil) -> SpecError {
            let index = min(position ?? self.index, bytes.count)
            var line = 1
            var lineStart = 0
            for offset in 0..<index where bytes[offset] == 0x0A {
                line += 1
                lineStart = offset + 1
            }
            let place = "line \(line), column \(index - lineStart + 1)"
            return SpecError(path: path, message: "\(syntax ? "not valid JSON: " : "")\(message) (\(place))")
        }
    }
}
