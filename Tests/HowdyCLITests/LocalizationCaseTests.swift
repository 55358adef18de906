import Foundation
import Testing

/// The localization case files (Tests/HowdyCLITests/LocalizationCases): each folder holds
/// a spec, its catalogs or tables, and `expected.json` with the text Foundation's
/// `String(localized:)` gives for each rendered image (written by hand from Apple's
/// documentation, with the reasoning in `why`) and, for some, what `howdy lint` must say.
/// Each case is rendered with `--display-list` and the drawn texts are compared.
@Suite("Localization case files: drawn text as Foundation gives it")
struct LocalizationCaseTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("LocalizationCases")

    static let cases: [String] = {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()) ?? []
    }()

    struct Expected: Decodable {
        var texts: [String: [String]]
        var lint: [String]?
        var lintAbsent: [String]?
        var lintStatus: Int32?
        var lintStrictStatus: Int32?
    }

    @Test("the corpus covers every item of the issue")
    func corpusIsThere() {
        #expect(Self.cases.count >= 9, "\(Self.cases)")
    }

    @Test("each case draws the expected text in every locale and device", arguments: cases)
    func drawsExpectedText(name: String) throws {
        let caseFolder = Self.folder.appendingPathComponent(name)
        let expected = try JSONDecoder().decode(
            Expected.self, from: Data(contentsOf: caseFolder.appendingPathComponent("expected.json")))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-l10n-case-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let spec = caseFolder.appendingPathComponent("flow.json").path
        let result = try CommandHarness.run(["render", spec, "--out", out.path, "--scale", "1", "--display-list"])
        #expect(result.status == 0, "\(result.error)")
        var drawn: [String: [String]] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: out.path)
        where file.hasSuffix(".display-list.json") {
            let data = try Data(contentsOf: out.appendingPathComponent(file))
            let list = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            var texts: [String] = []
            for group in ["content", "footer", "overlay"] {
                for operation in list[group] as? [[String: Any]] ?? []
                where operation["op"] as? String == "text" && operation["role"] as? String != "feature icon" {
                    texts.append(operation["text"] as? String ?? "")
                }
            }
            drawn[String(file.dropLast(".display-list.json".count))] = texts
        }
        #expect(drawn.keys.sorted() == expected.texts.keys.sorted())
        for (image, texts) in expected.texts.sorted(by: { $0.key < $1.key }) {
            #expect(drawn[image] == texts, "\(name) \(image)")
        }
        guard expected.lint != nil || expected.lintAbsent != nil || expected.lintStatus != nil else { return }
        let lint = try CommandHarness.run(["lint", spec])
        #expect(lint.status == (expected.lintStatus ?? 0), "\(name): \(lint.output)\(lint.error)")
        for line in expected.lint ?? [] { #expect(lint.output.contains(line), "\(name) lint: \(line)\n\(lint.output)") }
        for line in expected.lintAbsent ?? [] { #expect(!lint.output.contains(line), "\(name) lint: \(line)") }
        if let strict = expected.lintStrictStatus {
            #expect(try CommandHarness.run(["lint", spec, "--strict"]).status == strict)
        }
    }
}
