import Foundation
import HowdyRender
import HowdyReview
import Testing

/// Contact sheets built in one streaming pass: images arrive in any order, rows are written
/// in plan order as they complete, skipped rows are left out, pages break at 4,096 px, and
/// nothing appears under a sheet's name before `finish`.
@Suite struct ContactSheetBuilderTests {
    /// A phone screen (390 × 844 pt at 1x) of `screen` in the row given by type size and time.
    private func file(_ screen: String, size: String = "large", time: Double = 0, scroll: String = "top")
        -> RenderedFile
    {
        RenderedFile(
            screen: screen, fileName: "\(screen)-\(size)-\(time)-\(scroll).png", device: "phone", schemeName: "light",
            typeSizeName: size, time: time, scale: 1, scroll: scroll, reduceMotion: false, pixelWidth: 390,
            pixelHeight: 844)
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-sheets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The names in `url` that are not temporary files.
    private func visible(_ url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func rowsAreWrittenInPlanOrderWhateverTheArrivalOrderAndSkippedRowsAreLeftOut() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let planned = [
            file("01-a"), file("02-b"), file("01-a", size: "xLarge"), file("02-b", size: "xLarge"),
            file("01-a", scroll: "end"), file("02-b", scroll: "end"),
        ]
        let red = try Image(width: 390, height: 844, fill: Color(hex: 0xD00000))
        let blue = try Image(width: 390, height: 844, fill: Color(hex: 0x0000D0))
        let green = try Image(width: 390, height: 844, fill: Color(hex: 0x00A000))
        let builder = try ContactSheetBuilder(planned: planned, screens: ["01-a", "02-b"], title: "t", directory: directory)
        // The last row first, the first row last; the scroll-end row is skipped entirely.
        try builder.add(green, at: 3)
        try builder.add(green, at: 2)
        builder.skip(5)
        builder.skip(4)
        try builder.add(blue, at: 1)
        #expect(try visible(directory).isEmpty, "a page appeared before finish")
        try builder.add(red, at: 0)
        #expect(try builder.finish() == ["contact-sheet-light.png"])
        #expect(try visible(directory) == ["contact-sheet-light.png"])
        let sheet = try Image(contentsOf: directory.appendingPathComponent("contact-sheet-light.png"))
        // 844 pt is 360 px: two rows of 360 + 2 × 18 + 8 + 16 px under the 48 px title, no third.
        #expect(sheet.size.height == 48 + 2 * 420 + 16)
        // Row 1: red then blue; row 2: green. Thumbnails are 166 px wide, centred in 167 px cells.
        func near(_ x: Int, _ y: Int, _ expected: SIMD3<Int>) -> Bool {
            let p = sheet[x, y]
            return abs(Int(p.x) - expected.x) <= 2 && abs(Int(p.y) - expected.y) <= 2 && abs(Int(p.z) - expected.z) <= 2
        }
        #expect(near(16 + 83, 48 + 180, SIMD3(0xD0, 0, 0)))
        #expect(near(16 + 167 + 16 + 83, 48 + 180, SIMD3(0, 0, 0xD0)))
        #expect(near(16 + 83, 48 + 420 + 180, SIMD3(0, 0xA0, 0)))
    }

    @Test func aSheetTallerThanAPageBreaksIntoNumberedPages() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Twelve rows of 420 px: nine fit under the title in 4,096 px, three go on page 2.
        let planned = (1...12).map { file("01-a", time: Double($0)) }
        let builder = try ContactSheetBuilder(planned: planned, screens: ["01-a"], title: "t", directory: directory)
        let image = try Image(width: 390, height: 844, fill: Color(hex: 0x808080))
        for index in planned.indices { try builder.add(image, at: index) }
        #expect(try builder.finish() == ["contact-sheet-light.png", "contact-sheet-light-2.png"])
        let first = try Image(contentsOf: directory.appendingPathComponent("contact-sheet-light.png"))
        let second = try Image(contentsOf: directory.appendingPathComponent("contact-sheet-light-2.png"))
        #expect(first.size.height == 48 + 9 * 420 + 16)
        #expect(second.size.height == 48 + 3 * 420 + 16)
    }

    @Test func aBuilderDroppedBeforeFinishLeavesNothingBehind() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let planned = (1...12).map { file("01-a", time: Double($0)) }
        do {
            let builder = try ContactSheetBuilder(planned: planned, screens: ["01-a"], title: "t", directory: directory)
            let image = try Image(width: 390, height: 844, fill: Color(hex: 0x808080))
            for index in planned.indices.dropLast() { try builder.add(image, at: index) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
