import Foundation

/// Identifies one onboarding step across app versions.
///
/// Reverse-DNS by convention (`com.example.app.reqs.health`) so records from several
/// apps or flows sharing one store never collide. A step added in a later release is just
/// a new ID the store has no record for, which is what makes it show up for returning
/// users. Required-ness deliberately is not part of the ID (it lives on
/// ``OnboardingStepConfig``), so flipping a step between required and optional never
/// orphans an existing record.
///
/// The raw value is used verbatim as the storage key; no validation or normalisation is
/// applied, so `"a.b"` and `"A.B"` are different steps.
public struct OnboardingStepID: RawRepresentable, Hashable, Codable, Sendable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The identifier exactly as stored.
    public let rawValue: String

    /// Creates an ID from its raw string, e.g. `OnboardingStepID("com.example.app.reqs.health")`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The ID `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The ID written as a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// Encodes as a bare JSON string, not as `{"rawValue": ...}`, so store files stay readable.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the value in its JSON form (described on the type).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Ascending order, as described on the type.
    public static func < (lhs: OnboardingStepID, rhs: OnboardingStepID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// A readable form for messages and logs.
    public var description: String { rawValue }
}
