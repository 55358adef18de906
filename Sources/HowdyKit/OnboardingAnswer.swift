import Foundation

/// What a step captured besides its record: the option a single-select step's user
/// picked, or a commitment slider's value.
///
/// Encodes as a bare JSON string (`"a"`) or number (`15`), so a store file reads as
/// `"answers": {"goal": "a", "mins": 15}`.
public enum OnboardingAnswer: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The ID of the option picked in a single-select step.
    case option(String)
    /// A commitment step's value.
    case number(Double)

    /// Decodes the value from its JSON form (described on the type).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Type probes: a failure means "not this form"; the last branch throws.
        if let text = try? container.decode(String.self) {
            self = .option(text)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            throw DecodingError.typeMismatch(
                OnboardingAnswer.self,
                .init(codingPath: decoder.codingPath, debugDescription: "expected a string or a number"))
        }
    }

    /// Encodes the value in its JSON form (described on the type).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .option(let id): try container.encode(id)
        case .number(let value): try container.encode(value)
        }
    }

    /// The option ID, or the number without a trailing `.0` when it is whole.
    public var description: String {
        switch self {
        case .option(let id): id
        case .number(let value): OnboardingAnswer.format(value)
        }
    }

    static func format(_ value: Double) -> String { NumberText.format(value) }
}
