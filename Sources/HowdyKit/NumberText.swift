/// How numbers are written in messages, file names, store files and labels: a whole
/// number without a fraction (`15`, not `15.0`), any other number as Swift prints it
/// (`2.5`, `1e+300`). The one formatter of the package.
public enum NumberText {
    /// `value` as text: whole numbers under 10^15 in magnitude without `.0`.
    public static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
