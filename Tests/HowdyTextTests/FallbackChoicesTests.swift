import HowdyText
import Testing

/// The bundled chains remember which face covers each character across texts
/// (`FallbackChoices`); a changed copy of a chain must not get those answers.
@Suite struct FallbackChoicesTests {
    func faceNames(_ text: String, _ options: TextOptions) throws -> [String] {
        let font = try Font(named: "Inter-Regular", size: 20)
        return try layout(text: text, font: font, width: 1000, options: options).lines.flatMap(\.runs)
            .map(\.font.face.familyName)
    }

    @Test func aChangedCopyOfTheBundledChainIsWalkedAfresh() throws {
        // The bundled chain answers Droid Sans Fallback for kanji, twice (the second remembered).
        for _ in 0..<2 { #expect(try faceNames("日本", TextOptions()) == ["Droid Sans Fallback"]) }
        // A copy whose faces were replaced by one without kanji falls back to the primary
        // font (its .notdef), not to the kept answer.
        let arabic = try FontFace.open(path: try #require(FontLibrary.bundledPath("NotoSansArabic-Regular")))
        var replaced = FontFallback.bundled()
        replaced.faces = [arabic]
        #expect(try faceNames("日本", TextOptions(fallback: replaced)) == ["Inter"])
        #expect(try faceNames("日本", TextOptions()) == ["Droid Sans Fallback"])
    }
}
