import Foundation
import HowdyKit
import HowdyText

/// Reads a custom step's `content`: a tree of nodes, each an object with a `type`.
///
/// ```json
/// { "type": "vstack", "spacing": 16, "alignment": "center", "children": [
///     { "type": "icon", "name": "local_fire_department", "size": 48, "color": "orange" },
///     { "type": "text", "text": "7-day streak", "style": "title" },
///     { "type": "hstack", "spacing": 8, "children": [
///         { "type": "shape", "shape": "circle", "width": 14, "height": 14, "color": "orange" },
///         { "type": "text", "text": "Mon", "style": "caption" } ] },
///     { "type": "background", "shape": "roundedRect", "cornerRadius": 16, "color": "fill",
///       "child": { "type": "padding", "insets": 16, "child": { "type": "text", "text": "…" } } },
///     { "type": "feature", "id": "f", "icon": "bolt", "label": "…", "description": "…" },
///     { "type": "option", "id": "a", "label": "…", "emoji": "💪", "selected": true },
///     { "type": "image", "path": "badge.png", "width": 80, "height": 80 },
///     { "type": "spacer", "minLength": 8 } ] }
/// ```
///
/// Types: `vstack` (`spacing`, `alignment` leading|center|trailing, `children`), `hstack`
/// (`spacing`, `children`), `text` (`text`, `style` title|headline|body|caption|label,
/// `color`, `alignment`, `role`), `icon` (`name`, `size`, `color`), `image` (`path` beside
/// the spec, `width`, `height`), `shape` (`shape` roundedRect|capsule|circle,
/// `cornerRadius`, `width`, `height`, `color`), `spacer` (`minLength`), `padding`
/// (`insets`: a number or `{top, leading, bottom, trailing}`, `child`), `background`
/// (`shape`, `cornerRadius`, `color`, `child`), `feature` and `option` (the theme's rows).
/// Lengths are pt from 0 to 2000; a tree is at most 16 levels deep and 500 nodes.
/// Errors name the JSON path (`steps[3].content.children[1].style`).
enum ContentSpec {
    static let maxDepth = 16
    static let maxNodes = 500

    static func read(_ node: JSONNode, baseDirectory: URL?) throws(SpecError) -> ContentNode {
        var count = 0
        return try read(node, depth: 1, count: &count, baseDirectory: baseDirectory)
    }

