import HowdyNumbers
import HowdyText

/// Reading direction of the interface.
public enum LayoutDirection: String, Sendable, Hashable, Codable {
    case leftToRight
    case rightToLeft

    /// Right-to-left for Arabic, Hebrew, Persian and Urdu locales and the right-to-left
    /// pseudo-locale (`pseudo-rtl`, `ar-XB`).
    public static func of(locale: String) -> LayoutDirection {
        if let pseudo = PseudoLocale(identifier: locale) { return pseudo.isRightToLeft ? .rightToLeft : .leftToRight }
        let language =
            locale.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        return ["ar", "he", "iw", "fa", "ur"].contains(language) ? .rightToLeft : .leftToRight
    }
}

/// Everything outside the content and the theme that a screen depends on.
///
/// A screen is a pure function of content, theme and this value: the same inputs give
/// byte-identical images.
public struct RenderEnvironment: Sendable, Hashable {
    /// The screen's size and safe area.
    public var device: DevicePreset
    /// px per pt: 1, 2 or 3 (any positive number works).
    public var scale: Double
    /// Light or dark.
    public var colorScheme: ColorScheme
    /// Seconds since the screen appeared; drives animated backgrounds and spinners.
    public var time: Double
    /// When true, animated backgrounds are static and spinners stop.
    public var reduceMotion: Bool
    /// The text size; `.large` is 1×.
    public var dynamicTypeSize: DynamicTypeSize
    /// BCP 47 locale of the content ("en", "ar", "he").
    public var locale: String
    /// Mirrors rows, alignment, sliders and page dots when right to left.
    public var layoutDirection: LayoutDirection
    /// How far content taller than the screen is scrolled (default: the top).
    public var scroll: ScrollPosition
    /// The app's strings: with them every text is a key looked up for `locale` (nil, the
    /// default: texts are drawn as written, except in a pseudo-locale, which transforms them).
    public var localization: FlowLocalization? = nil

    /// - Parameters: `scale` defaults to the device's; `layoutDirection` defaults to the
    ///   locale's direction.
    public init(
        device: DevicePreset = .phone, scale: Double? = nil, colorScheme: ColorScheme = .light, time: Double = 0,
        reduceMotion: Bool = false, dynamicTypeSize: DynamicTypeSize = .large, locale: String = "en",
        layoutDirection: LayoutDirection? = nil, scroll: ScrollPosition = .top
    ) {
        self.device = device
        self.scale = scale ?? Double(device.defaultScale)
        self.colorScheme = colorScheme
        self.time = time
        self.reduceMotion = reduceMotion
        self.dynamicTypeSize = dynamicTypeSize
        self.locale = locale
        self.layoutDirection = layoutDirection ?? LayoutDirection.of(locale: locale)
        self.scroll = scroll
    }

    /// The real language for fonts, line breaking and shaping: `locale`, or English for a
    /// pseudo-locale.
    public var textLocale: String { PseudoLocale(identifier: locale)?.baseLanguage ?? locale }

    /// The text to draw for `string` (a key when there is a localization): looked up, or
    /// pseudo-localised in a pseudo-locale without one, else `string` itself.
    public func localizedText(_ string: String) -> String {
        if let localization { return localization.text(string, locale: locale, device: device.deviceClass).text }
        if let pseudo = PseudoLocale(identifier: locale) { return pseudo.transform(string) }
        return string
    }

    /// The text to draw for a composed `text`: each key looked up (or pseudo-localised in
    /// a pseudo-locale without a localization, or kept), counted keys filled with their
    /// number, then composed.
    public func localizedText(_ text: LocalizableText) -> String {
        if let localization { return localization.text(text, locale: locale, device: device.deviceClass).text }
        let pseudo = PseudoLocale(identifier: locale)
        return text.resolved(locale: textLocale) { key, number in
            let shown = pseudo?.transform(key) ?? key
            return number.map { FlowLocalization.fillingPlaceholders(shown, with: $0) } ?? shown
        }
    }

    /// True for right-to-left layouts.
    public var isRightToLeft: Bool { layoutDirection == .rightToLeft }

    /// Canvas size in px.
    public var pixelWidth: Int { Int(saturatingRounded: device.width * scale) }
    /// Canvas height in px.
    public var pixelHeight: Int { Int(saturatingRounded: device.height * scale) }
}
