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

    /// Every document with one value of `value` replaced by each of `replacements(value)`,
    /// nested values included, one replacement at a time.
    private static func mutations(
        _ value: JSONValue, rebuild: @escaping (JSONValue) -> JSONValue,
        replacements: (JSONValue) -> [JSONValue], into result: inout [JSONValue]
    ) {
        for replacement in replacements(value) { result.append(rebuild(replacement)) }
        switch value {
        case .object(let object):
            for key in object.keys.sorted() {
                mutations(
                    object[key]!,
                    rebuild: { new in
                        var copy = object
                        copy[key] = new
                        return rebuild(.object(copy))
                    }, replacements: replacements, into: &result)
            }
        case .array(let items):
            for index in items.indices {
                mutations(
                    items[index],
                    rebuild: { new in
                        var copy = items
                        copy[index] = new
                        return rebuild(.array(copy))
                    }, replacements: replacements, into: &result)
            }
        default:
            break
        }
    }

    @Test func mutatedSpecsNeverTrap() throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/branded.json"))
        let original = try JSONDecoder().decode(JSONValue.self, from: data)
        var documents: [JSONValue] = []
        Self.mutations(original, rebuild: { $0 }, replacements: Self.variants, into: &documents)
        #expect(documents.count > 500)
        let encoder = JSONEncoder()
        var decoded = 0, rejected = 0
        for (index, document) in documents.enumerated() {
            let bytes = try encoder.encode(document)
            do {
                let flow = try FlowDocument.decode(bytes, baseDirectory: packageRoot.appendingPathComponent("Examples"))
                decoded += 1
                if index % 60 == 0 {
                    for named in FlowPages.screens(flow) {
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

    /// Every number of the branded example replaced by extremes, and every string by an
    /// empty, a very long and a right-to-left one: each variant is refused with a spec
    /// error, or decodes and every screen renders. A debug build needs about a second a
    /// variant, so CI renders every 12th of the ~460; `HOWDY_EXHAUSTIVE=1` renders them all.
    @Test func extremeValuesAreRefusedOrRendered() throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/branded.json"))
        let original = try JSONDecoder().decode(JSONValue.self, from: data)
        var documents: [JSONValue] = []
        Self.mutations(original, rebuild: { $0 }, replacements: Self.extremes, into: &documents)
        #expect(documents.count > 150)
        let encoder = JSONEncoder()
        var rendered = 0, rejected = 0
        // A small screen keeps the debug-build pixel work down; layout is as on a phone.
        let device = DevicePreset(
            name: "tiny", width: 160, height: 320, safeArea: EdgeInsets(top: 20, bottom: 10), defaultScale: 1)
        let stride = ProcessInfo.processInfo.environment["HOWDY_EXHAUSTIVE"] == "1" ? 1 : 12
        for (index, document) in documents.enumerated() where index % stride == 0 {
            let bytes = try encoder.encode(document)
            do {
                let flow = try FlowDocument.decode(bytes, baseDirectory: packageRoot.appendingPathComponent("Examples"))
                for named in FlowPages.screens(flow) {
                    let image = try named.screen.render(
                        theme: flow.theme, environment: RenderEnvironment(device: device, scale: 1))
                    #expect(image.width == 160 && image.height == 320)
                }
                rendered += 1
            } catch let error as SpecError {
                rejected += 1
                #expect(!error.message.isEmpty)
            }
        }
        #expect(rendered > 0 && rejected > 0)
    }

    /// Extreme numbers for a number, and empty, long and bidi-overridden text for a string.
    private static func extremes(of value: JSONValue) -> [JSONValue] {
        switch value {
        case .number: [1e300, -1e300, 1e19, -1e19, 0, -0.5, 1e-300, 4096].map { .number($0) }
        case .string: ["", String(repeating: "Wide ", count: 800), "مرحبا \u{202E}abc"].map { .string($0) }
        default: []
        }
    }
}
