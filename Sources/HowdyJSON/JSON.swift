/// One JSON value as read: objects keep their members in source order, numbers keep
/// their text, and every value keeps the byte offset where it starts (for messages that
/// point at it, see ``JSONLocation``).
package struct JSON: Sendable {
    /// The value itself.
    package enum Value: Sendable {
        case null
        case bool(Bool)
        /// A finite number: its value and its text as written.
        case number(Double, text: String)
        case string(String)
        case array([JSON])
        /// Members in source order (keys unique).
        case object([Member])
    }

    /// One member of an object.
    package struct Member: Sendable {
        package var key: String
        package var value: JSON

        package init(key: String, value: JSON) {
            self.key = key
            self.value = value
        }
    }

    package var value: Value
    /// The 0-based byte offset of the value's first byte in the text it was read from
    /// (0 for a value built in code).
    package var offset: Int

    package init(_ value: Value, offset: Int = 0) {
        self.value = value
        self.offset = offset
    }

    /// Which kind of value this is.
    package var kind: JSONKind {
        switch value {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// The member named `key` of an object; nil for a missing key or a non-object.
    package subscript(key: String) -> JSON? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Reads `bytes` as one JSON document (see ``JSONParser/parse(_:as:maximumDepth:skipsByteOrderMark:)``).
    package static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, skipsByteOrderMark: Bool = false
    ) throws(JSONSyntaxError) -> JSON {
        try JSONParser.parse(bytes, as: JSON.self, maximumDepth: maximumDepth, skipsByteOrderMark: skipsByteOrderMark)
    }

    /// Reads `bytes` as one JSON document (see ``JSONParser/parse(_:as:maximumDepth:skipsByteOrderMark:)``).
    package static func parse(
        _ bytes: [UInt8], maximumDepth: Int, skipsByteOrderMark: Bool = false
    ) throws(JSONSyntaxError) -> JSON {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) -> JSON in
            try parse(buffer, maximumDepth: maximumDepth, skipsByteOrderMark: skipsByteOrderMark)
        }
    }
}

extension JSON: JSONBuilding {
    package static func makeNull(at offset: Int) -> JSON { JSON(.null, offset: offset) }
    package static func makeBool(_ value: Bool, at offset: Int) -> JSON { JSON(.bool(value), offset: offset) }
    package static func makeNumber(_ value: Double, text: String, at offset: Int) -> JSON {
        JSON(.number(value, text: text), offset: offset)
    }
    package static func makeString(_ value: String, at offset: Int) -> JSON { JSON(.string(value), offset: offset) }
    package static func makeArray(_ elements: [JSON], at offset: Int) -> JSON { JSON(.array(elements), offset: offset) }
    package static func makeObject(keys: [String], values: [JSON], at offset: Int) -> JSON {
        JSON(.object(zip(keys, values).map { Member(key: $0, value: $1) }), offset: offset)
    }
}
