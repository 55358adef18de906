import Foundation
import HowdyJSON
import HowdyOutput

/// The machine-readable list of golden failures that `howdy review --manifest` reads:
/// `manifest.json` in the artefacts folder, beside the expected, actual and diff files.
///
/// Entries are keyed by name; a later run replaces a golden's entry, and a golden that
/// matches again has its entry and files removed, so the manifest always describes the
/// latest outcome of every golden. Writers from several processes take an exclusive
/// `flock` on `manifest.lock` and replace the file atomically.
public struct FailureManifest: Codable, Sendable, Equatable {
    /// Format version (1).
    public var version: Int = 1
    /// The writer: `HowdyTesting`.
    public var createdBy: String = "HowdyTesting"
    /// One entry per golden that did not pass on its latest run.
    public var failures: [Entry] = []

    /// A version-1 manifest holding `failures` (none by default).
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
        /// The actual image, relative to the manifest's folder; nil when there is none.
        public var actual: String?
        /// The diff image, relative to the manifest's folder; nil when there is none.
        public var diff: String?
        /// The comparison's figures; nil when the format has none.
        public var figures: Figures?
        /// The tolerance in force; nil when the format has none.
        public var tolerance: Tolerance?
        /// The failure message the test reported.
        public var message: String
    }

    /// What happened to a golden: it changed, was missing, was recorded, or changed size.
    public enum Status: String, Codable, Sendable {
        case changed, missing, recorded, sizeChanged
    }

    /// The comparison's figures (see `ImageDiff`).
    public struct Figures: Codable, Sendable, Equatable {
        /// Pixels over the threshold that are not anti-aliasing.
        public var differentPixels: Int
        /// Pixels compared (width × height).
        public var totalPixels: Int
        /// `differentPixels` ÷ `totalPixels`, 0...1.
        public var ratio: Double
        /// The largest per-pixel colour distance, 0...1.
        public var maxDistance: Double
        /// The largest share 0...1 of a `windowSize` × `windowSize` px window's pixels that differ.
        public var densestWindowRatio: Double
    }

    /// The tolerance in force (see `DiffTolerance`).
    public struct Tolerance: Codable, Sendable, Equatable {
        /// Per-pixel colour distance 0...1 above which a pixel differs.
        public var threshold: Double
        /// Differing pixels allowed as a fraction 0...1 of all pixels.
        public var maxDiffRatio: Double
        /// Differing pixels allowed as a count.
        public var maxDiffPixels: Int
        /// The largest fraction 0...1 of any window's pixels that may differ.
        public var maxWindowRatio: Double
        /// The side of the density guard's square window in px.
        public var windowSize: Int
    }

    /// The manifest in `folder`, or an empty one when there is none or it cannot be read
    /// (a corrupt manifest is replaced by the next writer rather than failing every test).
    public static func read(in folder: URL) -> FailureManifest {
        let url = folder.appendingPathComponent("manifest.json")
        guard let data = try? Data(contentsOf: url),
            let manifest = try? JSONDocument.decode(FailureManifest.self, from: [UInt8](data))
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
        try AtomicFile.write(
            Foundation.Data(JSONTreeEncoder.encode(manifest, pretty: true)), to: folder.appendingPathComponent("manifest.json").path)
    }
}
