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
}
