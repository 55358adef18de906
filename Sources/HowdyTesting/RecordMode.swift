import Foundation

/// When assertions write goldens, from `HOWDY_RECORD` (as swift-snapshot-testing's record
/// modes, stricter on CI).
///
/// - `never`: nothing is written into the goldens; a missing golden fails.
/// - `missing` (the local default): a missing golden is written, and its test fails
///   saying what was written.
/// - `failed`: a missing or non-matching golden is (re)written, and its test fails.
/// - `all`: every golden is written whose pixels changed at all, and every assertion
///   fails, so a recording run is never mistaken for a pass.
///
/// When `CI` is set (to anything but the empty string) the mode is always `never`.
/// `HOWDY_RECORD_GOLDENS=1` is kept as an alias of `all` (`HOWDY_RECORD` wins when both
/// are set).
public enum RecordMode: String, Sendable, CaseIterable {
    case never, missing, failed, all

    /// The mode in force for `environment`.
    /// - Throws: `GoldenConfigurationError` naming `HOWDY_RECORD` and its value when the
    ///   value is not one of the four modes.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(GoldenConfigurationError) -> RecordMode
    {
        var mode = RecordMode.missing
        if let text = environment["HOWDY_RECORD"], !text.isEmpty {
            guard let parsed = RecordMode(rawValue: text.lowercased()) else {
                throw GoldenConfigurationError(
                    message: "HOWDY_RECORD=\(text): expected one of never, missing, failed, all")
            }
            mode = parsed
        } else if environment["HOWDY_RECORD_GOLDENS"] == "1" {
            mode = .all
        }
        if let ci = environment["CI"], !ci.isEmpty { return .never }
        return mode
    }
}

/// A golden setting in the environment that cannot be used.
public struct GoldenConfigurationError: Error, Sendable, CustomStringConvertible {
    /// What is wrong with the setting, as shown to the user.
    public var message: String
    /// The `message`.
    public var description: String { message }
}
