import Foundation
import HowdyJSON

/// Any JSON value, kept exactly as read so a file can be rewritten without dropping what
/// this code does not understand (a non-Boolean record, a key added by a newer tool).
///
/// JSON text is read and written by HowdyJSON, the package's one strict reader and writer
/// (no Foundation): a repeated key, invalid UTF-8 or a lone surrogate is refused with its
/// line and column rather than silently changed, and output is byte for byte what
/// Foundation's `JSONEncoder` wrote before (keys sorted in `String` order, "B" before
/// "a", whatever the locale), so existing files are rewritten unchanged.
public enum JSONValue: Hashable, Codable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Decodes the value from its JSON form (described on the type).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Bool first: Foundation's decoder will not read a number as a Bool, but it
        // would read `true` as 1 if asked for a Double first on some platforms.
        // Each `try?` below is a type probe: a failure means "not this type", and the last
        // branch throws for a value that is none of them.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value in its JSON form (described on the type).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// A short name of the value's type for messages: "a string", "a number", "null"...
    public var typeDescription: String {
        let kind: JSONKind =
            switch self {
            case .null: .null
            case .bool: .bool
            case .number: .number
            case .string: .string
            case .array: .array
            case .object: .object
            }
        return kind.phrase
    }

    /// Compact JSON text of the value (keys sorted), for messages and output.
    public var description: String {
        jsonText(pretty: false)
    }

    /// The deepest nesting read from a file (Foundation's reader allowed 512 too).
    package static let maximumDepth = 512

    /// Parses JSON text: one value of any kind (a bare string, number, Boolean or `null`
    /// included), whitespace around it allowed, a UTF-8 byte order mark skipped.
    /// - Throws: ``SyntaxError`` naming the first problem and its line and column.
    public init(parsing data: Data) throws {
        let bytes = [UInt8](data)
        do {
            self = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) -> JSONValue in
                try JSONParser.parse(
                    buffer, as: JSONValue.self, maximumDepth: Self.maximumDepth, skipsByteOrderMark: true)
            }
        } catch {
            let location = JSONLocation(offset: error.offset, in: bytes)
            let path = location.path.isEmpty ? "" : " at \(location.path)"
            throw SyntaxError(
                detail: "\(error.reason)\(path) (\(location.text))", byteCount: bytes.count,
                isTruncated: error.offset == bytes.count)
        }
    }

    /// JSON text of the value, keys sorted in `String` order, slashes not escaped; `pretty`
    /// indents by two spaces and writes `"key" : value`. A non-finite number is written as
    /// `null` (JSON has no spelling for it).
    public func jsonText(pretty: Bool = false) -> String {
        String(decoding: jsonData(pretty: pretty), as: UTF8.self)
    }

    /// UTF-8 JSON text of the value; see ``jsonText(pretty:)``.
    public func jsonData(pretty: Bool = false) -> Data {
        var writer = JSONTextWriter()
        writer.value(json, pretty: pretty)
        return Data(writer.bytes)
    }

    /// The value as HowdyJSON writes it: object keys sorted in `String` order.
    var json: JSON {
        switch self {
        case .null: JSON(.null)
        case .bool(let flag): JSON(.bool(flag))
        case .number(let number): JSON.number(number)
        case .string(let string): JSON(.string(string))
        case .array(let array): JSON(.array(array.map(\.json)))
        case .object(let object):
            JSON(.object(object.sorted { $0.key < $1.key }.map { JSON.Member(key: $0.key, value: $0.value.json) }))
        }
    }

    /// Why some bytes are not JSON.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The first problem and where it is, e.g. `expected ":" after the key, found "1"
        /// at a (line 1, column 6)`.
        public var detail: String
        /// The size of the text, in bytes.
        public var byteCount: Int
        /// The text ended where more was expected, as a file cut short does.
        public var isTruncated: Bool

        /// - Parameters:
        ///   - detail: what is wrong.
        ///   - byteCount: the size of the text, in bytes.
        ///   - isTruncated: whether the text ended where more was expected.
        public init(detail: String, byteCount: Int, isTruncated: Bool) {
            self.detail = detail
            self.byteCount = byteCount
            self.isTruncated = isTruncated
        }

        /// "not valid JSON: <detail> (<n> bytes)", plus "; the text looks truncated" when it is.
        public var description: String {
            "not valid JSON: \(detail) (\(byteCount) bytes\(isTruncated ? "; the text looks truncated" : ""))"
        }
    }
}

extension JSONValue: JSONBuilding {
    package static func makeNull(at offset: Int) -> JSONValue { .null }
    package static func makeBool(_ value: Bool, at offset: Int) -> JSONValue { .bool(value) }
    package static func makeNumber(_ value: Double, text: String, at offset: Int) -> JSONValue { .number(value) }
    package static func makeString(_ value: String, at offset: Int) -> JSONValue { .string(value) }
    package static func makeArray(_ elements: [JSONValue], at offset: Int) -> JSONValue { .array(elements) }
    package static func makeObject(keys: [String], values: [JSONValue], at offset: Int) -> JSONValue {
        // The reader has refused repeated keys.
        .object(Dictionary(uniqueKeysWithValues: zip(keys, values)))
    }
}
