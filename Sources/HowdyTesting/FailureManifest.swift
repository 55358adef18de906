import Foundation

/// The machine-readable list of golden failures that `howdy review --manifest` reads:
/// `manifest.json` in the artefacts folder, beside the expected, actual and diff files.
///
/// Entries are keyed by name; a later run replaces a golden's entry, and a golden that
/// matches again has its entry and files removed, so the manifest always describes the
/// latest outcome of every golden. Writers from several processes take an exclusive
/// `flock` on `manifest.lock` and replace the file atomically.
public struct FailureManifest: Codable, Sendable, Equatable {
    public var version: Int = 1
    public var createdBy: String = "HowdyTesting"
    public var failures: [Entry] = []

    public init(failures: [Entry] = []) { self.failures = failures }

    /// One golden that did not pass.
    public struct Entry: Codable, Sendable, Equatable {
        /// `HowdyKitUI/branded-goal-light`: the golden's path under the package root
        /// without its extension and without a leading `Goldens/`.
        public var name: String
        /// `changed`, `missing`, `recorded` or `sizeChanged`.
        public var status: Status
        /// The golden's absolute path.
        public var golden: String
        /// Files relative to the manifest's folder; nil when there is none.
        public var expected: String?
        public var actual: String?
        public var diff: String?
        public var figures: Figures?
        public var tolerance: Tolerance?
        public var message: String
    }

    public enum Status: String, Codable, Sendable {
        case changed, missing, recorded, sizeChanged
    }

    /// The comparison's figures (see `ImageDiff`).
    public struct Figures: Codable, Sendable, Equatable {
        public var differentPixels: Int
        public var totalPixels: Int
        public var ratio: Double
        public var maxDistance: Double
        public var densestWindowRatio: Double
    }

    /// The tolerance in force (see `DiffTolerance`).
    public struct Tolerance: Codable, Sendable, Equatable {
        public var threshold: Double
        public var maxDiffRatio: Double
        public var maxDiffPixels: Int
        public var maxWindowRatio: Double
        public var windowSize: Int
    }

    /// The manifest in `folder`, or an empty one when there is none or it cannot be read
    /// (a corrupt manifest is replaced by the next writer rather than failing every test).
    public static func read(in folder: URL) -> FailureManifest {
        let url = folder.appendingPathComponent("manifest.json")
        guard let data = try? Data(contentsOf: url),
            let manifest = try? JSONDecoder().decode(FailureManifest.self, from: data)
        else { return FailureManifest() }
        return manifest
    }

    /// Adds or replaces `entry` in `folder`'s manifest (by name), under the lock.
    public static func record(_ entry: Entry, in folder: URL) throws {
        try update(in: folder) { manifest in
            manifest.failures.removeAll { $0.name == entry.name }
            manifest.failures.append(entry)
            manifest.failures.sort { $0.name < $1.name }
        }
    }

    /// Removes `name`'s entry and its files from `folder`'s manifest, if there is one.
    public static func remove(named name: String, in folder: URL) throws {
        let url = folder.appendingPathComponent("manifest.json")
        // Cheap test first: most passing goldens have no manifest to update.
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        guard read(in: folder).failures.contains(where: { $0.name == name }) else { return }
        try update(in: folder) { manifest in
            for entry in manifest.failures where entry.name == name {
                for file in [entry.expected, entry.actual, entry.diff].compactMap({ $0 }) {
                    try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
                }
            }
            manifest.failures.removeAll { $0.name == name }
        }
    }

    private static func update(in folder: URL, _ change: (inout FailureManifest) throws -> Void) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lockPath = folder.appendingPathComponent("manifest.lock").path
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw GoldenConfigurationError(message: "cannot open \(lockPath): errno \(errno)") }
        defer { close(fd) }  // closing the descriptor releases the lock
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw GoldenConfigurationError(message: "cannot lock \(lockPath): errno \(errno)")
            }
        }
        var manifest = read(in: folder)
        try change(&manifest)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(manifest).write(to: folder.appendingPathComponent("manifest.json"), options: .atomic)
    }
}
