/// A whole JSON document read as a `Decodable` type: one pass of the reader, then
/// ``JSONTreeDecoder`` over the value, every problem one sentence with its JSON path.
package enum JSONDocument {
    /// Reads `bytes` (at most `maximumDepth` deep, a byte order mark skipped) and decodes
    /// `type` from the value.
    /// - Throws: ``JSONDocumentProblem`` naming the JSON path (and for syntax, the line and
    ///   column) of the first problem.
    package static func decode<T: Decodable>(
        _ type: T.Type, from bytes: [UInt8], maximumDepth: Int = 128
    ) throws(JSONDocumentProblem) -> T {
        let value: JSON
        do {
            value = try JSON.parse(bytes, maximumDepth: maximumDepth, skipsByteOrderMark: true)
        } catch {
            let location = JSONLocation(offset: error.offset, in: bytes)
            throw JSONDocumentProblem(path: location.path, message: "\(error.message) (\(location.text))")
        }
        do {
            return try JSONTreeDecoder.decode(type, from: value)
        } catch let error as DecodingError {
            throw JSONDocumentProblem(error)
        } catch {
            throw JSONDocumentProblem(path: "", message: "\(error)")
        }
    }
}

/// Why a JSON document is not the value wanted: `failures[2].name: expected a string, got a number`.
package struct JSONDocumentProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON path (``JSONPath``); empty for the document itself.
    package var path: String
    /// What is wrong, starting lower-case.
    package var message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// From a ``JSONTreeDecoder`` error.
    package init(_ error: DecodingError) {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce("") { path, key in
                key.intValue.map { JSONPath.child(path, $0) } ?? JSONPath.child(path, key.stringValue)
            }
        }
        switch error {
        case .typeMismatch(_, let context):
            // "Expected to decode String but found a number instead."
            let found = context.debugDescription.split(separator: " but found ").last.map {
                ", got " + $0.replacing(" instead.", with: "")
            }
            self.init(path: path(context.codingPath), message: "of the wrong type\(found ?? "")")
        case .valueNotFound(_, let context):
            self.init(path: path(context.codingPath), message: "a value is required here, got null")
        case .keyNotFound(let key, let context):
            self.init(path: path(context.codingPath + [key]), message: "required key is missing")
        case .dataCorrupted(let context):
            self.init(path: path(context.codingPath), message: context.debugDescription)
        @unknown default:
            self.init(path: "", message: "\(error)")
        }
    }

    /// `path: message`, or `(root): message` for the document itself.
    package var description: String { "\(path.isEmpty ? "(root)" : path): \(message)" }
}
