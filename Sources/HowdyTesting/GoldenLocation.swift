import Foundation
import Synchronization

/// Where goldens, their names and their failure artefacts live.
public enum GoldenLocation {
    /// The folder for failure artefacts and `manifest.json`: `$HOWDY_ARTIFACTS` when set,
    /// otherwise `.build/howdy-failures/` under the package root that holds `golden`
    /// (the nearest folder upwards with a `Package.swift`), or under the system's
    /// temporary folder when there is none.
    public static func artifactsFolder(
        forGolden golden: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let path = environment["HOWDY_ARTIFACTS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        let base = packageRoot(containing: golden) ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent(".build/howdy-failures", isDirectory: true)
    }

    /// The nearest folder at or above `url`'s folder that holds a `Package.swift`.
    public static func packageRoot(containing url: URL) -> URL? {
        var folder = url.standardizedFileURL.deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The golden's name in manifests and artefacts: its path under the package root
    /// without the extension and without a leading `Goldens/`
    /// (`HowdyKitUI/branded-goal-light`, `Tests/AppTests/__Snapshots__/IconTests/badge.1`);
    /// the file name alone when it is in no package.
    public static func name(ofGolden golden: URL) -> String {
        let file = golden.standardizedFileURL.deletingPathExtension()
        guard let root = packageRoot(containing: golden) else { return file.lastPathComponent }
        var relative = String(file.path.dropFirst(root.path.count)).trimmingCharacters(in: ["/"])
        if relative.hasPrefix("Goldens/") { relative.removeFirst("Goldens/".count) }
        return relative
    }

    /// The golden beside a test file, as swift-snapshot-testing places it:
    /// `<folder of filePath>/__Snapshots__/<file name without .swift>/<test>.<name>.<ext>`,
    /// or `<directory>/<test>.<name>.<ext>` with an explicit directory. `testName` is
    /// reduced to letters, digits, `-` and `_` (`badge(_:)` becomes `badge`).
    public static func golden(
        filePath: String, testName: String, name: String, pathExtension: String, directory: URL? = nil
    ) -> URL {
        let file = URL(fileURLWithPath: filePath)
        let folder =
            directory
            ?? file.deletingLastPathComponent().appendingPathComponent("__Snapshots__", isDirectory: true)
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent, isDirectory: true)
        // A Swift function name without its argument labels: `badge(_:)` is `badge`.
        let function = testName.split(separator: "(", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return folder.appendingPathComponent("\(sanitize(String(function))).\(sanitize(name)).\(pathExtension)")
    }

    /// `text` with every run of characters other than ASCII letters, digits, `-` and `_`
    /// replaced by one `-`, trimmed of `-` at both ends (`snapshot` when nothing is left).
    static func sanitize(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                    || scalar == "-")
            {
                if pendingDash && !result.isEmpty { result += "-" }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return result.isEmpty ? "snapshot" : result
    }
}

/// The goldens this process compared, for the unused-golden report.
public enum GoldenUsage {
    private static let paths = Mutex<Set<String>>([])

    /// Notes that `golden` was compared (or recorded).
    public static func noteCompared(_ golden: URL) {
        let path = golden.standardizedFileURL.path
        _ = paths.withLock { $0.insert(path) }
    }

    /// The absolute paths of every golden compared so far in this process.
    public static var compared: Set<String> { paths.withLock { $0 } }
}
