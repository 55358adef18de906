import Foundation

/// Any JSON value, kept exactly as read so a file can be rewritten without dropping what
/// this code does not understand (a non-Boolean record, a key added by a newer tool).
public enum JSONValue: Hashable, Codable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

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
        JSONText.serialize(self, pretty: false)
    }

    /// Parses JSON text strictly (one value, whitespace around it allowed).
    /// - Throws: an error naming the byte offset of the first problem.
    public init(parsing data: Data) throws {
        self = try JSONText.parse(data)
    }

    /// JSON text of the value, keys sorted; `pretty` indents by two spaces.
    public func jsonText(pretty: Bool = false) -> String {
        JSONText.serialize(self, pretty: pretty)
    }
}

extension JSONValue {
    /// Why `data` is not JSON, with the byte offset ("expected ',' or '}', found end of data
    /// at byte 80 of 80"), for messages about a bad file. `JSONDecoder` alone only says
    /// "The given data was not valid JSON."
    static func syntaxProblem(in data: Data) -> String {
        do {
            _ = try JSONText.parse(data)
            return "not valid JSON (\(data.count) bytes)"
        } catch {
            return "not valid JSON: \(error) of \(data.count)"
        }
    }
}
