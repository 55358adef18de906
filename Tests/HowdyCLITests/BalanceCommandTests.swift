import Foundation
import HowdyRender
import Testing

@Suite("howdy balance")
struct BalanceCommandTests {
    let title = "Get reminders for every plan you make"

    @Test("prints balanced lines by default and greedy lines with --greedy")
    func plainOutput() throws {
        let balanced = try CommandHarness.run([
            "balance", "--font", "Inter-Bold", "--size", "28", "--width", "330", title,
        ])
        #expect(balanced.status == 0)
        #expect(balanced.output == "Get reminders for\nevery plan you make\n")
        let greedy = try CommandHarness.run(
            ["balance", "--greedy", "--font", "Inter-Bold", "--size", "28", "--width", "330", title])
        #expect(greedy.output == "Get reminders for every\nplan you make\n")
    }

    @Test("--json has the documented fields and exact widths")
    func jsonOutput() throws {
        let result = try CommandHarness.run(
            ["balance", "--json", "--font", "Inter-Bold", "--size", "28", "--width", "330", title])
        #expect(result.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let lines = try #require(object["lines"] as? [[String: Any]])
        #expect(lines.count == 2)
        #expect(object["lineCount"] as? Int == 2)
        #expect(object["greedyLineCount"] as? Int == 2)
        let width = try #require(object["width"] as? Double)
        #expect(width == lines.compactMap { $0["width"] as? Double }.max())
        #expect((width * 64).rounded() == width * 64)
        #expect((object["height"] as? Double ?? 0) > 0)
    }

    @Test("--line-break, --word-break and --overflow-wrap reach the layout; bad values exit 2 naming the flag")
    func breakStyleFlags() throws {
        let base = ["balance", "--greedy", "--font", "Inter-Regular", "--size", "20", "--locale", "ja"]
        let text = "確認コードを入力"
        let kept = try CommandHarness.run(
            base + ["--width", "50", "--word-break", "keep-all", "--overflow-wrap", "normal", text])
        #expect(kept.status == 0)
        #expect(kept.output == text + "\n")
        // Three ideographs fit in 61 px: auto (browsers' normal) breaks before ー, strict does not.
        let auto = try CommandHarness.run(base + ["--width", "61", text])
        #expect(auto.output == "確認コ\nードを\n入力\n")
        let strict = try CommandHarness.run(base + ["--width", "61", "--line-break", "strict", text])
        #expect(strict.output == "確認\nコード\nを入力\n")
        for (flag, value) in [("--line-break", "loosest"), ("--word-break", "keep"), ("--overflow-wrap", "wrap")] {
            let bad = try CommandHarness.run(base + ["--width", "50", flag, value, text])
            #expect(bad.status == 2)
            #expect(bad.error.contains("\(flag): expected"))
            #expect(bad.error.contains("got '\(value)'"))
        }
    }

    @Test("--hyphens reaches the layout; a missing dictionary and a bad value exit 2 naming them")
    func hyphensFlag() throws {
        let base = ["balance", "--font", "Inter-Bold", "--size", "28", "--width", "200", "--locale", "de"]
        let text = "Die Kraftfahrzeughaftpflichtversicherung ist Pflicht"
        let auto = try CommandHarness.run(base + ["--hyphens", "auto", text])
        #expect(auto.status == 0)
        #expect(auto.output == "Die Kraft-\nfahrzeug-\nhaftpflicht-\nversicherung\nist Pflicht\n")
        // Without hyphenation the compound is cut between letters.
        let none = try CommandHarness.run(base + ["--hyphens", "none", text])
        #expect(none.output == "Die\nKraftfahrze\nughaftpflich\ntversicheru\nng ist Pflicht\n")
        let json = try CommandHarness.run(base + ["--hyphens", "auto", "--json", text])
        #expect(json.output.hasPrefix(#"{"lines":[{"text":"Die Kraft","width":132.453125,"hyphen":true},"#))
        let missing = try CommandHarness.run(
            [
                "balance", "--font", "Inter-Bold", "--size", "28", "--width", "200", "--locale", "xx", "--hyphens",
                "auto", text,
            ])
        #expect(missing.status == 2)
        #expect(missing.error.contains("no hyphenation dictionary for locale 'xx' in /"))
        let bad = try CommandHarness.run(base + ["--hyphens", "always", text])
        #expect(bad.status == 2)
        #expect(bad.error.contains("--hyphens: expected none|manual|auto, got 'always'"))
    }

