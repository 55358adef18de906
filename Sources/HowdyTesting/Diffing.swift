import Foundation
import HowdyReview

/// How to store a snapshot format as bytes and compare two of them, in the manner of
/// swift-snapshot-testing.
public struct Diffing<Value>: Sendable {
    /// Encodes a value for the golden file.
    public var toData: @Sendable (Value) throws -> Data
    /// Decodes a golden file.
    public var fromData: @Sendable (Data) throws -> Value
    /// Compares the golden (`reference`) with `actual`: nil when they match, otherwise a
    /// message and artefacts to write next to the failure (file suffix and bytes).
    public var diff: @Sendable (_ reference: Value, _ actual: Value) -> DiffFailure?

    /// A strategy: how to turn a value into bytes, read them back, and compare two of them.
    public init(
        toData: @escaping @Sendable (Value) throws -> Data,
        fromData: @escaping @Sendable (Data) throws -> Value,
        diff: @escaping @Sendable (_ reference: Value, _ actual: Value) -> DiffFailure?
    ) {
        self.toData = toData
        self.fromData = fromData
        self.diff = diff
    }
}

/// Why a snapshot did not match, with files that help to see it and the figures for the
/// failure manifest.
public struct DiffFailure: Sendable {
    /// What differs, for the test failure.
    public var message: String
    /// Files to write next to the failure: a suffix such as `diff.png` and the bytes.
    public var artifacts: [(suffix: String, data: Data)]
    /// The comparison's figures, when the format has them (images).
    public var figures: FailureManifest.Figures?
    /// The tolerance in force, when the format has one.
    public var tolerance: FailureManifest.Tolerance?
    /// True when the golden and the snapshot differ in size (not compared pixel by pixel).
    public var sizeChanged: Bool

    /// A difference described by `message`, with artefacts to write beside the golden (suffix,
    /// bytes), its figures and the tolerance in force (for the failure manifest).
    public init(
        message: String, artifacts: [(suffix: String, data: Data)] = [], figures: FailureManifest.Figures? = nil,
        tolerance: FailureManifest.Tolerance? = nil, sizeChanged: Bool = false
    ) {
        self.message = message
        self.artifacts = artifacts
        self.figures = figures
        self.tolerance = tolerance
        self.sizeChanged = sizeChanged
    }
}

/// How to turn a `Value` into a snapshot `Format` that a `Diffing` can store and compare.
public struct Snapshotting<Value, Format>: Sendable {
    /// The golden file's extension (`png`).
    public var pathExtension: String
    /// How snapshots are stored and compared.
    public var diffing: Diffing<Format>
    /// Turns the value under test into a snapshot.
    public var snapshot: @Sendable (Value) throws -> Format

    /// A snapshotting of values by `snapshot`, compared with `diffing`.
    public init(
        pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping @Sendable (Value) throws -> Format
    ) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// A snapshotting of `NewValue` that first transforms it into `Value`
    /// (e.g. a canvas into its image).
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value)
        -> Snapshotting<NewValue, Format>
    {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { value in
            try snapshot(transform(value))
        }
    }
}
