import Foundation
import HowdyKit
import Testing

@testable import HowdyKitUI

@Suite("howdy schema: the JSON Schema from the reader's key tables")
struct SpecSchemaTests {
    private func definition(_ name: String) throws -> [String: JSONValue] {
        guard case .object(let root) = SpecSchema.schema, case .object(let defs)? = root["$defs"],
            case .object(let definition)? = defs[name]
        else { throw SpecError(path: name, message: "no such definition") }
        return definition
    }

    private func properties(_ object: [String: JSONValue]) -> Set<String> {
        guard case .object(let properties)? = object["properties"] else { return [] }
        return Set(properties.keys)
    }

    @Test("the root, theme, welcome and render allow exactly the reader's keys")
    func tables() throws {
        guard case .object(let root) = SpecSchema.schema else { throw SpecError(path: "", message: "not an object") }
        #expect(properties(root) == Set(SpecKeys.root))
        #expect(root["additionalProperties"] == .bool(false))
        #expect(properties(try definition("theme")) == Set(SpecKeys.theme))
        #expect(properties(try definition("welcome")) == Set(SpecKeys.welcome))
        #expect(properties(try definition("render")) == Set(SpecKeys.render))
        #expect(properties(try definition("whatsNew")) == ["idPrefix", "present", "onFreshInstall", "cumulative", "completedVersionKey"])
    }

    @Test("each step kind's branch lists that kind's keys", arguments: SpecKeys.stepKinds)
    func stepKinds(kind: String) throws {
        guard case .array(let branches)? = try definition("step")["allOf"] else { throw SpecError(path: "step", message: "no allOf") }
        let branch = branches.first { branch in
            guard case .object(let object) = branch, case .object(let condition)? = object["if"],
                case .object(let tag)? = condition["properties"]
            else { return false }
            return tag["kind"] == .object(["const": .string(kind)])
        }
        guard case .object(let object)? = branch, case .object(let then)? = object["then"] else {
            Issue.record("no branch for \(kind)")
            return
        }
        #expect(properties(then) == Set(SpecKeys.step(kind: kind) ?? []))
    }

    @Test("the output is stable JSON that starts with the draft 2020-12 meta-schema")
    func output() throws {
        let text = SpecSchema.json()
        #expect(text == SpecSchema.json())
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test("the strict reader accepts \"$schema\" and still refuses a misspelt key")
    func readerAcceptsSchemaKey() throws {
        let spec = #"{"$schema": "../docs/flow-spec.schema.json", "steps": [{"id": "a", "kind": "feature", "title": "Hi"}]}"#
        #expect(try FlowDocument.decode(Data(spec.utf8)).flow.steps.count == 1)
        let typo = #"{"$schemas": "x", "steps": [{"id": "a", "kind": "feature", "title": "Hi"}]}"#
        #expect(throws: SpecError.self) { try FlowDocument.decode(Data(typo.utf8)) }
    }
}
