import Foundation
import HowdyKit
import HowdyRender
import HowdyText

/// Reads the `theme` object of a flow spec.
///
/// ```json
/// "theme": {
///   "primary": "label",                       // a colour (see below)
///   "accent": "#5856D6",
///   "card": "material" | "thin" | "regular" | "thick" | COLOUR,
///   "fonts": { "title": { "name": "Inter-Bold", "size": 32 }, "body": "Inter-Regular" },
///   "background": "system" | "softGradient" | { "kind": "animatedGradient", "brand": COLOUR,
///                  "palette": { "light": TONES, "dark": TONES }, "motion": "subtle" | 0...2 }
///                | { "kind": "linearGradient", "colors": [COLOUR...], "start": "top", "end": "bottom" }
///                | { "kind": "animatedMesh", "primary": COLOUR, "secondary": COLOUR, "accent": COLOUR,
///                    "motion": ... }   // deprecated alias of animatedGradient with that palette (a warning)
///   "style": { "tint": COLOUR, "titleColor": COLOUR, ... }
/// }
/// ```
///
/// A colour is `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a system name (`label`, `systemBlue`,
/// `secondaryLabel`...) or `{ "light": COLOUR, "dark": COLOUR }`. Unknown colours and fonts
/// are errors; a motion strength outside 0...2 is clamped with a warning, and the deprecated
/// `animatedMesh` is read as an `animatedGradient` with a warning.
enum ThemeSpec {
    static func theme(_ node: JSONNode, warnings: inout [String]) throws(SpecError) -> OnboardingTheme {
        try node.allowKeys(SpecKeys.theme)
        var theme = OnboardingTheme()
        if let primary = try node.child("primary") { theme.primary = try color(primary) }
        if let accent = try node.child("accent") { theme.accent = try color(accent) }
        if let card = try node.child("card") { theme.cardBackground = try cardBackground(card) }
        if let fonts = try node.child("fonts") { theme.fonts = try self.fonts(fonts) }
        if let style = try node.child("style") { theme.style = try self.style(style) }
        if let background = try node.child("background") {
            theme.background = try self.background(background, warnings: &warnings)
        }
        return theme
    }

    static func color(_ node: JSONNode) throws(SpecError) -> DynamicColor {
        if case .object = node.value {
            let light = try color(try node.required("light"))
            let dark = try color(try node.required("dark"))
            return DynamicColor(light: light.light, dark: dark.dark)
        }
        let text = try node.string()
        if let parsed = parseHex(text) { return DynamicColor(parsed) }
        if let named = SystemColors.named[text.lowercased()] { return named }
        throw node.error(
            "unknown colour \"\(text)\" (expected #RRGGBB, #RRGGBBAA, #RGB, a system colour such as label, secondaryLabel, systemBlue, or {\"light\", \"dark\"})"
        )
    }

    static func parseHex(_ text: String) -> Color? {
        guard text.hasPrefix("#") else { return nil }
        var digits = String(text.dropFirst())
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else { return nil }
        if digits.count == 8 {
            return Color(hex: UInt32(value >> 8), alpha: Double(value & 0xFF) / 255)
        }
        return Color(hex: UInt32(value))
    }

    static func cardBackground(_ node: JSONNode) throws(SpecError) -> CardBackground? {
        if case .string(let text) = node.value {
            switch text.lowercased() {
            case "none": return nil
            case "material", "regular", "regularmaterial": return .material(.regular)
            case "thin", "thinmaterial": return .material(.thin)
            case "thick", "thickmaterial": return .material(.thick)
            default: break
            }
        }
        return .color(try color(node))
    }

    static func fonts(_ node: JSONNode) throws(SpecError) -> ThemeFonts {
        var fonts = ThemeFonts()
        let object = try node.object()
        for key in object.keys.sorted() {
            let child = try node.required(key)
            switch key {
            case "title": fonts.title = try font(child, default: fonts.title)
            case "headline": fonts.headline = try font(child, default: fonts.headline)
            case "body": fonts.body = try font(child, default: fonts.body)
            case "button": fonts.button = try font(child, default: fonts.button)
            case "caption": fonts.caption = try font(child, default: fonts.caption)
            default: throw child.error("unknown font role (expected title, headline, body, button or caption)")
            }
        }
        return fonts
    }

    /// A font: a name, or `{ "name": NAME, "size": PT }`; the face must exist.
    static func font(_ node: JSONNode, default base: ThemeFont) throws(SpecError) -> ThemeFont {
        var result = base
        var nameNode = node
        if case .object = node.value {
            try node.allowKeys(SpecKeys.font)
            if let name = try node.child("name") {
                nameNode = name
                result.name = try name.string()
            }
            if let size = try node.child("size") {
                let value = try size.number()
                // At least 1 pt: a smaller size (1e-300) passed here and failed later, at render,
                // as a text error instead of a spec error naming the path.
                guard value >= 1, value <= 200 else { throw size.error("expected a size in pt from 1 to 200") }
                result.size = value
            }
        } else {
            result.name = try node.string()
        }
        do {
            _ = try FontLibrary.face(named: result.name)
        } catch {
            throw nameNode.error(
                "unknown font \"\(result.name)\" (\(error)); bundled fonts: \(FontLibrary.bundledNames.joined(separator: ", "))"
            )
        }
        return result
    }

