import Foundation
import HowdyRender
import Synchronization
import Testing

#if canImport(XCTest)
    import XCTest
#endif

/// Asserts that `value` matches its golden, in the manner of swift-snapshot-testing's
/// `assertSnapshot`: works in Swift Testing `@Test`s and in `XCTestCase`s.
///
/// The golden is `__Snapshots__/<test file>/<test>.<name>.<ext>` beside the test file,
/// from `#filePath` and the test function's name (`name` defaults to a counter per test:
/// `1`, `2`…, in call order: give parameterised tests a `name` per argument, since their
/// cases run in parallel), or `<snapshotDirectory>/<test>.<name>.<ext>`. Record mode: `record`, else
/// `HOWDY_RECORD` (never, missing, failed, all; default missing; always never when `CI` is
/// set). Failures write expected, actual and diff files and `manifest.json` to
/// `$HOWDY_ARTIFACTS` or `.build/howdy-failures/` under the package root, and report the
/// figures and the tolerance in force.
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>, named name: String? = nil,
    record: RecordMode? = nil, snapshotDirectory: URL? = nil, fileID: String = #fileID,
    filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let file = "\(filePath)"
    let golden = GoldenLocation.golden(
        filePath: file, testName: testName, name: name ?? String(SnapshotCounter.next(file: file, test: testName)),
        pathExtension: snapshotting.pathExtension, directory: snapshotDirectory)
    let outcome: GoldenOutcome
    do {
        outcome = verifySnapshot(of: try value(), as: snapshotting, golden: golden, record: record)
    } catch {
        outcome = .error("Snapshot '\(golden.lastPathComponent)': cannot make the value: \(error)")
    }
    if let message = outcome.failureMessage { location.report(message) }
}

/// Asserts that `image` matches the committed PNG `<goldens>/<name>.png` under the
/// perceptual diff with `tolerance` (default: threshold 0.1, no differing pixel). Same
/// record modes, artefacts and reporting as `assertSnapshot`.
public func assertGolden(
    _ image: Image, named name: String, in goldens: URL, tolerance: DiffTolerance = .strict, record: RecordMode? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let outcome = verifySnapshot(
        of: image, as: .png(tolerance: tolerance), named: name, in: goldens, record: record)
    if let message = outcome.failureMessage {
        FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column).report(message)
    }
}

/// Where an assertion was made, and how to report a failure there: as a Swift Testing
/// issue inside a `@Test`, otherwise as an XCTest failure.
struct FailureLocation {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt

    func report(_ message: String) {
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
            return
        }
        #if canImport(XCTest)
            XCTFail(message, file: filePath, line: line)
        #else
            Issue.record(Comment(rawValue: message))
        #endif
    }
}

/// Numbers unnamed snapshots within one test: 1, 2, 3… in call order.
enum SnapshotCounter {
    private static let counts = Mutex<[String: Int]>([:])

    static func next(file: String, test: String) -> Int {
        counts.withLock { counts in
            let key = file + "\u{0}" + test
            counts[key, default: 0] += 1
            return counts[key]!
        }
    }
}
