import Foundation
import HowdyText

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
