import Foundation
import Testing

@testable import HowdyKit

/// JSONValue's text goes through Foundation's JSONSerialization; these check the conversion
/// to and from Foundation objects and what a bad store file reports.
@Suite("JSONValue: reading and writing through JSONSerialization")
struct JSONValueTests {
    func parse(_ text: String) throws -> JSONValue { try JSONValue(parsing: Data(text.utf8)) }

    @Test(
        "Booleans and numbers are told apart (Linux bridges 0 and 1 to Bool)",
        arguments: [
            ("1", JSONValue.number(1)), ("0", .number(0)), ("true", .bool(true)), ("false", .bool(false)),
            ("1.5", .number(1.5)), ("-0", .number(0)), ("1e300", .number(1e300)), ("null", .null),
        ] as [(String, JSONValue)]
    )
    func booleansAndNumbers(text: String, expected: JSONValue) throws {
        let value = try parse(text)
        #expect(value == expected)
        #expect(value.typeDescription == expected.typeDescription)
        // Written and read back as the same case, on its own, in an array and in an object.
        #expect(try JSONValue(parsing: value.jsonData()) == value)
        #expect(try parse("[\(text)]") == .array([expected]))
        #expect(try parse(#"{"k": \#(text)}"#) == .object(["k": expected]))
        let nested = JSONValue.object(["k": .array([value])])
        for pretty in [false, true] { #expect(try JSONValue(parsing: nested.jsonData(pretty: pretty)) == nested) }
    }

    @Test("Booleans and whole numbers are written as they are")
    func writtenForms() {
        #expect(JSONValue.bool(true).description == "true")
        #expect(JSONValue.bool(false).description == "false")
        #expect(JSONValue.number(1).description == "1")
        #expect(JSONValue.number(0).description == "0")
        #expect(JSONValue.number(1.5).description == "1.5")
        #expect(JSONValue.array([.bool(true), .number(1), .bool(false), .number(0)]).description == "[true,1,false,0]")
    }

    @Test("round trip of nested objects and arrays of every kind of value, keys sorted")
    func nestedRoundTrip() throws {
        let value = JSONValue.object([
            "s": .string("quote \" backslash \\ newline \n tab \t bell \u{7} slash / é 💪 \u{2028}"),
            "n": .number(-12.5), "i": .number(42), "big": .number(1e300), "small": .number(2e-7),
            "b": .bool(false), "t": .bool(true), "z": .null,
            "a": .array([.number(1), .array([]), .object([:]), .bool(true)]),
            "o": .object(["inner": .object(["deeper": .array([.string("x"), .null])])]),
        ])
        for pretty in [false, true] {
            let data = value.jsonData(pretty: pretty)
            #expect(try JSONValue(parsing: data) == value)
            #expect(String(decoding: data, as: UTF8.self) == value.jsonText(pretty: pretty))
        }
        #expect(JSONValue.object(["b": .number(1), "a": .bool(true)]).description == #"{"a":true,"b":1}"#)
        #expect(
            JSONValue.object(["b": .number(1), "a": .bool(true)]).jsonText(pretty: true)
                == "{\n  \"a\" : true,\n  \"b\" : 1\n}")
        #expect(JSONValue.string("a/b").description == #""a/b""#, "slashes are not escaped")
        // String order, whatever the locale: digits, upper case, "_", lower case, then é.
        let keys = ["é", "b", "_", "B", "a", "10", "9"]
        #expect(
            JSONValue.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.null) })).description
                == #"{"10":null,"9":null,"B":null,"_":null,"a":null,"b":null,"é":null}"#)
    }

    @Test("reads escapes and surrogate pairs; writes control characters escaped and the rest as is")
    func strings() throws {
        #expect(try parse(#""a\u00e9\ud83d\udcaa\/\n\t\"\\""#) == .string("aé💪/\n\t\"\\"))
        #expect(JSONValue.string("é 💪 \n \u{1} \"").description == #""é 💪 \n \u0001 \"""#)
    }

    @Test("a non-finite number is written as null; a repeated key is refused (its first value would be lost)")
    func edgeCases() throws {
        #expect(JSONValue.array([.number(.infinity), .number(.nan)]).description == "[null,null]")
        #expect(JSONValue.object(["a": .array([.number(-.infinity), .number(1)])]).description == #"{"a":[null,1]}"#)
        let repeated = try #require(throws: JSONValue.SyntaxError.self) { try parse(#"{"a": 1, "a": 2}"#) }
        #expect(repeated.detail == #"duplicate key "a" (its first value would be lost) at a (line 1, column 13)"#)
        #expect(throws: JSONValue.SyntaxError.self) { try parse(String(repeating: "[", count: 10_000)) }
    }

    @Test(
        "a truncated text is reported as truncated",
        arguments: [#"{"a": tr"#, #"{"records": {"#, #""abc"#, "[1, ", ""]
    )
    func truncated(text: String) throws {
        let error = try #require(throws: JSONValue.SyntaxError.self) { try parse(text) }
        #expect(error.isTruncated)
        #expect(error.byteCount == text.utf8.count)
        #expect(error.description.hasPrefix("not valid JSON: "))
        #expect(error.description.hasSuffix("(\(text.utf8.count) bytes; the text looks truncated)"))
    }

    @Test(
        "garbage is reported with its place, not as truncated",
        arguments: [
            Data("\u{0}\u{1}garbage".utf8), Data([0x22, 0xFF, 0x22]), Data("[1 2]".utf8), Data("{\"a\" 1}".utf8),
            Data("1e999".utf8),
        ]
    )
    func garbage(data: Data) throws {
        let error = try #require(throws: JSONValue.SyntaxError.self) { try JSONValue(parsing: data) }
        #expect(!error.isTruncated)
        #expect(error.detail.contains(" (line 1, column "))
        #expect(error.description == "not valid JSON: \(error.detail) (\(data.count) bytes)")
    }

    // MARK: The store file

    @Test("store records: 1 and 0 are numbers (reported and kept), true and false are records")
    func storeBooleansAndNumbers() throws {
        let contents = try OnboardingStoreContents.parse(
            Data(
                #"{"records": {"a": 1, "b": true, "c": 0, "d": false, "e": 1.5}, "answers": {"m": 1, "t": true}}"#.utf8)
        )
        #expect(contents.records == ["b": true, "d": false])
        #expect(contents.invalidRecords == ["a": .number(1), "c": .number(0), "e": .number(1.5)])
        #expect(contents.answers == ["m": .number(1)])
        #expect(contents.invalidAnswers == ["t": .bool(true)])
        let again = try OnboardingStoreContents.parse(contents.serialized())
        #expect(again == contents)
        let text = String(decoding: contents.serialized(), as: UTF8.self)
        #expect(text.contains(#""a" : 1,"#) && text.contains(#""b" : true,"#) && text.contains(#""m" : 1"#))
    }

    @Test("the store file is deterministic: pretty, keys sorted, newline at the end")
    func storeText() throws {
        var contents = OnboardingStoreContents()
        contents.setRecord(true, for: "com.example.app.welcome")
        contents.setRecord(false, for: "com.example.app.reqs.health")
        contents.setAnswer(.option("a"), for: "goal")
        contents.setAnswer(.number(15), for: "mins")
        contents.otherKeys["note"] = .string("kept")
        let expected = """
            {
              "answers" : {
                "goal" : "a",
                "mins" : 15
              },
              "format" : "howdy-onboarding-store",
              "note" : "kept",
              "records" : {
                "com.example.app.reqs.health" : false,
                "com.example.app.welcome" : true
              },
              "version" : 1
            }

            """
        #expect(String(decoding: contents.serialized(), as: UTF8.self) == expected)
        #expect(try OnboardingStoreContents.parse(contents.serialized()) == contents)
    }

    @Test("a truncated store file names the file and says it looks truncated; it is left untouched")
    func truncatedStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("store.json")
        let storage = FileOnboardingStorage(url: url, onError: { _ in })
        for index in 0..<20 { try storage.write(index % 2 == 0, for: OnboardingStepID("com.example.step\(index)")) }
        let full = try Data(contentsOf: url)
        let cut = full.prefix(full.count * 2 / 3)
        try cut.write(to: url)
        let error = try #require(throws: FileOnboardingStorageError.self) { try storage.load() }
        #expect(error.kind == .corrupt)
        #expect(error.reason.hasPrefix("not valid JSON: "))
        #expect(error.reason.hasSuffix("(\(cut.count) bytes; the file looks truncated)"))
        #expect(error.description.contains(url.path))
        #expect(throws: FileOnboardingStorageError.self) { try storage.write(true, for: "x") }
        #expect(try Data(contentsOf: url) == cut, "never silently replaced")
    }

    @Test("a store file of garbage bytes names the file and what is wrong, not truncation")
    func garbageStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("store.json")
        let garbage = Data([0x00, 0x01, 0xFF, 0xFE, 0x7B, 0x22])
        try garbage.write(to: url)
        let storage = FileOnboardingStorage(url: url, onError: { _ in })
        let error = try #require(throws: FileOnboardingStorageError.self) { try storage.load() }
        #expect(error.kind == .corrupt)
        #expect(error.reason.hasPrefix("not valid JSON: "))
        #expect(error.reason.hasSuffix("(6 bytes)"))
        #expect(!error.reason.contains("truncated"))
        #expect(error.description.contains(url.path))
        #expect(try Data(contentsOf: url) == garbage)
    }

    @Test("wrong shapes are reported in a fixed order, the version first")
    func storeShapes() {
        func reason(_ text: String) -> String {
            do {
                _ = try OnboardingStoreContents.parse(Data(text.utf8))
                return "parsed"
            } catch {
                switch error {
                case .corrupt(let reason): return "corrupt: " + reason
                case .unsupportedVersion(let reason): return "unsupported: " + reason
                }
            }
        }
        #expect(reason("[1, 2]") == "corrupt: expected a JSON object at the top level, got an array")
        #expect(reason(#""store""#) == "corrupt: expected a JSON object at the top level, got a string")
        #expect(reason(#"{"format": "other"}"#) == #"corrupt: format: expected "howdy-onboarding-store", got "other""#)
        #expect(reason(#"{"format": {}}"#) == "corrupt: format: expected a string, got an object")
        #expect(reason(#"{"version": "1"}"#) == #"corrupt: version: expected a number, got "1""#)
        #expect(reason(#"{"records": [], "version": 2}"#) == "unsupported: version 2 is newer than this tool reads (1)")
        #expect(reason(#"{"records": [], "answers": 3}"#) == "corrupt: records: expected an object, got an array")
        #expect(reason(#"{"answers": 3}"#) == "corrupt: answers: expected an object, got a number")
        #expect(reason(#"{"version": 1, "extra": [true, 1]}"#) == "parsed")
    }
}
