import Foundation
import HowdyJSON
import HowdyOutput

/// Goldens on disk that no test compares any more.
///
/// A list of compared goldens is only complete after a run of the whole suite, so the
/// report is made against a suite's *declared* list instead: a suite that knows every
/// golden it compares (the project's `GoldenTests` plans them as data) writes that list
/// with `writeExpectedList`, and after any run, filtered or not, `howdy goldens unused`
/// lists what the list does not name and `howdy goldens prune` removes it on purpose.
public enum UnusedGoldens {
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
        let list = List(
            directory: directory.standardizedFileURL.path, goldens: goldens.map(\.standardizedFileURL.path).sorted())
        try AtomicFile.write(Foundation.Data(JSONTreeEncoder.encode(list, pretty: true)), to: file.path)
    }
}
