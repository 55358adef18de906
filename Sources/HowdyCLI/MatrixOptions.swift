import HowdyKitUI

/// The render-matrix options `howdy render` and `howdy lint` share, parsed in one place:
/// each one, when given, replaces that axis of the spec's own matrix.
enum MatrixOptions {
    /// Options that take a value.
    static let names: Set<String> = [
        "device", "scheme", "scale", "scroll", "time", "type-size", "max-images", "locale",
    ]
    /// Options without a value.
    static let switches: Set<String> = ["reduce-motion"]

    /// The lines of usage text describing the shared options, for both commands' help.
    static let help = """
          --device D        phone, small-phone, tablet, desktop or all (overrides the spec)
          --scheme S        light, dark or all (overrides the spec)
          --scale N         px per pt, 1 to 4
          --time S          seconds into the animation, 0 to 86400 (overrides the spec's times)
          --type-size SIZE  a Dynamic Type size (xSmall ... xxxLarge, accessibility1 ... 5, or all)
          --scroll POS      top (default), end, all (top and end) or an offset in pt: how far
                            content taller than the screen is scrolled under the footer
          --reduce-motion   draw animated backgrounds static
          --locale L[,L…]   BCP 47 locales (en, de, ar, ja…) or pseudo (en-XA: accented, ~40 %
                            longer, bracketed) and pseudo-rtl (ar-XB); overrides the spec's
                            render.locales; file names carry the locale
          --max-images N    refuse a matrix of more than N images (default 10000), counted
                            after repeated devices, schemes, sizes, times and positions merge
        """

    /// Applies `--device phone|small-phone|tablet|desktop|all`, `--scheme light|dark|all`,
    /// `--scale 1...4`, `--time 0...86400` (s), `--type-size SIZE|all`,
    /// `--scroll top|end|all|PT`, `--reduce-motion` and `--locale L[,L…]` to `matrix`, then
    /// merges repeated axis values.
    /// - Throws: `CLIError.usage` naming the option and the accepted values.
    static func apply(_ args: Arguments, to matrix: inout RenderMatrix) throws {
        if let device = args.string("device") {
            if device == "all" {
                matrix.devices = DevicePreset.all
            } else if let preset = DevicePreset.named(device) {
                matrix.devices = [preset]
            } else {
                throw CLIError.usage(
                    "--device: expected \(DevicePreset.all.map(\.name).joined(separator: ", ")) or all, got '\(device)'"
                )
            }
        }
        if let scheme = args.string("scheme") {
            switch scheme {
            case "all": matrix.schemes = ColorScheme.allCases
            case "light", "dark": matrix.schemes = [ColorScheme(rawValue: scheme)!]
            default: throw CLIError.usage("--scheme: expected light, dark or all, got '\(scheme)'")
            }
        }
        if let scale = try args.double("scale") {
            guard scale >= 1, scale <= 4 else { throw CLIError.usage("--scale: expected 1 to 4, got \(scale)") }
            matrix.scale = scale
        }
        if let time = try args.double("time") {
            // A day is far past any animation's cycle; larger numbers only lose precision.
            guard time >= 0, time <= 86_400 else {
                throw CLIError.usage("--time: expected seconds from 0 to 86400, got \(time)")
            }
            matrix.times = [time]
        }
        if let size = args.string("type-size") {
            if size == "all" {
                matrix.dynamicTypeSizes = DynamicTypeSize.allCases
            } else if let parsed = DynamicTypeSize.named(size) {
                matrix.dynamicTypeSizes = [parsed]
            } else {
                throw CLIError.usage(
                    "--type-size: expected \(DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", ")) or all, got '\(size)'"
                )
            }
        }
        if let scroll = args.string("scroll") {
            if scroll == "all" {
                matrix.scrollPositions = [.top, .end]
            } else if let position = ScrollPosition(name: scroll) {
                matrix.scrollPositions = [position]
            } else {
                throw CLIError.usage("--scroll: expected top, end, all or a number of pt ≥ 0, got '\(scroll)'")
            }
        }
        if args.has("reduce-motion") { matrix.reduceMotion = true }
        if let list = args.string("locale") {
            var locales: [String] = []
            for tag in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                guard let locale = RenderMatrix.checkedLocale(tag) else {
                    throw CLIError.usage(
                        "--locale: expected BCP 47 locales such as en, de-CH or ja (comma-separated), or pseudo / pseudo-rtl, got '\(tag)'"
                    )
                }
                locales.append(locale)
            }
            matrix.locales = locales
        }
        matrix = matrix.deduplicated()
    }

    /// `--max-images N` (1 ... 10,000,000), else `RenderPlan.defaultMaxImages`.
    /// - Throws: `CLIError.usage` for anything else.
    static func maxImages(_ args: Arguments) throws -> Int {
        guard let text = args.string("max-images") else { return RenderPlan.defaultMaxImages }
        guard let value = Int(text), value >= 1, value <= 10_000_000 else {
            throw CLIError.usage("--max-images: expected a whole number from 1 to 10000000, got '\(text)'")
        }
        return value
    }
}
