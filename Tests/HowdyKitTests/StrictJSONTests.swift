import Foundation
import Testing

@testable import HowdyKit

/// The strict spec reader: RFC 8259 and nothing more, every error located.
@Suite("StrictJSON")
struct StrictJSONTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What Foundation's `JSONSerialization` reads from `data`, as a JSONValue (nil when it
    /// refuses it): the independent reference for the differential tests.
    static func foundation(_ data: Data) -> JSONValue? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return nil
        }
        return value(object)
    }

    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    private static func value(_ object: Any) -> JSONValue? {
        switch object {
        case let dictionary as [String: Any]:
            var values: [String: JSONValue] = [:]
            for (key, element) in dictionary {
                guard let value = value(element) else { return nil }
                values[key] = value
            }
            return .object(values)
        case let array as [Any]:
            var values: [JSONValue] = []
            for element in array {
                guard let value = value(element) else { return nil }
                values.append(value)
            }
            return .array(values)
        case let text as String: return .string(text)
        case let number as NSNumber:
            // On Linux `as? Bool` also matches 0 and 1: the class tells Booleans apart.
            return ObjectIdentifier(type(of: number)) == booleanClass ? .bool(number.boolValue) : .number(number.doubleValue)
        case is NSNull: return .null
        default: return nil
        }
    }

    @Test("values read as Foundation reads them")
    func values() throws {
        let text = #"{"a": [1, -2.5e3, true, false, null], "b": {"c": "x\n\u00e9\ud83d\udcaa\/"}, "d": ""}"#
        let strict = try StrictJSON.parse(Data(text.utf8))
        #expect(strict == Self.foundation(Data(text.utf8)))
        #expect(try StrictJSON.parse(Data("\u{FEFF} 7 ".utf8)) == .number(7))
    }

    /// The grammar and its messages are HowdyJSON's (HowdyJSONTests/JSONParserTests); this
    /// checks that a spec error carries the reader's JSON path, wording, line and column.
    @Test(
        "what JSON does not allow is a SpecError with its path, line and column",
        arguments: [
            ("[1,\n 2,\n]", "(root): not valid JSON: trailing comma before \"]\" (line 3, column 1)"),
            (#"{"a": [01]}"#, "a[0]: not valid JSON: invalid number: no leading zeros (line 1, column 10)"),
            (#"{"a": 1, "a": 2}"#, #"a: duplicate key "a" (its first value would be lost) (line 1, column 13)"#),
            ("\u{FEFF}{\"é\": ?}", "é: not valid JSON: unexpected \"?\" (a value was expected) (line 1, column 7)"),
        ])
    func errors(text: String, expected: String) {
        #expect(throws: SpecError.self) { try StrictJSON.parse(Data(text.utf8)) }
        do {
            _ = try StrictJSON.parse(Data(text.utf8))
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("a spec path that is missing, a folder or too large: one sentence naming it")
    func specFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strict-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("none.json")
        #expect(throws: SpecError(path: "", message: "cannot read \(missing.path): no such file")) {
            try OnboardingFlowSpec.load(contentsOf: missing)
        }
        #expect(throws: SpecError(path: "", message: "cannot read \(folder.path): it is a folder")) {
            try OnboardingFlowSpec.load(contentsOf: folder)
        }
        let big = folder.appendingPathComponent("big.json")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(StrictJSON.maximumFileBytes + 1))  // sparse: no disk used
        try handle.close()
        #expect(
            throws: SpecError(
                path: "",
                message:
                    "\(big.path) is \(StrictJSON.maximumFileBytes + 1) bytes; a spec file is at most 16777216 bytes")
        ) {
            try OnboardingFlowSpec.load(contentsOf: big)
        }
    }

    /// Deterministic byte mutations of every example spec (a CI-sized fuzz test; the
    /// libFuzzer target FuzzSpec runs the same code without limit). Each mutant is read
    /// by both readers: whatever the strict reader accepts, Foundation accepts with the
    /// same value; whatever it refuses names a line and column. Nothing traps.
    @Test("mutated specs: the strict reader accepts a subset of Foundation's, with equal values")
    func differentialMutations() throws {
        let examples = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Examples").path
        ).sorted().map { try Data(contentsOf: Self.root.appendingPathComponent("Examples/\($0)")) }
        let tokens: [[UInt8]] = [
            Array(",".utf8), Array("\"".utf8), Array("\\".utf8), Array(#"\ud800"#.utf8), Array("}".utf8),
            Array("]".utf8), Array("1e400".utf8), Array("-".utf8), [0xFF], [0x00], Array("\"a\":1,".utf8),
        ]
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var accepted = 0, refused = 0
        for round in 0..<1000 {
            var bytes = [UInt8](examples[round % examples.count])
            for _ in 0...next(3) {
                let at = next(bytes.count)
                switch next(4) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(contentsOf: tokens[next(tokens.count)], at: at)
                case 2: bytes[at] = UInt8(next(256))
                default: bytes.removeSubrange(at..<min(bytes.count, at + next(40)))
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            let data = Data(bytes)
            do {
                let strict = try StrictJSON.parse(data)
                accepted += 1
                #expect(strict == Self.foundation(data), "round \(round)")
            } catch {
                refused += 1
                #expect(error.message.contains("(line "), "round \(round): \(error)")
            }
        }
        #expect(accepted > 0 && refused > 0)
    }
}