    @Test("reads the text from standard input when no TEXT is given")
    func standardInput() throws {
        let result = try CommandHarness.run(
            ["balance", "--font", "Inter-Bold", "--size", "28", "--width", "330"], input: title + "\n")
        #expect(result.output == "Get reminders for\nevery plan you make\n")
    }

    @Test("JSON lines: one answer per request in order; bad lines answer an error and the stream goes on")
    func jsonLines() throws {
        let input = """
            {"id":1,"text":"\(title)","font":"Inter-Bold","size":28,"width":330}
            this is not json
            {"id":"b","text":"Hi","font":"No Such Font","size":16,"width":100}
            {"id":3,"text":"Hi","font":"Inter-Regular","size":16,"width":0}
            {"id":4,"text":"\(title)","font":"Inter-Bold","size":28,"width":330,"mode":"greedy"}
            {"id":5,"text":"Hi","font":"Inter-Regular","size":"big","width":100}
            {"id":6,"text":"\(title)","font":"Inter-Bold","size":28,"width":330,"mode":"even"}
            {"id":true,"text":"Hi","font":"Inter-Regular","size":16,"width":100}
            {"id":7.5,"text":"Hi","font":"Inter-Regular","size":16,"width":100}
            """
        let result = try CommandHarness.run(["balance", "--jsonl"], input: input)
        #expect(result.status == 0)
        let answers = result.output.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(answers.count == 9)
        #expect(result.output.split(separator: "\n")[7].hasPrefix("{\"id\":true,"))
        #expect(result.output.split(separator: "\n")[8].hasPrefix("{\"id\":7.5,"))
        #expect(answers[0]?["id"] as? Int == 1)
        #expect((answers[0]?["lines"] as? [Any])?.count == 2)
        #expect(
            answers[1]?["error"] as? String == "line 2: not JSON: unexpected \"t\" (a value was expected) at byte 1")
        #expect(answers[2]?["id"] as? String == "b")
        #expect((answers[2]?["error"] as? String)?.contains("No Such Font") == true)
        #expect((answers[3]?["error"] as? String)?.contains("width") == true)
        let greedyLines = (answers[4]?["lines"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
        #expect(greedyLines == ["Get reminders for every", "plan you make"])
        #expect((answers[5]?["error"] as? String)?.contains("size: expected a number") == true)
        #expect(answers[6]?["lineCount"] as? Int == 2)
    }

    @Test(
        "bad input exits 2 with a message naming it",
        arguments: [
            (["--font", "Inter-Bold", "--size", "28", "--width", "-5", "x"], "width"),
            (["--font", "Inter-Bold", "--size", "0", "--width", "100", "x"], "font size"),
            (["--font", "Inter-Bold", "--size", "5000", "--width", "100", "x"], "font size"),
            (["--font", "Inter-Bold", "--size", "1e-9", "--width", "100", "x"], "font size"),
            (["--font", "Inter-Bold", "--size", "12", "--width", "1e19", "x"], "width"),
            (
                ["--font", "Inter-Bold", "--size", "12", "--width", "100", "--line-height", "1e308", "--json", "x"],
                "line height"
            ),
            (["--font", "/nonexistent.ttf", "--size", "12", "--width", "100", "x"], "/nonexistent.ttf"),
            (["--font", "Inter-Bold", "--size", "12", "--width", "nan", "x"], "--width"),
            (["--size", "12", "--width", "100", "x"], "--font"),
            (["--greedy", "--even", "--font", "Inter-Bold", "--size", "12", "--width", "100", "x"], "exclude"),
            (["--frobnicate"], "--frobnicate"),
        ])
    func badInput(arguments: [String], mentions: String) throws {
        let result = try CommandHarness.run(["balance"] + arguments)
        #expect(result.status == 2)
        #expect(result.error.contains(mentions), "\(result.error)")
    }

    @Test("--help for every command exits 0")
    func help() throws {
        let top = try CommandHarness.run(["--help"])
        #expect(top.status == 0)
        #expect(top.output.contains("balance"))
        let balance = try CommandHarness.run(["balance", "--help"])
        #expect(balance.status == 0 && balance.output.contains("--jsonl"))
        #expect(try CommandHarness.run(["frobnicate"]).status == 2)
    }

    @Test("--out draws the lines over the width box, the covered span tinted, as PNG or PPM")
    func imageOutput() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-balance-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("title.png").path
        let result = try CommandHarness.run(
            ["balance", "--json", "--font", "Inter-Bold", "--size", "28", "--width", "330", "--out", png, title])
        #expect(result.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let width = try #require(object["width"] as? Double), height = try #require(object["height"] as? Double)
        let image = try Image(contentsOf: URL(fileURLWithPath: png))
        #expect(image.width == 330 + 32 && image.height == Int((height + 32).rounded(.up)))
        // The box's top row is above every glyph: blue over the lines' span, grey beyond it.
        #expect(image[Int(width) + 16 - 2, 16] == SIMD4(0xD6, 0xE6, 0xFF, 255))
        #expect(image[Int(width.rounded(.up)) + 16 + 2, 16] == SIMD4(0xF2, 0xF2, 0xF7, 255))
        #expect(image[4, 4] == SIMD4(255, 255, 255, 255))  // margin
        // Ink only inside the lines' span.
        for y in 0..<image.height {
            for x in Int(width.rounded(.up)) + 17..<image.width { #expect(image[x, y].x > 200) }
        }
        let ppm = directory.appendingPathComponent("title.ppm").path
        let ppmResult = try CommandHarness.run(
            ["balance", "--font", "Inter-Bold", "--size", "28", "--width", "330", "--out", ppm, title])
        #expect(ppmResult.status == 0)
        #expect(try Image(contentsOf: URL(fileURLWithPath: ppm)) == image)
    }

    @Test("--out is refused with --jsonl and names a path it cannot write")
    func imageOutputErrors() throws {
        let stream = try CommandHarness.run(["balance", "--jsonl", "--out", "/tmp/x.png"], input: "")
        #expect(stream.status == 2)
        let unwritable = try CommandHarness.run(
            [
                "balance", "--font", "Inter-Bold", "--size", "28", "--width", "330", "--out", "/nonexistent/dir/a.png",
                title,
            ])
        #expect(unwritable.status == 2)
        #expect(unwritable.error.contains("/nonexistent/dir/a.png"))
    }
}

@Suite("howdy balance --jsonl, issue 11 repros")
struct BalanceStreamReproTests {
    @Test("invalid UTF-8, surrogates, deep nesting and 1e400 each get their own message; object ids echo")
    func preciseErrors() throws {
        let lines = [
            "{\"id\":1,\"text\":\"a\u{FFFD}\"}".replacingOccurrences(of: "\u{FFFD}", with: "\\udc00"),
            String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
            #"{"id":{"k":[1,"x"]},"text":"Hi","font":"Inter-Bold","size":1e400,"width":100}"#,
            #"{"id":{"k":[1,"x"]},"text":"Hi","font":"Inter-Bold","size":16,"width":100}"#,
        ]
        let result = try CommandHarness.run(["balance", "--jsonl"], input: lines.joined(separator: "\n"))
        let answers = result.output.split(separator: "\n").map(String.init)
        #expect(answers.count == 4)
        #expect(answers[0].contains("lone surrogate \\\\udc00 in a string (a low surrogate without a high one)"))
        #expect(answers[1].contains("nested deeper than 64 levels"))
        #expect(answers[2].contains("number 1e400 is out of range"))
        #expect(answers[3].hasPrefix(#"{"id":{"k":[1,"x"]},"lines":"#))
    }

    @Test("--jobs 2 answers exactly what --jobs 1 does, in input order")
    func jobs() throws {
        var lines: [String] = []
        for index in 0..<120 {
            lines.append(#"{"id":\#(index),"text":"Plan \#(index) reminders for every day","width":\#(120 + index)}"#)
        }
        let input = lines.joined(separator: "\n")
        let one = try CommandHarness.run(["balance", "--jsonl", "--font", "Inter-Bold", "--size", "20"], input: input)
        let two = try CommandHarness.run(
            ["balance", "--jsonl", "--jobs", "2", "--font", "Inter-Bold", "--size", "20"], input: input)
        #expect(one.status == 0 && two.status == 0)
        #expect(one.output == two.output)
        #expect(one.output.split(separator: "\n").count == 120)
        let bad = try CommandHarness.run(["balance", "--jsonl", "--jobs", "0"])
        #expect(bad.status == 2 && bad.error.contains("--jobs"))
    }
}
