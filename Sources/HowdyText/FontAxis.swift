import CHarfBuzz

/// One variation axis of a variable font (e.g. `wght` 100...900, default 400).
public struct FontAxis: Sendable, Hashable {
    /// The four-letter axis tag, e.g. "wght", "wdth", "opsz".
    public var tag: String
    /// The smallest value the axis allows.
    public var minimum: Double
    /// The value used when no variation sets the axis.
    public var defaultValue: Double
    /// The largest value the axis allows.
    public var maximum: Double

    static func axes(of face: OpaquePointer) -> [FontAxis] {
        let count = Int(hb_ot_var_get_axis_count(face))
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: count)
        var fetched = UInt32(count)
        hb_ot_var_get_axis_infos(face, 0, &fetched, &infos)
        return infos.prefix(Int(fetched)).map { info in
            FontAxis(
                tag: FontTag.string(info.tag), minimum: Double(info.min_value),
                defaultValue: Double(info.default_value), maximum: Double(info.max_value))
        }
    }
}

/// An OpenType feature setting such as `kern=0`, `liga=0`, `ss01` or `tnum`, in
/// HarfBuzz's syntax (see `hb_feature_from_string`).
public struct FontFeature: Sendable, Hashable, CustomStringConvertible {
    let value: hb_feature_t
    /// The text the feature was parsed from.
    public let description: String

    /// Parses a feature string.
    /// - Throws: `TextError.invalidFeature` when HarfBuzz cannot parse it.
    public init(_ text: String) throws {
        var feature = hb_feature_t()
        guard hb_feature_from_string(text, Int32(text.utf8.count), &feature) != 0 else {
            throw TextError.invalidFeature(text)
        }
        value = feature
        description = text
    }

}

/// A variation axis setting such as `wght=600`, in HarfBuzz's syntax.
public struct FontVariation: Sendable, Hashable, CustomStringConvertible {
    let value: hb_variation_t
    /// The text the variation was parsed from.
    public let description: String

    /// Parses a variation string.
    /// - Throws: `TextError.invalidFeature` when HarfBuzz cannot parse it.
    public init(_ text: String) throws {
        var variation = hb_variation_t()
        guard hb_variation_from_string(text, Int32(text.utf8.count), &variation) != 0 else {
            throw TextError.invalidFeature(text)
        }
        value = variation
        description = text
    }

}

/// Settings parsed by HarfBuzz compare by the text they were parsed from (the C structs
/// they hold are not Equatable).
protocol ParsedSetting: Hashable, CustomStringConvertible {}

extension ParsedSetting {
    /// Equality as described on the type.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }
    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

extension FontFeature: ParsedSetting {}
extension FontVariation: ParsedSetting {}

enum FontTag {
    static func string(_ tag: hb_tag_t) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8((tag >> UInt32($0)) & 0xFF) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
