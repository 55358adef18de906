import HowdyRender

/// One image in a review: what changed, its figures, its pictures (paths relative to the
/// review's folder) and the ID that accepts it.
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

    /// What an image shows, for the page's filters: from the render's manifest when the
    /// folder has one, else the screen alone (the file name up to its first `_`).
    public struct Facets: Sendable, Hashable {
        /// Facets with the given values (each nil when not known).
        public init(
            screen: String? = nil, device: String? = nil, scheme: String? = nil, locale: String? = nil,
            typeSize: String? = nil
        ) {
            self.screen = screen
            self.device = device
            self.scheme = scheme
            self.locale = locale
            self.typeSize = typeSize
        }

        /// The screen (`03-goal`); nil when not known.
        public var screen: String?
        /// The device preset's name; nil when not known.
        public var device: String?
        /// The colour scheme (`light`, `dark`); nil when not known.
        public var scheme: String?
        /// The locale drawn; nil when not known.
        public var locale: String?
        /// The Dynamic Type size; nil when not known.
        public var typeSize: String?
    }

    /// The number the page shows and `--accept` takes: the 1-based position of the name
    /// in the sorted list of every name in the source (see `Review.digest`).
    public var id: Int
    /// The name shown (never passed to a shell).
    public var name: String
    /// Which section lists the item.
    public var status: Status
    /// Images in px (nil when that side is absent).
    public var expectedSize: PixelSize?
    /// The actual image's size in px; nil when there is no actual image.
    public var actualSize: PixelSize?
    /// The expected picture's path relative to the review folder (it may lead outside it,
    /// to the source file itself); nil when there is none.
    public var expected: String?
    /// The actual image's path relative to the review folder; nil when there is none.
    public var actual: String?
    /// The diff image's path inside the review folder; nil when there is none.
    public var diff: String?
    /// A small picture for the grid, inside the review folder; nil when none was made.
    public var thumbnail: String?
    /// The comparison's figures; nil when they are not known.
    public var figures: Figures?
    /// The boxes around each changed region, px of the actual image (empty when none).
    public var regions: [PixelRect] = []
    /// Equal for changes that look the same across the matrix (see `DiffSignature`); nil
    /// when there is no pixel comparison.
    public var signature: String?
    /// The 1-based group of a change (see `Review.groups`); nil for other statuses.
    public var group: Int?
    /// What the image shows, for the filters.
    public var facets = Facets()
    /// Extra words: a golden manifest's message, "recorded this run", a size change.
    public var note: String?

    /// An item with nothing placed yet.
    public init(id: Int, name: String, status: Status) {
        self.id = id
        self.name = name
        self.status = status
    }

    /// Whether the sizes of the two sides differ.
    public var sizeChanged: Bool {
        if let expectedSize, let actualSize { return expectedSize != actualSize }
        return false
    }
}
