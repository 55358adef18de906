import CHarfBuzz
import Testing

@testable import HowdyText

/// The lookup analysis behind the word cache (`SpaceAnalysis`) is built once per face and
/// context and shared by every size: a stream mixing sizes (headings at several sizes)
/// no longer rebuilds it per size, and layouts stay the same as each size's alone.
@Suite struct SpaceAnalysisSharingTests {
    static let sizes = [14.0, 16, 20, 24, 28, 32, 17.25]
    /// Kerning across words (T, V, A, W, Y after a space), ligatures, Arabic joining,
    /// Devanagari marks (the compositions table), each in its own face.
    static let cases: [(font: String, text: String, locale: String)] = [
        ("Inter-Regular", "To Vega, AVA Ta. We fly Yonder; office WAVE Tj “quoted” 1/2 A.", ""),
        ("Inter-Bold", "Get reminders for every plan you make. Try Vault, Wave, Yes, 'Twas.", ""),
        ("NotoSansArabic-Regular", "مرحبا بك في تطبيقك الجديد للتخطيط الهادئ احصل على تذكيرات", "ar"),
        ("NotoSansDevanagari-Regular", "शांत योजना के लिए आपके नए घर में स्वागत है सही समय पर", "hi"),
    ]

    private static func dump(_ text: String, _ font: Font, locale: String, width: Double, cached: Bool) throws
        -> [String]
    {
        let options = TextOptions(locale: locale, usesWordCache: cached)
        // Twice: the second assembles from the words the first stored.
        _ = try ShapedText(text, font: font, options: options).balance(width: width)
        return LayoutCase.glyphDump(try ShapedText(text, font: font, options: options).balance(width: width))
    }

    @Test("every size of a face shares one lookup analysis; the pair probe stays per size")
    func oneAnalysisPerFace() throws {
        let system = TextSystem()
        let face = try FontLibrary.face(named: "Inter-Regular")
        for size in Self.sizes {
            let font = try Font(face: face, size: size, system: system)
            _ = try ShapedText("To Vega, AVA Ta. Get reminders for every plan.", font: font).balance(width: 200)
        }
        #expect(system.wordCache.spaceAnalyses.builds == 1, "one face, one context: one analysis")
        #expect(system.wordCache.spaceBoundaryCount == Self.sizes.count, "the per-size part, one per size")
        // Another face is another analysis.
        let bold = try Font(face: FontLibrary.face(named: "Inter-Bold"), size: 20, system: system)
        _ = try ShapedText("To Vega", font: bold).balance(width: 200)
        #expect(system.wordCache.spaceAnalyses.builds == 2)
    }

    @Test("layouts after other sizes shared the analysis equal each size's alone and uncached")
    func sharedEqualsAlone() throws {
        let shared = TextSystem()
        for (name, text, locale) in Self.cases {
            let face = try FontLibrary.face(named: name)
            for size in Self.sizes {
                for width in [90.0, 170, 330] {
                    let mixed = try Self.dump(
                        text, Font(face: face, size: size, system: shared), locale: locale, width: width, cached: true)
                    let alone = try Self.dump(
                        text, Font(face: face, size: size, system: TextSystem()), locale: locale, width: width,
                        cached: true)
                    let uncached = try Self.dump(
                        text, Font(face: face, size: size, system: TextSystem()), locale: locale, width: width,
                        cached: false)
                    #expect(mixed == alone, "\(name) \(size) px at \(width)")
                    #expect(mixed == uncached, "\(name) \(size) px at \(width)")
                }
            }
        }
        #expect(shared.wordCache.spaceAnalyses.builds <= Self.cases.count)
    }

    @Test("at most SpaceAnalyses.limit analyses are kept; the oldest goes first")
    func bounded() throws {
        let cache = WordShapeCache()
        let font = try Font(named: "NotoSansArmenian-Regular", size: 16)
        func context(_ features: Int) -> ShapeContext {
            ShapeContext(
                font: font.instance.serial, features: features, script: HB_SCRIPT_LATIN.rawValue, rightToLeft: false,
                language: 0)
        }
        let extra = 6
        for features in 0..<(SpaceAnalyses.limit + extra) {
            _ = cache.spaceAnalyses.analysis(
                font: font, context: context(features), script: HB_SCRIPT_LATIN, language: nil, features: [])
        }
        #expect(cache.spaceAnalyses.count == SpaceAnalyses.limit)
        #expect(cache.spaceAnalyses.builds == SpaceAnalyses.limit + extra)
        // The newest are still held; the first was dropped and is built again.
        _ = cache.spaceAnalyses.analysis(
            font: font, context: context(SpaceAnalyses.limit + extra - 1), script: HB_SCRIPT_LATIN, language: nil,
            features: [])
        #expect(cache.spaceAnalyses.builds == SpaceAnalyses.limit + extra)
        _ = cache.spaceAnalyses.analysis(
            font: font, context: context(0), script: HB_SCRIPT_LATIN, language: nil, features: [])
        #expect(cache.spaceAnalyses.builds == SpaceAnalyses.limit + extra + 1)
        #expect(cache.spaceAnalyses.count == SpaceAnalyses.limit)
        cache.removeSpaceBoundaries()
        #expect(cache.spaceAnalyses.count == 0)
    }
}
