import Foundation

/// Goldens on disk that no test compares any more.
///
/// A list of compared goldens is only complete after a run of the whole suite, so the
/// report is made against a suite's *declared* list instead: a suite that knows every
/// golden it compares (the project's `GoldenTests` plans them as data) writes that list
/// with `writeExpectedList`, and any run, filtered or not, can then report correctly.
/// Nothing here deletes; `howdy goldens prune` removes on purpose.
public enum UnusedGoldens {
    /// Files ending in `.pathExtension` under `directory` (recursively; `Failures`
    /// folders skipped) that are not in `expected`, sorted by path.
    public static func find(in directory: URL, expected: some Sequence<URL>, pathExtension: String = "png") -> [URL] {
        let wanted = Set(expected.map { $0.standardizedFileURL.path })
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
            guard url.pathExtension == pathExtension,
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                !wanted.contains(url.standardizedFileURL.path)
            else { continue }
            unused.append(url.standardizedFileURL)
        }
        return unused.sorted { $0.path < $1.path }
    }

    /// Writes `{"version":1,"directory":…,"goldens":[…]}`: the complete list of goldens a
    /// suite compares under `directory` (absolute paths), which `howdy goldens unused|prune
    /// --expected FILE` reads.
    public static func writeExpectedList(_ goldens: [URL], directory: URL, to file: URL) throws {
        struct List: Encodable {
            var version = 1
            var directory: String
            var goldens: [String]
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let list = List(
            directory: directory.standardizedFileURL.path, goldens: goldens.map(\.standardizedFileURL.path).sorted())
        try encoder.encode(list).write(to: file, options: .atomic)
    }
}
