import Foundation

/// Any JSON value, kept exactly as read so a file can be rewritten without dropping what
/// this code does not understand (a non-Boolean record, a key added by a newer tool).
///
/// JSON text is read by Foundation's `JSONSerialization` (this type converts the objects it
/// returns) and written by Foundation's `JSONEncoder`. Not `JSONSerialization` for writing:
/// on Linux its `.sortedKeys` compares keys through the system locale, about 20 times
/// slower than `JSONEncoder`'s (0.23 s against 0.012 s for a store of 2,000 records, and
/// the store is rewritten whole on every write). The two write the same text except for
/// the key order: `JSONEncoder` sorts keys in `String` order ("B" before "a"), which does
/// not depend on the locale.
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
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Compact JSON text of the value (keys sorted), for messages and output.
    public var description: String {
        jsonText(pretty: false)
    }

    /// Parses JSON text: one value of any kind (a bare string, number, Boolean or `null`
    /// included), whitespace around it allowed.
    /// - Throws: ``SyntaxError`` with Foundation's description of the first problem.
    public init(parsing data: Data) throws {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw SyntaxError(error, byteCount: data.count)
        }
        guard let value = JSONValue(foundationObject: object) else {
            throw SyntaxError(
                detail: "JSONSerialization returned an unexpected \(type(of: object))",
                byteCount: data.count, isTruncated: false)
        }
        self = value
    }

    /// JSON text of the value, keys sorted in `String` order, slashes not escaped; `pretty`
    /// indents by two spaces and writes `"key" : value`. A non-finite number is written as
    /// `null` (JSON has no spelling for it).
    public func jsonText(pretty: Bool = false) -> String {
        String(decoding: jsonData(pretty: pretty), as: UTF8.self)
    }

    /// UTF-8 JSON text of the value; see ``jsonText(pretty:)``.
    public func jsonData(pretty: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        do {
            return try encoder.encode(hasNonFiniteNumber ? withNonFiniteNumbersAsNull : self)
        } catch {
            // Unreachable: non-finite numbers, the only values JSONEncoder refuses by
            // default, have been replaced by null.
            preconditionFailure("JSONEncoder refused a JSONValue: \(error)")
        }
    }

    /// Why some bytes are not JSON, as `JSONSerialization` reports it.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        /// Foundation's description of the first problem, e.g. "invalid value around
        /// character 3" or "unexpected end of file during JSON parse".
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

        /// From an error thrown by `JSONSerialization.jsonObject(with:options:)`.
        init(_ error: any Error, byteCount: Int) {
            let foundation = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            var detail = foundation ?? error.localizedDescription
            // "Invalid value around character 3." reads better inside a longer message as
            // "invalid value around character 3".
            if detail.hasSuffix(".") { detail.removeLast() }
            if let first = detail.first, first.isUppercase, detail.dropFirst().first?.isLowercase == true {
                detail = first.lowercased() + detail.dropFirst()
            }
            self.init(
                detail: detail, byteCount: byteCount,
                isTruncated: detail.range(of: "unexpected end of", options: .caseInsensitive) != nil)
        }

        /// "not valid JSON: <detail> (<n> bytes)", plus "; the text looks truncated" when it is.
        public var description: String {
            "not valid JSON: \(detail) (\(byteCount) bytes\(isTruncated ? "; the text looks truncated" : ""))"
        }
    }
}

// MARK: - Foundation objects

extension JSONValue {
    /// The class `JSONSerialization` uses for `true` and `false` (`__NSCFBoolean` on
    /// Linux). Booleans and numbers are both `NSNumber`s, and on Linux `as? Bool` also
    /// matches the numbers 0 and 1, so the class is what tells them apart.
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// From what `JSONSerialization.jsonObject(with:options:)` returns; `nil` for an
    /// object of any other type.
    init?(foundationObject object: Any) {
        // Containers first: on Linux, asking whether a Swift dictionary or array `is NSNull`
        // or `as? NSNumber` bridges the whole container to an NSDictionary or NSArray first,
        // which tripled the time to read a store of 2,000 records.
        switch object {
        case let dictionary as [String: Any]:
            var values: [String: JSONValue] = [:]
            values.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                guard let value = JSONValue(foundationObject: element) else { return nil }
                values[key] = value
            }
            self = .object(values)
        case let array as [Any]:
            var values: [JSONValue] = []
            values.reserveCapacity(array.count)
            for element in array {
                guard let value = JSONValue(foundationObject: element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            if ObjectIdentifier(type(of: number)) == Self.booleanClass {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case is NSNull:
            self = .null
        default:
            return nil
        }
    }

    /// Whether the value is or contains a NaN or an infinity.
    private var hasNonFiniteNumber: Bool {
        switch self {
        case .number(let number): !number.isFinite
        case .array(let array): array.contains { $0.hasNonFiniteNumber }
        case .object(let object): object.values.contains { $0.hasNonFiniteNumber }
        case .null, .bool, .string: false
        }
    }

    /// The value with every non-finite number replaced by `null`.
    private var withNonFiniteNumbersAsNull: JSONValue {
        switch self {
        case .number(let number) where !number.isFinite: .null
        case .array(let array): .array(array.map(\.withNonFiniteNumbersAsNull))
        case .object(let object): .object(object.mapValues(\.withNonFiniteNumbersAsNull))
        default: self
        }
    }

    /// Why `data` is not JSON, with Foundation's detail ("not valid JSON: unexpected end
    /// of file during JSON parse (18 bytes; the text looks truncated)"), for messages about
    /// a bad file. `JSONDecoder` alone only says "The given data was not valid JSON."
    static func syntaxProblem(in data: Data) -> String {
        do {
            _ = try JSONValue(parsing: data)
            return "not valid JSON (\(data.count) bytes)"
        } catch {
            return "\(error)"
        }
    }
}
