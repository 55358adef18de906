import Foundation
import HowdyKit

/// The JSON Schema (draft 2020-12) of a flow spec, for editors (completion and checks as
/// you type) and validators; `howdy schema` prints it.
///
/// Every object's properties come from `SpecKeys`, the tables the strict reader checks
/// keys against, and every object refuses other keys (`additionalProperties: false`), so
/// the schema and the reader agree on which keys exist. Values are described where their
/// shape is structural (objects, arrays, step kinds, content types, colours); ranges,
/// colour names, fonts and icons are left to the reader, whose errors name the JSON path.
public enum SpecSchema {
    /// The schema as pretty-printed JSON with sorted keys (the same bytes on every run).
    public static func json() -> String {
        schema.jsonText(pretty: true) + "\n"
    }

    /// The schema as a value.
    public static var schema: JSONValue {
        var document = object(
            SpecKeys.root,
            [
                "$schema": .object(["type": .string("string"), "description": .string("the JSON Schema of this file")]),
                "id": string, "locale": string, "theme": ref("theme"),
                "welcome": .object(["anyOf": .array([string, ref("welcome")])]),
                "routes": array(ref("route")), "steps": array(ref("step")),
                "answers": .object(["type": .string("object")]),
                "render": ref("render"), "whatsNew": ref("whatsNew"),
                // Read by the localisation layer, which checks its own keys.
                "localization": .object(["type": .string("object")]),
            ],
            required: ["steps"])
        document["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        document["title"] = .string("HowdyKit flow spec")
        document["$defs"] = .object(definitions)
        return .object(document)
    }

    private static var definitions: [String: JSONValue] {
        let colorObject = object(SpecKeys.palette, ["light": ref("color"), "dark": ref("color")], required: ["light", "dark"])
        let font = object(SpecKeys.font, ["name": string, "size": number])
        return [
            "color": .object(["anyOf": .array([string, .object(colorObject)])]),
            "font": .object(["anyOf": .array([string, .object(font)])]),
            "theme": .object(
                object(
                    SpecKeys.theme,
                    [
                        "primary": ref("color"), "accent": ref("color"),
                        "fonts": .object(["type": .string("object"), "additionalProperties": ref("font")]),
                        "style": .object(["type": .string("object"), "additionalProperties": ref("color")]),
                        "background": .object(["anyOf": .array([string, ref("background")])]),
                    ])),
            "background": .object(
                object(SpecKeys.background, ["kind": string, "palette": ref("palette"), "brand": ref("color")], required: ["kind"])),
            "palette": .object(object(SpecKeys.palette, ["light": ref("tones"), "dark": ref("tones")])),
            "tones": .object(object(SpecKeys.tones, Dictionary(uniqueKeysWithValues: SpecKeys.tones.map { ($0, ref("color")) }))),
            "welcome": .object(
                object(
                    SpecKeys.welcome,
                    [
                        "id": string, "title": string, "subtitle": string, "features": array(ref("feature")),
                        "states": array(.object(["enum": .array(FlowDocument.WelcomeState.allCases.map { .string($0.rawValue) })])),
                    ],
                    required: ["title"])),
            "feature": .object(object(SpecKeys.feature, ["id": string, "label": string, "description": string], required: ["label"])),
            "route": .object(
                object(
                    SpecKeys.route,
                    ["id": string, "title": string, "features": array(ref("feature")), "background": .object(["anyOf": .array([string, ref("background")])])],
                    required: ["id", "title"])),
            "render": .object(object(SpecKeys.render, ["reduceMotion": .object(["type": .string("boolean")])])),
            "whatsNew": .object(object(SpecKeys.whatsNew, ["idPrefix": string], required: ["idPrefix"])),
            "option": .object(object(SpecKeys.option, ["id": string, "label": string, "emoji": string])),
            "plan": .object(object(SpecKeys.plan, ["id": string, "title": string, "price": string, "period": string])),
            "step": step,
            "content": content,
            "insets": .object(object(SpecKeys.insets, Dictionary(uniqueKeysWithValues: SpecKeys.insets.map { ($0, number) }))),
        ]
    }

    /// A step: `kind` picks the keys allowed.
    private static var step: JSONValue {
        let nested: [String: JSONValue] = [
            "id": string, "kind": string, "options": array(ref("option")), "plans": array(ref("plan")),
            "content": ref("content"), "required": boolean, "skippable": boolean,
        ]
        return variants(
            tag: "kind", cases: SpecKeys.stepKinds.map { ($0, SpecKeys.step(kind: $0) ?? []) }, nested: nested,
            required: ["id", "kind"])
    }

    /// A custom step's content node: `type` picks the keys allowed.
    private static var content: JSONValue {
        let nested: [String: JSONValue] = [
            "type": string, "children": array(ref("content")), "child": ref("content"), "insets": ref("insets"),
            "text": string, "color": ref("color"), "selected": boolean,
        ]
        return variants(tag: "type", cases: SpecKeys.contentTypes.map { ($0.type, $0.keys) }, nested: nested, required: ["type"])
    }

    /// An object whose `tag` names one of `cases`, each with its own keys.
    private static func variants(
        tag: String, cases: [(name: String, keys: [String])], nested: [String: JSONValue], required: [String]
    ) -> JSONValue {
        let branches: [JSONValue] = cases.map { name, keys in
            .object([
                "if": .object(["properties": .object([tag: .object(["const": .string(name)])]), "required": .array([.string(tag)])]),
                "then": .object(object(keys, nested)),
            ])
        }
        return .object([
            "type": .string("object"),
            "required": .array(required.map(JSONValue.string)),
            "properties": .object([tag: .object(["enum": .array(cases.map { .string($0.name) })])]),
            "allOf": .array(branches),
        ])
    }

    /// An object allowing exactly `keys`; a key's value schema comes from `nested`, else any.
    private static func object(_ keys: [String], _ nested: [String: JSONValue], required: [String] = []) -> [String: JSONValue] {
        var properties: [String: JSONValue] = [:]
        for key in keys { properties[key] = nested[key] ?? .object([:]) }
        var result: [String: JSONValue] = [
            "type": .string("object"), "properties": .object(properties), "additionalProperties": .bool(false),
        ]
        if !required.isEmpty { result["required"] = .array(required.map(JSONValue.string)) }
        return result
    }

    private static func ref(_ name: String) -> JSONValue { .object(["$ref": .string("#/$defs/" + name)]) }
    private static func array(_ items: JSONValue) -> JSONValue { .object(["type": .string("array"), "items": items]) }
    private static let string: JSONValue = .object(["type": .string("string")])
    private static let number: JSONValue = .object(["type": .string("number")])
    private static let boolean: JSONValue = .object(["type": .string("boolean")])
}
