import HowdyJSON

/// Reads one JSON-lines request: HowdyJSON's strict reader (RFC 8259, no Foundation, one
/// pass) building a ``JSONLValue`` directly, nesting limited to ``maximumDepth``.
///
/// Refused, each with its own message: invalid UTF-8, escapes of lone surrogates, a
/// repeated key, nesting deeper than `maximumDepth`, numbers that overflow a Double
/// (`1e400`), control characters in strings, trailing commas, and anything after the value.
public struct JSONReader {
    /// Deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64

    /// Why a line is not valid JSON; `offset` is the byte offset in the line.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The 0-based byte offset in the line where the problem was found.
        public var offset: Int
        /// What is wrong (`trailing comma before "}"`, ...).
        public var reason: String
        /// `reason at byte N`, with N counted from 1.
        public var description: String { "\(reason) at byte \(offset + 1)" }
    }

    /// Parses `bytes` as exactly one JSON value with optional white space around it.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> JSONLValue {
        do {
            return try JSONParser.parse(bytes, as: JSONLValue.self, maximumDepth: maximumDepth)
        } catch {
            throw Failure(offset: error.offset, reason: error.reason)
        }
    }

    /// Parses a string's UTF-8 bytes (see `parse(_:)`).
    public static func parse(_ text: String) throws(Failure) -> JSONLValue {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(Failure) -> JSONLValue in try parse(buffer) }
    }
}

extension JSONLValue: JSONBuilding {
    package static func makeNull(at offset: Int) -> JSONLValue { .null }
    package static func makeBool(_ value: Bool, at offset: Int) -> JSONLValue { .bool(value) }
    package static func makeNumber(_ value: Double, text: String, at offset: Int) -> JSONLValue {
        .number(value, text: text)
    }
    package static func makeString(_ value: String, at offset: Int) -> JSONLValue { .string(value) }
    package static func makeArray(_ elements: [JSONLValue], at offset: Int) -> JSONLValue { .array(elements) }
    package static func makeObject(keys: [String], values: [JSONLValue], at offset: Int) -> JSONLValue {
        var members: [(String, JSONLValue)] = []
        members.reserveCapacity(keys.count)
        for index in keys.indices { members.append((keys[index], values[index])) }
        return .object(members)
    }
}