    private static func read(_ node: JSONNode, depth: Int, count: inout Int, baseDirectory: URL?) throws(SpecError)
        -> ContentNode
    {
        guard depth <= maxDepth else { throw node.error("content nested deeper than \(maxDepth) levels") }
        count += 1
        guard count <= maxNodes else { throw node.error("content has more than \(maxNodes) nodes") }
        let type = try node.required("type").string()
        func children() throws(SpecError) -> [ContentNode] {
            var result: [ContentNode] = []
            for child in try node.required("children").array() {
                result.append(try read(child, depth: depth + 1, count: &count, baseDirectory: baseDirectory))
            }
            return result
        }
        func child() throws(SpecError) -> ContentNode {
            try read(node.required("child"), depth: depth + 1, count: &count, baseDirectory: baseDirectory)
        }
        switch type {
        case "vstack":
            try node.allowKeys(SpecKeys.content(type: "vstack"))
            return .vstack(
                spacing: try length(node, "spacing") ?? 12, alignment: try alignment(node) ?? .center, try children())
        case "hstack":
            try node.allowKeys(SpecKeys.content(type: "hstack"))
            return .hstack(spacing: try length(node, "spacing") ?? 12, try children())
        case "text":
            try node.allowKeys(SpecKeys.content(type: "text"))
            var style = TextStyle.body
            if let styleNode = try node.child("style") {
                let name = try styleNode.string()
                guard let parsed = TextStyle(rawValue: name) else {
                    throw styleNode.error(
                        "unknown style \"\(name)\" (expected \(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                style = parsed
            }
            return .text(
                try node.required("text").string(), style: style, color: try color(node),
                alignment: try alignment(node) ?? .center, role: try node.string("role").map { SemanticRole($0) })
        case "icon":
            try node.allowKeys(SpecKeys.content(type: "icon"))
            return .icon(try node.required("name").icon(), size: try length(node, "size") ?? 32, color: try color(node))
        case "image":
            try node.allowKeys(SpecKeys.content(type: "image"))
            let pathNode = try node.required("path")
            let image = try FlowDocument.loadImage(try pathNode.string(), node: pathNode, baseDirectory: baseDirectory)
            return .image(image, width: try length(node, "width"), height: try requiredLength(node, "height"))
        case "shape":
            try node.allowKeys(SpecKeys.content(type: "shape"))
            return .shape(
                try shape(node), width: try length(node, "width"), height: try requiredLength(node, "height"),
                color: try color(node))
        case "spacer":
            try node.allowKeys(SpecKeys.content(type: "spacer"))
            return .spacer(minLength: try length(node, "minLength") ?? 0)
        case "padding":
            try node.allowKeys(SpecKeys.content(type: "padding"))
            return .padding(try insets(node.required("insets")), try child())
        case "background":
            try node.allowKeys(SpecKeys.content(type: "background"))
            return .background(try shape(node), color: try color(node), try child())
        case "feature":
            try node.allowKeys(SpecKeys.content(type: "feature"))
            return .feature(
                GreetFeatureItem(
                    id: try node.required("id").string(), icon: try node.required("icon").icon(),
                    label: try node.required("label").string(), description: try node.string("description") ?? ""))
        case "option":
            try node.allowKeys(SpecKeys.content(type: "option"))
            return .option(
                SelectOption(
                    id: try node.required("id").string(), label: try node.required("label").string(),
                    emoji: try node.string("emoji")), selected: try node.bool("selected") ?? false)
        default:
            throw SpecError(
                path: SpecError.child(node.path, "type"),
                message:
                    "unknown content type \"\(type)\" (expected vstack, hstack, text, icon, image, shape, spacer, padding, background, feature or option)"
            )
        }
    }

    /// A length in pt, 0...2000, or nil when the key is absent.
    private static func length(_ node: JSONNode, _ key: String) throws(SpecError) -> Double? {
        guard let child = try node.child(key) else { return nil }
        let value = try child.number()
        guard value.isFinite, (0...2000).contains(value) else {
            throw child.error("expected a length from 0 to 2000 pt")
        }
        return value
    }

    private static func requiredLength(_ node: JSONNode, _ key: String) throws(SpecError) -> Double {
        guard let value = try length(node, key) else {
            throw SpecError(path: SpecError.child(node.path, key), message: "required key is missing")
        }
        return value
    }

    private static func alignment(_ node: JSONNode) throws(SpecError) -> TextAlignment? {
        guard let child = try node.child("alignment") else { return nil }
        let name = try child.string()
        guard let alignment = TextAlignment(rawValue: name) else {
            throw child.error("expected leading, center or trailing, got \"\(name)\"")
        }
        return alignment
    }

    private static func color(_ node: JSONNode) throws(SpecError) -> DynamicColor? {
        guard let child = try node.child("color") else { return nil }
        return try ThemeSpec.color(child)
    }

    private static func shape(_ node: JSONNode) throws(SpecError) -> ContentShape {
        let shapeNode = try node.required("shape")
        let name = try shapeNode.string()
        switch name {
        case "roundedRect": return .roundedRect(cornerRadius: try length(node, "cornerRadius") ?? 0)
        case "capsule": return .capsule
        case "circle": return .circle
        default: throw shapeNode.error("expected roundedRect, capsule or circle, got \"\(name)\"")
        }
    }

    private static func insets(_ node: JSONNode) throws(SpecError) -> EdgeInsets {
        if case .number = node.value {
            let value = try node.number()
            guard value.isFinite, (0...2000).contains(value) else {
                throw node.error("expected a length from 0 to 2000 pt")
            }
            return EdgeInsets(all: value)
        }
        try node.allowKeys(SpecKeys.insets)
        return EdgeInsets(
            top: try length(node, "top") ?? 0, leading: try length(node, "leading") ?? 0,
            bottom: try length(node, "bottom") ?? 0, trailing: try length(node, "trailing") ?? 0)
    }
}
