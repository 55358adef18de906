import Foundation
import HowdyOutput
import HowdyRender
import HowdyReview

/// The result of checking one snapshot against its golden.
public enum GoldenOutcome: Sendable {
    /// The snapshot matches the golden.
    case matched
    /// A golden was written (counts as a failure, so a recording run is never mistaken
    /// for a passing one); the message says what was written.
    case recorded(URL, String)
    /// No golden exists and the record mode does not write one.
    case missing(String)
    /// The snapshot differs; artefacts were written to the failure folder.
    case mismatch(String)
    /// The golden could not be read, the snapshot not made, or the settings are wrong.
    case error(String)

    /// The message to report, or nil for `.matched`.
    public var failureMessage: String? {
        switch self {
        case .matched: nil
        case .recorded(_, let message), .missing(let message), .mismatch(let message), .error(let message): message
        }
    }
}

/// Checks `value` against the golden `<directory>/<name>.<ext>` without reporting.
/// See `verifySnapshot(of:as:golden:record:environment:)`.
public func verifySnapshot<Value, Format>(
    of value: Value, as snapshotting: Snapshotting<Value, Format>, named name: String, in directory: URL,
    record: RecordMode? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
) -> GoldenOutcome {
    let golden = directory.appendingPathComponent(name).appendingPathExtension(snapshotting.pathExtension)
    return verifySnapshot(of: value, as: snapshotting, golden: golden, record: record, environment: environment)
}

/// Checks `value` against the golden file `golden` without reporting.
///
/// The record mode is `record`, or `RecordMode.current(environment:)` when nil (with
/// `CI` set it is always `never`). Failures write `<name>.expected|actual|diff.<ext>` and an
/// entry in `manifest.json` in `GoldenLocation.artifactsFolder(forGolden:)`; a match
/// removes the golden's earlier entry and files.
public func verifySnapshot<Value, Format>(
    of value: Value, as snapshotting: Snapshotting<Value, Format>, golden: URL, record: RecordMode? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
) -> GoldenOutcome {
    let golden = golden.standardizedFileURL
    let name = GoldenLocation.name(ofGolden: golden)
    let folder = GoldenLocation.artifactsFolder(forGolden: golden, environment: environment)
    let ext = snapshotting.pathExtension
    let fileManager = FileManager.default
    GoldenUsage.noteCompared(golden)
    do {
        let onCI = !(environment["CI"] ?? "").isEmpty
        let mode = try record.map { onCI ? .never : $0 } ?? RecordMode.current(environment: environment)
        let actual = try snapshotting.snapshot(value)
        let actualData = try snapshotting.diffing.toData(actual)
        let artefacts = ArtefactWriter(folder: folder, name: name, pathExtension: ext)

        guard fileManager.fileExists(atPath: golden.path) else {
            if mode == .never {
                let written = try artefacts.write(actual: actualData)
                let why = onCI ? "CI is set, so nothing is recorded" : "HOWDY_RECORD=never"
                let message =
                    "No golden '\(name)' at \(golden.path) (\(why)). Wrote the actual snapshot to \(written.path). "
                    + "Record it locally (HOWDY_RECORD=missing, the default), look at it, and commit it."
                try FailureManifest.record(
                    .init(
                        name: name, status: .missing, golden: golden.path, actual: artefacts.actualName,
                        message: message),
                    in: folder)
                return .missing(message)
            }
            try fileManager.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(actualData, to: golden.path)
            let message =
                "Recorded new golden '\(name)': wrote \(golden.path) (\(actualData.count) bytes, "
                + "HOWDY_RECORD=\(mode.rawValue)). Look at it and commit it; this test fails so a recording run "
                + "is never taken for a pass."
            try FailureManifest.record(
                .init(name: name, status: .recorded, golden: golden.path, message: message), in: folder)
            return .recorded(golden, message)
        }

        let goldenData = try Data(contentsOf: golden)
        if mode == .all {
            if goldenData == actualData {
                return .recorded(
                    golden,
                    "HOWDY_RECORD=all: golden '\(name)' at \(golden.path) already has these exact bytes; nothing "
                        + "written. The test fails because recording was on.")
            }
            let failure = snapshotting.diffing.diff(try snapshotting.diffing.fromData(goldenData), actual)
            let written = try artefacts.write(expected: goldenData, actual: actualData, failure: failure)
            try AtomicFile.write(actualData, to: golden.path)
            let message =
                "HOWDY_RECORD=all: re-recorded golden '\(name)': wrote \(golden.path) (\(actualData.count) bytes; "
                + (failure.map { "it differed: \($0.message)" } ?? "pixels within tolerance, bytes differed")
                + "). The previous golden and the diff are in \(written.map(\.path).joined(separator: ", ")). "
                + "Look at it and commit it."
            try FailureManifest.record(
                artefacts.entry(golden: golden, status: .recorded, failure: failure, message: message), in: folder)
            return .recorded(golden, message)
        }

        let reference = try snapshotting.diffing.fromData(goldenData)
        guard let failure = snapshotting.diffing.diff(reference, actual) else {
            try FailureManifest.remove(named: name, in: folder)
            return .matched
        }
        let written = try artefacts.write(expected: goldenData, actual: actualData, failure: failure)
        let files = written.map(\.path).joined(separator: ", ")
        if mode == .failed {
            try AtomicFile.write(actualData, to: golden.path)
            let message =
                "Golden '\(name)' did not match (\(failure.message)); HOWDY_RECORD=failed re-recorded "
                + "\(golden.path). The previous golden, actual and diff are in \(files). Look at it and commit it."
            try FailureManifest.record(
                artefacts.entry(golden: golden, status: .recorded, failure: failure, message: message), in: folder)
            return .recorded(golden, message)
        }
        let message =
            "Golden '\(name)' does not match: \(failure.message). Wrote \(files); manifest "
            + "\(folder.appendingPathComponent("manifest.json").path). If the change is intended, review it with "
            + "`howdy review --out review` and accept it by the ID the page shows, or re-record with HOWDY_RECORD=failed (not on CI)."
        try FailureManifest.record(
            artefacts.entry(
                golden: golden, status: failure.sizeChanged ? .sizeChanged : .changed, failure: failure,
                message: message), in: folder)
        return .mismatch(message)
    } catch {
        return .error("Golden '\(name)': \(error)")
    }
}

