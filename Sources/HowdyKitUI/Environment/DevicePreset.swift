/// Edge insets in pt.
public struct EdgeInsets: Sendable, Hashable {
    /// pt from the top edge.
    public var top: Double
    /// pt from the leading edge (left in LTR, right in RTL).
    public var leading: Double
    /// pt from the bottom edge.
    public var bottom: Double
    /// pt from the trailing edge.
    public var trailing: Double

    /// Insets in pt; each defaults to 0.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on all four sides.
    public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    /// No insets.
    public static let zero = EdgeInsets()
}

/// A screen size in pt with its safe-area insets and default scale.
public struct DevicePreset: Sendable, Hashable {
    /// Short name used on the command line and in file names (`phone`, `small-phone`...).
    public var name: String
    /// Width in pt.
    public var width: Double
    /// Height in pt.
    public var height: Double
    /// Safe-area insets in pt (status bar, home indicator).
    public var safeArea: EdgeInsets
    /// The scale the device renders at (px per pt) when none is asked for.
    public var defaultScale: Int
    /// True for regular-width screens (tablet, desktop): content is kept to a readable column.
    public var isRegularWidth: Bool
    /// The Apple device class a String Catalog's `variations.device` names for this preset
    /// (`iphone`, `ipad`, `mac`, `applevision`, `applewatch`, `appletv`, or `other`).
    /// Default: `ipad` for a regular-width preset called `tablet`, `mac` for `desktop`,
    /// `iphone` for names with `phone`, else `other`.
    public var deviceClass: String

    /// A device `name`, `width` × `height` pt with its safe area, drawn at `defaultScale` px
    /// per pt unless the environment sets a scale; compact width unless `isRegularWidth`.
    public init(
        name: String, width: Double, height: Double, safeArea: EdgeInsets, defaultScale: Int,
        isRegularWidth: Bool = false, deviceClass: String? = nil
    ) {
        self.name = name
        self.width = width
        self.height = height
        self.safeArea = safeArea
        self.defaultScale = defaultScale
        self.isRegularWidth = isRegularWidth
        self.deviceClass = deviceClass ?? Self.deviceClass(named: name)
    }

    /// phone, small-phone → iphone; tablet → ipad; desktop → mac; others → other.
    static func deviceClass(named name: String) -> String {
        let lower = name.lowercased()
        if lower.contains("phone") { return "iphone" }
        if lower.contains("tablet") || lower.contains("ipad") { return "ipad" }
        if lower.contains("desktop") || lower.contains("mac") { return "mac" }
        return "other"
    }

    /// A 6.1" phone: 393 × 852 pt, notch insets 59/34 pt, @3x.
    public static let phone = DevicePreset(
        name: "phone", width: 393, height: 852, safeArea: EdgeInsets(top: 59, bottom: 34), defaultScale: 3)
    /// A 4.7" phone with a home button: 375 × 667 pt, 20 pt status bar, @2x.
    public static let smallPhone = DevicePreset(
        name: "small-phone", width: 375, height: 667, safeArea: EdgeInsets(top: 20), defaultScale: 2)
    /// An 11" tablet in portrait: 820 × 1180 pt, @2x.
    public static let tablet = DevicePreset(
        name: "tablet", width: 820, height: 1180, safeArea: EdgeInsets(top: 24, bottom: 20), defaultScale: 2,
        isRegularWidth: true)
    /// A desktop window's content area: 600 × 700 pt, @2x, no insets.
    public static let desktop = DevicePreset(
        name: "desktop", width: 600, height: 700, safeArea: .zero, defaultScale: 2, isRegularWidth: true)

    /// Every preset, in the order reports list them.
    public static let all: [DevicePreset] = [.phone, .smallPhone, .tablet, .desktop]

    /// The preset called `name`, or nil.
    public static func named(_ name: String) -> DevicePreset? {
        all.first { $0.name == name.lowercased() }
    }
}
