import Foundation
import HowdyJSON
import HowdyOutput

/// The machine-readable list of golden failures: `manifest.json` in the artefacts folder
/// (`.build/howdy-failures/` or `$HOWDY_ARTIFACTS`), beside the expected, actual and diff
/// files. HowdyTesting writes it (``record(_:in:)``, ``remove(named:in:)``) and
/// `howdy review --manifest` reads it (``init(contentsOf:)``): one type for both sides.
///
/// Entries are keyed by name; a later run replaces a golden's entry, and a golden that
/// matches again has its entry and files removed, so the manifest always describes the
/// latest outcome of every golden. Writers from several processes take an exclusive
/// `flock` on `manifest.lock` and replace the file atomically. Unknown keys and statuses
/// are read without complaint, so newer writers stay readable.
public struct FailureManifest: Sendable, Hashable {
    /// One golden that failed or was recorded.
    public struct Entry: Codable, Sendable, Hashable {
        /// The golden's name: its path under the package root without its extension and
        /// without a leading `Goldens/`, e.g. `HowdyKitUI/branded/06-goal_phone-dark`.
        public var name: String
        /// What happened: `changed`, `missing` (no golden; actual only), `recorded` or
        /// `sizeChanged` (a newer writer may write others).
        public var status: Status
        /// The golden's absolute path (what `--accept` overwrites).
        public var golden: String
        /// The expected image, relative to the manifest's folder; nil when there is none.
        public var expected: String?
        /// The actual image, relative to the manifest's folder; nil when there is none.
        public var actual: String?
        /// The diff image, relative to the manifest's folder; nil when there is none.
        public var diff: String?
        /// What the test measured; nil when it did not compare images.
        public var figures: Figures?
        /// The tolerance in force; nil when it did not compare images.
        public var tolerance: Tolerance?
        /// The test's failure message; nil when not written.
        public var message: String?

        /// An entry with every field given (files relative to the manifest's folder).
        public init(
            name: String, status: Status, golden: String, expected: String? = nil, actual: String? = nil,
            diff: String? = nil, figures: Figures? = nil, tolerance: Tolerance? = nil, message: String? = nil
        ) {
            self.name = name
            self.status = status
            self.golden = golden
            self.expected = expected
            self.actual = actual
            self.diff = diff
            self.figures = figures
            self.tolerance = tolerance
            self.message = message
        }
    }

    /// What happened to a golden, as the manifest spells it. An open set: a reader keeps a
    /// status it does not know (``rawValue`` is the text as written).
    public struct Status: RawRepresentable, Codable, Sendable, Hashable {
        /// The status as written (`changed`).
        public var rawValue: String
        /// The status spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The golden and the snapshot differ beyond the tolerance.
        public static let changed = Status(rawValue: "changed")
        /// There was no golden; only the actual image was written.
        public static let missing = Status(rawValue: "missing")
        /// The golden was (re-)recorded on purpose.
        public static let recorded = Status(rawValue: "recorded")
        /// The golden and the snapshot differ in pixel size.
        public static let sizeChanged = Status(rawValue: "sizeChanged")
    }

    /// What the test measured (see HowdyRender's `ImageDiff`); each figure is nil when not written.
    public struct Figures: Codable, Sendable, Hashable {
        /// Pixels over the threshold that are not anti-aliasing.
        public var differentPixels: Int?
        /// Pixels compared (width × height).
        public var totalPixels: Int?
        /// `differentPixels` ÷ `totalPixels`, 0...1.
        public var ratio: Double?
        /// The largest per-pixel colour distance, 0...1.
        public var maxDistance: Double?
        /// The largest share 0...1 of a `windowSize` × `windowSize` px window's pixels that differ.
        public var densestWindowRatio: Double?

        /// Figures with every value given.
        public init(
            differentPixels: Int?, totalPixels: Int?, ratio: Double?, maxDistance: Double?, densestWindowRatio: Double?
        ) {
            self.differentPixels = differentPixels
            self.totalPixels = totalPixels
            self.ratio = ratio
            self.maxDistance = maxDistance
            self.densestWindowRatio = densestWindowRatio
        }
    }

    /// The tolerance that was in force (see HowdyRender's `DiffTolerance`); each value is nil when not written.
    public struct Tolerance: Codable, Sendable, Hashable {
        /// Per-pixel colour distance 0...1 above which a pixel differs.
        public var threshold: Double?
        /// Differing pixels allowed as a fraction 0...1 of all pixels.
        public var maxDiffRatio: Double?
        /// Differing pixels allowed as a count.
        public var maxDiffPixels: Int?
        /// The largest fraction 0...1 of any window's pixels that may differ.
        public var maxWindowRatio: Double?
        /// The side of the density guard's square window in px.
        public var windowSize: Int?

        /// A tolerance with every value given.
        public init(
            threshold: Double?, maxDiffRatio: Double?, maxDiffPixels: Int?, maxWindowRatio: Double?, windowSize: Int?
        ) {
            self.threshold = threshold
            self.maxDiffRatio = maxDiffRatio
            self.maxDiffPixels = maxDiffPixels
            self.maxWindowRatio = maxWindowRatio
            self.windowSize = windowSize
        }
    }

