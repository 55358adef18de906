import HowdyTextJSON
import Testing

/// The JSON-lines face of HowdyJSON's reader (whose own grammar tests are HowdyJSONTests):
/// values as `JSONLValue`, failures with their byte offset, nesting limited to 64.
@Suite("Strict JSON reader")
struct JSONReaderTests {
    @Test("values parse with numbers kept as written")
    func values() throws {
        let value = try JSONReader.parse(#" {"a":[1,-2.5e3,true,false,null],"b":"x\"\u00e9\ud83d\ude00","c":{}} "#)
        #expect(
            value["a"]
                == .array([.number(1, text: "1"), .number(-2500, text: "-2.5e3"), .bool(true), .bool(false), .null]))
        #expect(value["b"] == .string("x\"é😀"))
        #expect(value.jsonText == #"{"a":[1,-2.5e3,true,false,null],"b":"x\"é😀","c":{}}"#)
    }

    @Test(
        "each kind of bad input says what it is",
        arguments: [
            ("[1e400]", "the number 1e400 is out of range"),
            (#"["\ud800"]"#, "lone surrogate \\ud800 in a string (a high surrogate needs a low one after it)"),
            (#"["\udc00x"]"#, "lone surrogate \\udc00 in a string (a low surrogate without a high one)"),
            (#"["\ud800\u0041"]"#, "not a low surrogate"),
            (String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "nested deeper than 64 levels"),
            ("{\"a\":1,}", "trailing comma before \"}\""),
            ("[1,]", "trailing comma before \"]\""),
            ("{\"a\":1} x", "unexpected text after the JSON value"),
            ("[01]", "invalid number: no leading zeros"),
            ("[\"a\u{01}\"]", "control character byte 0x1 in a string"),
            ("\"abc", "unterminated string"),
            ("[\"\\q\"]", "invalid escape"),
            (#"{"id":1,"id":2}"#, "duplicate key \"id\""),
        ])
    func failures(input: String, message: String) {
        #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(input) }
        do {
            _ = try JSONReader.parse(input)
        } catch {
            #expect(error.reason.contains(message), "\(error)")
        }
    }

    @Test(
        "invalid UTF-8 is named with its byte and offset",
        arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]])
    func invalidUTF8(_ bad: [UInt8]) {
        let bytes: [UInt8] = Array("[\"ab".utf8) + bad + Array("\"]".utf8)
        do {
            _ = try bytes.withUnsafeBufferPointer { buffer throws(JSONReader.Failure) in try JSONReader.parse(buffer) }
            Issue.record("accepted invalid UTF-8 \(bad)")
        } catch {
            #expect(error.reason.hasPrefix("invalid UTF-8 in a string"), "\(error)")
            #expect(error.offset == 4)
        }
    }

    @Test("deep nesting is refused without deep recursion cost")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(deep) }
    }
}
