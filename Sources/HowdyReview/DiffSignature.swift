import HowdyNumbers
import HowdyRender

/// The changed regions of a comparison, and the signature that groups one change across a
/// matrix: equal when two comparisons changed the same colour into the same other colour,
/// in regions at the same places relative to the screen, on the same screen.
enum DiffSignature {
    /// The most regions drawn on one image; more are shown as one box around them all.
    static let maximumRegions = 24

    /// The boxes around the differing pixels (the red ones) of `diffImage`, px: differing
    /// pixels closer than about two grid cells (1/64 of the longer side, at least 8 px)
    /// share a box.
    static func regions(of diffImage: Image) -> [PixelRect] {
        let width = diffImage.width, height = diffImage.height
        let cell = max(8, (max(width, height) + 63) / 64)
        let columns = (width + cell - 1) / cell, rows = (height + cell - 1) / cell
        // Per cell: the differing pixels' bounds (minX, minY, maxX, maxY), or minX = Int.max.
        var bounds = [SIMD4<Int>](repeating: SIMD4(Int.max, Int.max, -1, -1), count: columns * rows)
        diffImage.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                var position = y * width * 4
                for x in 0..<width {
                    if pixels[position] == 255, pixels[position + 1] == 0, pixels[position + 2] == 0 {
                        let index = (y / cell) * columns + x / cell
                        var b = bounds[index]
                        b = SIMD4(min(b.x, x), min(b.y, y), max(b.z, x), max(b.w, y))
                        bounds[index] = b
                    }
                    position += 4
                }
            }
        }
        var seen = [Bool](repeating: false, count: bounds.count)
        var regions: [PixelRect] = []
        for start in bounds.indices where bounds[start].z >= 0 && !seen[start] {
            var box = bounds[start]
            var stack = [start]
            seen[start] = true
            while let index = stack.popLast() {
                let column = index % columns, row = index / columns
                for dy in -2...2 {
                    for dx in -2...2 {
                        let c = column + dx, r = row + dy
                        guard c >= 0, c < columns, r >= 0, r < rows else { continue }
                        let next = r * columns + c
                        guard !seen[next], bounds[next].z >= 0 else { continue }
                        seen[next] = true
                        let b = bounds[next]
                        box = SIMD4(min(box.x, b.x), min(box.y, b.y), max(box.z, b.z), max(box.w, b.w))
                        stack.append(next)
                    }
                }
            }
            regions.append(PixelRect(x: box.x, y: box.y, width: box.z - box.x + 1, height: box.w - box.y + 1))
        }
        if regions.count > maximumRegions, let first = regions.first {
            let all = regions.reduce(first) { union($0, $1) }
            return [all]
        }
        return regions.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// The signature of a change: the screen, the most common colour change among the
    /// differing pixels (each channel to 4 bits, read as a hue rotation), and where across
    /// the screen the regions lie (left, centre, right).
    static func signature(
        expected: Image, actual: Image, diffImage: Image, regions: [PixelRect], screen: String?
    ) -> String {
        var counts: [UInt32: Int] = [:]
        let a = actual.pixels, b = expected.pixels, d = diffImage.pixels
        // Every 4th differing pixel is enough to find the dominant colour change.
        var position = 0, seen = 0
        while position + 3 < d.count {
            if d[position] == 255, d[position + 1] == 0, d[position + 2] == 0 {
                seen += 1
                if seen % 4 == 1 {
                    let before = UInt32(b[position] >> 4) << 8 | UInt32(b[position + 1] >> 4) << 4 | UInt32(b[position + 2] >> 4)
                    let after = UInt32(a[position] >> 4) << 8 | UInt32(a[position + 1] >> 4) << 4 | UInt32(a[position + 2] >> 4)
                    counts[before << 12 | after, default: 0] += 1
                }
            }
            position += 4
        }
        let shift = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? 0
        let width = Double(max(1, actual.width))
        // Where each region sits across the screen (left, centre, right): heights differ
        // from device to device, the horizontal alignment of a layout does not.
        // The set of places, not the count: how near regions merge depends on the device.
        let places = Set(
            regions.map { region -> String in
                let centre = (Double(region.x) + Double(region.width) / 2) / width
                return abs(centre - 0.5) < 0.1 ? "c" : centre < 0.5 ? "l" : "r"
            }
        ).sorted().joined()
        return "\(screen ?? "")|\(colourShift(shift))|\(places)"
    }

    /// A colour change as its hue rotation in 30° steps when both colours have a hue
    /// (so the light and dark accents of one theme change read the same), else `grey`.
    static func colourShift(_ packed: UInt32) -> String {
        func hsv(_ value: UInt32) -> (hue: Double, saturation: Double, value: Double) {
            let r = Double((value >> 8) & 15) / 15, g = Double((value >> 4) & 15) / 15, b = Double(value & 15) / 15
            let high = max(r, g, b), low = min(r, g, b), range = high - low
            guard range > 0 else { return (0, 0, high) }
            var hue: Double
            if high == r {
                hue = (g - b) / range
            } else if high == g {
                hue = 2 + (b - r) / range
            } else {
                hue = 4 + (r - g) / range
            }
            hue = (hue * 60).truncatingRemainder(dividingBy: 360)
            return (hue < 0 ? hue + 360 : hue, range / high, high)
        }
        let before = hsv(packed >> 12), after = hsv(packed & 0xFFF)
        guard before.saturation > 0.2, after.saturation > 0.2, before.value > 0.15, after.value > 0.15 else {
            return "grey"
        }
        var rotation = (after.hue - before.hue).truncatingRemainder(dividingBy: 360)
        if rotation < 0 { rotation += 360 }
        return "hue\(Int(saturatingRounded: rotation / 30) % 12)"
    }

    private static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return PixelRect(
            x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x, height: max(a.y + a.height, b.y + b.height) - y)
    }
}
