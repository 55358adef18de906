import HowdyNumbers
import HowdyText
import Synchronization

/// A rasterised glyph, positioned relative to its pen position.
struct GlyphBitmap: Sendable {
    /// Columns from the pen's whole-pixel x to the bitmap's left column.
    let left: Int
    /// Rows from the baseline up to the bitmap's top row (FreeType's `bitmap_top`).
    let top: Int
    let width: Int
    let height: Int
    /// Grey coverage 0...255, `width * height` bytes; empty for colour glyphs.
    let coverage: [UInt8]
    /// Premultiplied RGBA for colour glyphs (emoji); nil for outline glyphs.
    let color: Image?

    static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0, coverage: [], color: nil)
}

/// What identifies a rasterised glyph: face, glyph, size (1/64 px), the pen's sub-pixel
/// offset in quarter pixels, the variation settings of a variable font, and synthetic
/// bold or oblique.
struct GlyphKey: Hashable, Sendable {
    let face: FontFace
    let glyph: UInt32
    let size64: Int
    let subX: UInt8
    let subY: UInt8
    /// Axis values in the face's axis order (empty for static fonts).
    var axisValues: [Double] = []
    /// Synthetic bold and oblique (`Font.synthesis`).
    var synthesis: FontSynthesis = .none
}

/// Rasterises glyphs with FreeType (unhinted, grey-scale anti-aliasing, at quarter-pixel
/// offsets) and keeps them. Colour faces (Noto Color Emoji, CBDT bitmaps) are loaded from
/// the nearest bitmap strike in colour and scaled to the size with the Mitchell filter.
/// Thread-safe; holds up to `limit` glyphs and `byteLimit` bytes of bitmaps, then starts
/// afresh. The byte bound matters for large renders: a matrix of every type size and
/// scale rasterises glyphs at many sizes, and with a count bound alone the cache grew with
/// the matrix (large titles and colour glyphs are kilobytes each).
final class GlyphCache: Sendable {
    static let shared = GlyphCache()
    /// Sub-pixel positions per pixel, in x and y.
    static let subpixelSteps = 4
    let limit = 16384
    /// Bitmap bytes held at most (coverage, colour pixels and 64 bytes per entry): 8 MiB.
    let byteLimit = 8 << 20
    private let entries = Mutex<(glyphs: [GlyphKey: GlyphBitmap], bytes: Int)>(([:], 0))

    func glyph(_ key: GlyphKey) throws(RenderError) -> GlyphBitmap {
        if let cached = entries.withLock({ $0.glyphs[key] }) { return cached }
        let bitmap = try key.face.isColor && !key.face.isScalable ? Self.rasterizeColor(key) : Self.rasterize(key)
        let size = 64 + bitmap.coverage.count + (bitmap.color.map { $0.width * $0.height * 4 } ?? 0)
        entries.withLock { entries in
            if entries.glyphs.count >= limit || entries.bytes + size > byteLimit {
                entries.glyphs.removeAll(keepingCapacity: true)
                entries.bytes = 0
            }
            if entries.glyphs.updateValue(bitmap, forKey: key) == nil { entries.bytes += size }
        }
        return bitmap
    }

    /// Turns a HowdyText FreeType failure into `RenderError.freeType`, naming the step and
    /// the font file.
    private static func error(_ failure: FreeTypeFailure, _ key: GlyphKey) -> RenderError {
        .freeType(code: failure.code, during: "\(failure.during) of \(key.face.path)")
    }

    /// Outline glyph: unhinted, moved by the sub-pixel offset, rendered in 8-bit grey.
    private static func rasterize(_ key: GlyphKey) throws(RenderError) -> GlyphBitmap {
        let step = 64 / GlyphCache.subpixelSteps
        let glyph: RasterizedGlyph
        do {
            glyph = try key.face.rasterizeGlyph(
                key.glyph, size64: key.size64, subX: Int(key.subX) * step, subY: Int(key.subY) * step,
                axisValues: key.axisValues, synthesis: key.synthesis)
        } catch {
            throw Self.error(error, key)
        }
        return try bitmap(glyph)
    }

    /// Colour bitmap glyph: the strike nearest at or above the size, scaled to the size
    /// with the Mitchell filter.
    private static func rasterizeColor(_ key: GlyphKey) throws(RenderError) -> GlyphBitmap {
        let strike: (glyph: RasterizedGlyph, scale: Double)
        do {
            strike = try key.face.rasterizeColorGlyph(key.glyph, size64: key.size64)
        } catch {
            throw Self.error(error, key)
        }
        let bitmap = try bitmap(strike.glyph)
        let scale = strike.scale
        guard let color = bitmap.color, bitmap.width > 0, bitmap.height > 0 else { return bitmap }
        let width = max(1, Int(saturatingRounded: Double(bitmap.width) * scale))
        let height = max(1, Int(saturatingRounded: Double(bitmap.height) * scale))
        let scaled = try color.resized(width: width, height: height)
        return GlyphBitmap(
            left: Int(saturatingRounded: Double(bitmap.left) * scale),
            top: Int(saturatingRounded: Double(bitmap.top) * scale),
            width: width, height: height, coverage: [], color: scaled)
    }

    /// The cache's form of a rasterised glyph: colour pixels become an `Image`.
    /// - Throws: `RenderError.invalidSize` for a colour bitmap over the image limits.
    private static func bitmap(_ glyph: RasterizedGlyph) throws(RenderError) -> GlyphBitmap {
        guard glyph.width > 0, glyph.height > 0 else { return .empty }
        let color = try glyph.rgba.map { rgba throws(RenderError) in
            try Image(width: glyph.width, height: glyph.height, premultipliedRGBA: rgba)
        }
        return GlyphBitmap(
            left: glyph.left, top: glyph.top, width: glyph.width, height: glyph.height, coverage: glyph.coverage,
            color: color)
    }
}
