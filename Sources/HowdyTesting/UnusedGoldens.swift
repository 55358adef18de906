import Foundation
import HowdyReview

/// Goldens on disk that no test compares any more: HowdyReview's `GoldenList` under its
/// earlier name.
public enum UnusedGoldens {
    /// Writes the complete list of goldens a suite compares under `directory` (see
    /// `GoldenList.write(_:directory:to:)`), which `howdy goldens unused|prune --expected FILE` reads.
    @available(*, deprecated, message: "use HowdyReview's GoldenList.write(_:directory:to:)")
    public static func writeExpectedList(_ goldens: [URL], directory: URL, to file: URL) throws {
        try GoldenList.write(goldens, directory: directory, to: file)
    }
}
