import Foundation

/// Why a file-backed store could not be read or written. Always names the file.
public struct FileOnboardingStorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable {
        /// The file exists but is not a readable store (empty, truncated, not JSON, wrong shape).
        case corrupt
        /// The file was written by a newer version of the store format.
        case unsupportedVersion
        /// The file system refused (permissions, missing directory, disk full...).
        case io
    }

    /// The store file (or its lock file) concerned.
    public var path: String
    /// What kind of failure this is.
    public var kind: Kind
    /// What went wrong, without the path.
    public var reason: String

    /// An error about the store file at `path`.
    public init(path: String, kind: Kind, reason: String) {
        self.path = path
        self.kind = kind
        self.reason = reason
    }

    /// A readable form for messages and logs.
    public var description: String {
        switch kind {
        case .corrupt:
            "\(path): corrupt onboarding store: \(reason); the file was left untouched"
        case .unsupportedVersion:
            "\(path): \(reason); the file was left untouched"
        case .io:
            "\(path): \(reason)"
        }
    }
}
