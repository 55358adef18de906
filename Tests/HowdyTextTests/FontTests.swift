import Foundation
import HowdyText
import Testing

@Suite("Fonts")
struct FontTests {
    @Test("bundled fonts open by name with metrics from the font")
    func bundledMetrics() throws {
        let font = try Fixtures.font("Inter-Bold", size: 32)
        #expect(font.face.familyName == "Inter")
        #expect(font.face.unitsPerEm >= 1000)
        #expect(font.metrics.ascender > 20 && font.metrics.ascender < 40)
        #expect(font.metrics.descender < 0)
        #expect(font.metrics.capHeight > 15 && font.metrics.capHeight < font.metrics.ascender)
        #expect(font.metrics.xHeight > 10 && font.metrics.xHeight < font.metrics.capHeight)
        #expect(font.face.weightClass == 700)
    }

    @Test("faces are cached and shared")
    func faceCache() throws {
        let first = try FontLibrary.face(named: "Inter-Regular")
        let second = try FontLibrary.face(named: "Inter-Regular")
        #expect(first === second)
    }

    @Test(
        "font folder paths are cleaned up lexically, as Foundation's standardized did",
        arguments: [
            ("/src/Sources/HowdyText/../../Fonts", "/src/Fonts"), ("/a/./b//c/", "/a/b/c"), ("/../x", "/x"),
            ("a/../../b", "../b"), ("./Fonts", "Fonts"), ("a/..", "."), ("/", "/"),
        ])
    func normalizedPaths(path: String, expected: String) {
        #expect(FontLibrary.normalized(path) == expected)
    }

    @Test("the bundled fonts folder holds every bundled name, found with or without listing it")
    func bundledLookup() throws {
        let directory = try #require(FontLibrary.fontsDirectory)
        #expect(FontLibrary.bundledNames.contains("Inter-Bold") && FontLibrary.bundledNames.contains("NotoColorEmoji"))
        for name in FontLibrary.bundledNames {
            let path = try #require(FontLibrary.bundledPath(name))
            #expect(path.hasPrefix(directory + "/" + name + "."), "\(name): \(path)")
        }
        #expect(FontLibrary.bundledPath("No-Such-Font") == nil)
        #expect(FontLibrary.bundledPath("../Fonts/Inter-Bold") == nil)
        #expect(FontLibrary.bundledPath("") == nil)
    }

    @Test("the emoji font is a colour, bitmap-only face")
    func emojiFace() throws {
        let face = try FontLibrary.face(named: "NotoColorEmoji")
        #expect(face.isColor)
        #expect(!face.isScalable)
    }

    @Test(
        "a fontconfig family is found by name",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu")))
    func fontconfigFamily() throws {
        let face = try FontLibrary.face(named: "DejaVu Sans")
        #expect(face.familyName == "DejaVu Sans")
    }

    @Test("an unknown name is an error naming it")
    func unknownName() {
        #expect(throws: TextError.fontNotFound("No Such Font 123")) { try Font(named: "No Such Font 123", size: 12) }
    }

    @Test("a missing path is an error naming the path")
    func missingPath() throws {
        do {
            _ = try Font(path: "/nonexistent/font.ttf", size: 12)
            Issue.record("expected an error")
        } catch let error as TextError {
            #expect(error.description.contains("/nonexistent/font.ttf"))
            #expect(error.description.contains("no such file"))
        }
    }

    @Test("random bytes are not a font")
    func randomBytes() throws {
        var generator = SystemRandomNumberGenerator()
        let path = try Fixtures.temporaryFile((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: TextError.self) { try Font(path: path, size: 12) }
    }

    @Test(
        "a truncated font is refused, naming the file (FreeType would draw its missing glyphs blank)",
        arguments: ["Inter-Regular", "NotoSansArabic-Bold"])
    func truncatedFont(name: String) throws {
        let source = try #require(FontLibrary.bundledPath(name))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: source)))
        // From a cut inside the header to one that keeps every metric table but not all
        // glyph outlines (the case that used to lay out and draw blank). (A cut into the
        // padding after the last table loses nothing, and is accepted.)
        for length in [8, 100, 2000, bytes.count / 3, bytes.count * 7 / 10, bytes.count * 9 / 10] {
            let path = try Fixtures.temporaryFile(Array(bytes.prefix(length)))
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                _ = try Font(path: path, size: 16)
                Issue.record("\(name) cut to \(length) of \(bytes.count) bytes was accepted")
            } catch let error as TextError {
                #expect("\(error)".contains(path), "\(error)")
            }
        }
        #expect(throws: Never.self) { try Font(path: source, size: 16) }
    }

    @Test("the cut-table message names the table and both lengths")
    func truncatedFontMessage() throws {
        let source = try #require(FontLibrary.bundledPath("NotoSansArabic-Bold"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: source)))
        let path = try Fixtures.temporaryFile(Array(bytes.prefix(bytes.count * 7 / 10)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try Font(path: path, size: 16)
        } throws: { error in
            "\(error)".contains("it is cut short: its '") && "\(error)".contains("the file at \(bytes.count * 7 / 10)")
        }
    }

    @Test("sizes outside (0, 4096] are refused", arguments: [0.0, -3, .nan, .infinity, 4097])
    func badSizes(size: Double) {
        #expect(throws: TextError.self) { try Fixtures.font(size: size) }
    }

    @Test("feature strings are parsed by HarfBuzz")
    func features() throws {
        _ = try FontFeature("kern=0")
        #expect(throws: TextError.invalidFeature("???")) { try FontFeature("???") }
    }
}
