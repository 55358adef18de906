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
        // Finished, it lets go of its buffers: nothing more can be written or finished.
        #expect(throws: RenderError.self) { try writer.append(try Image(width: 37, height: 1)) }
        #expect(throws: RenderError.self) { try writer.finish() }
        try writer.commit()
        #expect(try Image(contentsOf: URL(fileURLWithPath: path)) == whole)
        // A band of another width is refused.
        let other = try PNGStreamWriter(width: 37, path: folder.appendingPathComponent("other.png").path)
        #expect(throws: RenderError.self) { try other.append(try Image(width: 36, height: 1)) }
    }

    @Test func incompressibleBandsLargerThanTheOutputBufferReadBack() throws {
        // 300 × 300 px of noise: a band deflates to far more than the writer's 64 KiB output
        // buffer, so one band's deflate fills it many times over; and a 1-row band ends the page.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var pixels: [UInt8] = []
        for _ in 0..<(300 * 300) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            pixels += [
                UInt8(truncatingIfNeeded: state >> 40), UInt8(truncatingIfNeeded: state >> 48),
                UInt8(truncatingIfNeeded: state >> 56), 255,
            ]
        }
        let path = folder.appendingPathComponent("noise.png").path
        let writer = try PNGStreamWriter(width: 300, path: path)
        try writer.append(try Image(width: 300, height: 299, premultipliedRGBA: Array(pixels[0..<(299 * 300 * 4)])))
        try writer.append(try Image(width: 300, height: 1, premultipliedRGBA: Array(pixels[(299 * 300 * 4)...])))
        try writer.finish()
        try writer.commit()
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(size > 250_000, "noise does not compress: \(size) bytes")
        #expect(
            try Image(contentsOf: URL(fileURLWithPath: path))
                == (try Image(width: 300, height: 300, premultipliedRGBA: pixels)))
    }
}
