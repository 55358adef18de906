import HowdyKit

/// Which combinations `howdy render` draws: devices × schemes × Dynamic Type sizes × times
/// × scroll positions.
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
        return matrix
    }

    /// How many environments `environments(locale:)` yields (duplicates merged), computed
    /// without building them; `Int.max` when the product overflows.
    public var environmentCount: Int {
        let unique = deduplicated()
        var count = 1
        for axis in [
            unique.devices.count, unique.schemes.count, unique.dynamicTypeSizes.count, unique.times.count,
            unique.scrollPositions.count,
        ] {
            let (product, overflow) = count.multipliedReportingOverflow(by: axis)
            if overflow { return .max }
            count = product
        }
        return count
    }

    /// The matrix's axes in words, for messages: `1 device × 2 schemes × 1 type size × 3 times
    /// × 1 scroll position` (duplicates merged).
    public var axesDescription: String {
        let unique = deduplicated()
        func axis(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return [
            axis(unique.devices.count, "device"), axis(unique.schemes.count, "scheme"),
            axis(unique.dynamicTypeSizes.count, "type size"), axis(unique.times.count, "time"),
            axis(unique.scrollPositions.count, "scroll position"),
        ].joined(separator: " × ")
    }

    /// Every environment of the matrix for `locale`, devices outermost; repeated axis
    /// values are merged (see `deduplicated()`), so each environment appears once.
    public func environments(locale: String) -> [RenderEnvironment] {
        let matrix = deduplicated()
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
        try node.allowKeys(["devices", "schemes", "dynamicTypeSizes", "times", "scale", "reduceMotion", "scroll"])
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
        return matrix.deduplicated()
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
