import HowdyText
import Testing

/// Which fallback faces layout emboldens (`FontSynthesis.needed`).
@Suite struct FontSynthesisTests {
    func fallbackFonts(_ text: String, _ name: String) throws -> [Font] {
        let layout = try layout(text: text, font: try Font(named: name, size: 20), width: 1000)
        return layout.lines.flatMap(\.runs).map(\.font).filter { $0.face.familyName != "Inter" }
    }

    @Test func boldOrSemiboldTextEmboldensARegularOnlyFallback() throws {
        for name in ["Inter-Bold", "Inter-SemiBold"] {
            let fonts = try fallbackFonts("Lingoへようこそ", name)
            #expect(!fonts.isEmpty && fonts.allSatisfy { $0.synthesis == FontSynthesis(bold: true) }, "\(name)")
        }
        for name in ["Inter-Regular", "Inter-Medium"] {
            #expect(try fallbackFonts("Lingoへようこそ", name).allSatisfy { $0.synthesis == .none }, "\(name)")
        }
    }

    @Test func aFallbackWithItsOwnBoldCutIsNotEmboldened() throws {
        let fonts = try fallbackFonts("مرحبا بك", "Inter-Bold")
        #expect(!fonts.isEmpty && fonts.allSatisfy { $0.synthesis == .none && $0.face.weightClass >= 600 })
    }

    @Test func colourEmojiIsNeverEmboldened() throws {
        let fonts = try fallbackFonts("Hi 🎉", "Inter-Bold")
        #expect(!fonts.isEmpty && fonts.allSatisfy { $0.synthesis == .none })
    }

    @Test func emboldenedAdvancesGrowBySizeOver24AndTheCacheAgrees() throws {
        let bold = try Font(named: "Inter-Bold", size: 28)
        let text = "ようこそ、計画を始めましょう"
        let regularFallback = try Font(named: "DroidSansFallbackFull", size: 28)
        let plain = try layout(text: text, font: regularFallback, width: 2000)
        var widths: [Double] = []
        for usesCache in [false, true, true] {
            let laid = try layout(text: text, font: bold, width: 2000, options: TextOptions(usesWordCache: usesCache))
            widths.append(laid.lines[0].width)
        }
        #expect(widths[0] == widths[1] && widths[1] == widths[2])
        let strength = Double(28 * 64 / 24) / 64
        #expect(abs(widths[0] - plain.lines[0].width - Double(text.count) * strength) < 1e-9)
    }
}
