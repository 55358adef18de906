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
