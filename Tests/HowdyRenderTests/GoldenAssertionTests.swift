import Foundation
import HowdyRender
import HowdyTesting
import Testing

@Suite struct GoldenAssertionTests {
    /// `Goldens/HowdyRender` at the package root (outside the test target, so SwiftPM does
    /// not see the PNGs as unhandled resources).
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Goldens/HowdyRender")

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-goldens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func recordingNeedsTheVariableAndNoCI() {
        #expect(!GoldenRecording.isEnabled(environment: [:]))
        #expect(!GoldenRecording.isEnabled(environment: ["HOWDY_RECORD_GOLDENS": "true"]))
        #expect(GoldenRecording.isEnabled(environment: ["HOWDY_RECORD_GOLDENS": "1"]))
        #expect(!GoldenRecording.isEnabled(environment: ["HOWDY_RECORD_GOLDENS": "1", "CI": "true"]))
    }

    @Test func missingGoldenFailsWithRecordingHintAndWritesNothing() throws {
        let directory = try temporaryDirectory()
        let image = try Image(width: 4, height: 4, fill: .white)
        let outcome = verifySnapshot(of: image, as: .png(), named: "absent", in: directory, environment: [:])
        guard case .missing(let message) = outcome else {
            Issue.record("expected .missing, got \(outcome)")
            return
        }
        #expect(message.contains("HOWDY_RECORD_GOLDENS=1"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("absent.png").path))
    }

    @Test func recordThenMatchThenMismatchWritesFailures() throws {
        let directory = try temporaryDirectory()
        let image = try DemoScene.render(width: 200, height: 400).image
        let recorded = verifySnapshot(
            of: image, as: .png(), named: "scene", in: directory, environment: ["HOWDY_RECORD_GOLDENS": "1"])
        guard case .recorded = recorded else {
            Issue.record("expected .recorded, got \(recorded)")
            return
        }
        #expect(recorded.failureMessage != nil)
        #expect(
            verifySnapshot(of: image, as: .png(), named: "scene", in: directory, environment: [:]).failureMessage == nil
        )
        // A canvas through pullback matches too.
        var canvas = Canvas(image: image)
        #expect(
            verifySnapshot(of: canvas, as: .png(), named: "scene", in: directory, environment: [:]).failureMessage
                == nil)
        canvas.fill(try Circle(center: Point(x: 30, y: 30), radius: 6), with: .black)
        let outcome = verifySnapshot(of: canvas, as: .png(), named: "scene", in: directory, environment: [:])
        guard case .mismatch(let message) = outcome else {
            Issue.record("expected .mismatch, got \(outcome)")
            return
        }
        #expect(message.contains("pixels differ"))
        let failures = directory.appendingPathComponent("Failures")
        #expect(FileManager.default.fileExists(atPath: failures.appendingPathComponent("scene.actual.png").path))
        #expect(FileManager.default.fileExists(atPath: failures.appendingPathComponent("scene.diff.png").path))
        // Within a generous tolerance it passes.
        let lenient = verifySnapshot(
            of: canvas, as: .png(tolerance: DiffTolerance(limit: .ratio(0.05))), named: "scene", in: directory,
            environment: [:])
        #expect(lenient.failureMessage == nil)
    }

    @Test func demoSceneMatchesItsGolden() throws {
        assertGolden(
            try DemoScene.render().image, named: "demo-scene", in: Self.goldens,
            tolerance: DiffTolerance(limit: .pixels(0)))
    }
}
