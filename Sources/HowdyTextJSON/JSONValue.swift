/// A JSON value as the JSON-lines protocol reads it. Numbers keep their source text so
/// an `id` echoes back exactly as it was given.
public enum JSONLValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A finite number: its value and its text in the request.
    case number(Double, text: String)
    case string(String)
    case array([JSONLValue])
    /// Members in source order.
    case object([(String, JSONLValue)])

    /// Numbers compare by value, not source text; objects by their members in order.
    public static func == (lhs: JSONLValue, rhs: JSONLValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a, _), .number(let b, _)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The member named `key` of an object; nil for a missing key or a non-object.
    public subscript(key: String) -> JSONLValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The value written as compact JSON (numbers as given).
    public var jsonText: String {
        var writer = JSONWriter()
        writer.value(self)
        return writer.text
    }
}
