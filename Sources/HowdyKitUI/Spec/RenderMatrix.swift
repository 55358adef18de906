import HowdyKit
import HowdyText

/// Which combinations `howdy render` draws: locales × devices × schemes × Dynamic Type
/// sizes × times × scroll positions.
public struct RenderMatrix: Sendable, Hashable {
    /// Device presets, in order (default: the phone).
    public var devices: [DevicePreset]
    /// Colour schemes (default: light and dark).
    public var schemes: [ColorScheme]
    /// Dynamic Type sizes (default: `.large`).
    public var dynamicTypeSizes: [DynamicTypeSize]
    /// Seconds; several times show an animated background's frames.
    public var times: [Double]
    /// px per pt; nil uses each device's own.
    public var scale: Double?
    /// Renders animated backgrounds static (default false).
    public var reduceMotion: Bool
    /// Scroll positions (default: the top only); only screens whose content scrolls differ.
    public var scrollPositions: [ScrollPosition]
    /// Locales (BCP 47 tags or pseudo-locales: `pseudo`, `en-XA`, `pseudo-rtl`, `ar-XB`);
    /// empty, the default, renders the spec's own `locale` only and keeps file names
    /// without a locale.
    public var locales: [String] = []

    /// The default: a phone in light and dark at Dynamic Type `.large`, t = 0.
    public init(
        devices: [DevicePreset] = [.phone], schemes: [ColorScheme] = [.light, .dark],
        dynamicTypeSizes: [DynamicTypeSize] = [.large], times: [Double] = [0], scale: Double? = nil,
        reduceMotion: Bool = false, scrollPositions: [ScrollPosition] = [.top]
    ) {
        self.devices = devices
        self.schemes = schemes
        self.dynamicTypeSizes = dynamicTypeSizes
        self.times = times
        self.scale = scale
        self.reduceMotion = reduceMotion
        self.scrollPositions = scrollPositions
    }

    /// The same matrix with repeated devices, schemes, sizes, times and scroll positions
    /// merged, each kept at its first place. `["phone", "phone"]` is one phone.
    public func deduplicated() -> RenderMatrix {
        var matrix = self
        matrix.devices = devices.uniqued()
        matrix.schemes = schemes.uniqued()
        matrix.dynamicTypeSizes = dynamicTypeSizes.uniqued()
        matrix.times = times.uniqued()
        matrix.scrollPositions = scrollPositions.uniqued()
        matrix.locales = locales.uniqued()
        return matrix
    }

    /// How many environments `environments(locale:)` yields (duplicates merged), computed
    /// without building them; `Int.max` when the product overflows.
    public var environmentCount: Int {
        let unique = deduplicated()
        var count = 1
        for axis in [
            unique.devices.count, unique.schemes.count, unique.dynamicTypeSizes.count, unique.times.count,
            unique.scrollPositions.count, max(1, unique.locales.count),
        ] {
            let (product, overflow) = count.multipliedReportingOverflow(by: axis)
            if overflow { return .max }
            count = product
        }
        return count
    }

