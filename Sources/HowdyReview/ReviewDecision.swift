import Foundation
import HowdyJSON

/// What a reviewer approved on the page, as the page's "Download decision.json" writes it
/// and `howdy review --apply` reads it:
/// `{"version": 1, "digest": "…", "accept": [3, 17], "expected": [...], "actual": [...]}`
/// (or `"manifest"` and `"goldens"` instead of the folders). Only IDs name changes.
public struct ReviewDecision: Codable, Sendable, Hashable {
    /// Always 1.
    public var version: Int
    /// The page's digest of the source's names (16 hex digits).
    public var digest: String
    /// The approved changes' IDs.
    public var accept: [Int]
    /// The expected folders of a folder review; nil for a manifest review.
    public var expected: [String]?
    /// The actual folders of a folder review; nil for a manifest review.
    public var actual: [String]?
    /// The failure manifest of a manifest review; nil for a folder review.
    public var manifest: String?
    /// The goldens folder of a manifest review; nil when not given.
    public var goldens: String?

    /// The largest decision file read, bytes (1 MiB).
    public static let maximumBytes = 1 << 20

    /// A decision with the given fields.
    public init(
        version: Int = 1, digest: String, accept: [Int], expected: [String]? = nil, actual: [String]? = nil,
        manifest: String? = nil, goldens: String? = nil
    ) {
        self.version = version
        self.digest = digest
        self.accept = accept
        self.expected = expected
        self.actual = actual
        self.manifest = manifest
        self.goldens = goldens
    }

    /// Reads and checks a decision file.
    /// - Throws: `ReviewError.badDecision` naming the file and what is wrong.
    public init(contentsOf url: URL) throws(ReviewError) {
        let path = url.path
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .badDecision(path, "cannot read it") }
        // Closing a file opened for reading cannot lose data; a failed read is reported below.
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: Self.maximumBytes + 1)) ?? nil
        guard let data else { throw .badDecision(path, "cannot read it") }
        guard data.count <= Self.maximumBytes else {
            throw .badDecision(path, "it is over \(Self.maximumBytes) bytes; a decision is a short list of IDs")
        }
        do {
            self = try JSONDocument.decode(ReviewDecision.self, from: [UInt8](data))
        } catch {
            throw .badDecision(
                path,
                "not a review decision (expected {\"version\": 1, \"digest\": \"…\", \"accept\": [IDs], …}): \(error)")
        }
        guard version == 1 else { throw .badDecision(path, "unknown version \(version)") }
        guard digest.count == 16, digest.allSatisfy(\.isHexDigit) else {
            throw .badDecision(path, "digest must be 16 hex digits")
        }
        guard accept.allSatisfy({ $0 >= 1 }) else { throw .badDecision(path, "accept: IDs start at 1") }
        let folders = (expected?.isEmpty == false) && (actual?.isEmpty == false)
        guard folders != (manifest != nil) else {
            throw .badDecision(path, "give either expected and actual folders or a manifest")
        }
    }

    /// The source the decision names.
    public var source: ReviewSource {
        get throws {
            if let manifest { return .manifest(try FailureManifest(contentsOf: URL(fileURLWithPath: manifest))) }
            return .directories(
                expected: (expected ?? []).map { URL(fileURLWithPath: $0) },
                actual: (actual ?? []).map { URL(fileURLWithPath: $0) })
        }
    }
}
