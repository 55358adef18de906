import Foundation
import HowdyJSON

/// A flow-spec problem, located by its JSON path: `steps[2].options[0].label: expected a string`.
///
/// Shared by every layer that reads the spec file (the UI layer decodes its own parts of
/// the same file and reports through this type too), so all spec errors read the same.
public struct SpecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Dotted JSON path with `[n]` for array elements, e.g. `steps[2].options[0].label`;
    /// empty for the document itself.
    public var path: String
    /// What was wrong, starting lower-case: `expected a string`, `required key is missing`.
    public var message: String

    /// Where in the file the path's value sits, `line 14, column 16` (lines and columns
    /// from 1, columns in characters); nil when not known. Syntax errors carry theirs in
    /// the message instead.
    public var location: String?

    /// An error at JSON `path` (`steps[2].options`) saying `message`, at `location` in the file.
    public init(path: String, message: String, location: String? = nil) {
        self.path = path
        self.message = message
        self.location = location
    }

    /// `path: message (location)`, or `(root): message` when the problem is the document itself.
    public var description: String {
        "\(path.isEmpty ? "(root)" : path): \(message)" + (location.map { " (\($0))" } ?? "")
    }

    /// Translates a `DecodingError` from `JSONDecoder` into a path and a plain message.
    /// A JSON syntax error gets the decoder's own detail (which names the line/offset).
    public init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(
                path: SpecError.path(context.codingPath),
                message: "expected \(SpecError.describe(type))\(SpecError.found(in: context.debugDescription))")
        case .valueNotFound(let type, let context):
            self.init(
                path: SpecError.path(context.codingPath), message: "expected \(SpecError.describe(type)), got null")
        case .keyNotFound(let key, let context):
            self.init(path: SpecError.path(context.codingPath + [key]), message: "required key is missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, let underlying = context.underlyingError {
                let detail = (underlying as NSError).userInfo[NSDebugDescriptionErrorKey].map { "\($0)" }
                self.init(path: "", message: "not valid JSON: \(detail ?? context.debugDescription)")
            } else {
                self.init(path: SpecError.path(context.codingPath), message: context.debugDescription)
            }
        @unknown default:
            self.init(path: "", message: "\(error)")
        }
    }

    /// Any error from decoding a spec: a `DecodingError` is translated, a `SpecError`
    /// passes through, anything else becomes a root-level message.
    public static func from(_ error: any Error) -> SpecError {
        switch error {
        case let error as SpecError: error
        case let error as DecodingError: SpecError(error)
        default: SpecError(path: "", message: "\(error)")
        }
    }

    /// `steps[2].options[0].label` from a coding path.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    /// Joins a path and a child key or index: `child("steps", 2)` is `steps[2]`.
    public static func child(_ path: String, _ key: String) -> String {
        JSONPath.child(path, key)
    }

    /// `path[index]`.
    public static func child(_ path: String, _ index: Int) -> String {
        JSONPath.child(path, index)
    }

    /// "a string", "a number", "true or false", "an array", "an object".
    static func describe(_ type: Any.Type) -> String {
        if type == String.self || type == Substring.self { return "a string" }
        if type == Bool.self { return "true or false" }
        if type == Double.self || type == Float.self || type == Int.self || type == Int64.self
            || type == Int32.self || type == UInt.self
        {
            return "a number"
        }
        let name = String(describing: type)
        if name.hasPrefix("Array") || name.hasPrefix("[") && !name.contains(":") { return "an array" }
        if name.hasPrefix("Dictionary") || name.contains(":") { return "an object" }
        return "a valid \(name)"
    }

    /// ", got a number" from Foundation's "Expected to decode String but found a number instead.".
    static func found(in debugDescription: String) -> String {
        guard let range = debugDescription.range(of: "but found ") else { return "" }
        var rest = debugDescription[range.upperBound...]
        if let end = rest.range(of: " instead") { rest = rest[..<end.lowerBound] }
        // JSON says "object" where Foundation says "dictionary".
        let found = rest.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: "a dictionary", with: "an object")
            .replacingOccurrences(of: "dictionary", with: "object")
        guard !found.isEmpty else { return "" }
        let article =
            found.hasPrefix("a ") || found.hasPrefix("an ") || found == "null" ? "" : "\(article(for: found)) "
        return ", got \(article)\(found)"
    }

    private static func article(for word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }
}
