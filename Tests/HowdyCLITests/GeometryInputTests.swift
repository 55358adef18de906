import Foundation
import Testing

/// Spec numbers that would make geometry that is not finite are refused with exit 2 and a
/// message naming the JSON path, before anything is drawn.
@Suite struct GeometryInputTests {
    @Test func aCommitmentRangeTooWideForTheSliderIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "howdy-geometry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Every number is finite, but max - min is not: the slider's position would be NaN
        // (before this check the slider's rectangle was refused at draw time, without a JSON path).
        let spec = folder.appendingPathComponent("huge.json")
        try #"""
        { "steps": [{ "id": "a", "kind": "commitment", "key": "n", "title": "How many?",
          "range": [-1e308, 1e308], "step": 1e307, "default": 0, "value": 1e308 }] }
        """#.write(to: spec, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let result = try CommandHarness.run(["render", spec.path, "--out", out.path, "--scale", "1"])
        #expect(result.status == 2)
        #expect(result.error.contains("steps[0].range: expected max - min to be a finite number"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("01-a_phone-light@1x.png").path))
        // The widest range that still fits renders.
        try #"""
        { "steps": [{ "id": "a", "kind": "commitment", "key": "n", "title": "How many?",
          "range": [-1e307, 1e307], "step": 1e306, "default": 0, "value": 1e307 }] }
        """#.write(to: spec, atomically: true, encoding: .utf8)
        let wide = try CommandHarness.run([
            "render", spec.path, "--out", out.path, "--scale", "1", "--scheme", "light", "--device", "small-phone",
        ])
        #expect(wide.status == 0, "\(wide.error)")
    }
}
