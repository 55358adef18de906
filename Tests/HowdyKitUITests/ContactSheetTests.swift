import Foundation
import HowdyKitUI
import HowdyRender
import HowdyReview
import Testing

/// A render writes one labelled contact sheet per scheme: screens in columns, the other
/// combinations in rows, every device at one points-to-pixels scale, captions under the
/// thumbnails.
@Suite struct ContactSheetTests {
    /// Mean straight RGB of `image` inside `rect` (px), 0...255.
    private func mean(_ image: Image, _ rect: PixelRect) -> SIMD3<Double> {
        var sum = SIMD3<Double>(0, 0, 0)
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let p = image[x, y]
                sum += SIMD3(Double(p.x), Double(p.y), Double(p.z))
            }
        }
        return sum / Double(rect.width * rect.height)
    }

    /// Pixels of `rect` whose brightness is below `limit` (0...255): ink on a light ground.
    private func dark(_ image: Image, _ rect: PixelRect, below limit: Int) -> Int {
        var count = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let p = image[x, y]
                let brightness: Int = (Int(p.x) + Int(p.y) + Int(p.z)) / 3
                if brightness < limit { count += 1 }
            }
        }
        return count
    }

    @Test func aRenderWritesOneLabelledSheetPerSchemeWithEveryScreen() throws {
        let document = try FlowDocument.decode(
            Data(
                ##"{ "id": "sheet", "theme": { "primary": "#B00020" }, "welcome": { "id": "w", "title": "Hello" }, "steps": [{ "id": "a", "kind": "feature", "title": "A" }] }"##
                    .utf8))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-sheet-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let matrix = RenderMatrix(devices: [.smallPhone, .desktop], schemes: [.light, .dark], scale: 1)
        let files = try RenderJob.run(document, matrix: matrix, to: folder)
        #expect(files.count == 8)
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("render-manifest.json"))) as? [String: Any]
        #expect(manifest?["contactSheets"] as? [String] == ["contact-sheet-light.png", "contact-sheet-dark.png"])
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<a href=\"contact-sheet-light.png\">"))

        let sheet = try Image(contentsOf: folder.appendingPathComponent("contact-sheet-light.png"))
        // One points-to-pixels scale: the tallest screen (desktop, 700 pt) is 360 px, so
        // 0.5143 px per pt; cells are as wide as the desktop (600 pt → 309 px). Two screens
        // in columns, two devices in rows, each row as tall as its own thumbnails (small
        // phone 343 px, desktop 360 px) with two caption lines under each thumbnail:
        // 16 + 2 × (309 + 16) by 48 + (343 + 2 × 18 + 8 + 16) + (360 + 2 × 18 + 8 + 16) + 16.
        #expect(sheet.size == PixelSize(width: 666, height: 887))
        // The title, and each thumbnail's caption under it (dark ink on the light ground);
        // no label column left of the thumbnails.
        #expect(dark(sheet, PixelRect(x: 0, y: 0, width: 400, height: 44), below: 100) > 200)
        #expect(dark(sheet, PixelRect(x: 16, y: 48 + 343 + 4, width: 200, height: 18), below: 100) > 50)
        #expect(dark(sheet, PixelRect(x: 16, y: 48 + 403 + 360 + 4, width: 200, height: 18), below: 100) > 50)
        // The small phone (375 × 667 pt) is drawn at the same scale, 193 × 343 px, at the top
        // of its own row (no empty band above it), and carries its screen's colours.
        let welcome = try Image(contentsOf: folder.appendingPathComponent("01-welcome_small-phone-light@1x.png"))
        let source = mean(welcome, PixelRect(x: 0, y: 0, width: welcome.width, height: welcome.height))
        let thumb = mean(sheet, PixelRect(x: 74 + 4, y: 48 + 4, width: 193 - 8, height: 343 - 8))
        #expect(
            abs(thumb.x - source.x) < 4 && abs(thumb.y - source.y) < 4 && abs(thumb.z - source.z) < 4,
            "\(thumb) vs \(source)")
        let top = mean(sheet, PixelRect(x: 74 + 4, y: 48, width: 193 - 8, height: 4))
        let topSource = mean(welcome, PixelRect(x: 0, y: 0, width: welcome.width, height: 12))
        #expect(abs(top.x - topSource.x) < 12, "the row starts with the thumbnail: \(top) vs \(topSource)")
        // The dark sheet is dark.
        let darkSheet = try Image(contentsOf: folder.appendingPathComponent("contact-sheet-dark.png"))
        #expect(mean(darkSheet, PixelRect(x: 0, y: 0, width: 10, height: 10)).x < 40)
    }
}
