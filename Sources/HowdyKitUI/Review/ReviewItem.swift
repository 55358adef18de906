import HowdyRender

/// One image in a review: what changed, its figures, its pictures (paths relative to the
/// review's folder) and the command that accepts it.
public struct ReviewItem: Sendable, Hashable {
    /// Where an item is listed; the page shows the sections in this order.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Both exist and differ (or differ in size).
        case changed
        /// Only the actual image exists (a new screen, or a golden recorded this run).
        case new
        /// Only the expected image exists.
        case removed
        /// Both exist and no pixel differs beyond the threshold.
        case unchanged
    }

    /// The figures of a comparison.
    public struct Figures: Sendable, Hashable {
        /// Pixels over the threshold that are not anti-aliasing.
        public var differingPixels: Int
        /// Pixels compared (width × height).
        public var totalPixels: Int
        /// `differingPixels` ÷ `totalPixels`.
        public var ratio: Double
        /// Largest colour distance, 0...1.
        public var maxDistance: Double
        /// Anti-aliased pixels not counted; nil when not known.
        public var antiAliasedPixels: Int?
        /// The box holding every differing pixel, px; nil when none or unknown.
        public var changedArea: PixelRect?
        /// Share of differing pixels in the densest window (from a golden manifest).
        public var densestWindowRatio: Double?
        /// The per-pixel threshold used.
        public var threshold: Double?
    }

    /// The name shown and passed to `--accept`.
    public var name: String
    /// Which section lists the item.
    public var status: Status
    /// Images in px (nil when that side is absent).
    public var expectedSize: PixelSize?
    /// The actual image's size in px; nil when there is no actual image.
    public var actualSize: PixelSize?
    /// Paths inside the review folder.
    public var expected: String?
    /// The actual image's path inside the review folder; nil when there is none.
    public var actual: String?
    /// The diff image's path inside the review folder; nil when there is none.
    public var diff: String?
    /// The comparison's figures; nil when they are not known.
    public var figures: Figures?
    /// Extra words: a golden manifest's message, "recorded this run", a size change.
    public var note: String?
    /// Shell commands that accept this change (nil for unchanged images).
    public var acceptCommands: [String]

    /// Whether the sizes of the two sides differ.
    public var sizeChanged: Bool {
        if let expectedSize, let actualSize { return expectedSize != actualSize }
        return false
    }
}
