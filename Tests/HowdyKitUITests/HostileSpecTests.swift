import Foundation
import HowdyKit
import HowdyRender
import HowdyText
import Testing

@testable import HowdyKitUI

/// Specs a pull request controls (issue 17): step IDs that become file names and page
/// text, images that decode to more memory than the reviewer has, locales for ICU.
@Suite struct HostileSpecTests {
    /// A fresh folder, removed by the caller.
    private func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: Item 1: file names and index.html

    @Test func aStepIDWithAPrependedMarkBeforeAQuoteStaysOutOfFileNamesAndTheIndex() throws {
        // U+0D4E (a prepended concatenation mark) makes `"` part of one grapheme with it, so
        // a comparison per Character let the quote into file names and attributes.
        let hostile = "x\u{0D4E}\" onerror=alert(1) y=\u{200D}'"
        let spec: [String: Any] = [
            "id": "flow" + hostile, "welcome": ["id": "w", "title": "Hi"],
            "steps": [["id": "a." + hostile, "kind": "feature", "title": "T"]],
        ]
        let document = try FlowDocument.decode(try JSONSerialization.data(withJSONObject: spec))
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let matrix = RenderMatrix(devices: [.smallPhone], schemes: [.light], scale: 1)
        let files = try RenderJob.run(document, matrix: matrix, to: folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 2)
        for name in names + files.map(\.fileName) {
            #expect(!name.unicodeScalars.contains { "\"'<>&=\u{200D} ".unicodeScalars.contains($0) }, "\(name)")
        }
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let scalars = Array(html.unicodeScalars)
        // No quote follows the mark anywhere: the title's quote became &quot;.
        for (index, scalar) in scalars.enumerated().dropLast() where scalar == "\u{0D4E}" {
            #expect(scalars[index + 1] != "\"" && scalars[index + 1] != "'")
        }
        #expect(html.contains("\u{0D4E}&quot; onerror=alert(1)"))
        #expect(!html.contains("\" onerror"))
    }

