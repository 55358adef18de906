import Foundation
import Testing

@testable import HowdyJSON

/// The one writer: compact and pretty output, Foundation's bytes for what it wrote before.
@Suite("JSONTextWriter")
struct JSONTextWriterTests {
    static func object(_ members: [(String, JSON)]) -> JSON {
        JSON(.object(members.map { JSON.Member(key: $0.0, value: $0.1) }))
    }

    @Test("pretty output is byte for byte what JSONEncoder writes with sorted keys")
    func prettyMatchesFoundation() throws {
        let numbers: [Double] = [1, 0.1, 1e20, 1e-7, 123456789.125, -0.5, 1e15, 2.5e-5]
        let value = Self.object([
            ("B", JSON(.array([]))),
            ("a", Self.object([])),
            ("b", Self.object([("x", JSON(.array(numbers.map(JSON.number))))])),
            ("c", JSON(.string("\u{8}\u{C}\u{1}/\u{7F}é\n\"\\\t\r"))),
            ("d", Self.object([("e", JSON(.bool(true))), ("f", JSON(.null))])),
        ])
        var writer = JSONTextWriter()
        writer.value(value, pretty: true)
        struct D: Encodable {
            let e = true
            let f: Bool? = nil
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(e, forKey: .e)
                try c.encodeNil(forKey: .f)
            }
            enum CodingKeys: CodingKey { case e, f }
        }
        // "B" sorts before "a" (String order, not the locale's).
        struct Root: Encodable {
            let upperB: [Double] = []
            let a: [String: Double] = [:]
            let b: [String: [Double]]
            let c = "\u{8}\u{C}\u{1}/\u{7F}é\n\"\\\t\r"
            let d = D()
            enum CodingKeys: String, CodingKey {
                case upperB = "B"
                case a, b, c, d
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        let foundation = try encoder.encode(Root(b: ["x": numbers]))
        #expect(writer.text == String(decoding: foundation, as: UTF8.self))
    }

    @Test("what the writer writes, the reader reads back to the same text")
    func roundTrip() throws {
        let text = #"{"k":["a\u0001\"\\","é😀",-0,1.5e-300,{"x":[]}],"n":null}"#
        let value = try JSON.parse(Array(text.utf8), maximumDepth: 8)
        let written = value.jsonText
        #expect(written == #"{"k":["a\u0001\"\\","é😀",-0,1.5e-300,{"x":[]}],"n":null}"#)
        #expect(try JSON.parse(Array(written.utf8), maximumDepth: 8).jsonText == written)
    }

    @Test("numbers: whole 1/64 px widths exactly, non-finite as null")
    func numbers() {
        #expect(JSONTextWriter.numberText(12.015625) == "12.015625")
        #expect(JSONTextWriter.numberText(-3.5) == "-3.5")
        #expect(JSONTextWriter.numberText(42) == "42")
        #expect(JSONTextWriter.numberText(.nan) == "null")
        #expect(JSONTextWriter.numberText(0.1) == "0.1")
    }
}
