import Foundation
import Testing

/// `howdy render --display-list` writes each image's display list beside it.
@Suite struct DisplayListFlagTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func eachImageGetsItsDisplayListAsJSON() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-dl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let spec = Self.root.appendingPathComponent("Examples/custom.json").path
        let result = try CommandHarness.run([
            "render", spec, "--out", out.path, "--scheme", "light", "--scale", "1", "--display-list",
        ])
        #expect(result.status == 0, "\(result.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(
            files == [
                "01-streak_phone-light@1x.display-list.json", "01-streak_phone-light@1x.png", "contact-sheet-light.png",
                "index.html", "render-manifest.json",
            ])
        let data = try Data(contentsOf: out.appendingPathComponent("01-streak_phone-light@1x.display-list.json"))
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(list["width"] as? Int == 393 && list["height"] as? Int == 852)
        let content = try #require(list["content"] as? [[String: Any]])
        #expect(content.contains { $0["op"] as? String == "text" && $0["role"] as? String == "streak count" })
        let footer = try #require(list["footer"] as? [[String: Any]])
        #expect(
            footer.contains { $0["role"] as? String == "primary button" && $0["text"] as? String == "Start my streak" })
    }

    @Test func withoutTheFlagNoDisplayListIsWritten() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-dl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let spec = Self.root.appendingPathComponent("Examples/custom.json").path
        let result = try CommandHarness.run(["render", spec, "--out", out.path, "--scheme", "dark", "--scale", "1"])
        #expect(result.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(!files.contains { $0.hasSuffix(".display-list.json") })
        #expect(files.contains("render-manifest.json"))
    }
}
