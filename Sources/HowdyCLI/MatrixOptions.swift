import HowdyKitUI

/// The render-matrix options `howdy render` and `howdy lint` share: each one, when
/// given, replaces that axis of the spec's own matrix.
enum MatrixOptions {
    static let names: Set<String> = ["device", "scheme", "scale", "scroll"]

    /// Applies `--device phone|small-phone|tablet|desktop|all`, `--scheme light|dark|all`
    /// `--scale 1...4` and `--scroll top|end|all|PT` to `matrix`.
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
        if let scroll = args.string("scroll") {
            if scroll == "all" {
                matrix.scrollPositions = [.top, .end]
            } else if let position = ScrollPosition(name: scroll) {
                matrix.scrollPositions = [position]
            } else {
                throw CLIError.usage("--scroll: expected top, end, all or a number of pt ≥ 0, got '\(scroll)'")
            }
        }
    }
}
