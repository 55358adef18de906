import Foundation
import Testing

@testable import HowdyText

/// Fonts and helpers shared by the text tests: always the real bundled fonts.
enum Fixtures {
    static func font(_ name: String = "Inter-Regular", size: Double = 20) throws -> Font {
        try Font(named: name, size: size)
    }

    static var casesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Cases")
    }

    /// The unrounded width (px) of `text` on one line: the sum of its glyphs' 16.16
    /// advances, before the line's width rounds it up to 1/64 px.
    static func advanceSum(_ text: String, font: Font) throws -> Double {
        let line = try ShapedText(text, font: font).layout(width: 10_000).lines[0]
        return line.runs.flatMap(\.glyphs).reduce(0) { $0 + $1.advance }
    }

    /// `width` px rounded up to 1/64 px, as reported widths are.
    static func ceil64(_ width: Double) -> Double { (width * 64).rounded(.up) / 64 }

    static func temporaryFile(_ bytes: [UInt8], suffix: String = ".ttf") throws -> String {
        let path = NSTemporaryDirectory() + "howdy-\(UUID().uuidString)\(suffix)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let paragraph = """
        Onboarding is the first conversation an app has with a person. It should explain what the app \
        does, ask only for the permissions it needs, and get out of the way quickly. Good onboarding \
        respects attention: every screen earns its place, every sentence is short, and every title \
        reads well on a small phone and a large tablet alike. Balanced titles avoid a lonely last word, \
        which makes a headline look deliberate rather than accidental. The same care applies to body \
        text, where even lines are easier to scan and feel calmer on the page.
        """
}

extension TextLayout {
    var lineTexts: [String] { lines.map(\.text) }
}

extension Fixtures {
    /// Lays out each text at each width (px), greedy and balanced, with the word cache and
    /// without, in two passes (cold, then warm: the second finds what the first stored in
    /// `font`'s system), and records an issue for each layout whose glyphs or line texts
    /// differ. Give the font a private `TextSystem` so no other test's words are in it.
    /// A word is stored the second time it is asked for (`AskedWords`): with two widths or
    /// more, the cold pass meets each text twice; with one, a middle pass stores.
    /// - Returns: the cache hits of the warm pass.
    @discardableResult
    static func expectCachedEqualsUncached(
        _ texts: [String], font: Font, widths: [Double], label: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        func dump(_ text: String, cached: Bool, width: Double) throws -> [String] {
            let shaped = try ShapedText(text, font: font, options: TextOptions(usesWordCache: cached))
            let greedy = try shaped.layout(width: width)
            return LayoutCase.glyphDump(greedy) + greedy.lines.map(\.text)
                + LayoutCase.glyphDump(try shaped.balance(width: width))
        }
        var hitsBefore = 0
        for pass in widths.count > 1 ? ["cold", "warm"] : ["cold", "stored", "warm"] {
            if pass == "warm" { hitsBefore = font.system.wordCache.statistics.hits }
            for text in texts {
                for width in widths {
                    let cached = try dump(text, cached: true, width: width)
                    let uncached = try dump(text, cached: false, width: width)
                    let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
                    #expect(
                        cached == uncached, "\(label) \(pass) \(width) px: \(text) [\(scalars)]",
                        sourceLocation: sourceLocation)
                }
            }
        }
        return font.system.wordCache.statistics.hits - hitsBefore
    }
}
