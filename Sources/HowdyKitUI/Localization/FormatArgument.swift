import HowdyKit

/// One argument of a localized format string, as a spec gives it (`"args": ["Report.pdf", 2048]`).
public enum FormatArgument: Sendable, Hashable, CustomStringConvertible {
    /// Text, for `%@`.
    case string(String)
    /// A number, for `%lld`, `%d`, `%u`, `%f`, `%.1f` (and `%@`, written the locale's way).
    case number(Double)

    /// The number, or nil for text.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// `"text"` or the number as JSON writes it.
    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .number(let value): NumberText.format(value)
        }
    }
}
