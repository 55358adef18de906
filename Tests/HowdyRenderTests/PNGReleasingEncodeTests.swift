import Foundation
import Testing

@testable import HowdyRender

/// `PNGCodec.encode(releasing:)`, which Sub-filters an opaque image in its own buffer,
/// writes the same file as `encode(_:)`, whatever the width (a 1-px-wide row's filter byte
/// lands on its own first pixel), opaque or not, and leaves a caller's copy untouched.
@Suite struct PNGReleasingEncodeTests {
    private func scene(width: Int, height: Int, opaque: Bool) throws -> Image {
        var canvas = try Canvas(width: width, height: height, background: opaque ? Color(hex: 0x102030) : .clear)
        canvas.fill(
            try RoundedRect(Rect(x: 0, y: 0, width: Double(width), height: Double(height))),
            with: .linear(
                try LinearGradient(
                    start: Point(x: 0, y: 0), end: Point(x: Double(width), y: Double(height)),
                    stops: [
                        GradientStop(offset: 0, color: Color(hex: 0xFF8000).opacity(opaque ? 1 : 0.6)),
                        GradientStop(offset: 1, color: Color(hex: 0x0080FF).opacity(opaque ? 1 : 0.3)),
                    ])))
        // A white dot, where it leaves room for the translucent gradient.
        if width > 8 { canvas.fill(try Circle(center: Point(x: Double(width) / 2, y: Double(height) / 2), radius: 3.3), with: .white) }
        return canvas.image
    }

    @Test(arguments: [(1, 1), (1, 9), (2, 3), (3, 1), (17, 11), (320, 241)])
    func releasingGivesTheSameFile(size: (width: Int, height: Int)) throws {
        for opaque in [true, false] {
            let image = try scene(width: size.width, height: size.height, opaque: opaque)
            #expect(image.isOpaque == opaque)
            let kept = try PNGCodec.encode(image)
            // The caller keeps `image`: its pixels are copied, then filtered.
            let released = try PNGCodec.encode(releasing: image)
            #expect(released == kept, "\(size) opaque \(opaque): other bytes")
            #expect(try PNGCodec.decode(released).pixels == image.pixels, "the image changed under its caller")
            // Given up: filtered in place.
            var owned: Image? = try scene(width: size.width, height: size.height, opaque: opaque)
            let alone = try PNGCodec.encode(releasing: owned.take()!)
            #expect(alone == kept, "\(size) opaque \(opaque): other bytes when filtered in place")
        }
    }
}