    static func style(_ node: JSONNode) throws(SpecError) -> GreetStyle {
        var style = GreetStyle()
        let object = try node.object()
        for key in object.keys.sorted() {
            guard let child = try node.child(key) else { continue }
            let value = try color(child)
            switch key {
            case "tint": style.tint = value
            case "titleColor": style.titleColor = value
            case "subtitleColor": style.subtitleColor = value
            case "featureIconColor": style.featureIconColor = value
            case "featureTitleColor": style.featureTitleColor = value
            case "featureDescriptionColor": style.featureDescriptionColor = value
            case "primaryButtonForegroundColor": style.primaryButtonForegroundColor = value
            case "primaryButtonProgressTint": style.primaryButtonProgressTint = value
            case "secondaryButtonColor": style.secondaryButtonColor = value
            default:
                throw child.error(
                    "unknown style role (expected tint, titleColor, subtitleColor, featureIconColor, featureTitleColor, featureDescriptionColor, primaryButtonForegroundColor, primaryButtonProgressTint or secondaryButtonColor)"
                )
            }
        }
        return style
    }

    static func background(_ node: JSONNode, warnings: inout [String]) throws(SpecError) -> GreetBackground {
        let kind: String
        var object: JSONNode?
        if case .string(let text) = node.value {
            kind = text
        } else {
            kind = try node.required("kind").string()
            object = node
            try node.allowKeys(SpecKeys.background)
        }
        switch kind {
        case "system":
            return .system
        case "softGradient":
            return .softGradient(
                brand: try object?.child("brand").map(color), palette: try object?.child("palette").map(palette))
        case "animatedGradient":
            var motion = GreetGradientMotion.standard
            if let node = try object?.child("motion") { motion = try self.motion(node, warnings: &warnings) }
            return .animatedGradient(
                brand: try object?.child("brand").map(color), palette: try object?.child("palette").map(palette),
                motion: motion)
        case "animatedMesh":
            // GreetKit's deprecated `.animatedMesh(primary:secondary:accent:)`: still read,
            // as the animated gradient it is an alias of, with a warning naming the fix.
            guard let object else {
                throw node.error("an animatedMesh needs an object with \"primary\", \"secondary\" and \"accent\"")
            }
            try object.allowKeys(SpecKeys.animatedMesh)
            let palette = GreetGradientPalette(
                primary: try color(try object.required("primary")),
                secondary: try color(try object.required("secondary")),
                accent: try color(try object.required("accent")))
            var motion = GreetGradientMotion.standard
            if let node = try object.child("motion") { motion = try self.motion(node, warnings: &warnings) }
            warnings.append(
                "\(SpecError.child(object.path, "kind")): \"animatedMesh\" is deprecated; read as \"animatedGradient\" with a palette of these colours (write {\"kind\": \"animatedGradient\", \"palette\": {\"light\": ..., \"dark\": ...}})"
            )
            return .animatedGradient(palette: palette, motion: motion)
        case "linearGradient":
            guard let object else { throw node.error("a linearGradient needs an object with \"colors\"") }
            let colorsNode = try object.required("colors")
            var colors: [DynamicColor] = []
            for item in try colorsNode.array() { colors.append(try color(item)) }
            guard !colors.isEmpty else { throw colorsNode.error("expected at least one colour") }
            return .linearGradient(
                colors: colors, startPoint: try object.child("start").map(unitPoint) ?? .top,
                endPoint: try object.child("end").map(unitPoint) ?? .bottom)
        default:
            let at = object.map { JSONNode($0.value, path: SpecError.child($0.path, "kind")) } ?? node
            throw at.error(
                "unknown background \"\(kind)\" (expected system, softGradient, linearGradient or animatedGradient)")
        }
    }

    static func motion(_ node: JSONNode, warnings: inout [String]) throws(SpecError) -> GreetGradientMotion {
        if case .string(let name) = node.value {
            switch name {
            case "subtle": return .subtle
            case "standard": return .standard
            case "expressive": return .expressive
            default:
                throw node.error(
                    "unknown motion \"\(name)\" (expected subtle, standard, expressive or a strength 0...2)")
            }
        }
        let strength = try node.number()
        let motion = GreetGradientMotion(strength: strength)
        if motion.strength != strength {
            warnings.append("\(node.path): motion strength \(strength) is outside 0...2; clamped to \(motion.strength)")
        }
        return motion
    }

    static func palette(_ node: JSONNode) throws(SpecError) -> GreetGradientPalette {
        try node.allowKeys(SpecKeys.palette)
        func tones(_ node: JSONNode, scheme: ColorScheme) throws(SpecError) -> GreetGradientPalette.Tones {
            try node.allowKeys(SpecKeys.tones)
            func pick(_ key: String) throws(SpecError) -> Color { try color(try node.required(key)).resolve(scheme) }
            return GreetGradientPalette.Tones(
                base: try pick("base"), primary: try pick("primary"), secondary: try pick("secondary"),
                accent: try pick("accent"))
        }
        return GreetGradientPalette(
            light: try tones(try node.required("light"), scheme: .light),
            dark: try tones(try node.required("dark"), scheme: .dark))
    }

    static func unitPoint(_ node: JSONNode) throws(SpecError) -> UnitPoint {
        if case .array = node.value {
            let items = try node.array()
            guard items.count == 2 else { throw node.error("expected [x, y]") }
            return UnitPoint(x: try items[0].number(), y: try items[1].number())
        }
        let names: [String: UnitPoint] = [
            "top": .top, "bottom": .bottom, "leading": .leading, "trailing": .trailing, "topLeading": .topLeading,
            "topTrailing": .topTrailing, "bottomLeading": .bottomLeading, "bottomTrailing": .bottomTrailing,
            "center": .center,
        ]
        let name = try node.string()
        guard let point = names[name] else {
            throw node.error(
                "unknown point \"\(name)\" (expected top, bottom, leading, trailing, topLeading, ..., center or [x, y])"
            )
        }
        return point
    }
}
