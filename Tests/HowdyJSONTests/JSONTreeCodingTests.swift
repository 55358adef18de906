import Foundation
import Testing

@testable import HowdyJSON

/// The Codable bridge: documents decode from the one reader's value, and encode through
/// the one writer to the bytes `JSONEncoder` wrote (manifests and lists keep their bytes).
@Suite("JSON tree coding")
struct JSONTreeCodingTests {
    struct Sample: Codable, Equatable {
        struct Item: Codable, Equatable {
            var name: String
            var scale: Float
            var tags: [String]
        }
        var version: Int
        var big: Int64
        var ratio: Double
        var flag: Bool
        var missing: String?
        var items: [Item]
        var byName: [String: Int]
    }

    static let sample = Sample(
        version: 1, big: 9_007_199_254_740_993, ratio: 0.1, flag: true, missing: nil,
        items: [.init(name: "a/b \"é\"", scale: 0.1, tags: []), .init(name: "", scale: 2, tags: ["x"])],
        byName: ["b": 2, "B": 1, "a": 3])

    @Test("encoding writes JSONEncoder's bytes (sorted keys, pretty and compact); decoding reads them back")
    func roundTrip() throws {
        for pretty in [true, false] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
            let bytes = try JSONTreeEncoder.encode(Self.sample, pretty: pretty)
            #expect(
                String(decoding: bytes, as: UTF8.self)
                    == String(decoding: try encoder.encode(Self.sample), as: UTF8.self))
            #expect(try JSONDocument.decode(Sample.self, from: bytes) == Self.sample)
        }
    }

    @Test(
        "a document that is not the type names the JSON path of the problem",
        arguments: [
            (#"{"version": 1}"#, "big: required key is missing"),
            (#"{"version": 1.5, "big": 1}"#, "version: expected a whole number from"),
            (#"{"version": 1e300, "big": 1}"#, "version: expected a whole number from"),
            (
                #"{"version": 1, "big": 1, "ratio": 1, "flag": "yes", "items": [], "byName": {}}"#,
                "flag: of the wrong type, got a string"
            ),
            (
                #"{"version": 1, "big": 1, "ratio": 1, "flag": true, "items": [{"name": null}], "byName": {}}"#,
                "items[0].name: a value is required here, got null"
            ),
            (
                #"{"version": 1, "version": 2}"#,
                #"version: duplicate key "version" (its first value would be lost) (line 1, column 25)"#
            ),
            (
                "{\n  \"version\": tru",
                "version: not valid JSON: unexpected end of the text (in true) (line 2, column 17)"
            ),
        ])
    func problems(text: String, expected: String) {
        do {
            _ = try JSONDocument.decode(Sample.self, from: Array(text.utf8))
            Issue.record("decoded \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error)")
        }
    }
}
