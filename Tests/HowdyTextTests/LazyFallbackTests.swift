import HowdyText
import Testing

/// The bundled fallback chain opens its files only when a character needs them, and
/// the faces it picks are the ones the chain opened whole would pick.
@Suite("Lazy fallback faces")
struct LazyFallbackTests {
    /// Names of the chain's entries that have been opened, in chain order.
    private func opened(_ fallback: FontFallback) -> [String] {
        fallback.entries.filter(\.isOpened).map(\.name)
    }

    private func shape(_ text: String, _ font: Font, _ fallback: FontFallback) throws {
        var options = TextOptions()
        options.fallback = fallback
        _ = try ShapedText(text, font: font, options: options).layout(width: 300)
    }

    @Test("Latin text a Latin face covers opens no fallback file")
    func latinOpensNothing() throws {
        let fallback = FontFallback.makeBundled(bold: true)
        try shape("Get reminders for every plan you make", try Font(named: "Inter-Bold", size: 28), fallback)
        #expect(opened(fallback).isEmpty)
    }

    @Test("an emoji opens the colour emoji font and nothing else")
    func emojiOpensOnlyEmoji() throws {
        let fallback = FontFallback.makeBundled(bold: false)
        try shape("Hi 👋🏽 there", try Font(named: "Inter-Regular", size: 20), fallback)
        #expect(opened(fallback) == ["NotoColorEmoji"])
    }

    @Test("Hangul opens the preferred Korean face only; Han opens the faces before Droid Sans Fallback")
    func scriptsOpenWhatTheyWalk() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        let korean = FontFallback.makeBundled(bold: false)
        try shape("환영합니다", font, korean)
        #expect(opened(korean) == ["NanumSquareR"])

        let han = FontFallback.makeBundled(bold: false)
        try shape("欢迎使用", font, han)
        #expect(
            opened(han) == [
                "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "NotoSansDevanagari-Regular",
                "NotoSansThai-Regular", "DroidSansFallbackFull",
            ])
    }

    /// Every script of the chain, emoji sequences, text-presentation selectors and
    /// characters no bundled face has: the lazy chain and the same faces opened up front
    /// (with the Hangul preference given explicitly, as the eager chain had it) pick the
    /// same font for every cluster and the same glyphs.
    @Test("the lazy chain picks what the chain opened up front picks, glyph for glyph")
    func lazyEqualsEager() throws {
        let texts = [
            "Get reminders 日本語 👋 today", "مرحبا بك في التطبيق 2026", "שלום Howdy עולם",
            "नमस्ते দুনিয়া ਪੰਜਾਬੀ ગુજરાતી தமிழ் తెలుగు ಕನ್ನಡ മലയാളം සිංහල",
            "ქართული Հայերեն ኢትዮጵያ ລາວ ខ្មែរ မြန်မာ ภาษาไทย", "한국어 환영합니다 and 漢字 かな カナ",
            "Team 👩‍👩‍👧 🇯🇵 1️⃣ ☀︎ ☀️ ok", "Private \u{E000} and \u{10FFFD} and \u{1D11E} symbols",
        ]
        for name in ["Inter-Regular", "Inter-Bold"] {
            let font = try Font(named: name, size: 20)
            let lazy = FontFallback.makeBundled(bold: name == "Inter-Bold")
            let open = FontFallback.makeBundled(bold: name == "Inter-Bold")
            let korean = try FontLibrary.face(named: name == "Inter-Bold" ? "NanumSquareB" : "NanumSquareR")
            let hangul: [ClosedRange<UInt32>] = [0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF]
            let eager = FontFallback(faces: open.faces, preferences: [.init(ranges: hangul, face: korean)])
            #expect(eager.faces.count == 21)
            for text in texts {
                func dump(_ fallback: FontFallback) throws -> [String] {
                    var options = TextOptions()
                    options.fallback = fallback
                    return LayoutCase.glyphDump(try ShapedText(text, font: font, options: options).layout(width: 250))
                }
                #expect(try dump(lazy) == dump(eager), "\(name): \(text)")
            }
        }
    }

    @Test("two bundled chains of one weight are equal and hash alike; the weights differ")
    func chainsCompare() {
        #expect(FontFallback.makeBundled(bold: true) == FontFallback.makeBundled(bold: true))
        #expect(FontFallback.makeBundled(bold: true).hashValue == FontFallback.makeBundled(bold: true).hashValue)
        #expect(FontFallback.makeBundled(bold: true) != FontFallback.makeBundled(bold: false))
        #expect(FontFallback.none != FontFallback.makeBundled(bold: false))
    }
}
