import Foundation
import Testing

@testable import HowdyText

@Suite("Font search path and the not-found message")
struct FontSearchPathTests {
    @Test("the test binary finds the fonts in the SwiftPM resource bundle beside it")
    func resourceBundle() throws {
        let path = try #require(FontLibrary.bundledPath("Inter-Bold"))
        #expect(path.contains("/HowdyKit_HowdyText.resources/Fonts/"), "\(path)")
        #expect(!FontLibrary.candidateFolders.contains { $0.hasSuffix("/Sources/HowdyText/Fonts") })
    }

    /// Appends (never replaces) so that tests running at the same time still find the
    /// bundled fonts; the folder added is removed again.
    @Test("a folder added to the search path is searched after the bundled ones")
    func settablePath() throws {
        let folder = NSTemporaryDirectory() + "howdy-fonts-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = try #require(FontLibrary.bundledPath("Inter-Medium"))
        try FileManager.default.copyItem(atPath: source, toPath: folder + "/Shipped-Medium.otf")
        #expect(FontLibrary.bundledPath("Shipped-Medium") == nil)
        let original = FontLibrary.searchPath
        FontLibrary.searchPath = original + [folder]
        defer { FontLibrary.searchPath = original }
        #expect(FontLibrary.bundledPath("Shipped-Medium") == folder + "/Shipped-Medium.otf")
        #expect(FontLibrary.bundledNames.contains("Shipped-Medium"))
        #expect(try FontLibrary.face(named: "Shipped-Medium").familyName == "Inter")
        #expect(FontLibrary.searchPath.last == folder)
    }

    @Test(
        "a near miss is answered with the nearest bundled names and the folders searched",
        arguments: [("Inter-Bol", ["Inter-Bold"]), ("inter-bold", ["Inter-Bold"]), ("NotoSansThai-Bld", ["NotoSansThai-Bold"])])
    func didYouMean(name: String, expected: [String]) throws {
        #expect(Array(FontLibrary.suggestions(for: name).prefix(expected.count)) == expected)
        let message = TextError.fontNotFound(name).description
        #expect(message.contains("did you mean '\(expected[0])'"), "\(message)")
        let folder = try #require(FontLibrary.fontsDirectory)
        #expect(message.contains(folder), "\(message)")
    }

    @Test("a name far from every bundled one gets no suggestion")
    func noSuggestion() {
        #expect(FontLibrary.suggestions(for: "Comic Sans Serif Extra").isEmpty)
        #expect(!TextError.fontNotFound("Comic Sans Serif Extra").description.contains("did you mean"))
    }
}
