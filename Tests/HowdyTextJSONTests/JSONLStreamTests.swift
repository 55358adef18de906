import HowdyText
import HowdyTextJSON
import Testing

/// Feeds `input` to a stream in chunks of `chunk` bytes and collects the output.
func runStream(_ input: [UInt8], jobs: Int = 1, chunk: Int = 1 << 16, limit: Int = JSONLStream.maximumLineBytes)
    throws -> (output: String, writes: Int)
{
    var stream = JSONLStream(
        defaults: BalanceDefaults(font: "Inter-Bold", size: 28, width: 330), jobs: jobs, maximumLineBytes: limit)
    var offset = 0
    var output = ""
    var writes = 0
    try stream.run(
        read: { buffer in
            let count = min(chunk, buffer.count, input.count - offset)
            for index in 0..<count { buffer[index] = input[offset + index] }
            offset += count
            return count
        },
        write: {
            output += $0
            writes += 1
        })
    return (output, writes)
}

@Suite("JSON-lines session and stream")
struct JSONLStreamTests {
    let title = "Get reminders for every plan you make"

    @Test("ids of every JSON type come back as given, errors name the line and the problem")
    func idsAndErrors() throws {
        let session = BalanceSession(defaults: BalanceDefaults(font: "Inter-Bold", size: 28, width: 330))
        #expect(session.answer(#"{"id":{"a":[1,2]},"text":"Hi"}"#, line: 1).hasPrefix(#"{"id":{"a":[1,2]},"lines":"#))
        #expect(session.answer(#"{"id":1.50,"text":"Hi"}"#, line: 1).hasPrefix(#"{"id":1.50,"lines":"#))
        #expect(session.answer(#"{"id":[null],"text":"Hi"}"#, line: 1).hasPrefix(#"{"id":[null],"lines":"#))
        #expect(
            session.answer(#"{"id":1,"text":"Hi","size":1e400}"#, line: 3).contains(
                "line 3: not JSON: the number 1e400 is out of range"))
        #expect(
            session.answer(#"{"id":1,"text":"\udc00"}"#, line: 2).contains(#"line 2: not JSON: lone surrogate \\udc00"#)
        )
        #expect(
            session.answer("[1]", line: 4) == #"{"id":null,"error":"line 4: expected a JSON object, got an array"}"#)
        #expect(
            session.answer(#"{"id":"x","text":"Hi","widht":3}"#, line: 5).contains(
                #""id":"x","error":"line 5: widht: unknown field"#))
        #expect(
            session.answer(#"{"id":"x","text":"Hi","size":"big"}"#, line: 6).contains(
                "size: expected a number, got a string"))
        // One wording for JSON kinds across specs, stores and requests (HowdyJSON's JSONKind).
        #expect(
            session.answer(#"{"id":"x","text":true}"#, line: 7).contains("text: expected a string, got a Boolean"))
    }

    @Test("answers equal the library's layout, with every request field honoured")
    func fields() throws {
        let session = BalanceSession()
        let answer = session.answer(
            #"{"id":7,"text":"\#(title)","font":"Inter-Bold","size":28,"width":330,"mode":"greedy","lineHeight":40,"features":["kern=0"],"direction":"ltr","locale":"en"}"#,
            line: 1)
        var options = TextOptions(
            direction: .leftToRight, lineHeight: 40, locale: "en", features: [try FontFeature("kern=0")])
        options.usesWordCache = false
        let expected = try ShapedText(title, font: try Font(named: "Inter-Bold", size: 28), options: options).layout(
            width: 330)
        var writer = JSONWriter()
        writer.layout(expected, id: .number(7, text: "7"))
        #expect(answer == writer.text)
        #expect(answer.contains(#""height":80"#))
    }

    @Test("the stream answers in order across chunk edges and on any number of threads")
    func orderAndJobs() throws {
        var lines: [String] = []
        for index in 0..<200 {
            let width = 150 + index % 40 * 5
            lines.append(#"{"id":\#(index),"text":"\#(title) \#(index)","width":\#(width)}"#)
        }
        lines.insert("not json", at: 17)
        let input = Array((lines.joined(separator: "\n") + "\n").utf8)
        let one = try runStream(input, jobs: 1, chunk: 7)
        let many = try runStream(input, jobs: 3, chunk: 4096)
        #expect(one.output == many.output)
        let answers = one.output.split(separator: "\n")
        #expect(answers.count == 201)
        #expect(
            answers[17]
                == #"{"id":null,"error":"line 18: not JSON: unexpected \"n\" (a value was expected) at byte 1"}"#
        )
        #expect(answers[200].hasPrefix(#"{"id":199,"#))
    }

    @Test("a line over the cap is answered while it arrives, the rest of it is skipped, and the stream goes on")
    func longLine() throws {
        let long = #"{"id":1,"text":""# + String(repeating: "a", count: 5000) + #""}"#
        let input = Array((#"{"id":0,"text":"Hi"}"# + "\n" + long + "\n" + #"{"id":2,"text":"Hi"}"#).utf8)
        let result = try runStream(input, chunk: 100, limit: 1000)
        let answers = result.output.split(separator: "\n")
        #expect(answers.count == 3)
        #expect(answers[0].hasPrefix(#"{"id":0,"#))
        #expect(answers[1] == #"{"id":null,"error":"line 2: longer than 1000 bytes; the rest of the line is skipped"}"#)
        #expect(answers[2].hasPrefix(#"{"id":2,"#))
        // The error went out before the long line ended: in the write of the chunk that crossed the cap.
        #expect(result.writes >= 3)
    }

    @Test("a write failure ends the stream with that error")
    func writeFailure() {
        struct Closed: Error {}
        var stream = JSONLStream(defaults: BalanceDefaults(font: "Inter-Bold", size: 28, width: 330))
        var sent = false
        #expect(throws: Closed.self) {
            try stream.run(
                read: { buffer in
                    guard !sent else { return 0 }
                    sent = true
                    let line = Array(#"{"text":"Hi"}"#.utf8) + [0x0A]
                    for (index, byte) in line.enumerated() { buffer[index] = byte }
                    return line.count
                },
                write: { _ in throw Closed() })
        }
    }
}
