import Foundation
import HowdyRender
import Testing

@Suite struct DiffTests {
    @Test func identicalImagesDoNotDiffer() throws {
        let image = try DemoScene.render(width: 100, height: 200).image
        let diff = try ImageDiff(image, image)
        #expect(diff.differingPixels == 0 && diff.maxDistance == 0 && diff.changedArea == nil)
        #expect(diff.isWithin(.pixels(0)))
    }

    @Test func findsASingleChangedPixel() throws {
        let base = try Image(width: 50, height: 40, fill: .white)
        var changed = base
        changed[17, 23] = SIMD4(0, 0, 0, 255)
        let diff = try ImageDiff(changed, base, makeDiffImage: true)
        #expect(diff.differingPixels == 1)
        #expect(diff.changedArea == PixelRect(x: 17, y: 23, width: 1, height: 1))
        #expect(diff.maxDistance > 0.9)
        #expect(abs(diff.ratio - 1.0 / 2000) < 1e-12)
        #expect(!diff.isWithin(.pixels(0)) && diff.isWithin(.pixels(1)) && diff.isWithin(.ratio(0.001)))
        #expect(diff.diffImage?[17, 23] == SIMD4(255, 0, 0, 255))
        #expect(diff.diffImage?[0, 0].x ?? 0 > 240)
    }

    @Test func ignoresSmallJitterUnderTheThreshold() throws {
        let base = try DemoScene.render(width: 100, height: 200).image
        var jittered = base
        for y in 0..<base.height {
            for x in stride(from: y % 7, to: base.width, by: 7) where base[x, y].w == 255 {
                var pixel = base[x, y]
                pixel.x = pixel.x > 250 ? pixel.x - 3 : pixel.x + 3
                jittered[x, y] = pixel
            }
        }
        let diff = try ImageDiff(jittered, base)
        #expect(diff.differingPixels == 0)
        #expect(diff.maxDistance > 0 && diff.maxDistance < 0.1)
        #expect(try ImageDiff(jittered, base, threshold: 0).differingPixels > 0)
    }

    @Test func antialiasingShiftIsNotCounted() throws {
        func disc(_ dx: Double) throws -> Image {
            try coverageCanvas(width: 40, height: 40) { canvas in
                canvas.fill(try RoundedRect(Rect(x: 10 + dx, y: 10, width: 20, height: 20)), with: .white)
            }
        }
        let diff = try ImageDiff(try disc(0.4), try disc(0))
        #expect(diff.differingPixels == 0)
        #expect(diff.antiAliasedPixels > 0)
    }

    @Test func differentSizesAreAnError() throws {
        let a = try Image(width: 10, height: 10), b = try Image(width: 10, height: 11)
        #expect(throws: RenderError.sizeMismatch(a.size, b.size)) { try ImageDiff(a, b) }
    }

    /// pixelmatch before 7 blended over white, so a white pixel at alpha 128 and a fully
    /// transparent one were equal. Over the pattern they differ, for any colour.
    @Test func semiTransparentPixelsDifferFromTransparentOnes() throws {
        let clear = try Image(width: 16, height: 16)
        for color in [SIMD4<UInt8>(128, 128, 128, 128), SIMD4(0, 0, 0, 128), SIMD4(24, 104, 24, 128)] {
            var half = clear
            for y in 0..<16 {
                for x in 0..<16 { half[x, y] = color }
            }
            let diff = try ImageDiff(half, clear)
            #expect(diff.differingPixels == 256, "premultiplied \(color) over transparent")
            #expect(diff.maxDistance > 0.1)
        }
        // Equal colours at equal alpha are still equal.
        var a = clear
        a[3, 3] = SIMD4(10, 20, 30, 64)
        #expect(try ImageDiff(a, a).differingPixels == 0)
    }

    @Test func identicalBytesTakeTheFastPath() throws {
        let image = try DemoScene.render(width: 200, height: 400).image
        let copy = try Image(width: image.width, height: image.height, premultipliedRGBA: image.pixels)
        let diff = try ImageDiff(copy, image)
        #expect(diff.isByteIdentical && diff.differingPixels == 0 && diff.densestWindow == nil)
        var changed = image
        changed[0, 0] = SIMD4(1, 2, 3, 255)
        #expect(try !ImageDiff(changed, image).isByteIdentical)
        // Asked for, the diff image is still drawn for identical images.
        #expect(try ImageDiff(copy, image, makeDiffImage: true).diffImage != nil)
    }

    /// A text colour change in one button: a dense 60 × 12 px patch is 0.2 % of a phone
    /// screen at 1x, within a 0.5 % ratio, but the density guard fails it; the same number
    /// of pixels spread over the screen passes.
    @Test func densityGuardCatchesASmallDenseChangeOnAFullScreen() throws {
        let base = try Image(width: 393, height: 852, fill: .white)
        var dense = base
        for y in 700..<712 {
            for x in 160..<220 { dense[x, y] = SIMD4(0, 0, 200, 255) }
        }
        var sparse = base
        for index in 0..<720 { sparse[(index * 37) % 393, (index * 53) % 852] = SIMD4(0, 0, 200, 255) }
        let tolerance = DiffTolerance(maxDiffRatio: 0.005)
        let denseDiff = try ImageDiff(dense, base, tolerance: tolerance)
        #expect(denseDiff.differingPixels == 720 && denseDiff.ratio < 0.005)
        #expect(denseDiff.densestWindowRatio == 12.0 * 32 / 1024)
        #expect(denseDiff.densestWindow?.y ?? 0 >= 680)
        #expect(!denseDiff.isWithin(tolerance))
        let sparseDiff = try ImageDiff(sparse, base, tolerance: tolerance)
        #expect(sparseDiff.differingPixels > 600 && sparseDiff.densestWindowRatio < 0.02)
        #expect(sparseDiff.isWithin(tolerance))
        // The count and the ratio: the larger allowance applies.
        #expect(DiffTolerance(maxDiffPixels: 10, maxDiffRatio: 0.001).allowedPixels(of: 100_000) == 100)
        #expect(DiffTolerance(maxDiffPixels: 500, maxDiffRatio: 0.001).allowedPixels(of: 100_000) == 500)
    }
}
