import Foundation
import HowdyJSON

/// The golden-failure manifest HowdyTesting writes (`manifest.json` in the artefacts
/// folder, `.build/howdy-failures/` or `$HOWDY_ARTIFACTS`): one entry per failed or
/// recorded golden. Unknown keys are ignored, so newer writers stay readable.
public struct FailureManifest: Sendable, Hashable {
    /// One golden that failed or was recorded.
    public struct Failure: Codable, Sendable, Hashable {
        /// The golden's name as the test gave it, e.g. `HowdyKitUI/branded/06-goal_phone-dark`.
        public var name: String
        /// The outcome as written: `changed`, `missing` (no golden; actual only), `recorded`
        /// or `sizeChanged`.
        public var status: String
        /// The golden's absolute path (what `--accept` overwrites).
        public var golden: String
        /// Relative to the manifest's folder; absent when there is none.
        public var expected: String?
        /// The actual image, relative to the manifest's folder; absent when there is none.
        public var actual: String?
        /// The diff image, relative to the manifest's folder; absent when there is none.
        public var diff: String?
        /// What the test measured; absent when it did not compare images.
        public var figures: Figures?
        /// The tolerance in force; absent when it did not compare images.
        public var tolerance: Tolerance?
        /// The test's failure message; absent when not written.
        public var message: String?
    }

    /// What the test measured.
    public struct Figures: Codable, Sendable, Hashable {
        /// Pixels over the threshold that are not anti-aliasing; absent when not written.
        public var differentPixels: Int?
        /// Pixels compared (width × height); absent when not written.
        public var totalPixels: Int?
        /// `differentPixels` ÷ `totalPixels`, 0...1; absent when not written.
        public var ratio: Double?
        /// The largest per-pixel colour distance, 0...1; absent when not written.
        public var maxDistance: Double?
        /// The largest share 0...1 of a `windowSize` × `windowSize` px window's pixels that differ; absent when not written.
        public var densestWindowRatio: Double?
    }

    /// The tolerance that was in force.
    public struct Tolerance: Codable, Sendable, Hashable {
        /// Per-pixel colour distance 0...1 above which a pixel differs; absent when not written.
        public var threshold: Double?
        /// Differing pixels allowed as a fraction 0...1 of all pixels; absent when not written.
        public var maxDiffRatio: Double?
        /// Differing pixels allowed as a count; absent when not written.
        public var maxDiffPixels: Int?
        /// The largest fraction 0...1 of any window's pixels that may differ; absent when not written.
        public var maxWindowRatio: Double?
        /// The side of the density guard's square window in px; absent when not written.
        public var windowSize: Int?
    }

    private struct File: Codable {
        var version: Int?
        var failures: [Failure]
    }

    /// The manifest file's name inside the artefacts folder.
    public static let fileName = "manifest.json"

    /// The folder the manifest's relative paths start from.
    public let folder: URL
    /// The manifest file read (its absolute, standardised path).
    public let file: URL
    /// Every entry, by name (each name once: a later per-process file replaces an earlier
    /// entry of the same name), sorted by name.
    public let failures: [Failure]

    /// Reads `path`: a manifest file, or a folder holding `manifest.json`. Per-process
    /// files beside it (`manifest-*.json`, as writers without a lock leave them) are
    /// merged in, in name order.
    /// - Throws: `FailureManifestError` naming the file and what is wrong (unreadable, not
    ///   JSON, an entry whose paths leave the folder or whose golden is not absolute).
    public init(contentsOf path: URL) throws(FailureManifestError) {
        var isDirectory: ObjCBool = false
        let standard = path.standardizedFileURL
        guard FileManager.default.fileExists(atPath: standard.path, isDirectory: &isDirectory) else {
            throw .unreadable(standard.path, "no such file or folder")
        }
        let file = isDirectory.boolValue ? standard.appendingPathComponent(Self.fileName) : standard
        let folder = file.deletingLastPathComponent()
        self.file = file
        self.folder = folder
        var paths = [file]
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        paths += siblings.filter { $0.hasPrefix("manifest-") && $0.hasSuffix(".json") }.sorted()
            .map { folder.appendingPathComponent($0) }
        var byName: [String: Failure] = [:]
        var readAny = false
        for url in paths {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                if url == file && paths.count == 1 { throw .unreadable(url.path, "cannot read it") }
                continue
            }
            readAny = true
            let decoded: File
            do {
                decoded = try JSONDocument.decode(File.self, from: [UInt8](data))
            } catch {
                throw .invalid(
                    url.path, "not a failure manifest (expected {\"version\": 1, \"failures\": [...]}): \(error)")
            }
            guard (decoded.version ?? 1) == 1 else { throw .invalid(url.path, "unknown version \(decoded.version!)") }
            for (index, failure) in decoded.failures.enumerated() {
                try Self.check(failure, at: "\(url.path): failures[\(index)]")
                byName[failure.name] = failure
            }
        }
        guard readAny else { throw .unreadable(file.path, "no manifest.json there") }
        failures = byName.values.sorted { $0.name < $1.name }
    }

    /// The absolute URL of a path relative to the manifest's folder.
    public func resolve(_ relative: String) -> URL { folder.appendingPathComponent(relative) }

    private static func check(_ failure: Failure, at path: String) throws(FailureManifestError) {
        guard isSafeRelative(failure.name) else { throw .invalid(path, "name \"\(failure.name)\" is not a plain name") }
        for (key, value) in [("expected", failure.expected), ("actual", failure.actual), ("diff", failure.diff)] {
            if let value, !isSafeRelative(value) {
                throw .invalid(path, "\(key) \"\(value)\" must be a path inside the manifest's folder")
            }
        }
        guard failure.golden.hasPrefix("/"), !failure.golden.split(separator: "/").contains("..") else {
            throw .invalid(path, "golden \"\(failure.golden)\" must be an absolute path")
        }
    }
}

/// Whether `path` is relative, without `..` or empty components.
func isSafeRelative(_ path: String) -> Bool {
    guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0") else { return false }
    return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
        $0 != ".." && $0 != "." && !$0.isEmpty
    }
}

/// A failure manifest that cannot be used.
public enum FailureManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(String, String)
    case invalid(String, String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the failure manifest \(path): \(reason)"
        case .invalid(let path, let reason): "\(path): \(reason)"
        }
    }
}
