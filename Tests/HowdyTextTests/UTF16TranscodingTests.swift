import Testing

@testable import HowdyText

/// `ShapedText.utf16(of:)` transcodes a string's UTF-8 storage itself (one pass, no
/// scalar-by-scalar decoding): it must give exactly the string's UTF-16 view, for every
/// UTF-8 length (1–4 bytes), surrogate pairs, and the edges of each range.
@Suite struct UTF16TranscodingTests {
    @Test(
        "utf16(of:) equals the string's UTF-16 view",
        arguments: [
            "", "a", "plain ASCII text", "café naïve", "計画アプリへようこそ。", "𠮷野家で𩸽を食べる", "👨‍👩‍👧 🇯🇵 👍🏽",
            "مرحبا بك", "שלום", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}", "\u{D7FF}\u{E000}\u{FEFF}x",
            "mixed ä計𠮷a\u{0301}",
        ])
    func matchesView(_ text: String) {
        #expect(ShapedText.utf16(of: text) == Array(text.utf16))
    }

    @Test("every BMP scalar and a sample of supplementary ones round-trip")
    func everyScalar() {
        var scalars = String.UnicodeScalarView()
        for value in UInt32(0x80)...0x10FFFF where value % 97 == 0 || value <= 0xFFFF {
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        let text = String(scalars)
        #expect(ShapedText.utf16(of: text) == Array(text.utf16))
    }
}
