import Foundation
import Testing

@testable import HowdyText

/// `TextSystem`: each system owns its caches under one byte budget; `shared` serves
/// every call that names none; a private system changes what is kept, never a result.
@Suite("TextSystem: caches owned per system, under one budget")
struct TextSystemTests {
    /// Texts that reach every cache layout fills: Latin words (word cache, space
    /// boundaries), Arabic and Japanese (bundled fallback answers, HarfBuzz fonts for the
    /// fallback faces, the ja line-break iterator), emoji, and German with `hyphens: auto`
    /// (a hyphenation dictionary and a word iterator).
    static let samples: [(text: String, options: TextOptions)] = [
        ("Get reminders for every plan you make, and share lists with friends", TextOptions()),
        ("مرحبا بك في تطبيقك الجديد للتخطيط الهادئ", TextOptions(locale: "ar")),
        ("新しい計画をいつでもどこでも確認できます。通知をオンにしてください。", TextOptions(locale: "ja")),
        ("Streaks 🔥 and small wins 🎉 add up over time", TextOptions()),
        (
            "Donaudampfschifffahrtsgesellschaftskapitän und Rechtsschutzversicherungsgesellschaften",
            TextOptions(locale: "de", hyphens: .auto)
        ),
    ]

    /// Everything a layout reports, glyph by glyph (fonts by name and size).
    private func fingerprint(_ layout: TextLayout) -> String {
        String(describing: layout.lines) + " \(layout.width) \(layout.height) \(layout.greedyLineCount)"
    }

    private func layouts(_ font: Font, widths: [Double] = [120, 260]) throws -> [String] {
        try Self.samples.flatMap { sample in
            try widths.map { width in
                fingerprint(try ShapedText(sample.text, font: font, options: sample.options).balance(width: width))
            }
        }
    }

    @Test("fonts opened without a system use shared, and shared's word cache is WordShapeCache.shared")
    func sharedIsTheDefault() throws {
        let font = try Font(named: "Inter-Bold", size: 24)
        #expect(font.system === TextSystem.shared)
        #expect(WordShapeCache.shared === TextSystem.shared.wordCache)
        #expect(try FontFace.open(path: font.face.path) === font.face)
        #expect(try TextSystem.shared.face(path: font.face.path) === font.face)
        // The words of a layout land in the shared cache.
        let text = "Shared caches keep words like zyzzyva\(UUID().uuidString.prefix(6)) for later"
        // Twice: a word is stored the second time it is asked for (`AskedWords`).
        for _ in 0..<2 { _ = try ShapedText(text, font: font).layout(width: 200) }
        let before = TextSystem.shared.wordCache.statistics.hits
        _ = try ShapedText(text, font: font).layout(width: 200)
        #expect(TextSystem.shared.wordCache.statistics.hits > before)
    }

    @Test("a private system's layouts equal shared's, glyph for glyph, in every script sample")
    func privateSystemGivesIdenticalResults() throws {
        let system = TextSystem()
        let own = try system.font(named: "Inter-Bold", size: 24)
        let shared = try Font(named: "Inter-Bold", size: 24)
        #expect(own.system === system)
        #expect(own.face !== shared.face, "the private system opened its own face")
        // Twice each: cold caches, then warm ones (word-cache hits), must agree.
        let first = try layouts(own)
        #expect(try layouts(own) == first)
        #expect(try layouts(shared) == first)
        // And without any word cache at all.
        let uncached = try Self.samples.flatMap { sample in
            var options = sample.options
            options.usesWordCache = false
            return try [120.0, 260].map {
                fingerprint(try ShapedText(sample.text, font: own, options: options).balance(width: $0))
            }
        }
        #expect(uncached == first)
    }

    @Test("two systems share no cache state: faces, HarfBuzz fonts, words, iterators, dictionaries")
    func systemsAreIsolated() throws {
        let first = TextSystem()
        let second = TextSystem()
        _ = try layouts(try first.font(named: "Inter-Regular", size: 20))
        let used = first.usage
        for cache in ["faces", "harfBuzzFonts", "breakIterators", "words", "spaceBoundaries", "answers", "hyphenation"]
        {
            #expect((used[cache] ?? 0) > 0, "\(cache) was filled")
        }
        #expect(second.bytes == 0, "\(second.usage)")
        #expect(second.wordCache.statistics.entries == 0)
        #expect(BreakIterator.pooledKeyCount(in: second) == 0)
        // The same file opened from each system is two faces; from one system, one.
        let path = try first.font(named: "Inter-Regular", size: 20).face.path
        #expect(try first.face(path: path) !== second.face(path: path))
        #expect(try first.face(path: path) === first.face(path: path))
        // Emptying one leaves the other as it was.
        let entries = first.wordCache.statistics.entries
        second.removeAll()
        #expect(first.wordCache.statistics.entries == entries)
        first.removeAll()
        #expect(first.bytes == 0, "\(first.usage)")
    }

    @Test("the budget holds: caches are emptied to fit, the word cache gets half, layouts stay the same")
    func budgetEvicts() throws {
        #expect(TextSystem().byteBudget == TextSystem.defaultByteBudget)
        #expect(TextSystem.defaultByteBudget == 64 << 20)
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 20)
        let expected = try layouts(font)
        #expect(system.bytes > 200 << 10, "the face alone is over the budget set next: \(system.usage)")
        // Inter-Regular alone is 259 KB: a 200 KiB budget cannot keep the face, and
        // lowering the budget empties caches until the estimate fits.
        system.byteBudget = 200 << 10
        #expect(system.byteBudget == 200 << 10)
        #expect(system.wordCache.byteLimit == 100 << 10)
        #expect(system.bytes <= 200 << 10, "\(system.usage)")
        // Layout goes on under the small budget, with the same results, and stays within it.
        #expect(try layouts(font) == expected)
        #expect(system.bytes <= 200 << 10, "\(system.usage)")
        // A new font opens its face again through the system, which keeps within budget.
        let other = try system.font(named: "Inter-Bold", size: 20)
        #expect(system.bytes <= 200 << 10, "\(system.usage)")
        _ = try ShapedText("Within budget", font: other).layout(width: 100)
        // A budget of 0 keeps nothing past the call that made it.
        system.byteBudget = -5
        #expect(system.byteBudget == 0)
        #expect(system.bytes == 0, "\(system.usage)")
        #expect(try layouts(font) == expected)
        #expect(system.wordCache.statistics.entries == 0)
    }

    @Test("one font from four threads gives each thread the one-thread layouts")
    func oneFontManyThreads() async throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Bold", size: 24)
        let expected = try layouts(font)
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { try self.layouts(font) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 4)
        for result in results { #expect(result == expected) }
    }
}
