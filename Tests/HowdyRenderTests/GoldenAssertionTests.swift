import Foundation
import HowdyRender
import HowdyReview
import HowdyTesting
import Testing

@Suite struct GoldenAssertionTests {
    /// `Goldens/HowdyRender` at the package root (outside the test target, so SwiftPM does
    /// not see the PNGs as unhandled resources).
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Goldens/HowdyRender")

    /// A scratch goldens folder and artefacts folder, and the environment that points there.
    struct Scratch {
        let goldens: URL
        let artifacts: URL
        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            extra.merging(["HOWDY_ARTIFACTS": artifacts.path]) { a, _ in a }
        }
        var manifest: FailureManifest { FailureManifest.read(in: artifacts) }

        init() throws {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "howdy-goldens-\(UUID().uuidString)")
            goldens = root.appendingPathComponent("Goldens")
            artifacts = root.appendingPathComponent("failures")
            try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        }

        /// Removes the scratch folder (goldens and artifacts): every test defers it.
        func cleanup() { try? FileManager.default.removeItem(at: goldens.deletingLastPathComponent()) }

        func exists(_ relative: String, inArtifacts: Bool = true) -> Bool {
            FileManager.default.fileExists(
                atPath: (inArtifacts ? artifacts : goldens).appendingPathComponent(relative).path)
        }
    }

    @Test func recordModeComesFromTheEnvironmentAndCIAlwaysMeansNever() throws {
        #expect(try RecordMode.current(environment: [:]) == .missing)
        for mode in RecordMode.allCases {
            #expect(try RecordMode.current(environment: ["HOWDY_RECORD": mode.rawValue]) == mode)
            #expect(try RecordMode.current(environment: ["HOWDY_RECORD": mode.rawValue, "CI": "true"]) == .never)
        }
        #expect(try RecordMode.current(environment: ["HOWDY_RECORD_GOLDENS": "1"]) == .all)
        #expect(try RecordMode.current(environment: ["HOWDY_RECORD_GOLDENS": "true"]) == .missing)
        #expect(try RecordMode.current(environment: ["HOWDY_RECORD_GOLDENS": "1", "CI": "1"]) == .never)
        #expect(try RecordMode.current(environment: ["HOWDY_RECORD_GOLDENS": "1", "HOWDY_RECORD": "never"]) == .never)
        #expect(try RecordMode.current(environment: ["CI": "true"]) == .never)
        #expect(throws: GoldenConfigurationError.self) { try RecordMode.current(environment: ["HOWDY_RECORD": "yes"]) }
    }

    @Test func onCIAMissingGoldenFailsAndNothingIsWrittenIntoGoldens() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let image = try Image(width: 4, height: 4, fill: .white)
        // Even an explicit `all` is `never` on CI.
        for record in [nil, RecordMode.all] {
            let outcome = verifySnapshot(
                of: image, as: .png(), named: "absent", in: scratch.goldens, record: record,
                environment: scratch.environment(["CI": "true", "HOWDY_RECORD": "all"]))
            guard case .missing(let message) = outcome else {
                Issue.record("expected .missing, got \(outcome)")
                return
            }
            #expect(message.contains("CI is set"))
        }
        #expect(!scratch.exists("absent.png", inArtifacts: false))
        #expect(scratch.exists("absent.actual.png"))
        #expect(scratch.manifest.failures.map(\.status) == [.missing])
        #expect(scratch.manifest.failures.first?.actual == "absent.actual.png")
        #expect(scratch.manifest.failures.first?.expected == nil)
    }

    @Test func missingModeRecordsAMissingGoldenAndFailsSayingWhatWasWritten() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let image = try DemoScene.render(width: 200, height: 400).image
        let outcome = verifySnapshot(
            of: image, as: .png(), named: "scene", in: scratch.goldens, environment: scratch.environment())
        guard case .recorded(let url, let message) = outcome else {
            Issue.record("expected .recorded, got \(outcome)")
            return
        }
        #expect(outcome.failureMessage != nil)
        #expect(message.contains("Recorded new golden") && message.contains(url.path))
        #expect(scratch.exists("scene.png", inArtifacts: false))
        #expect(scratch.manifest.failures.map(\.status) == [.recorded])
        // The next run matches, and the manifest entry goes away.
        #expect(
            verifySnapshot(
                of: image, as: .png(), named: "scene", in: scratch.goldens, environment: scratch.environment()
            )
            .failureMessage == nil)
        #expect(scratch.manifest.failures.isEmpty)
    }

    @Test func aMismatchWritesExpectedActualDiffAndAManifestEntryWithFigures() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let image = try DemoScene.render(width: 200, height: 400).image
        _ = verifySnapshot(
            of: image, as: .png(), named: "scene", in: scratch.goldens, environment: scratch.environment())
        let recorded = try Data(contentsOf: scratch.goldens.appendingPathComponent("scene.png"))
        // A canvas through pullback matches too.
        var canvas = Canvas(image: image)
        #expect(
            verifySnapshot(
                of: canvas, as: .png(), named: "scene", in: scratch.goldens, environment: scratch.environment()
            )
            .failureMessage == nil)
        canvas.fill(try Circle(center: Point(x: 30, y: 30), radius: 6), with: .black)
        let outcome = verifySnapshot(
            of: canvas, as: .png(), named: "scene", in: scratch.goldens, environment: scratch.environment())
        guard case .mismatch(let message) = outcome else {
            Issue.record("expected .mismatch, got \(outcome)")
            return
        }
        #expect(message.contains("pixels differ"))
        #expect(message.contains("tolerance in force: threshold 0.1, max 0 px or ratio 0.0"))
        #expect(message.contains("`howdy review --out review` and accept it by the ID the page shows"))
        for file in ["scene.expected.png", "scene.actual.png", "scene.diff.png"] { #expect(scratch.exists(file)) }
        // Not re-recorded in the default mode.
        #expect(try Data(contentsOf: scratch.goldens.appendingPathComponent("scene.png")) == recorded)
        let entry = try #require(scratch.manifest.failures.first)
        #expect(entry.name == "scene" && entry.status == .changed)
        #expect(entry.golden == scratch.goldens.appendingPathComponent("scene.png").standardizedFileURL.path)
        #expect(entry.expected == "scene.expected.png" && entry.actual == "scene.actual.png")
        #expect(entry.diff == "scene.diff.png")
        #expect((entry.figures?.differentPixels ?? 0) > 50 && entry.figures?.totalPixels == 80_000)
        #expect(entry.tolerance?.threshold == 0.1 && entry.tolerance?.windowSize == 32)
        // The manifest is the documented JSON shape.
        let json = try String(contentsOf: scratch.artifacts.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(json.contains("\"createdBy\" : \"HowdyTesting\"") && json.contains("\"version\" : 1"))
        #expect(json.contains("\"densestWindowRatio\"") && json.contains("\"maxWindowRatio\" : 0.05"))
        // Within a generous tolerance (ratio and density) it passes, and the entry is removed.
        let lenient = DiffTolerance(maxDiffRatio: 0.05, maxWindowRatio: 1)
        #expect(
            verifySnapshot(
                of: canvas, as: .png(tolerance: lenient), named: "scene", in: scratch.goldens,
                environment: scratch.environment()
            ).failureMessage == nil)
        #expect(scratch.manifest.failures.isEmpty && !scratch.exists("scene.diff.png"))
    }

    @Test func failedModeRerecordsOnlyWhatFailsAndAllModeAlwaysFails() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let image = try DemoScene.render(width: 200, height: 400).image
        _ = verifySnapshot(
            of: image, as: .png(), named: "scene", in: scratch.goldens, environment: scratch.environment())
        let golden = scratch.goldens.appendingPathComponent("scene.png")
        let original = try Data(contentsOf: golden)
        // `all` with the same bytes: nothing written, still a failure.
        let same = verifySnapshot(
            of: image, as: .png(), named: "scene", in: scratch.goldens, record: .all, environment: scratch.environment()
        )
        guard case .recorded(_, let sameMessage) = same else {
            Issue.record("expected .recorded, got \(same)")
            return
        }
        #expect(sameMessage.contains("nothing written"))
        #expect(try Data(contentsOf: golden) == original)
        // `failed` with a match: a pass, nothing written.
        #expect(
            verifySnapshot(
                of: image, as: .png(), named: "scene", in: scratch.goldens, record: .failed,
                environment: scratch.environment()
            ).failureMessage == nil)
        // `failed` with a change: re-recorded, a failure, the previous golden kept as expected.
        var changed = Canvas(image: image)
        changed.fill(try Circle(center: Point(x: 20, y: 20), radius: 8), with: .black)
        let rerecorded = verifySnapshot(
            of: changed, as: .png(), named: "scene", in: scratch.goldens, record: .failed,
            environment: scratch.environment())
        guard case .recorded(_, let message) = rerecorded else {
            Issue.record("expected .recorded, got \(rerecorded)")
            return
        }
        #expect(message.contains("HOWDY_RECORD=failed re-recorded"))
        #expect(try Data(contentsOf: golden) != original)
        #expect(try Data(contentsOf: scratch.artifacts.appendingPathComponent("scene.expected.png")) == original)
        #expect(scratch.manifest.failures.first?.status == .recorded)
    }

    @Test func aSizeChangeIsReportedAsSuch() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = verifySnapshot(
            of: try Image(width: 10, height: 10, fill: .white), as: .png(), named: "box", in: scratch.goldens,
            environment: scratch.environment())
        let outcome = verifySnapshot(
            of: try Image(width: 10, height: 12, fill: .white), as: .png(), named: "box", in: scratch.goldens,
            environment: scratch.environment())
        #expect(outcome.failureMessage?.contains("size changed") == true)
        #expect(scratch.manifest.failures.first?.status == .sizeChanged)
    }

    @Test func concurrentFailuresAllLandInTheManifest() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let names = (0..<12).map { "shape-\($0)" }
        let environment = scratch.environment(["HOWDY_RECORD": "never"])
        let directory = scratch.goldens
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            let image = try! Image(width: 8, height: 8, fill: .white)
            _ = verifySnapshot(of: image, as: .png(), named: names[index], in: directory, environment: environment)
        }
        #expect(scratch.manifest.failures.map(\.name) == names.sorted())
    }

    @Test func goldensBesideTheTestFileFollowSwiftSnapshotTestingsLayout() {
        let golden = GoldenLocation.golden(
            filePath: "/p/Tests/AppTests/IconTests.swift", testName: "badge(_:)", name: "1", pathExtension: "png")
        #expect(golden.path == "/p/Tests/AppTests/__Snapshots__/IconTests/badge.1.png")
        let explicit = GoldenLocation.golden(
            filePath: "/p/Tests/AppTests/IconTests.swift", testName: "testBadge", name: "dark mode",
            pathExtension: "png", directory: URL(fileURLWithPath: "/g"))
        #expect(explicit.path == "/g/testBadge.dark-mode.png")
        // Names are the path under the package root, without a leading Goldens/.
        #expect(
            GoldenLocation.name(ofGolden: Self.goldens.appendingPathComponent("demo-scene.png"))
                == "HowdyRender/demo-scene")
    }

    @Test func demoSceneMatchesItsGolden() throws {
        assertGolden(
            try DemoScene.render().image, named: "demo-scene", in: Self.goldens,
            tolerance: DiffTolerance(limit: .pixels(0)))
    }
}
