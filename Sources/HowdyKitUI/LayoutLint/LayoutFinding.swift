import HowdyNumbers

/// One problem `LayoutLint` found on a screen in one locale, device and Dynamic Type size:
/// a text that does not fit, a footer pushed off screen, a control too small to tap, or a
/// string missing from the app's catalogs. Data for tests and reports.
public struct LayoutFinding: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// The text reaches outside the box it sits in (`container`: a button, a row, the
        /// card, the alert) or, with `container` nil, outside the screen's width.
        case overflow(container: SemanticRole?)
        /// The text shrank to its minimum scale factor (`minimum`, e.g. 0.7) and a word
        /// still had to break between letters.
        case shrunkBelowMinimumScale(minimum: Double)
        /// A line ends inside a word (not at a UAX #14 break opportunity, nor at a
        /// hyphenation point); `word` is the broken word's text up to the break.
        case brokenInsideWord(word: String)
        /// The pinned footer is taller than the screen allows: its top `hidden` pt lie
        /// above the top safe area, and no scroll position shows them (the footer does
        /// not scroll).
        case footerOffScreen(hidden: Double)
        /// A tappable control smaller than 44 × 44 pt (GreetKit's hit-target rule).
        case smallHitTarget
        /// A string the catalogs do not have for the locale (key, locale, what is shown).
        case missingString(LocalizationFinding)
    }

    /// The screen's name (`03-goal`).
    public var screen: String
    /// The locale it was laid out in (`de`, `pseudo`).
    public var locale: String
    /// The device preset's name.
    public var device: String
    /// The Dynamic Type size.
    public var dynamicTypeSize: DynamicTypeSize
    /// The role of the text or control (`primary button`, `title`...).
    public var role: SemanticRole
    /// The text concerned (up to 40 characters), or nil for a control without one.
    public var text: String?
    /// The element's size in pt: the text's or the control's frame (the footer's for
    /// `footerOffScreen`).
    public var width: Double
    /// The element's height in pt.
    public var height: Double
    /// What is wrong.
    public var kind: Kind

    /// A finding about one element of `screen`.
    public init(
        screen: String, locale: String, device: String, dynamicTypeSize: DynamicTypeSize, role: SemanticRole,
        text: String?, width: Double, height: Double, kind: Kind
    ) {
        self.screen = screen
        self.locale = locale
        self.device = device
        self.dynamicTypeSize = dynamicTypeSize
        self.role = role
        self.text = text
        self.width = width
        self.height = height
        self.kind = kind
    }

    /// True for a string missing from the catalogs (a translation problem rather than a
    /// layout one).
    public var isMissingString: Bool {
        if case .missingString = kind { return true }
        return false
    }

    /// `03-goal [de phone accessibility3] primary button "Weiter" 335×50 pt: …`.
    public var description: String {
        let quoted = text.map { " \"\(LocalizationFinding.oneLine($0))\"" } ?? ""
        let size = "\(Self.points(width))×\(Self.points(height)) pt"
        let what: String
        switch kind {
        case .overflow(let container):
            what = container.map { "overflows its \($0)" } ?? "overflows the screen's width"
        case .shrunkBelowMinimumScale(let minimum):
            what = "needs to shrink below its minimum scale \(Self.points(minimum)) (a word still breaks)"
        case .brokenInsideWord(let word):
            what = "broken inside a word after \"\(word)\""
        case .footerOffScreen(let hidden):
            what = "footer pushed \(Self.points(hidden)) pt off the top of the screen (no scroll position shows it)"
        case .smallHitTarget:
            what = "tap target smaller than 44×44 pt"
        case .missingString(let finding):
            what = finding.description
        }
        return "\(screen) [\(locale) \(device) \(dynamicTypeSize.rawValue)] \(role)\(quoted) \(size): \(what)"
    }

    /// A length in pt with at most one decimal.
    private static func points(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        // A whole number prints without ".0"; one too large for Int (or not finite) prints
        // as Double does instead of trapping.
        if rounded == rounded.rounded(), let whole = Int(checking: rounded) { return String(whole) }
        return String(rounded)
    }
}