    /// The matrix's axes in words, for messages: `1 device × 2 schemes × 1 type size × 3 times
    /// × 1 scroll position` (duplicates merged), then `× 4 locales` when it has a locale axis.
    public var axesDescription: String {
        let unique = deduplicated()
        func axis(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return [
            axis(unique.devices.count, "device"), axis(unique.schemes.count, "scheme"),
            axis(unique.dynamicTypeSizes.count, "type size"), axis(unique.times.count, "time"),
            axis(unique.scrollPositions.count, "scroll position"),
        ].joined(separator: " × ") + (unique.locales.isEmpty ? "" : " × " + axis(unique.locales.count, "locale"))
    }

    /// Every environment of the matrix, locales outermost (the matrix's `locales`, else
    /// `locale` alone), then devices; repeated axis values are merged (see
    /// `deduplicated()`), so each environment appears once. Each carries `localization`
    /// and its locale's layout direction (right to left mirrors).
    public func environments(locale: String, localization: FlowLocalization? = nil) -> [RenderEnvironment] {
        let matrix = deduplicated()
        let locales = matrix.locales.isEmpty ? [locale] : matrix.locales
        var result: [RenderEnvironment] = []
        for locale in locales {
            var environments = matrix.environments(of: locale)
            for index in environments.indices { environments[index].localization = localization }
            result += environments
        }
        return result
    }

    /// True when file names must carry the locale: the matrix has several locales, or one
    /// that is not the spec's `locale`.
    public func namesLocale(specLocale: String) -> Bool {
        let unique = locales.uniqued()
        return unique.count > 1 || (unique.count == 1 && unique[0] != specLocale)
    }

    private func environments(of locale: String) -> [RenderEnvironment] {
        let matrix = self
        let (devices, schemes, dynamicTypeSizes, times, scrollPositions) = (
            matrix.devices, matrix.schemes, matrix.dynamicTypeSizes, matrix.times, matrix.scrollPositions
        )
        var result: [RenderEnvironment] = []
        for device in devices {
            for scheme in schemes {
                for size in dynamicTypeSizes {
                    for time in times {
                        for scroll in scrollPositions {
                            result.append(
                                RenderEnvironment(
                                    device: device, scale: scale, colorScheme: scheme, time: time,
                                    reduceMotion: reduceMotion, dynamicTypeSize: size, locale: locale, scroll: scroll))
                        }
                    }
                }
            }
        }
        return result
    }

    static func read(_ node: JSONNode) throws(SpecError) -> RenderMatrix {
        try node.allowKeys(SpecKeys.render)
        var matrix = RenderMatrix()
        if let devices = try node.child("devices") {
            matrix.devices = []
            for item in try devices.array() {
                let name = try item.string()
                if name == "all" {
                    matrix.devices.append(contentsOf: DevicePreset.all)
                    continue
                }
                guard let device = DevicePreset.named(name) else {
                    throw item.error(
                        "unknown device \"\(name)\" (expected \(DevicePreset.all.map(\.name).joined(separator: ", ")) or all)"
                    )
                }
                matrix.devices.append(device)
            }
            if matrix.devices.isEmpty { throw devices.error("expected at least one device") }
        }
        if let schemes = try node.child("schemes") {
            matrix.schemes = []
            for item in try schemes.array() {
                let name = try item.string()
                guard let scheme = ColorScheme(rawValue: name) else {
                    throw item.error("expected light or dark, got \"\(name)\"")
                }
                matrix.schemes.append(scheme)
            }
            if matrix.schemes.isEmpty { throw schemes.error("expected at least one scheme") }
        }
        if let sizes = try node.child("dynamicTypeSizes") {
            matrix.dynamicTypeSizes = []
            for item in try sizes.array() {
                let name = try item.string()
                guard let size = DynamicTypeSize.named(name) else {
                    throw item.error(
                        "unknown Dynamic Type size \"\(name)\" (expected \(DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                matrix.dynamicTypeSizes.append(size)
            }
            if matrix.dynamicTypeSizes.isEmpty { throw sizes.error("expected at least one size") }
        }
        if let times = try node.child("times") {
            matrix.times = []
            for item in try times.array() {
                let t = try item.number()
                guard t >= 0 else { throw item.error("expected a time in seconds ≥ 0") }
                matrix.times.append(t)
            }
            if matrix.times.isEmpty { throw times.error("expected at least one time") }
        }
        if let scale = try node.child("scale") {
            let value = try scale.number()
            guard value >= 1, value <= 4 else { throw scale.error("expected a scale from 1 to 4") }
            matrix.scale = value
        }
        if let reduce = try node.bool("reduceMotion") { matrix.reduceMotion = reduce }
        if let positions = try node.child("scroll") {
            matrix.scrollPositions = []
            for item in try positions.array() {
                let position: ScrollPosition?
                switch item.value {
                case .number(let points): position = ScrollPosition(points: points)
                default: position = ScrollPosition(name: try item.string())
                }
                guard let position else { throw item.error("expected \"top\", \"end\" or a number of pt ≥ 0") }
                matrix.scrollPositions.append(position)
            }
            if matrix.scrollPositions.isEmpty { throw positions.error("expected at least one scroll position") }
        }
        if let locales = try node.child("locales") {
            for item in try locales.array() {
                let tag = try item.string()
                guard let locale = RenderMatrix.checkedLocale(tag) else {
                    throw item.error(
                        "expected a BCP 47 locale such as en, de-CH or zh-Hant, or pseudo / pseudo-rtl, got \"\(LocaleTag.echo(tag))\"")
                }
                matrix.locales.append(locale)
            }
            if matrix.locales.isEmpty { throw locales.error("expected at least one locale") }
        }
        return matrix.deduplicated()
    }
}

extension RenderMatrix {
    /// `tag` when it is a pseudo-locale or a BCP 47 tag ICU parses whole (`LocaleTag`: at
    /// most 35 ASCII letters, digits and `-`, no `@` keywords), else nil. Locales end up in
    /// file names, pages and ICU, so nothing else is let through.
    public static func checkedLocale(_ tag: String) -> String? {
        if PseudoLocale(identifier: tag) != nil { return tag.utf8.count <= LocaleTag.maximumLength ? tag : nil }
        return LocaleTag.isValid(tag) ? tag : nil
    }
}

extension Array where Element: Hashable {
    /// The elements without repeats, each at its first place.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        seen.reserveCapacity(count)
        return filter { seen.insert($0).inserted }
    }
}
