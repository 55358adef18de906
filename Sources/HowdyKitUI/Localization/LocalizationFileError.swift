import Foundation
import HowdyOutput
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

    /// The bytes of `url`, refused unread when the file is larger than `limit` bytes.
    static func read(_ url: URL, limit: Int, noun: String) throws(LocalizationFileError) -> Data {
        // Without a size the read below still runs and reports its own failure; the size
        // only lets an oversized file be refused unread.
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
        if let size, size > limit {
            throw LocalizationFileError(
                file: url.path, message: "\(noun) is \(size) bytes; at most \(limit) (\(limit >> 20) MiB) are read")
        }
        // Regular files only, opened without blocking: a FIFO or a folder named as a
        // catalog is one sentence, not a hang or Foundation's error 256.
        let data: Data
        do {
            data = Data(try InputFile.read(url.path, maximumBytes: limit))
        } catch {
            throw LocalizationFileError(file: url.path, message: "cannot read it: \(error.reason)")
        }
        // The file may have grown between the size check and the read.
        guard data.count <= limit else {
            throw LocalizationFileError(
                file: url.path,
                message: "\(noun) is \(data.count) bytes; at most \(limit) (\(limit >> 20) MiB) are read")
        }
        return data
    }
}
