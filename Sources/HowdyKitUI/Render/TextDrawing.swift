import CFreeType
import HowdyRender
import HowdyText
import Synchronization

// The one seam between the screens and glyph drawing. HowdyRender's own text drawing
// was not available when this was written, so glyphs are rasterised here with FreeType
// (outline glyphs as anti-aliased coverage masks, colour emoji bitmaps scaled and
// composited pixel by pixel). Swap the body of `drawText` for HowdyRender's API when it
// lands; nothing else in HowdyKitUI touches glyphs.

extension Canvas {
    /// Draws `layout` with its top-left corner at `origin` (px) in `color`.
    ///
    /// Baselines are snapped to whole pixels (crisp horizontal stems); glyph x positions
    /// keep quarter-pixel precision. Colour glyphs (emoji) keep their own colours and
    /// take only `color`'s alpha.
    mutating func drawText(_ layout: TextLayout, at origin: Point, color: Color) {
        var mask = GlyphMask()
        var colorGlyphs: [(GlyphBitmap, Int, Int)] = []
        for line in layout.lines {
            let baseline = (origin.y + line.baseline).rounded()
            for run in line.runs {
                let face = run.font.face
                for glyph in run.glyphs {
                    let penX = origin.x + line.x + glyph.x
                    let penY = baseline + glyph.y
                    let whole = penX.rounded(.down)
                    let quarter = Int(((penX - whole) * 4).rounded()) & 3
                    let carry = ((penX - whole) * 4).rounded() >= 4 ? 1 : 0
                    guard
                        let bitmap = GlyphCache.shared.bitmap(
                            face: face, size: run.font.size, glyph: glyph.id, quarter: quarter)
                    else { continue }
                    let x = Int(whole) + carry + bitmap.left
                    let y = Int(penY.rounded()) - bitmap.top
                    if bitmap.isColor {
                        colorGlyphs.append((bitmap, x, y))
                    } else {
                        mask.add(bitmap, x: x, y: y)
                    }
                }
            }
        }
        if let shape = mask.shape() { fill(shape, with: color) }
        for (bitmap, x, y) in colorGlyphs { drawColorBitmap(bitmap, x: x, y: y, opacity: color.alpha) }
    }

    /// Composites a premultiplied RGBA bitmap pixel by pixel (emoji are small), so
    /// clips and layers apply as for any other fill.
    private mutating func drawColorBitmap(_ bitmap: GlyphBitmap, x: Int, y: Int, opacity: Double) {
        for row in 0..<bitmap.height {
            for column in 0..<bitmap.width {
                let i = (row * bitmap.width + column) * 4
                let a = bitmap.pixels[i + 3]
                guard a > 0 else { continue }
                let alpha = Double(a) / 255
                let color = Color(
                    red: Double(bitmap.pixels[i]) / 255 / alpha, green: Double(bitmap.pixels[i + 1]) / 255 / alpha,
                    blue: Double(bitmap.pixels[i + 2]) / 255 / alpha, alpha: alpha * opacity)
                if let pixel = try? RoundedRect(
                    Rect(x: Double(x + column), y: Double(y + row), width: 1, height: 1))
                {
                    fill(pixel, with: color)
                }
            }
        }
    }
}

/// A glyph image: 8-bit coverage, or premultiplied RGBA for colour glyphs.
struct GlyphBitmap: Sendable {
    var width: Int
    var height: Int
    /// Offset of the bitmap's left edge from the pen, px.
    var left: Int
    /// Distance from the baseline up to the bitmap's top edge, px.
    var top: Int
    var isColor: Bool
    /// Coverage (1 byte per pixel) or premultiplied RGBA (4 bytes per pixel).
    var pixels: [UInt8]
}

/// Coverage of many glyphs merged into one rectangle, so a whole text is one fill.
struct GlyphMask {
    private var pieces: [(GlyphBitmap, Int, Int)] = []
    private var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

    mutating func add(_ bitmap: GlyphBitmap, x: Int, y: Int) {
        guard bitmap.width > 0, bitmap.height > 0 else { return }
        pieces.append((bitmap, x, y))
        minX = min(minX, x)
        minY = min(minY, y)
        maxX = max(maxX, x + bitmap.width)
        maxY = max(maxY, y + bitmap.height)
    }

    func shape() -> MaskShape? {
        guard !pieces.isEmpty else { return nil }
        let width = maxX - minX, height = maxY - minY
        var alpha = [Float](repeating: 0, count: width * height)
        for (bitmap, x, y) in pieces {
            for row in 0..<bitmap.height {
                let target = (y - minY + row) * width + (x - minX)
                for column in 0..<bitmap.width {
                    let value = Float(bitmap.pixels[row * bitmap.width + column]) / 255
                    alpha[target + column] = min(1, alpha[target + column] + value)
                }
            }
        }
        return MaskShape(x: minX, y: minY, width: width, height: height, alpha: alpha)
    }
}

