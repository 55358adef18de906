import Foundation
import Testing

@testable import HowdyRender

/// A PNG written a band of rows at a time reads back as the rows given, in any band sizes.
@Suite struct PNGStreamWriterTests {
    @Test func bandsOfAnyHeightReadBackAsOneOpaqueImage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 37 × 50 px of varied opaque colours, in bands of 7, 20 and 23 rows.
        var pixels: [UInt8] = []
        for y in 0..<50 {
            for x in 0..<37 { pixels += [UInt8(x * 7 % 256), UInt8(y * 5 % 256), UInt8((x * y) % 256), 255] }
        }
        let whole = try Image(width: 37, height: 50, premultipliedRGBA: pixels)
        let path = folder.appendingPathComponent("bands.png").path
        let writer = try PNGStreamWriter(width: 37, path: path)
        var start = 0
        for height in [7, 20, 23] {
            let band = Array(pixels[(start * 37 * 4)..<((start + height) * 37 * 4)])
            try writer.append(try Image(width: 37, height: height, premultipliedRGBA: band))
            start += height
        }
        #expect(!FileManager.default.fileExists(atPath: path), "the file appeared before commit")
        try writer.finish()
        try writer.commit()
        #expect(try Image(contentsOf: URL(fileURLWithPath: path)) == whole)
        // A band of another width is refused.
        let other = try PNGStreamWriter(width: 37, path: folder.appendingPathComponent("other.png").path)
        #expect(throws: RenderError.self) { try other.append(try Image(width: 36, height: 1)) }
    }
}
