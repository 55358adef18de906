import Foundation
import Testing

@testable import HowdyKit

@Suite("JSONText: the store's strict JSON reader and writer")
struct JSONTextTests {
    @Test("round trip of every kind of value, escapes and non-ASCII included")
    func roundTrip() throws {
        let value = JSONValue.object([
            "s": .string("quote \" backslash \\ newline \n tab \t bell \u{7} é 💪"),
            "n": .number(-12.5), "i": .number(42), "big": .number(1e300),
            "b": .bool(false), "z": .null,
            "a": .array([.number(1), .array([]), .object([:])]),
        ])
        for pretty in [false, true] {
            let text = JSONText.serialize(value, pretty: pretty)
            #expect(try JSONText.parse(Data(text.utf8)) == value)
            // Foundation agrees it is JSON.
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
        }
        #expect(JSONText.serialize(.object(["b": .number(1), "a": .bool(true)]), pretty: false) == #"{"a":true,"b":1}"#)
    }

    @Test("reads escapes and surrogate pairs")
    func escapes() throws {
        #expect(try JSONText.parse(Data(#""a\u00e9\ud83d\udcaa\/\n""#.utf8)) == .string("aé💪/\n"))
    }

    @Test(
        "errors name the byte offset",
        arguments: [
            (#"{"a": tr"#, "expected true, found end of data at byte 8"),
            (#"{"a" 1}"#, "expected ':', found character '1' at byte 5"),
            (#"{"a": 1,}"#, "expected a string key, found character '}' at byte 8"),
            ("[1 2]", "expected ',' or ']', found character '2' at byte 3"),
            ("01", "unexpected character '1' after the JSON value at byte 1"),
            (#""abc"#, "unterminated string starting at byte 0, found end of data at byte 4"),
            ("-", "expected a digit, found end of data at byte 1"),
            ("[tx]", "expected true, found character 'x' at byte 2"),
            ("1e999", "number out of range at byte 0"),
            ("\"\u{1}\"", "expected an escaped control character in a string, found byte 0x1 at byte 1"),
        ] as [(String, String)]
    )
    func errors(text: String, expected: String) {
        #expect(throws: JSONText.SyntaxError.self) { try JSONText.parse(Data(text.utf8)) }
        do {
            _ = try JSONText.parse(Data(text.utf8))
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("a repeated key: the last one wins, as in Foundation")
    func repeatedKey() throws {
        #expect(try JSONText.parse(Data(#"{"a": 1, "a": 2}"#.utf8)) == .object(["a": .number(2)]))
        let contents = try OnboardingStoreContents.parse(Data(#"{"records": {"b": true, "a": false, "b": false}}"#.utf8))
        #expect(contents.records == ["a": false, "b": false])
    }

    @Test("deep nesting is refused, not a crash")
    func deepNesting() {
        let text = String(repeating: "[", count: 10_000)
        #expect(throws: JSONText.SyntaxError.self) { try JSONText.parse(Data(text.utf8)) }
    }
}