    /// The file as written: `{"createdBy":"HowdyTesting","failures":[…],"version":1}`.
    private struct File: Codable {
        var version: Int?
        var createdBy: String?
        var failures: [Entry]
    }

    /// The manifest file's name inside the artefacts folder.
    public static let fileName = "manifest.json"

    /// The folder the manifest's relative paths start from.
    public let folder: URL
    /// The manifest file read (its absolute, standardised path).
    public let file: URL
    /// Every entry, by name (each name once: a later per-process file replaces an earlier
    /// entry of the same name), sorted by name.
    public let failures: [Entry]

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
        // An unlistable folder has no per-process siblings to merge; the main file's read below
        // still reports an unreadable manifest.
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        paths += siblings.filter { $0.hasPrefix("manifest-") && $0.hasSuffix(".json") }.sorted()
            .map { folder.appendingPathComponent($0) }
        var byName: [String: Entry] = [:]
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

    /// The manifest in `folder` for a quick look: its entries, or none when there is no
    /// manifest or it cannot be read. Writers do not go through this: ``record(_:in:)`` and
    /// ``remove(named:in:)`` refuse to replace a manifest they cannot read, so no record is
    /// lost. Per-process files are not merged; see ``init(contentsOf:)`` for the checked read.
    public static func read(in folder: URL) -> FailureManifest {
        let file = folder.appendingPathComponent(fileName)
        // A lenient view by contract (documented above); the checked read is init(contentsOf:).
        return FailureManifest(folder: folder, file: file, failures: (try? entries(at: file)) ?? [])
    }

    private init(folder: URL, file: URL, failures: [Entry]) {
        self.folder = folder
        self.file = file
        self.failures = failures
    }

    /// The entries of the manifest at `file`: none when there is no file yet.
    /// - Throws: `FailureManifestError.unreadable` or `.invalid` when a file is there but
    ///   cannot be read or is not a manifest, so an update never overwrites (and loses)
    ///   records it could not read.
    private static func entries(at file: URL) throws(FailureManifestError) -> [Entry] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            if !FileManager.default.fileExists(atPath: file.path) { return [] }
            throw .unreadable(file.path, "\(error.localizedDescription)")
        }
        do {
            return try JSONDocument.decode(File.self, from: [UInt8](data)).failures
        } catch {
            throw .invalid(
                file.path,
                "not a failure manifest (expected {\"version\": 1, \"failures\": [...]}), so it is left as it is: \(error)")
        }
    }

    /// Adds or replaces `entry` in `folder`'s manifest (by name), under the lock.
    /// - Throws: `FailureManifestError.unwritable` when the lock cannot be taken, `.invalid` or
    ///   `.unreadable` when a manifest is there but cannot be read (it is left untouched);
    ///   file-system errors.
    public static func record(_ entry: Entry, in folder: URL) throws {
        try update(in: folder) { failures in
            failures.removeAll { $0.name == entry.name }
            failures.append(entry)
            failures.sort { $0.name < $1.name }
        }
    }

    /// Removes `name`'s entry and its files from `folder`'s manifest, if there is one.
    /// - Throws: `FailureManifestError.unwritable` when the lock cannot be taken; file-system errors.
    public static func remove(named name: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(fileName)
        // Cheap test first: most passing goldens have no manifest to update.
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        guard try entries(at: file).contains(where: { $0.name == name }) else { return }
        try update(in: folder) { failures in
            for entry in failures where entry.name == name {
                for relative in [entry.expected, entry.actual, entry.diff].compactMap({ $0 }) {
                    // An artefact already gone is what removal wants; the entry goes either way.
                    try? FileManager.default.removeItem(at: folder.appendingPathComponent(relative))
                }
            }
            failures.removeAll { $0.name == name }
        }
    }

    private static func update(in folder: URL, _ change: (inout [Entry]) throws -> Void) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lockPath = folder.appendingPathComponent("manifest.lock").path
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FailureManifestError.unwritable(lockPath, "cannot open it: errno \(errno)") }
        defer { close(fd) }  // closing the descriptor releases the lock
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FailureManifestError.unwritable(lockPath, "cannot lock it: errno \(errno)") }
        }
        let file = folder.appendingPathComponent(fileName)
        var failures = try entries(at: file)
        try change(&failures)
        try AtomicFile.write(
            Foundation.Data(JSONTreeEncoder.encode(File(version: 1, createdBy: "HowdyTesting", failures: failures), pretty: true)),
            to: file.path)
    }

    private static func check(_ failure: Entry, at path: String) throws(FailureManifestError) {
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
    /// The manifest (path) cannot be read (reason).
    case unreadable(String, String)
    /// The manifest (path) is not a usable failure manifest (reason).
    case invalid(String, String)
    /// The manifest or its lock (path) cannot be written (reason).
    case unwritable(String, String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the failure manifest \(path): \(reason)"
        case .invalid(let path, let reason): "\(path): \(reason)"
        case .unwritable(let path, let reason): "cannot write the failure manifest \(path): \(reason)"
        }
    }
}
