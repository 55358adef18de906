import Foundation
import HowdyRender
import Testing

/// When goldens are (re)written: only when `HOWDY_RECORD_GOLDENS=1` is set explicitly and
/// `CI` is not set. Never automatically, not even for a missing golden.
public enum GoldenRecording {
    /// True when `environment` has `HOWDY_RECORD_GOLDENS=1` and no `CI` (see the type).
    public static func isEnabled(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["HOWDY_RECORD_GOLDENS"] == "1" && (environment["CI"] ?? "").isEmpty
    }
}

/// The result of checking one snapshot against its golden.
public enum GoldenOutcome: Sendable {
    /// The snapshot matches the golden.
    case matched
    /// Recording was enabled and the golden was written (counts as a failure, so a
    /// recording run is never mistaken for a passing one).
    case recorded(URL)
    /// No golden exists; the message says how to record it.
    case missing(String)
    /// The snapshot differs; the actual image and artefacts were written to `Failures/`.
    case mismatch(String)
    /// The golden could not be read or the snapshot not made.
    case error(String)

    /// The message to report, or nil for `.matched`.
    public var failureMessage: String? {
        switch self {
        case .matched: nil
        case .recorded(let url):
            "Recorded golden \(url.path). Check it in, then run the tests again without HOWDY_RECORD_GOLDENS."
        case .missing(let message), .mismatch(let message), .error(let message): message
        }
    }
}

/// Checks `value` against the golden `<directory>/<name>.<ext>` without reporting.
///
/// On a mismatch the actual snapshot and the diff artefacts are written to
/// `<directory>/Failures/<name>.actual.<ext>` and `<name>.<suffix>` (gitignored).
public func verifySnapshot<Value, Format>(
    of value: Value, as snapshotting: Snapshotting<Value, Format>, named name: String, in directory: URL,
    environment: [String: String] = ProcessInfo.processInfo.environment
) -> GoldenOutcome {
    let golden = directory.appendingPathComponent(name).appendingPathExtension(snapshotting.pathExtension)
    let failures = directory.appendingPathComponent("Failures", isDirectory: true)
    let fileManager = FileManager.default
    do {
        let actual = try snapshotting.snapshot(value)
        if GoldenRecording.isEnabled(environment: environment) {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
            try snapshotting.diffing.toData(actual).write(to: golden, options: .atomic)
            return .recorded(golden)
        }
        guard fileManager.fileExists(atPath: golden.path) else {
            return .missing(
                "No golden at \(golden.path). Record it with HOWDY_RECORD_GOLDENS=1 (not on CI), "
                    + "look at it, and commit it.")
        }
        let reference = try snapshotting.diffing.fromData(Data(contentsOf: golden))
        guard let failure = snapshotting.diffing.diff(reference, actual) else { return .matched }
        try fileManager.createDirectory(at: failures, withIntermediateDirectories: true)
        let actualURL = failures.appendingPathComponent("\(name).actual.\(snapshotting.pathExtension)")
        try snapshotting.diffing.toData(actual).write(to: actualURL, options: .atomic)
        var written = [actualURL.path]
        for artifact in failure.artifacts {
            let url = failures.appendingPathComponent("\(name).\(artifact.suffix)")
            try artifact.data.write(to: url, options: .atomic)
            written.append(url.path)
        }
        return .mismatch(
            "Golden '\(name)' does not match: \(failure.message). Wrote \(written.joined(separator: ", ")). "
                + "If the change is intended, re-record with HOWDY_RECORD_GOLDENS=1.")
    } catch {
        return .error("Golden '\(name)': \(error)")
    }
}

/// Asserts that `value` matches its golden, reporting a Swift Testing issue otherwise.
public func assertSnapshot<Value, Format>(
    of value: Value, as snapshotting: Snapshotting<Value, Format>, named name: String, in directory: URL,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let outcome = verifySnapshot(of: value, as: snapshotting, named: name, in: directory)
    if let message = outcome.failureMessage {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

/// Asserts that `image` matches the committed PNG `<goldens>/<name>.png` under the
/// perceptual diff with `tolerance` (default: threshold 0.1, no differing pixel).
///
/// On failure the actual and diff PNGs go to `<goldens>/Failures/` and the figures are
/// reported with `Issue.record`. Goldens are only written with `HOWDY_RECORD_GOLDENS=1`
/// and `CI` unset; a missing golden is a failure that says how to record it.
public func assertGolden(
    _ image: Image, named name: String, in goldens: URL, tolerance: DiffTolerance = .strict,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertSnapshot(of: image, as: .png(tolerance: tolerance), named: name, in: goldens, sourceLocation: sourceLocation)
}
