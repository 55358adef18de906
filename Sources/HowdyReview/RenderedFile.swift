/// One rendered file of a flow, as a render manifest records it.
///
/// The colour scheme and Dynamic Type size are kept by name, so this module needs no
/// theme types; HowdyKitUI adds them typed (`scheme`, `dynamicTypeSize`) and an initialiser
/// taking them. In the manifest they are written under the keys `scheme` and `dynamicTypeSize`.
public struct RenderedFile: Sendable, Hashable, Codable {
    /// The screen's name (`03-goal`).
    public var screen: String
    /// The file name inside the output folder.
    public var fileName: String
    /// The device preset's name.
    public var device: String
    /// The colour scheme drawn, by name (`light`, `dark`).
    public var schemeName: String
    /// The Dynamic Type size drawn, by name (`large`, `accessibility5`).
    public var typeSizeName: String
    /// Seconds into the animation.
    public var time: Double
    /// px per pt.
    public var scale: Double
    /// The scroll position drawn (`top`, `end` or pt).
    public var scroll: String
    /// Whether animated backgrounds were drawn static.
    public var reduceMotion: Bool
    /// Image size in px.
    public var pixelWidth: Int
    /// Image height in px.
    public var pixelHeight: Int
    /// The locale drawn, when the render has a locale axis (nil otherwise, and absent from
    /// the manifest).
    public var locale: String? = nil

    private enum CodingKeys: String, CodingKey {
        case screen, fileName, device, schemeName = "scheme", typeSizeName = "dynamicTypeSize", time, scale, scroll
        case reduceMotion, pixelWidth, pixelHeight, locale
    }

    /// A rendered file with the given fields, the scheme and type size by name; `locale` starts nil.
    public init(
        screen: String, fileName: String, device: String, schemeName: String, typeSizeName: String, time: Double,
        scale: Double, scroll: String, reduceMotion: Bool, pixelWidth: Int, pixelHeight: Int
    ) {
        self.screen = screen
        self.fileName = fileName
        self.device = device
        self.schemeName = schemeName
        self.typeSizeName = typeSizeName
        self.time = time
        self.scale = scale
        self.scroll = scroll
        self.reduceMotion = reduceMotion
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// Whether the scheme drawn is dark.
    public var isDark: Bool { schemeName == "dark" }
}
