import Foundation
import HowdyRender
import Testing

/// `howdy balance --pretty`, `--objective` and the JSONL `"mode":"pretty"`.
@Suite("howdy balance --pretty")
struct PrettyCommandTests {
    let text = "Turn on notifications so we can remind you when your plan is ready"
    let base = ["balance", "--font", "Inter-Regular", "--size", "17", "--width", "252"]

    @Test("--pretty and --objective pretty print the pretty lines; --objective names every objective")
    func flags() throws {
        let pretty = try CommandHarness.run(base + ["--pretty", text])
        #expect(pretty.status == 0)
        #expect(pretty.output == "Turn on notifications so we can\nremind you when your plan\nis ready\n")
        #expect(try CommandHarness.run(base + ["--objective", "pretty", text]).output == pretty.output)
        let even = try CommandHarness.run(base + ["--even", text])
        #expect(even.output == "Turn on notifications\nso we can remind you\nwhen your plan is ready\n")
        #expect(try CommandHarness.run(base + ["--objective", "even", text]).output == even.output)
        let narrowest = try CommandHarness.run(base + [text])
        #expect(narrowest.output == "Turn on notifications so\nwe can remind you\nwhen your plan is ready\n")
        #expect(try CommandHarness.run(base + ["--objective", "narrowest", text]).output == narrowest.output)
    }

    @Test(
        "conflicting or unknown objectives exit 2 naming the flags",
        arguments: [
            (["--even", "--pretty"], "--even and --pretty exclude each other"),
            (["--greedy", "--objective", "pretty"], "--greedy and --objective exclude each other"),
            (["--objective", "prettiest"], "--objective: expected narrowest, even or pretty, got 'prettiest'"),
        ])
    func conflicts(flags: [String], message: String) throws {
        let result = try CommandHarness.run(base + flags + [text])
        #expect(result.status == 2)
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test("JSONL \"mode\":\"pretty\" answers the pretty lines; an unknown mode lists pretty")
    func jsonLines() throws {
        let input = """
            {"id":1,"text":"\(text)","font":"Inter-Regular","size":17,"width":252,"mode":"pretty"}
            {"id":2,"text":"\(text)","font":"Inter-Regular","size":17,"width":252,"mode":"prettiest"}
            """
        let result = try CommandHarness.run(["balance", "--jsonl"], input: input)
        #expect(result.status == 0)
        let answers = result.output.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(answers.count == 2)
        let lines = (answers[0]?["lines"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
        #expect(lines == ["Turn on notifications so we can", "remind you when your plan", "is ready"])
        #expect(answers[0]?["greedyLineCount"] as? Int == 3)
        let error = answers[1]?["error"] as? String
        #expect(error == #"line 2: mode: expected "balance", "greedy", "even" or "pretty", got "prettiest""#)
        // --pretty sets the default mode for requests that leave it out.
        let defaulted = try CommandHarness.run(
            ["balance", "--jsonl", "--pretty"],
            input: #"{"text":"\#(text)","font":"Inter-Regular","size":17,"width":252}"#)
        #expect(defaulted.output.contains(#"{"text":"is ready""#))
    }

    /// The text engine article shows pretty-*.png as what `--out` draws; they must still be.
    @Test(
        "the text engine article's images are what howdy balance --out draws today",
        arguments: ["greedy", "narrowest", "even", "pretty"])
    func readmeImages(objective: String) throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/HowdyText/HowdyText.docc/Resources").standardized
        let expected = try Image(contentsOf: docs.appendingPathComponent("pretty-\(objective).png"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-pretty-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let flag = objective == "greedy" ? ["--greedy"] : ["--objective", objective]
        let result = try CommandHarness.run(base + flag + ["--out", path, text])
        #expect(result.status == 0)
        let actual = try Image(contentsOf: URL(fileURLWithPath: path))
        #expect(actual.width == expected.width && actual.height == expected.height)
        let diff = try ImageDiff(actual, expected, tolerance: .strict)
        #expect(
            diff.isWithin(.strict),
            "pretty-\(objective).png is stale: \(diff.summary); draw it again with howdy balance \((base + flag).dropFirst().joined(separator: " ")) --out Sources/HowdyText/HowdyText.docc/Resources/pretty-\(objective).png and look at it"
        )
    }

    @Test("--help documents --pretty and the CSS property it mirrors")
    func help() throws {
        let help = try CommandHarness.run(["balance", "--help"])
        #expect(help.output.contains("--pretty"))
        #expect(help.output.contains("text-wrap: pretty"))
        #expect(help.output.contains("balance|greedy|even|pretty"))
    }
}
