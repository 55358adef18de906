import Foundation
import Testing

@Suite struct RenderCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func temporary() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("howdy-render-\(UUID().uuidString)")
    }

    @Test func rendersEveryScreenAndAnIndex() throws {
        let out = temporary()
        defer { try? FileManager.default.removeItem(at: out) }
        let spec = Self.root.appendingPathComponent("Examples/plain.json").path
        let result = try CommandHarness.run([
            "render", spec, "--out", out.path, "--device", "small-phone", "--scheme", "dark", "--scale", "1",
        ])
        #expect(result.status == 0, "\(result.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(
            files == [
                "01-welcome_small-phone-dark@1x.png", "02-intro_small-phone-dark@1x.png",
                "03-push-not-requested_small-phone-dark@1x.png", "contact-sheet-dark.png", "index.html",
                "render-manifest.json",
            ])
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("02-intro_small-phone-dark@1x.png"))
        #expect(result.error.contains("[3/3]"), "progress goes to stderr")
        #expect(result.output.contains("wrote 3 images"))
        let json = try CommandHarness.run([
            "render", spec, "--out", out.path, "--device", "phone", "--scheme", "light", "--scale", "1", "--json",
        ])
        #expect(json.status == 0)
        let listed = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(listed?.count == 3)
        #expect(listed?.first?["fileName"] as? String == "01-welcome_phone-light@1x.png")
        #expect(listed?.first?["pixelWidth"] as? Int == 393)
        let ppm = try CommandHarness.run([
            "render", spec, "--out", out.path, "--device", "desktop", "--scheme", "light", "--scale", "1", "--format",
            "ppm",
        ])
        #expect(ppm.status == 0)
        let bytes = try Data(contentsOf: out.appendingPathComponent("01-welcome_desktop-light@1x.ppm"))
        #expect(bytes.starts(with: Data("P6\n600 700\n255\n".utf8)))
    }

    @Test func scrollPositionsNameTheirFilesAndSkipScreensThatFit() throws {
        let out = temporary(), fitting = temporary()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: fitting)
        }
        let spec = Self.root.appendingPathComponent("Examples/plain.json").path
        // At accessibility5 on the small phone every page of the plain flow scrolls.
        let result = try CommandHarness.run([
            "render", spec, "--out", out.path, "--device", "small-phone", "--scheme", "light", "--scale", "1",
            "--scroll", "all", "--type-size", "accessibility5",
        ])
        #expect(result.status == 0, "\(result.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(files.contains("01-welcome_small-phone-light-accessibility5@1x.png"))
        #expect(files.contains("01-welcome_small-phone-light-accessibility5-scroll-end@1x.png"))
        #expect(files.count == 6 + 3, "6 images, the index, one contact sheet and the manifest")
        // At the default size on the phone every page fits: the end would repeat the top.
        let fits = try CommandHarness.run([
            "render", spec, "--out", fitting.path, "--device", "phone", "--scheme", "light", "--scale", "1",
            "--scroll", "all",
        ])
        #expect(fits.status == 0)
        #expect(fits.output.contains("wrote 3 images"))
        #expect(fits.error.contains("skipped: its content fits the screen"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fitting.path).allSatisfy { !$0.contains("scroll") })
        let bad = try CommandHarness.run(["render", spec, "--out", out.path, "--scroll", "middle"])
        #expect(bad.status == 2)
        #expect(bad.error.contains("--scroll"))
    }

    @Test func badSpecsExitTwoNamingTheJSONPath() throws {
        let folder = temporary()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("bad.json")
        try #"{ "steps": [{ "id": "a", "kind": "singleSelect", "options": [{ "id": "x", "label": 1 }] }] }"#.write(
            to: spec, atomically: true, encoding: .utf8)
        let result = try CommandHarness.run(["render", spec.path, "--out", folder.appendingPathComponent("out").path])
        #expect(result.status == 2)
        #expect(result.error.contains("steps[0].options[0].label: expected a string"))
        let missing = try CommandHarness.run(["render", spec.path])
        #expect(missing.status == 2)
        let device = try CommandHarness.run([
            "render", Self.root.appendingPathComponent("Examples/plain.json").path, "--out", folder.path, "--device",
            "watch",
        ])
        #expect(device.status == 2)
    }

    @Test func motionOutOfRangeWarnsOnStderr() throws {
        let folder = temporary()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("motion.json")
        try
            #"{ "theme": { "background": { "kind": "animatedGradient", "motion": -4 } }, "welcome": { "id": "w", "title": "Hi" }, "steps": [] }"#
            .write(to: spec, atomically: true, encoding: .utf8)
        let result = try CommandHarness.run([
            "render", spec.path, "--out", folder.appendingPathComponent("out").path, "--scale", "1", "--scheme",
            "light",
        ])
        #expect(result.status == 0)
        #expect(
            result.error.contains(
                "warning: theme.background.motion: motion strength -4.0 is outside 0...2; clamped to 0.0"))
    }

    @Test func lintFailsWithExitOneAndListsFindings() throws {
        let folder = temporary()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("pale.json")
        try
            ##"{ "theme": { "primary": "#CCCCCC" }, "welcome": { "id": "w", "title": "Pale" }, "steps": [], "render": { "schemes": ["light"] } }"##
            .write(to: spec, atomically: true, encoding: .utf8)
        let result = try CommandHarness.run(["lint", spec.path, "--frames", "1"])
        #expect(result.status == 1)
        #expect(
            result.output.contains(
                "FAIL 01-welcome [phone light large t=0.00s] title \"Pale\": contrast 1.61:1, needs 3:1"))
        let ok = try CommandHarness.run([
            "lint", Self.root.appendingPathComponent("Examples/plain.json").path, "--frames", "1",
        ])
        #expect(ok.status == 0, "\(ok.output)")
    }

    @Test func aStoreLimitsTheRenderToThePagesStillNeeded() throws {
        let folder = temporary()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = Self.root.appendingPathComponent("Examples/plain.json").path
        let store = folder.appendingPathComponent("store.json").path
        let record = try CommandHarness.run([
            "flow", "record", "com.example.notes.welcome", "true", "--store", store, "--spec", spec,
        ])
        #expect(record.status == 0, "\(record.error)")
        let out = folder.appendingPathComponent("out")
        let result = try CommandHarness.run([
            "render", spec, "--out", out.path, "--device", "phone", "--scheme", "light", "--scale", "1", "--store",
            store,
        ])
        #expect(result.status == 0, "\(result.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(
            files == [
                "01-intro_phone-light@1x.png", "02-push-not-requested_phone-light@1x.png", "contact-sheet-light.png",
                "index.html", "render-manifest.json",
            ])
        try "{ not json".write(toFile: store, atomically: true, encoding: .utf8)
        let corrupt = try CommandHarness.run(["render", spec, "--out", out.path, "--store", store])
        #expect(corrupt.status == 2)
    }
}
