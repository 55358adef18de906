import Foundation
import HowdyText
import Testing

@Suite("Font files by identity")
struct FontIdentityTests {
    @Test("many paths to one file (symlinks, ./ forms) share one face")
    func symlinksShareAFace() throws {
        let folder = NSTemporaryDirectory() + "howdy-font-links-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try #require(FontLibrary.bundledPath("Inter-Bold"))
        let first = try FontFace.open(path: original)
        for index in 0..<300 {
            let link = folder + "/link\(index).otf"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: original)
            #expect(try FontFace.open(path: link) === first)
        }
        #expect(
            try FontFace.open(path: folder + "/../" + (folder as NSString).lastPathComponent + "/link7.otf") === first)
    }

    @Test("a directory, a FIFO-like non-file and a missing path are refused by name")
    func notFiles() throws {
        #expect(throws: TextError.self) { try FontFace.open(path: NSTemporaryDirectory()) }
        #expect(throws: TextError.self) { try FontFace.open(path: "/dev/null") }
        do {
            _ = try FontFace.open(path: "/nonexistent/font.ttf")
        } catch let error as TextError {
            #expect(error.description.contains("/nonexistent/font.ttf"))
        }
    }
}
