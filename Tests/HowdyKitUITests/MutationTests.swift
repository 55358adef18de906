import Foundation
import HowdyKit
import HowdyKitUI
import Testing

/// Every value of the branded example replaced by values of other types: each variant
/// either decodes (and then lays out) or fails with a spec error naming a path; none traps.
@Suite struct MutationTests {
    private static func variants(of value: JSONValue) -> [JSONValue] {
        [.null, .number(-7), .string("x"), .array([]), .object([:]), .bool(true)].filter { $0 != value }
    }

    /// Every (path, mutated document) pair, one replacement at a time.
    private static func mutations(
        _ value: JSONValue, rebuild: @escaping (JSONValue) -> JSONValue, into result: inout [JSONValue]
    ) {
        for variant in variants(of: value) { result.append(rebuild(variant)) }
        switch value {
        case .object(let object):
            for key in object.keys.sorted() {
                mutations(
                    object[key]!,
                    rebuild: { new in
                        var copy = object
                        copy[key] = new
                        return rebuild(.object(copy))
                    }, into: &result)
            }
        case .array(let items):
            for index in items.indices {
                mutations(
                    items[index],
                    rebuild: { new in
                        var copy = items
                        copy[index] = new
                        return rebuild(.array(copy))
                    }, into: &result)
            }
        default:
            break
        }
    }

    @Test func mutatedSpecsNeverTrap() throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/branded.json"))
        let original = try JSONDecoder().decode(JSONValue.self, from: data)
        var documents: [JSONValue] = []
        Self.mutations(original, rebuild: { $0 }, into: &documents)
        #expect(documents.count > 500)
        let encoder = JSONEncoder()
        var decoded = 0, rejected = 0
        for (index, document) in documents.enumerated() {
            let bytes = try encoder.encode(document)
            do {
                let flow = try FlowDocument.decode(bytes, baseDirectory: packageRoot.appendingPathComponent("Examples"))
                decoded += 1
                if index % 60 == 0 {
                    for named in FlowRenderer.screens(flow) {
                        _ = try named.screen.layout(
                            theme: flow.theme, environment: RenderEnvironment(device: .smallPhone, scale: 1))
                    }
                }
            } catch let error as SpecError {
                rejected += 1
                #expect(!error.message.isEmpty)
            }
        }
        #expect(decoded > 0 && rejected > 0)
    }
}