    @Test func slugsKeepOnlySafeScalarsForAnyMixOfQuotesMarksJoinersAndBidiControls() {
        let pieces: [String] = [
            "\"", "'", "<", ">", "&", "/", "\\", " ", "\u{0301}", "\u{200D}", "\u{202E}", "\u{2066}", "\u{0D4E}",
            "\u{FFFD}", "a", "Z", "9", "-", "_", "ß", "न", "\u{093F}", "日", "😀", "\u{0000}", "\n", ".", "`", "$(",
        ]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<2000 {
            var id = ""
            for _ in 0..<Int(seed % 12) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                id += pieces[Int((seed >> 33) % UInt64(pieces.count))]
            }
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let slug = FlowPages.slug(id)
            #expect(!slug.isEmpty && slug.utf8.count <= FlowPages.maximumSlugBytes)
            #expect(
                !slug.unicodeScalars.contains { "\"'<>&/\\ \u{200D}\u{202E}\u{2066}\u{0}\n.`$(".unicodeScalars.contains($0) },
                "\(id.debugDescription) -> \(slug.debugDescription)")
            #expect(FlowPages.isScreenName("01-" + slug), "\(slug.debugDescription)")
        }
        // Readable scripts stay readable; a long ID is cut to the byte budget at a scalar.
        #expect(FlowPages.slug("com.example.größe") == "größe")
        #expect(FlowPages.slug("a.नमस्ते") == "नमस्ते")
        #expect(FlowPages.slug(String(repeating: "é", count: 500)).utf8.count == FlowPages.maximumSlugBytes)
    }

    // MARK: Items 12 and 13: one pixel budget, each file decoded once, a total per spec

    /// A `size` × `size` px PNG.
    private func png(_ size: Int) throws -> [UInt8] {
        let image = try Image(width: size, height: size, fill: Color(red: 0.2, green: 0.4, blue: 0.6))
        return try image.encoded(as: .png)
    }

    /// A spec with one custom step whose content is `nodes`.
    private func customSpec(_ nodes: [String]) -> String {
        """
        {"steps": [{"id": "a.custom", "kind": "custom", "title": "T",
          "content": {"type": "vstack", "children": [\(nodes.joined(separator: ","))]}}]}
        """
    }

    @Test func imageNodesNamingOneFileDecodeItOnceAndAreCountedOnce() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(try png(1024)).write(to: folder.appendingPathComponent("one.png"))
        // 480 nodes × 1 megapixel: 480 megapixels were decoded (2 GB); once per file it is 1.
        let nodes = Array(repeating: #"{"type": "image", "path": "one.png", "height": 4}"#, count: 480)
        try Data(customSpec(nodes).utf8).write(to: folder.appendingPathComponent("spec.json"))
        let document = try FlowDocument.load(contentsOf: folder.appendingPathComponent("spec.json"))
        #expect(document.flow.steps.count == 1)
        // The cache itself: a second request for a path does not decode again.
        let images = SpecImages()
        var decodes = 0
        for _ in 0..<3 {
            _ = try images.image(at: "/x.png", size: PixelSize(width: 1024, height: 1024)) {
                decodes += 1
                return try Image(width: 1, height: 1)
            }
        }
        #expect(decodes == 1)
    }

    @Test func aSpecsDistinctImagesAreBoundedInTotal() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = try png(1024)
        // 40 distinct files of 1 megapixel each: over the 32-megapixel budget of one spec.
        var nodes: [String] = []
        for index in 0..<40 {
            try Data(bytes).write(to: folder.appendingPathComponent("i\(index).png"))
            nodes.append(#"{"type": "image", "path": "i\#(index).png", "height": 4}"#)
        }
        try Data(customSpec(nodes).utf8).write(to: folder.appendingPathComponent("spec.json"))
        #expect {
            try FlowDocument.load(contentsOf: folder.appendingPathComponent("spec.json"))
        } throws: { error in
            "\(error)".contains("over the limit of \(PixelBudget.maximumPixelsPerSpec) for one spec")
        }
        // 30 of them fit.
        try Data(customSpec(Array(nodes.prefix(30))).utf8).write(to: folder.appendingPathComponent("spec.json"))
        _ = try FlowDocument.load(contentsOf: folder.appendingPathComponent("spec.json"))
    }

    @Test func everyDecoderShareTheOnePixelBudgetCheckedFromTheHeader() throws {
        // A 64 × 64 PNG whose header is rewritten to say 9000 × 9000 (81 megapixels, under
        // the old 256-megapixel default, over the budget): refused from the header, whatever
        // limits the caller passes.
        var bytes = try png(64)
        for (offset, value) in [(16, UInt32(9000)), (20, UInt32(9000))] {
            withUnsafeBytes(of: value.bigEndian) { for index in 0..<4 { bytes[offset + index] = $0[index] } }
        }
        let crc = Self.crc32(bytes[12..<29])
        withUnsafeBytes(of: crc.bigEndian) { for index in 0..<4 { bytes[29 + index] = $0[index] } }
        #expect(try Image.size(ofEncoded: bytes) == PixelSize(width: 9000, height: 9000))
        for limits in [ImageLimits.default, PixelBudget.limits, ImageLimits(maxSide: 1 << 20, maxPixels: .max)] {
            #expect(throws: RenderError.invalidSize(width: 9000, height: 9000, reason: "over 67108864 pixels")) {
                try Image(decoding: bytes, limits: limits)
            }
        }
        #expect(throws: RenderError.self) { try PixelBudget.check(encoded: bytes) }
        #expect(PixelBudget.clamp(.default) == PixelBudget.limits)
    }

    /// CRC-32 (PNG's) of `bytes`.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    // MARK: Item 18: messages

    @Test func aCatalogThatIsAFolderOrAFIFOIsOneSentenceNamingThePath() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("App.xcstrings"), withIntermediateDirectories: false)
        #expect(mkfifo(folder.appendingPathComponent("Pipe.xcstrings").path, 0o644) == 0)
        for (name, reason) in [
            ("App.xcstrings", "it is a folder"), ("Pipe.xcstrings", "it is a FIFO (named pipe), not a regular file"),
        ] {
            let spec = #"{"steps": [], "localization": {"catalogs": ["\#(name)"]}}"#
            try Data(spec.utf8).write(to: folder.appendingPathComponent("spec.json"))
            #expect {
                try FlowDocument.load(contentsOf: folder.appendingPathComponent("spec.json"))
            } throws: { error in
                let text = "\(error)"
                return text.contains(folder.appendingPathComponent(name).resolvingSymlinksInPath().path)
                    && text.contains(reason) && !text.contains("NSCocoaErrorDomain") && !text.contains("permission")
                    && !text.contains("\n")
            }
        }
    }

    // MARK: Item 17: locales

    @Test func specLocalesAreBCP47TagsWithoutKeywordsAndEchoesAreCut() throws {
        let long = String(repeating: "a", count: 1 << 20)
        for (json, path) in [
            (#"{"locale": "ja@lw=phrase", "steps": []}"#, "locale"),
            (#"{"locale": "en_US", "steps": []}"#, "locale"),
            (#"{"locale": "\#(long)", "steps": []}"#, "locale"),
            (#"{"locale": "en\u202e", "steps": []}"#, "locale"),
            (#"{"steps": [], "render": {"locales": ["de", "ja@lw=phrase"]}}"#, "render.locales[1]"),
            (#"{"steps": [], "render": {"locales": ["\#(long)"]}}"#, "render.locales[0]"),
        ] {
            #expect {
                try FlowDocument.decode(Data(json.utf8))
            } throws: { error in
                let text = "\(error)"
                return text.hasPrefix(path) && text.utf8.count < 400
            }
        }
        for good in ["en", "de-CH", "zh-Hant-TW", "sr-Latn-RS", "pseudo", "en-XA"] {
            let document = try FlowDocument.decode(Data(#"{"locale": "\#(good)", "steps": []}"#.utf8))
            #expect(document.locale == good)
        }
    }
}
