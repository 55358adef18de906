import Foundation
import HowdyJSON
import HowdyOutput

/// The expected-goldens list: the complete list of goldens a suite compares, and the goldens
/// on disk that no test compares any more.
///
/// A list of compared goldens is only complete after a run of the whole suite, so the
/// report is made against a suite's *declared* list instead: a suite that knows every
/// golden it compares (the project's `GoldenTests` plans them as data) writes that list
/// with ``write(_:directory:to:)``, and after any run, filtered or not, `howdy goldens unused`
/// lists what the list does not name (``unused(in:expected:)``) and `howdy goldens prune`
/// removes it on purpose.
public enum GoldenList {
    /// The largest list read, in bytes (64 MiB).
    public static let maximumBytes = 64 << 20

    /// Writes `{"version":1,"directory":…,"goldens":[…]}`: the complete list of goldens a
    /// suite compares under `directory` (absolute, standardised paths, sorted) to `file`,
    /// through a temp file renamed into place.
    /// - Throws: file-system errors.
    public static func write(_ goldens: [URL], directory: URL, to file: URL) throws {
        struct List: Encodable {
            var version = 1
            var directory: String
            var goldens: [String]
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let list = List(
            directory: directory.standardizedFileURL.path, goldens: goldens.map(\.standardizedFileURL.path).sorted())
        try AtomicFile.write(Foundation.Data(JSONTreeEncoder.encode(list, pretty: true)), to: file.path)
    }

    /// The absolute, standardised paths the list at `path` names, checked against the
    /// goldens folder `goldens`.
    /// - Throws: `GoldenListError` naming `path` when it cannot be read, is larger than
    ///   ``maximumBytes``, is not a version-1 list, is empty, is for another directory, or
    ///   names no golden under `goldens` (so a wrong or truncated list cannot empty a folder).
    public static func read(_ path: String, goldens: URL) throws(GoldenListError) -> Set<String> {
        struct List: Decodable {
            var version: Int
            var directory: String?
            var goldens: [String]
        }
        let goldens = goldens.standardizedFileURL
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw GoldenListError("cannot read \(path)")
        }
        guard data.count <= maximumBytes else { throw GoldenListError("\(path): larger than 64 MiB") }
        let list: List
        do {
            list = try JSONDocument.decode(List.self, from: [UInt8](data))
        } catch {
            throw GoldenListError("\(path): not a golden list ({\"version\":1,\"goldens\":[…]}): \(error)")
        }
        guard list.version == 1 else { throw GoldenListError("\(path): version: expected 1, got \(list.version)") }
        guard !list.goldens.isEmpty else { throw GoldenListError("\(path): goldens: the list is empty") }
        if let directory = list.directory,
            URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL.path != goldens.path
        {
            throw GoldenListError("\(path): directory: the list is for \(directory), not \(goldens.path)")
        }
        let names = Set(list.goldens.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        // A list for another folder (or a relative list read from elsewhere) names nothing
        // here, and every golden would look unused.
        let prefix = goldens.path.hasSuffix("/") ? goldens.path : goldens.path + "/"
        guard names.contains(where: { $0.hasPrefix(prefix) }) else {
            throw GoldenListError(
                "\(path): goldens: none of its \(names.count) entries lies under \(goldens.path), so it is not this folder's list")
        }
        return names
    }

    /// `.png` files under `directory` (`Failures` folders and hidden files skipped) whose
    /// standardised absolute path is not in `expected`, sorted by path. Deletes nothing.
    public static func unused(in directory: URL, expected: Set<String>) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var unused: [URL] = []
        for case let url as URL in walker {
            if url.lastPathComponent == "Failures" {
                walker.skipDescendants()
                continue
            }
            // A file that cannot be stat'ed is not reported as an unused golden (prune never deletes
            // what it could not check).
            guard url.pathExtension == "png",
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                !expected.contains(url.standardizedFileURL.path)
            else { continue }
            unused.append(url.standardizedFileURL)
        }
        return unused.sorted { $0.path < $1.path }
    }
}

/// A golden list that cannot be used: one sentence naming the file and what is wrong.
public struct GoldenListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message shown to the user.
    public var description: String

    /// An error with `description` as its message.
    public init(_ description: String) { self.description = description }
}
