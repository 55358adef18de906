import Foundation
import HowdyRender

/// White drawn over black: the red byte of a pixel is its coverage × 255.
func coverageCanvas(width: Int = 16, height: Int = 16, draw: (inout Canvas) throws -> Void) throws -> Image {
    var canvas = try Canvas(width: width, height: height, background: .black)
    try draw(&canvas)
    return canvas.image
}

func red(_ image: Image, _ x: Int, _ y: Int) -> Int { Int(image[x, y].x) }

/// A deterministic pseudo-random premultiplied image (valid: colour ≤ alpha).
func noiseImage(width: Int, height: Int, opaque: Bool = false, seed: UInt64 = 42) throws -> Image {
    var state = seed
    func next() -> UInt8 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 33)
    }
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<(width * height) {
        let a = opaque ? 255 : next()
        bytes[i * 4 + 3] = a
        for c in 0..<3 { bytes[i * 4 + c] = a == 0 ? 0 : next() % (a &+ 1 == 0 ? 255 : a + 1) }
        if a == 255 { for c in 0..<3 { bytes[i * 4 + c] = next() } }
    }
    return try Image(width: width, height: height, premultipliedRGBA: bytes)
}

func fixture(_ base64: String) -> [UInt8] { [UInt8](Data(base64Encoded: base64)!) }

enum Fixtures {
    static let grey = fixture(
        "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAAAAAC4HznGAAAAEElEQVR4nGNgaPjPwCUiBwAIZwG8nGc1oAAAAABJRU5ErkJggg==")
    static let palette = fixture(
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAMAAABFaP0WAAAACVBMVEX/AAAA/wAAAP8tSs2KAAAAAnRSTlP/gAgPs2oAAAAOSURBVHicY2BgZGBiAAAADgAExoh8+AAAAABJRU5ErkJggg=="
    )
    static let rgb = fixture(
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGNgZGL+9fsPAAYDAvhOlq22AAAAAElFTkSuQmCC")
    static let rgb16 = fixture(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABEAIAAADA54+dAAAAD0lEQVR4nGMQMll99v9/AAmHA73lDHcFAAAAAElFTkSuQmCC")
    /// 15000 × 15000 px (within the limits) with a tiny IDAT: a decompression-bomb shape.
    static let bomb = fixture(
        "iVBORw0KGgoAAAANSUhEUgAAOpgAADqYCAYAAADeFMmlAAAADElEQVR4nGNgoD0AAABkAAGGZDw1AAAAAElFTkSuQmCC")
    /// 2 × 1 grey + alpha: (200, opaque), (100, transparent).
    static let greyAlpha = fixture(
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAQAAABeK7cBAAAADUlEQVR4nGM48T+FAQAG6gIsNCWYSAAAAABJRU5ErkJggg==")
    /// A header claiming 100000 × 100000 px and a tiny IDAT.
    static let huge = fixture(
        "iVBORw0KGgoAAAANSUhEUgABhqAAAYagCAYAAACoUgvIAAAADElEQVR4nGNgoD0AAABkAAGGZDw1AAAAAElFTkSuQmCC")
}
