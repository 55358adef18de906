import Testing

@testable import HowdyText

/// A text system made per job is freed with its last font and layout, after it has
/// shaped, analysed spaces and made fallback fonts: its caches keep fonts that do not
/// retain it (`Font.heldBySystem`), and what they hand out does.
@Suite struct TextSystemLifetimeTests {
    /// Lays out Latin (space analysis kept in the word cache) and Japanese and Arabic
    /// (fallback fonts kept in `FallbackChoices`) in a new system, then drops it: nil
    /// when the system was freed. Also returns a fallback font's text to check it was used.
    private func layOutInOwnSystem() throws -> (weak: () -> TextSystem?, fallbackRuns: Int) {
        let system = TextSystem(byteBudget: 4 << 20)
        let font = try Font(face: FontLibrary.face(named: "Inter-Regular"), size: 18, system: system)
        var fallbackRuns = 0
        for text in ["Get reminders for every plan you make, twice.", "計画アプリへようこそ。通知を受け取る", "مرحبا بك في تطبيقك"] {
            for _ in 0..<2 {  // cold, then warm (the fallback font comes from the kept list)
                let laid = try layout(text: text, font: font, width: 120)
                fallbackRuns += laid.lines.flatMap(\.runs).filter { $0.font != font }.count
            }
        }
        #expect(system.wordCache.spaceBoundaryCount > 0)
        weak let weakSystem = system
        return ({ weakSystem }, fallbackRuns)
    }

    @Test("a system that shaped text, with fallback fonts and space analyses, is freed")
    func systemIsFreed() throws {
        let (weakSystem, fallbackRuns) = try layOutInOwnSystem()
        #expect(fallbackRuns > 0, "the texts used fallback fonts")
        #expect(weakSystem() == nil, "the system outlived its last font and layout")
    }

    @Test("a fallback font handed out keeps its system alive")
    func handedOutFallbackFontKeepsItsSystem() throws {
        var kept: Font?
        weak var weakSystem: TextSystem?
        do {
            let system = TextSystem(byteBudget: 4 << 20)
            weakSystem = system
            let font = try Font(face: FontLibrary.face(named: "Inter-Regular"), size: 18, system: system)
            for _ in 0..<2 {
                let laid = try layout(text: "計画アプリへようこそ", font: font, width: 400)
                kept = laid.lines.flatMap(\.runs).map(\.font).first { $0 != font }
            }
        }
        let fallback = try #require(kept)
        #expect(weakSystem != nil, "a handed-out font retains its system")
        // Still usable: it lays out in its system after every other reference is gone.
        let again = try layout(text: "ようこそ", font: fallback, width: 400)
        #expect(again.lines.count == 1)
        kept = nil
    }
}
