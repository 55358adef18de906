import Testing

@testable import HowdyJSON

/// The one reader: RFC 8259 and nothing more, every refusal with its byte offset.
@Suite("JSONParser")
struct JSONParserTests {
    static func parse(_ text: String, depth: Int = 128) throws(JSONSyntaxError) -> JSON {
        try JSON.parse(Array(text.utf8), maximumDepth: depth, skipsByteOrderMark: true)
    }

    /// `path: message (line L, column C)`, as a spec error reads.
    static func located(_ text: String, depth: Int = 128) -> String? {
        do {
            _ = try parse(text, depth: depth)
            return nil
        } catch {
            let location = JSONLocation(offset: error.offset, in: Array(text.utf8))
            return "\(location.path.isEmpty ? "(root)" : location.path): \(error.message) (\(location.text))"
        }
    }

    @Test("members keep their order, numbers their text, values their byte offsets")
    func values() throws {
        let text = #" {"z":[1,-2.5e3,true,false,null],"a":"x\"\u00e9\ud83d\ude00","m":{},"n":1E2} "#
        let value = try Self.parse(text)
        guard case .object(let members) = value.value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m", "n"])
        #expect(value.offset == 1)
        guard case .array(let items) = value["z"]?.value else {
            Issue.record("z is not an array")
            return
        }
        #expect(items.map(\.offset) == [7, 9, 16, 21, 27])
        if case .number(let number, let source) = items[1].value {
            #expect(number == -2500 && source == "-2.5e3")
        } else {
            Issue.record("not a number")
        }
        if case .string(let string) = value["a"]?.value { #expect(string == "x\"é😀") }
        #expect(value.jsonText == #"{"z":[1,-2.5e3,true,false,null],"a":"x\"é😀","m":{},"n":1E2}"#)
    }

    @Test(
        "what JSON does not allow is an error with its path, line and column",
        arguments: [
            (#"{"a": 1,}"#, "(root): not valid JSON: trailing comma before \"}\" (line 1, column 9)"),
            ("[1,\n 2,\n]", "(root): not valid JSON: trailing comma before \"]\" (line 3, column 1)"),
            (#"{"a": [01]}"#, "a[0]: not valid JSON: invalid number: no leading zeros (line 1, column 10)"),
            (#"{"a": "\x"}"#, "a: not valid JSON: invalid escape \"\\x\" in a string (line 1, column 10)"),
            (#"{"a": 1} 2"#, "(root): not valid JSON: unexpected text after the JSON value (line 1, column 10)"),
            (#"{"a": 'x'}"#, "a: not valid JSON: unexpected \"'\" (a value was expected) (line 1, column 7)"),
            (
                "{\"a\": \"\t\"}",
                "a: not valid JSON: control character byte 0x9 in a string (write it as an escape) (line 1, column 8)"
            ),
            (#"{"a": -}"#, "a: not valid JSON: invalid number: a digit must follow \"-\" (line 1, column 8)"),
            (#"{"a": 1e}"#, "a: not valid JSON: invalid number: the exponent has no digits (line 1, column 9)"),
            (#"{"a" 1}"#, "a: not valid JSON: expected \":\" after the key, found \"1\" (line 1, column 6)"),
            (#"{a: 1}"#, "(root): not valid JSON: expected a key in double quotes, found \"a\" (line 1, column 2)"),
            (
                #"[1 2]"#,
                "(root): not valid JSON: expected \",\" or \"]\" after an element, found \"2\" (line 1, column 4)"
            ),
            (#"{"a": "x"#, "a: not valid JSON: unterminated string (no closing \") (line 1, column 9)"),
            ("", "(root): not valid JSON: unexpected end of the text (a value was expected) (line 1, column 1)"),
            (#"{"a": [1e400]}"#, "a[0]: not valid JSON: the number 1e400 is out of range (line 1, column 8)"),
            (
                #"["\ud800"]"#,
                "[0]: not valid JSON: lone surrogate \\ud800 in a string (a high surrogate needs a low one after it) (line 1, column 3)"
            ),
            (
                #"["\udc00x"]"#,
                "[0]: not valid JSON: lone surrogate \\udc00 in a string (a low surrogate without a high one) (line 1, column 3)"
            ),
            (
                #"{"k\u00e9": 1, "k\u00e9": 2}"#,
                "k\u{e9}: duplicate key \"k\u{e9}\" (its first value would be lost) (line 1, column 25)"
            ),
            (
                #"{"a": {"b": [{}, {"c": tru}]}}"#,
                "a.b[1].c: not valid JSON: unexpected \"t\" (a value was expected) (line 1, column 24)"
            ),
        ])
    func errors(text: String, expected: String) {
        #expect(Self.located(text) == expected)
    }

    @Test("a column counts Unicode scalars, not bytes, and lines count line feeds")
    func multiByteColumns() {
        // "é" is 2 bytes, "😀" 4, "日" 3: the bad value is the 19th scalar of line 2 (its
        // 24th byte), and the line's end is column 21.
        let text = "{\"é\": 1,\r\n \"😀日\": \"ok\", \"x\": ?}"
        #expect(Self.located(text) == "x: not valid JSON: unexpected \"?\" (a value was expected) (line 2, column 19)")
        let location = JSONLocation(offset: Array(text.utf8).count, in: Array(text.utf8))
        #expect(location.line == 2 && location.column == 21)
        // A key with an escape in the path is decoded.
        #expect(Self.located(#"{"\u00e9\n": [true, nul]}"#)?.hasPrefix("é\n[1]: not valid JSON") == true)
    }

    @Test("the nesting limit is the caller's: exactly maximumDepth levels pass")
    func depthParameter() throws {
        let three = "[[{\"a\":[]}]]"
        #expect(throws: JSONSyntaxError.self) { try Self.parse(three, depth: 3) }
        _ = try Self.parse(three, depth: 4)
        #expect(
            Self.located("[[[1]]]", depth: 2)
                == "[0][0]: not valid JSON: nested deeper than 2 levels (line 1, column 3)")
        // Hostile nesting stops at the limit without recursing further.
        let deep = String(repeating: "[", count: 200_000)
        #expect(throws: JSONSyntaxError(offset: 64, reason: "nested deeper than 64 levels")) {
            try Self.parse(deep, depth: 64)
        }
    }

    @Test("a repeated key is refused in small and large objects, at the second key")
    func duplicateKeys() {
        let large = "{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"k17\": 0}"
        do {
            _ = try Self.parse(large)
            Issue.record("accepted a repeated key")
        } catch {
            #expect(error.isDuplicateKey)
            #expect(error.reason == "duplicate key \"k17\" (its first value would be lost)")
            #expect(JSONLocation(offset: error.offset, in: Array(large.utf8)).path == "k17")
        }
        #expect(throws: JSONSyntaxError.self) { try Self.parse(#"[{"a": {"b": 1, "b": 1}}]"#) }
        // The same key in different objects is fine.
        #expect((try? Self.parse(#"[{"a": 1}, {"a": 2, "b": {"a": 3}}]"#)) != nil)
    }

    @Test(
        "invalid UTF-8 is named with its byte and offset",
        arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]])
    func invalidUTF8(_ bad: [UInt8]) {
        let bytes: [UInt8] = Array("[\"ab".utf8) + bad + Array("\"]".utf8)
        do {
            _ = try JSON.parse(bytes, maximumDepth: 8)
            Issue.record("accepted invalid UTF-8 \(bad)")
        } catch {
            #expect(error.reason.hasPrefix("invalid UTF-8 in a string"), "\(error)")
            #expect(error.offset == 4)
            #expect(error.description.hasSuffix("at byte 5"))
        }
    }

    @Test("a byte order mark is skipped only when asked")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(" 7 ".utf8)
        let value = try JSON.parse(bytes, maximumDepth: 1, skipsByteOrderMark: true)
        if case .number(7, "7") = value.value {} else { Issue.record("\(value)") }
        #expect(value.offset == 4)
        #expect(throws: JSONSyntaxError.self) { try JSON.parse(bytes, maximumDepth: 1) }
    }

    @Test("huge numbers are refused, not trapped on; long digit strings keep their text")
    func numbers() throws {
        #expect(throws: JSONSyntaxError.self) { try Self.parse("-1e309") }
        let long = "1" + String(repeating: "0", count: 400) + "e-400"
        let value = try Self.parse("[\(long), 1e-400, 9007199254740993]")
        guard case .array(let items) = value.value, case .number(let big, let text) = items[0].value,
            case .number(let tiny, _) = items[1].value, case .number(_, let exact) = items[2].value
        else {
            Issue.record("\(value)")
            return
        }
        #expect(big == 1 && text == long)
        #expect(tiny == 0)
        #expect(exact == "9007199254740993")
    }
}
