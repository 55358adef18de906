/// Where glyphs come from when the primary font has none for a character.
///
/// Fallback is decided per cluster: a base character and the marks, variation
/// selectors, joiners and emoji modifiers that follow it always share one font, so a
/// combining accent never lands in a different face from its letter.
public struct FontFallback: Sendable, Hashable {
    /// Faces tried in order after the primary font.
    public var faces: [FontFace]
    /// When no face in `faces` covers a character, ask fontconfig for an installed font
    /// that does (cached per character). Off for reproducible goldens.
    public var usesSystemFonts: Bool

    public init(faces: [FontFace], usesSystemFonts: Bool = false) {
        self.faces = faces
        self.usesSystemFonts = usesSystemFonts
    }

    /// No fallback: characters the primary font lacks render as its .notdef glyph.
    public static let none = FontFallback(faces: [])

    /// The bundled chain: Noto Sans Arabic, Hebrew, Devanagari and Thai, Droid Sans Fallback
    /// (CJK) and Noto Color Emoji, in the bold cut where one exists and the primary face's
    /// weight class is 600 or more. Faces missing from `Fonts/` are skipped.
    public static func bundled(matching primary: FontFace? = nil) -> FontFallback {
        let bold = (primary?.weightClass ?? 400) >= 600
        return bold ? bundledBold : bundledRegular
    }

    // Built once: every ShapedText without an explicit fallback asks for one of these.
    private static let bundledRegular = makeBundled(bold: false)
    private static let bundledBold = makeBundled(bold: true)

    private static func makeBundled(bold: Bool) -> FontFallback {
        let cut = bold ? "Bold" : "Regular"
        let names = [
            "NotoSansArabic-\(cut)", "NotoSansHebrew-\(cut)", "NotoSansDevanagari-\(cut)", "NotoSansThai-\(cut)",
            "DroidSansFallbackFull",
            "NotoColorEmoji",
        ]
        let faces = names.compactMap { name in FontLibrary.bundledPath(name).flatMap { try? FontFace.open(path: $0) } }
        return FontFallback(faces: faces)
    }

    var emojiFace: FontFace? { faces.first { $0.isColor } }
}
