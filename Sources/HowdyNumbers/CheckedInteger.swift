/// Range-checked conversion of floating-point numbers to integers.
///
/// Swift's `Int(_: Double)` traps on NaN, on an infinity and on a value outside the
/// integer's range. Numbers that can come from input (a command-line flag, a spec, a
/// font, a header) go through these initialisers instead, so a hostile value becomes an
/// error (``init(checking:rounding:in:)``) or a bounded value
/// (``init(saturating:rounding:in:)``), never a trap.
extension FixedWidthInteger {
    /// `value` rounded by `rule`, when that is finite and inside `range`; nil otherwise
    /// (NaN, an infinity, or a value outside `range`).
    ///
    /// - Parameters:
    ///   - value: the number to convert.
    ///   - rule: how a fractional value becomes whole (default: toward zero, as `Int(_:)`).
    ///   - range: the accepted results (default: every value of the type).
    @inlinable
    public init?<Source: BinaryFloatingPoint>(
        checking value: Source, rounding rule: FloatingPointRoundingRule = .towardZero,
        in range: ClosedRange<Self> = Self.min...Self.max
    ) {
        let whole = value.rounded(rule)
        // `init(exactly:)` is nil for NaN, infinities and values the type cannot hold;
        // `whole` has no fraction, so that is the only way it fails.
        guard whole.isFinite, let result = Self(exactly: whole), range.contains(result) else { return nil }
        self = result
    }

    /// `value` rounded by `rule` and clamped into `range`; NaN becomes `range.lowerBound`.
    ///
    /// For coordinates and sizes that only bound work (a rectangle far outside a canvas,
    /// a blur radius), where the nearest representable value is the right answer.
    /// - Parameters:
    ///   - value: the number to convert.
    ///   - rule: how a fractional value becomes whole (default: toward zero, as `Int(_:)`).
    ///   - range: the bounds of the result (default: every value of the type).
    @inlinable
    public init<Source: BinaryFloatingPoint>(
        saturating value: Source, rounding rule: FloatingPointRoundingRule = .towardZero,
        in range: ClosedRange<Self> = Self.min...Self.max
    ) {
        let whole = value.rounded(rule)
        if whole.isNaN {
            self = range.lowerBound
        } else if let exact = Self(exactly: whole) {
            self = Swift.min(Swift.max(exact, range.lowerBound), range.upperBound)
        } else {
            self = whole < 0 ? range.lowerBound : range.upperBound
        }
    }

    /// `value` rounded to the nearest whole number (halves away from zero, as `rounded()`)
    /// and clamped into the type's range; NaN becomes the type's minimum.
    /// ``init(saturating:rounding:in:)`` with `.toNearestOrAwayFromZero`: the one spelling
    /// of `Int(x.rounded())` for internal geometry (pixel sizes, 26.6 positions, channel
    /// values) whose range the caller bounds, so that a value that escapes its bound
    /// saturates instead of trapping. For an in-range value the result is `Int(x.rounded())`.
    @inlinable
    public init<Source: BinaryFloatingPoint>(saturatingRounded value: Source) {
        self.init(saturating: value, rounding: .toNearestOrAwayFromZero)
    }
}
