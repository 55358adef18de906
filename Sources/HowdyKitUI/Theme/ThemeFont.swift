import HowdyText

/// A font for one text role: a face name and a size in pt at the `.large` Dynamic Type size.
///
/// `name` is anything `Font(named:size:)` accepts: a bundled name (`Inter-Bold`), a
/// fontconfig family, or a path.
public struct ThemeFont: Sendable, Hashable {
    /// A bundled face name, a fontconfig family or a path.
    public var name: String
    /// pt at Dynamic Type `.large`; scaled by the environment's size.
    public var size: Double

    /// A font `name` at `size` pt.
    public init(name: String, size: Double) {
        self.name = name
        self.size = size
    }

    /// The font at `scale` px per pt and Dynamic Type `typeSize`, sized in px.
    /// - Throws: `TextError` when the face cannot be found or read.
    public func resolve(scale: Double, typeSize: DynamicTypeSize) throws -> Font {
        try Font(named: name, size: min(Font.maximumSize, size * typeSize.scale * scale))
    }
}

/// Fonts per text role.
public struct ThemeFonts: Sendable, Hashable {
    /// Screen titles: default Inter Bold 30 pt.
    public var title: ThemeFont
    /// Header headlines and subtitles: default Inter Regular 17 pt.
    public var headline: ThemeFont
    /// Paragraphs, rows, options: default Inter Regular 17 pt.
    public var body: ThemeFont
    /// Button labels: default Inter SemiBold 17 pt.
    public var button: ThemeFont
    /// Small print, feature descriptions: default Inter Regular 15 pt.
    public var caption: ThemeFont

    /// Fonts per role; each defaults to the system-like Inter face and size.
    public init(
        title: ThemeFont = ThemeFont(name: "Inter-Bold", size: 30),
        headline: ThemeFont = ThemeFont(name: "Inter-Regular", size: 17),
        body: ThemeFont = ThemeFont(name: "Inter-Regular", size: 17),
        button: ThemeFont = ThemeFont(name: "Inter-SemiBold", size: 17),
        caption: ThemeFont = ThemeFont(name: "Inter-Regular", size: 15)
    ) {
        self.title = title
        self.headline = headline
        self.body = body
        self.button = button
        self.caption = caption
    }

    /// The system-like defaults.
    public static let system = ThemeFonts()
}
