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

    static func materialName(for name: String) -> String {
        if let mapped = sfSymbolNames[name] { return mapped }
        return name.replacingOccurrences(of: ".", with: "_").replacingOccurrences(of: "-", with: "_").lowercased()
    }
}
