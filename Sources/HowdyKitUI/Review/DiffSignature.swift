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
    /// differing pixels (each channel to 4 bits) and each region's place on a 8 × 8 grid
    /// of the screen.
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
        let width = Double(max(1, actual.width)), height = Double(max(1, actual.height))
        let places = Set(
            regions.map { region in
                let x = Int((Double(region.x) + Double(region.width) / 2) / width * 8)
                let y = Int((Double(region.y) + Double(region.height) / 2) / height * 8)
                return "\(x).\(y)"
            }
        ).sorted()
        let hex = String(shift, radix: 16)
        return "\(screen ?? "")|\(String(repeating: "0", count: max(0, 6 - hex.count)) + hex)|\(places.joined(separator: ","))"
    }

    private static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return PixelRect(
            x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x, height: max(a.y + a.height, b.y + b.height) - y)
    }
}
