/// Why some bytes are not one acceptable JSON value, and where.
///
/// ``JSONLocation`` turns ``offset`` into a line, a column and the JSON path of the value
/// being read, so a spec error can read `steps[2].title: not valid JSON: unterminated
/// string (no closing ") (line 12, column 9)` while a JSON-lines answer says `at byte 9`.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 0-based byte offset where the problem was found (at most the text's length).
    package var offset: Int
    /// What is wrong, starting lower-case (`trailing comma before "}"`).
    package var reason: String
    /// True for a repeated key: the text is JSON by grammar, but its first value would be
    /// lost, so it is refused without the "not valid JSON" prefix.
    package var isDuplicateKey: Bool

    package init(offset: Int, reason: String, isDuplicateKey: Bool = false) {
        self.offset = offset
        self.reason = reason
        self.isDuplicateKey = isDuplicateKey
    }

    /// `reason`, prefixed "not valid JSON: " unless it is a repeated key.
    package var message: String { isDuplicateKey ? reason : "not valid JSON: \(reason)" }

    /// `reason at byte N`, with N counted from 1.
    package var description: String { "\(reason) at byte \(offset + 1)" }
}
