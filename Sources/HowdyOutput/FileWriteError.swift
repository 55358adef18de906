/// A file that could not be written, as one sentence naming the path and the reason:
/// "cannot write out/index.html: permission denied".
package struct FileWriteError: Error, CustomStringConvertible, Equatable {
    /// The path as the caller gave it.
    package var path: String
    /// Why, in lower case, without a final full stop.
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { "cannot write \(path): \(reason)" }
}
