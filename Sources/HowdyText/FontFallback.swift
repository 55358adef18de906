/// Where glyphs come from when the primary font has none for a character.
///
/// Fallback is decided per cluster: a base character and the marks, variation
/// selectors, joiners and emoji modifiers that follow it always share one font, so a
/// combining accent never lands in a different face from its letter.
public struct FontFallback: Sendable, Hashable {
    /// Faces tried in order after the primary font. Reading this opens every face of the
    /// bundled chain, whose files layout otherwise opens one at a time, when a character
    /// first needs one; setting it replaces the chain (the bundled Hangul preference too).
    public var faces: [FontFace] {
        get { entries.compactMap(\.face) }
        set { entries = newValue.map(FallbackFace.init) }
    }
    /// The chain as layout walks it: faces given open, or bundled files opened on first need.
    package private(set) var entries: [FallbackFace]
    /// When no face in `faces` covers a character, ask fontconfig for an installed font
    /// that does (cached per character). Off for reproducible goldens.
    public var usesSystemFonts: Bool
    /// Faces tried before `faces` for the characters in their ranges (after the primary
    /// font): a Korean face for Hangul, so that a CJK face earlier in `faces` that covers a
    /// few syllables does not mix two designs inside one Korean word. Empty in the bundled
    /// chain, whose own Hangul preference is part of its lazily opened entries and is tried
    /// after these.
    public var preferences: [Preference]

    /// A face preferred for the scalars in `ranges` (Unicode scalar values, inclusive).
    public struct Preference: Sendable, Hashable {
        /// Unicode scalar ranges the preference covers.
        public var ranges: [ClosedRange<UInt32>]
        /// The face tried first for them.
        public var face: FontFace

        /// Prefer `face` for scalars in `ranges`.
        public init(ranges: [ClosedRange<UInt32>], face: FontFace) {
            self.ranges = ranges
            self.face = face
        }

        func covers(_ scalar: UInt32) -> Bool { ranges.contains { $0.contains(scalar) } }
    }

    /// A chain trying `faces` in order, then system fonts when `usesSystemFonts`; a
    /// preference covering a scalar is tried before the chain.
    public init(faces: [FontFace], usesSystemFonts: Bool = false, preferences: [Preference] = []) {
        self.entries = faces.map(FallbackFace.init)
        self.usesSystemFonts = usesSystemFonts
        self.preferences = preferences
    }

    /// A chain of the bundled fonts `names`, each opened when a character first needs it;
    /// a name missing from `Fonts/` is skipped, and reported in `TextLayout.fontFailures`
    /// when a character then finds no face.
    package init(bundled names: [String]) {
        self.init(faces: [])
        entries = names.map { FallbackFace(bundled: $0) }
    }

    /// No fallback: characters the primary font lacks render as its .notdef glyph.
    public static let none = FontFallback(faces: [])

    /// The bundled chain: Noto Sans for Arabic, Hebrew, Thai, the Indic scripts (Devanagari,
    /// Bengali, Gurmukhi, Gujarati, Tamil, Telugu, Kannada, Malayalam, Sinhala), Georgian,
    /// Armenian, Ethiopic, Lao, Khmer and Myanmar; Droid Sans Fallback (Han, Kana); NanumSquare
    /// (Hangul, preferred for Hangul over Droid, which has 3 syllables); Noto Color Emoji. The
    /// bold cut is used where one exists and the primary face's weight class is 600 or more.
    /// Faces missing from `Fonts/` are skipped. Each file is opened (memory-mapped) only when a
    /// character first needs it, so Latin text in a Latin face opens none of them.
    public static func bundled(matching primary: FontFace? = nil) -> FontFallback {
        let bold = (primary?.weightClass ?? 400) >= 600
        return bold ? bundledBold : bundledRegular
    }

    // Built once: every ShapedText without an explicit fallback asks for one of these.
    static let bundledRegular = makeBundled(bold: false)
    static let bundledBold = makeBundled(bold: true)

    /// A new bundled chain whose files are all unopened (the shared ones open as layout
    /// goes); for tests of laziness.
    package static func makeBundled(bold: Bool) -> FontFallback {
        let cut = bold ? "Bold" : "Regular"
        // Fallback walks this list for every character the primary font lacks, so the most
        // used scripts come first. Droid Sans Fallback shares no character with the script
        // faces after it (checked against their cmaps), so its place changes no output.
        let common = ["Arabic", "Hebrew", "Devanagari", "Thai"]
        let more = [
            "Bengali", "Gurmukhi", "Gujarati", "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala", "Georgian",
            "Armenian", "Ethiopic", "Lao", "Khmer", "Myanmar",
        ]
        let korean = bold ? "NanumSquareB" : "NanumSquareR"
        let hangul: [ClosedRange<UInt32>] = [0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF]
        // NanumSquare is preferred for Hangul and otherwise keeps its place in the walk.
        let nanum = FallbackFace(bundled: korean, preferredRanges: hangul)
        let entries =
            common.map { FallbackFace(bundled: "NotoSans\($0)-\(cut)") }
            + [FallbackFace(bundled: "DroidSansFallbackFull")]
            + more.map { FallbackFace(bundled: "NotoSans\($0)-\(cut)") }
            + [nanum, FallbackFace(bundled: "NotoColorEmoji", isColor: true)]
        var fallback = FontFallback(faces: [])
        fallback.entries = entries
        return fallback
    }

    /// The colour emoji face of the chain: only entries that may be colour are opened.
    var emojiFace: FontFace? {
        for entry in entries where entry.mayBeColor {
            if let face = entry.face, face.isColor { return face }
        }
        return nil
    }
}
