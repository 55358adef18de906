import HowdyText
import Synchronization

/// An icon: a Material Icons ligature name (`notifications`, `favorite`, `check`), drawn
/// with the bundled MaterialIcons font through HarfBuzz ligatures. SF Symbol names the
/// seeds use (`bell.badge.fill`, `sparkles`...) are mapped to their Material equivalent.
public struct Icon: Sendable, Hashable {
    /// The Material Icons ligature name.
    public var name: String

    /// - Parameter name: a Material Icons name or a common SF Symbol name.
    public init(_ name: String) {
        self.name = Icon.materialName(for: name)
    }

    /// The font icons are drawn with.
    public static let fontName = "MaterialIcons-Regular"

    /// SF Symbol names the seeds use, mapped to Material Icons names.
    public static let sfSymbolNames: [String: String] = [
        "sparkles": "auto_awesome", "bell": "notifications", "bell.fill": "notifications",
        "bell.badge.fill": "notifications_active", "bell.badge": "notifications_active",
        "hand.tap.fill": "touch_app", "hand.tap": "touch_app", "lock.shield": "security",
        "lock.shield.fill": "security", "lock": "lock", "lock.fill": "lock", "heart": "favorite_border",
        "heart.fill": "favorite", "star": "star_border", "star.fill": "star", "checkmark": "check",
        "checkmark.circle.fill": "check_circle", "location": "location_on", "location.fill": "location_on",
        "camera": "photo_camera", "camera.fill": "photo_camera", "brain.head.profile": "psychology",
        "icloud.and.arrow.up": "cloud_upload", "icloud": "cloud", "person": "person", "person.fill": "person",
        "gear": "settings", "calendar": "calendar_today", "chart.bar": "bar_chart", "flame": "local_fire_department",
        "flame.fill": "local_fire_department", "leaf": "eco", "leaf.fill": "eco", "bolt": "bolt", "bolt.fill": "bolt",
        "moon": "dark_mode", "moon.fill": "dark_mode", "sun.max": "light_mode", "globe": "public",
        "figure.walk": "directions_walk", "figure.run": "directions_run", "book": "menu_book", "book.fill": "menu_book",
        "photo": "photo", "message": "chat", "message.fill": "chat", "envelope": "mail", "envelope.fill": "mail",
        "crown": "workspace_premium", "crown.fill": "workspace_premium", "gift": "redeem", "gift.fill": "redeem",
    ]

    /// True when the icon font turns `name` (after SF Symbol mapping) into one glyph
    /// through its ligatures, i.e. the icon exists.
    /// - Throws: `TextError` when the icon font (`fontName`) cannot be loaded or shaped.
    public static func isKnown(_ name: String) throws -> Bool {
        let material = materialName(for: name)
        if let known = knownCache.withLock({ $0[material] }) { return known }
        var known = false
        if !material.isEmpty, material.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
            let font = try Font(named: fontName, size: 24)
            let shaped = try ShapedText(material, font: font, options: TextOptions(fallback: FontFallback.none))
            let glyphs = try shaped.layout(width: 100_000).lines.flatMap { $0.runs.flatMap(\.glyphs) }
            known = glyphs.count == 1 && glyphs[0].id != 0
        }
        knownCache.withLock { $0[material] = known }
        return known
    }

    private static let knownCache = Mutex<[String: Bool]>([:])

    static func materialName(for name: String) -> String {
        if let mapped = sfSymbolNames[name] { return mapped }
        return name.replacingOccurrences(of: ".", with: "_").replacingOccurrences(of: "-", with: "_").lowercased()
    }
}
