import HowdyNumbers

/// How different two images may be and still count as the same, in the manner of
/// pixelmatch and Playwright's `toHaveScreenshot`, plus a local-density guard.
///
/// An image passes when every one of these holds:
/// - the differing pixels (colour distance above `threshold`, anti-aliasing excluded) are
///   at most `allowedPixels(of:)`: the larger of `maxDiffPixels` and `maxDiffRatio` × all
///   pixels (Playwright's rule);
/// - no `windowSize` × `windowSize` px window has more than `maxWindowRatio` of its pixels
///   differing, so a small dense change (a button's text colour) fails even when it is a
///   tiny share of a full screen; a larger image does not dilute it.
public struct DiffTolerance: Sendable, Hashable {
    /// How many differing pixels may exist, as a count or as a fraction of all pixels.
    public enum Limit: Sendable, Hashable {
        case pixels(Int)
        case ratio(Double)
    }

    /// Per-pixel colour distance 0...1 above which pixels differ (default 0.1, as
    /// pixelmatch); 0 makes any change count. Clamped to 0...1 when comparing.
    public var threshold: Double
    /// Differing pixels allowed as a count (default 0).
    public var maxDiffPixels: Int
    /// Differing pixels allowed as a fraction 0...1 of all pixels (default 0).
    public var maxDiffRatio: Double
    /// The largest fraction 0...1 of any window's pixels that may differ (default 0.05).
    /// 1 turns the guard off.
    public var maxWindowRatio: Double
    /// The side of the density guard's square window in px (default 32; at least 1).
    public var windowSize: Int

    /// - Parameters: see the properties; negative counts and ratios count as 0, ratios
    ///   above 1 as 1, NaN as 0, a window below 1 px as 1.
    public init(
        threshold: Double = 0.1, maxDiffPixels: Int = 0, maxDiffRatio: Double = 0, maxWindowRatio: Double = 0.05,
        windowSize: Int = 32
    ) {
        func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(1, max(0, value)) }
        self.threshold = unit(threshold)
        self.maxDiffPixels = max(0, maxDiffPixels)
        self.maxDiffRatio = unit(maxDiffRatio)
        self.maxWindowRatio = unit(maxWindowRatio)
        self.windowSize = max(1, windowSize)
    }

    /// A tolerance from a single `limit` (count or ratio), with the default density guard.
    public init(threshold: Double = 0.1, limit: Limit) {
        switch limit {
        case .pixels(let count): self.init(threshold: threshold, maxDiffPixels: count)
        case .ratio(let ratio): self.init(threshold: threshold, maxDiffRatio: ratio)
        }
    }

    /// Pixel-exact up to the default threshold: no differing pixel allowed.
    public static let strict = DiffTolerance()

    /// The differing pixels allowed in an image of `totalPixels` px:
    /// max(`maxDiffPixels`, ⌊`maxDiffRatio` × `totalPixels`⌋).
    public func allowedPixels(of totalPixels: Int) -> Int {
        max(maxDiffPixels, Int(saturating: maxDiffRatio * Double(totalPixels), rounding: .down))
    }

    /// The figures in force, for failure messages: `threshold 0.1, max 0 px or ratio 0, window 32 px ≤ 0.05`.
    public var summary: String {
        "threshold \(threshold), max \(maxDiffPixels) px or ratio \(maxDiffRatio), "
            + "densest \(windowSize)×\(windowSize) px window ≤ \(maxWindowRatio)"
    }
}

extension DiffTolerance.Limit: CustomStringConvertible {
    /// `N pixels` (`1 pixel`) or `ratio R`.
    public var description: String {
        switch self {
        case .pixels(let count): "\(count) pixel\(count == 1 ? "" : "s")"
        case .ratio(let ratio): "ratio \(ratio)"
        }
    }
}
