import Foundation
import Testing

@Suite("howdy render/lint --locale")
struct LocaleCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let localized = root.appendingPathComponent("Examples/localized.json").path
    static let hebrew = root.appendingPathComponent("Examples/hebrew.json").path

    @Test("render --locale names files by locale and groups index.html; a bad locale is a usage error")
    func renderLocales() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let result = howdy([
            "render", Self.localized, "--out", scratch.path("out"), "--device", "phone", "--scheme", "light",
            "--scale", "1", "--locale", "ar,pseudo",
        ])
        #expect(result.code == 0, "\(result.err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path("out"))
        #expect(files.contains("01-welcome_phone-light-ar@1x.png"))
        #expect(files.contains("04-push-not-requested_phone-light-pseudo@1x.png"))
        #expect(!files.contains { $0.contains("-de@") || $0.contains("-en@") })
        let index = String(decoding: try scratch.read("out/index.html"), as: UTF8.self)
        #expect(index.contains("id=\"locale-ar\"") && index.contains("id=\"locale-pseudo\""))
        let bad = howdy(["render", Self.localized, "--out", scratch.path("bad"), "--locale", "de/../../x"])
        #expect(bad.code == 2 && bad.err.contains("--locale"))
    }

    @Test("lint warns per locale; --strict turns warnings into exit 1; contrast keeps its exit status")
    func lintWarnings() throws {
        let clean = howdy(["lint", Self.localized, "--frames", "1", "--scheme", "light", "--locale", "de,ja,pseudo"])
        #expect(clean.code == 0, "\(clean.out)")
        #expect(clean.out.contains("layout: 0 warnings over 24 screen layouts"))
        let hebrew = howdy(["lint", Self.hebrew, "--frames", "1", "--scheme", "light"])
        #expect(hebrew.code == 0)
        #expect(hebrew.out.contains("WARN 01-welcome [he phone large] secondary button \"דלג\" 26×44 pt: tap target"))
        let strict = howdy(["lint", Self.hebrew, "--frames", "1", "--scheme", "light", "--strict"])
        #expect(strict.code == 1)
    }
}