/// A coverage mask as a HowdyRender shape.
struct MaskShape: Shape {
    let x: Int
    let y: Int
    let width: Int
    let height: Int
    let alpha: [Float]

    var bounds: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    func coverage(row: Int, from x0: Int, into coverage: UnsafeMutableBufferPointer<Float>) {
        let r = row - y
        guard r >= 0, r < height else { return }
        for i in 0..<coverage.count {
            let c = x0 + i - x
            if c >= 0, c < width { coverage[i] = alpha[r * width + c] }
        }
    }
}

/// Rasterised glyphs by face, size, glyph and quarter-pixel offset, shared by all renders.
final class GlyphCache: Sendable {
    static let shared = GlyphCache()

    private struct Key: Hashable {
        let face: ObjectIdentifier
        let size: Double
        let glyph: UInt32
        let quarter: Int
    }

    private let entries = Mutex<[Key: GlyphBitmap?]>([:])

    func bitmap(face: FontFace, size: Double, glyph: UInt32, quarter: Int) -> GlyphBitmap? {
        let key = Key(face: ObjectIdentifier(face), size: size, glyph: glyph, quarter: face.isColor ? 0 : quarter)
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let bitmap = face.withFreeTypeFace { ft in
            face.isScalable
                ? Self.renderOutline(ft, size: size, glyph: glyph, quarter: quarter)
                : Self.renderColor(ft, size: size, glyph: glyph)
        }
        entries.withLock { $0[key] = bitmap }
        return bitmap
    }

    private static func renderOutline(_ face: FT_Face, size: Double, glyph: UInt32, quarter: Int) -> GlyphBitmap? {
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6((size * 64).rounded()), 72, 72) == 0 else { return nil }
        let flags = FT_Int32(FT_LOAD_NO_HINTING) | FT_Int32(FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph else { return nil }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(quarter * 16), 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        var pixels = [UInt8](repeating: 0, count: width * height)
        if width > 0, height > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            let pitch = Int(bitmap.pitch)
            for row in 0..<height {
                for column in 0..<width { pixels[row * width + column] = buffer[row * pitch + column] }
            }
        }
        return GlyphBitmap(
            width: width, height: height, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            isColor: false, pixels: pixels)
    }

    /// A colour bitmap glyph (CBDT emoji) from the face's first strike, box-filtered to `size` px.
    private static func renderColor(_ face: FT_Face, size: Double, glyph: UInt32) -> GlyphBitmap? {
        guard face.pointee.num_fixed_sizes > 0, FT_Select_Size(face, 0) == 0 else { return nil }
        let flags = FT_Int32(FT_LOAD_COLOR) | FT_Int32(FT_LOAD_DEFAULT)
        guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer else { return nil }
        let strike = Double(face.pointee.size.pointee.metrics.y_ppem)
        guard strike > 0 else { return nil }
        let scale = size / strike
        let sourceWidth = Int(bitmap.width), sourceHeight = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        let width = max(1, Int((Double(sourceWidth) * scale).rounded()))
        let height = max(1, Int((Double(sourceHeight) * scale).rounded()))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            let y0 = Double(row) / scale, y1 = Double(row + 1) / scale
            for column in 0..<width {
                let x0 = Double(column) / scale, x1 = Double(column + 1) / scale
                var sum = SIMD4<Double>(repeating: 0)
                var area = 0.0
                var sy = Int(y0)
                while Double(sy) < y1, sy < sourceHeight {
                    let wy = min(y1, Double(sy + 1)) - max(y0, Double(sy))
                    var sx = Int(x0)
                    while Double(sx) < x1, sx < sourceWidth {
                        let wx = min(x1, Double(sx + 1)) - max(x0, Double(sx))
                        let p = sy * pitch + sx * 4
                        // BGRA premultiplied → RGBA premultiplied.
                        let value = SIMD4<Double>(
                            Double(buffer[p + 2]), Double(buffer[p + 1]), Double(buffer[p]), Double(buffer[p + 3]))
                        sum += value * (wx * wy)
                        area += wx * wy
                        sx += 1
                    }
                    sy += 1
                }
                guard area > 0 else { continue }
                let value = sum / area
                let i = (row * width + column) * 4
                for channel in 0..<4 { pixels[i + channel] = UInt8(min(255, max(0, value[channel].rounded()))) }
            }
        }
        return GlyphBitmap(
            width: width, height: height, left: Int((Double(slot.pointee.bitmap_left) * scale).rounded()),
            top: Int((Double(slot.pointee.bitmap_top) * scale).rounded()), isColor: true, pixels: pixels)
    }
}