/// Writes one golden's failure files into the artefacts folder.
struct ArtefactWriter {
    let folder: URL
    let name: String
    let pathExtension: String

    var expectedName: String { "\(name).expected.\(pathExtension)" }
    var actualName: String { "\(name).actual.\(pathExtension)" }
    /// The name of an artefact with `suffix` (`diff.png`).
    func artefactName(_ suffix: String) -> String { "\(name).\(suffix)" }

    /// Writes the actual snapshot alone and returns its URL.
    func write(actual: Data) throws -> URL {
        try write(actual, as: actualName)
    }

    /// Writes the expected and actual files and the failure's artefacts; returns their URLs.
    func write(expected: Data, actual: Data, failure: DiffFailure?) throws -> [URL] {
        var written = [try write(expected, as: expectedName), try write(actual, as: actualName)]
        for artefact in failure?.artifacts ?? [] {
            written.append(try write(artefact.data, as: artefactName(artefact.suffix)))
        }
        return written
    }

    /// The manifest entry for a failure whose files `write(expected:actual:failure:)` wrote.
    func entry(golden: URL, status: FailureManifest.Status, failure: DiffFailure?, message: String)
        -> FailureManifest.Entry
    {
        let diff = failure?.artifacts.first { $0.suffix.hasPrefix("diff.") }.map { artefactName($0.suffix) }
        return FailureManifest.Entry(
            name: name, status: status, golden: golden.path, expected: expectedName, actual: actualName, diff: diff,
            figures: failure?.figures, tolerance: failure?.tolerance, message: message)
    }

    private func write(_ data: Data, as relative: String) throws -> URL {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(data, to: url.path)
        return url
    }
}

extension FailureManifest.Entry {
    /// An entry with only some files.
    init(
        name: String, status: FailureManifest.Status, golden: String, actual: String? = nil, message: String
    ) {
        self.init(
            name: name, status: status, golden: golden, expected: nil, actual: actual, diff: nil, figures: nil,
            tolerance: nil, message: message)
    }
}
