/// A value type ``JSONParser`` can build directly, so each consumer gets its own shape
/// (ordered with offsets, an unordered dictionary, the JSON-lines value) from one reader
/// without a second pass over a tree.
///
/// `offset` is the 0-based byte offset of the value's first byte in the parsed bytes.
package protocol JSONBuilding {
    static func makeNull(at offset: Int) -> Self
    static func makeBool(_ value: Bool, at offset: Int) -> Self
    /// A finite number: its value and its text exactly as written (`-2.5e3`).
    static func makeNumber(_ value: Double, text: String, at offset: Int) -> Self
    static func makeString(_ value: String, at offset: Int) -> Self
    static func makeArray(_ elements: [Self], at offset: Int) -> Self
    /// Members in source order, `keys[i]` naming `values[i]` (the two have one count);
    /// the parser has already refused a repeated key.
    static func makeObject(keys: [String], values: [Self], at offset: Int) -> Self
}

/// The six kinds of JSON value, with the one wording every message uses for them.
package enum JSONKind: Sendable, Equatable {
    case null, bool, number, string, array, object

    /// "null", "a Boolean", "a number", "a string", "an array", "an object".
    package var phrase: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
