import HowdyKit

/// Why a String Catalog or `.strings` file could not be read: the file, the JSON path in
/// it (for catalogs) or the line (for `.strings`), and what is wrong.
public struct LocalizationFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as given (or a name the caller chose for in-memory data).
    public var file: String
    /// Where in the file: a JSON path such as `strings["Welcome"].localizations.de`, or
    /// empty for the whole file.
    public var path: String
    /// What is wrong.
    public var message: String

    /// An error in `file` at `path` (empty: the whole file).
    public init(file: String, path: String = "", message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    init(file: String, _ error: SpecError) {
        self.init(file: file, path: error.path, message: error.message)
    }

    /// `file: path: message`, or `file: message` without a path.
    public var description: String {
        path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
    }
}
