/// How far a screen's scrolling content is scrolled when it is drawn. Content that fits its
/// viewport never scrolls, whatever the position.
///
/// Reviewing large Dynamic Type sizes needs more than the first view: `.end` shows the last
/// of the content, which at offset 0 lies under the pinned footer.
public enum ScrollPosition: Sendable, Hashable {
    /// Scrolled to the top: what a user sees first (the default).
    case top
    /// Scrolled to the end: the content's last item sits just above the footer's fade band.
    case end
    /// Scrolled by this many pt from the top, clamped to `0...` the end's offset.
    case offset(Double)

    /// The name in file names and options: `top`, `end`, or the offset in pt (`120`).
    public var name: String {
        switch self {
        case .top: "top"
        case .end: "end"
        case .offset(let points): formatNumber(points)
        }
    }

    /// Parses `top`, `end` or a finite number of pt ≥ 0; nil for anything else.
    public init?(name: String) {
        switch name {
        case "top": self = .top
        case "end": self = .end
        default:
            guard let points = Double(name) else { return nil }
            self.init(points: points)
        }
    }

    /// An offset of `points` pt (0 is `.top`); nil unless finite and ≥ 0.
    public init?(points: Double) {
        guard points.isFinite, points >= 0 else { return nil }
        self = points == 0 ? .top : .offset(points)
    }

    /// The offset in pt for content `overflow` pt taller than what the viewport shows
    /// (0 or less: it fits, and nothing scrolls).
    func offset(overflow: Double) -> Double {
        guard overflow > 0 else { return 0 }
        switch self {
        case .top: return 0
        case .end: return overflow
        case .offset(let points): return min(max(0, points), overflow)
        }
    }
}
