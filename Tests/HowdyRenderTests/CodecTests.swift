import Foundation
import HowdyRender
import Testing

@Suite struct CodecTests {
    @Test func premultiplyRoundTripIsLosslessForEveryValue() throws {
        var bytes: [UInt8] = []
        for a in 0...255 { for c in 0...255 { bytes += [UInt8(min(c, a)), UInt8(min(c, a)), 0, UInt8(a)] } }
        let image = try Image(width: 256, height: 256, premultipliedRGBA: bytes)
        let back = try Image(width: 256, height: 256, straightRGBA: image.straightRGBA())
        #expect(back == image)
    }

    @Test(arguments: [PNGCodec.Compression.fast, .smallest])
    func pngRoundTripIsIdentical(_ compression: PNGCodec.Compression) throws {
        let image = try noiseImage(width: 37, height: 23)
        let png = try PNGCodec.encode(image, compression: compression)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try PNGCodec.decode(png) == image)
        // The sRGB chunk is present.
        #expect(String(decoding: png, as: UTF8.self).contains("sRGB"))
    }

    @Test(arguments: [PNGCodec.Compression.fast, .smallest])
    func opaqueImagesAreWrittenAsRGB(_ compression: PNGCodec.Compression) throws {
        // IHDR's colour type is byte 25 of the file: 2 is RGB, 6 is RGBA.
        let opaque = try noiseImage(width: 19, height: 11, opaque: true)
        let opaquePNG = try PNGCodec.encode(opaque, compression: compression)
        #expect(opaquePNG[25] == 2)
        #expect(try PNGCodec.decode(opaquePNG) == opaque)
        let translucent = try noiseImage(width: 19, height: 11)
        let translucentPNG = try PNGCodec.encode(translucent, compression: compression)
        #expect(translucentPNG[25] == 6)
        #expect(try PNGCodec.decode(translucentPNG) == translucent)
    }

    /// Large enough that rows are filtered in parallel bands and the data spans several
    /// 1 MiB IDAT chunks (noise does not compress); odd sizes, single rows and single columns.
    @Test(arguments: [
        (1, 1, true), (1, 1, false), (1, 300, true), (517, 1, false), (601, 1_003, true), (733, 1_021, false),
    ])
    func largeAndDegenerateImagesRoundTrip(_ size: (Int, Int, Bool)) throws {
        let image = try noiseImage(width: size.0, height: size.1, opaque: size.2, seed: 7)
        #expect(try PNGCodec.decode(PNGCodec.encode(image)) == image)
    }

    @Test func chunksComeInPNGOrderWithTheDataSplitInto1MiBIDATs() throws {
        let png = try PNGCodec.encode(try noiseImage(width: 733, height: 1_021))
        var chunks: [(type: String, length: Int)] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            chunks.append((String(decoding: png[offset + 4..<offset + 8], as: UTF8.self), length))
            offset += 12 + length  // length, type, data, CRC
        }
        #expect(offset == png.count)
        #expect(chunks.map(\.type) == ["IHDR", "gAMA", "sRGB", "cHRM", "IDAT", "IDAT", "IDAT", "IEND"])
        #expect(chunks.filter { $0.type == "IDAT" }.dropLast().allSatisfy { $0.length == 1 << 20 })
    }

    @Test func smallestIsNotLargerThanFast() throws {
        let image = try DemoScene.render(width: 120, height: 240).image
        #expect(try PNGCodec.encode(image, compression: .smallest).count <= PNGCodec.encode(image).count)
    }

    @Test func ppmRoundTripIsIdentical() throws {
        let image = try noiseImage(width: 19, height: 7, opaque: true)
        let ppm = PPMCodec.encode(image)
        #expect(ppm.starts(with: Array("P6\n19 7\n255\n".utf8)))
        #expect(try PPMCodec.decode(ppm) == image)
        #expect(try Image(decoding: ppm) == image)
    }

    @Test func asciiP3IsRead() throws {
        let text = "P3\n# a comment\n2 1\n15\n15 0 0   0 15 7\n"
        let image = try PPMCodec.decode(Array(text.utf8))
        #expect(image[0, 0] == SIMD4(255, 0, 0, 255))
        #expect(image[1, 0] == SIMD4(0, 255, 119, 255))
    }

    @Test func decodesGreyPaletteRGBAnd16BitPNGs() throws {
        let grey = try PNGCodec.decode(Fixtures.grey)
        #expect(grey.width == 3 && grey.height == 2)
        #expect(grey[1, 0] == SIMD4(128, 128, 128, 255))
        let palette = try PNGCodec.decode(Fixtures.palette)
        #expect(palette[0, 0] == SIMD4(255, 0, 0, 255))
        #expect(palette[1, 0] == SIMD4(0, 128, 0, 128))  // 50 % transparent green, premultiplied
        let rgb = try PNGCodec.decode(Fixtures.rgb)
        #expect(rgb[1, 0] == SIMD4(250, 251, 252, 255))
        let greyAlpha = try PNGCodec.decode(Fixtures.greyAlpha)
        #expect(greyAlpha[0, 0] == SIMD4(200, 200, 200, 255))
        #expect(greyAlpha[1, 0] == SIMD4(0, 0, 0, 0))
        let deep = try PNGCodec.decode(Fixtures.rgb16)
        #expect(deep[0, 0] == SIMD4(0x12, 0xAB, 0xFF, 255))
    }

    @Test func badPNGsAreClearErrors() throws {
        let good = try PNGCodec.encode(try noiseImage(width: 20, height: 20))
        // Truncated.
        #expect(throws: RenderError.self) { try PNGCodec.decode(Array(good.prefix(good.count / 2))) }
        #expect(throws: RenderError.self) { try PNGCodec.decode(Array(good.prefix(20))) }
        #expect(throws: RenderError.self) { try PNGCodec.decode([]) }
        // Corrupt data (CRC mismatch inside IDAT).
        var corrupt = good
        corrupt[corrupt.count - 30] ^= 0xFF
        #expect(throws: RenderError.self) { try PNGCodec.decode(corrupt) }
        // Enormous dimensions: refused from the header, nothing allocated.
        do {
            _ = try PNGCodec.decode(Fixtures.huge)
            Issue.record("expected an error")
        } catch {
            guard case .invalidSize = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        #expect(throws: RenderError.self) { try Image(decoding: Array("GIF89a".utf8)) }
        // Large but allowed dimensions in a file far too small to hold them: refused
        // before the 900 MB of pixels would be allocated.
        #expect(throws: RenderError.self) { try PNGCodec.decode(Fixtures.bomb) }
    }

    @Test func badPPMsAreClearErrors() {
        let cases = [
            "P6\n2 2\n255\n\u{1}\u{2}\u{3}",  // truncated pixels
            "P6\n99999999 99999999\n255\n",  // enormous
            "P6\n-1 2\n255\n",
            "P6\n2 2\n65535\n",  // 16-bit P6 unsupported
            "P3\n2 1\n255\n1 2 3 4 5",  // missing sample
            "P3\n1 1\n10\n11 0 0\n",  // above maxval
            "P6",
            "P3\n1 1\n0\n0 0 0",
        ]
        for text in cases {
            #expect(throws: RenderError.self, "\(text.debugDescription)") { try PPMCodec.decode(Array(text.utf8)) }
        }
    }
}
