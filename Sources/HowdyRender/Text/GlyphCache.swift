import CFreeType
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
/// offset in quarter pixels, and the variation settings of a variable font.
struct GlyphKey: Hashable, Sendable {
    let face: FontFace
    let glyph: UInt32
    let size64: Int
    let subX: UInt8
    let subY: UInt8
    /// Axis values in the face's axis order (empty for static fonts).
    var axisValues: [Double] = []
}

extension Font {
    /// The design coordinates of every axis of a variable face: the axis default unless
    /// `variations` sets it (`wght=700`), clamped to the axis range. Empty for static faces.
    var axisValues: [Double] {
        let axes = face.axes
        guard !axes.isEmpty else { return [] }
        var settings: [String: Double] = [:]
        for variation in variations {
            // HarfBuzz syntax: `wght=600` or `wght 600` (the text the variation was parsed from).
            let parts = variation.description.split(whereSeparator: { $0 == "=" || $0 == " " })
            if parts.count == 2, let value = Double(parts[1]) { settings[String(parts[0])] = value }
        }
        return axes.map { axis in min(axis.maximum, max(axis.minimum, settings[axis.tag] ?? axis.defaultValue)) }
    }
}

/// Rasterises glyphs with FreeType (unhinted, grey-scale anti-aliasing, at quarter-pixel
/// offsets) and keeps them. Colour faces (Noto Color Emoji, CBDT bitmaps) are loaded from
/// the nearest bitmap strike in colour and scaled to the size with the Mitchell filter.
/// Thread-safe; holds up to `limit` glyphs, then starts afresh.
final class GlyphCache: Sendable {
    static let shared = GlyphCache()
    /// Sub-pixel positions per pixel, in x and y.
    static let subpixelSteps = 4
    let limit = 16384
    private let entries = Mutex<[GlyphKey: GlyphBitmap]>([:])

    func glyph(_ key: GlyphKey) throws(RenderError) -> GlyphBitmap {
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let bitmap = try key.face.isColor && !key.face.isScalable ? Self.rasterizeColor(key) : Self.rasterize(key)
        entries.withLock { entries in
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = bitmap
        }
        return bitmap
    }

    /// Turns a FreeType error into `RenderError.freeType`, naming the step and the font file.
    private static func check(_ error: FT_Error, _ during: String, _ key: GlyphKey) throws(RenderError) {
        guard error == 0 else { throw .freeType(code: error, during: "\(during) of \(key.face.path)") }
    }

    /// Outline glyph: FT_Set_Char_Size, FT_Load_Glyph unhinted, translate by the sub-pixel
    /// offset, FT_Render_Glyph in normal (8-bit grey) mode.
    private static func rasterize(_ key: GlyphKey) throws(RenderError) -> GlyphBitmap {
        let result: Result<GlyphBitmap, RenderError> = key.face.withFreeTypeFace { face in
            do throws(RenderError) {
                try check(FT_Set_Char_Size(face, 0, FT_F26Dot6(key.size64), 72, 72), "setting the size", key)
                if !key.axisValues.isEmpty {
                    // The face is shared: set every axis each time (defaults included).
                    var coordinates = key.axisValues.map { FT_Fixed(($0 * 65536).rounded()) }
                    try check(
                        FT_Set_Var_Design_Coordinates(face, FT_UInt(coordinates.count), &coordinates),
                        "setting variation coordinates", key)
                }
                let flags =
                    Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP) | (key.face.isColor ? Int32(FT_LOAD_COLOR) : 0)
                try check(FT_Load_Glyph(face, key.glyph, flags), "loading glyph \(key.glyph)", key)
                guard let slot = face.pointee.glyph else { return .success(.empty) }
                if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                    let step = 64 / GlyphCache.subpixelSteps
                    FT_Outline_Translate(
                        &slot.pointee.outline, FT_Pos(Int(key.subX) * step), -FT_Pos(Int(key.subY) * step))
                }
                try check(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "rendering glyph \(key.glyph)", key)
                return .success(try copy(slot))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Colour bitmap glyph: select the strike nearest at or above the size, load in colour
    /// (premultiplied BGRA), and scale to the requested size.
    private static func rasterizeColor(_ key: GlyphKey) throws(RenderError) -> GlyphBitmap {
        let result: Result<(GlyphBitmap, Double), RenderError> = key.face.withFreeTypeFace { face in
            do throws(RenderError) {
                let strikes = Int(face.pointee.num_fixed_sizes)
                guard strikes > 0, let sizes = face.pointee.available_sizes else {
                    throw .freeType(code: 0x17, during: "finding a bitmap strike of \(key.face.path)")
                }
                let wanted = Double(key.size64) / 64
                var best = 0
                for i in 0..<strikes {
                    let ppem = Double(sizes[i].y_ppem) / 64, bestPpem = Double(sizes[best].y_ppem) / 64
                    let better =
                        (ppem >= wanted && (bestPpem < wanted || ppem < bestPpem))
                        || (bestPpem < wanted && ppem > bestPpem)
                    if better { best = i }
                }
                try check(FT_Select_Size(face, FT_Int(best)), "selecting bitmap strike \(best)", key)
                try check(
                    FT_Load_Glyph(face, key.glyph, Int32(FT_LOAD_COLOR)), "loading colour glyph \(key.glyph)", key)
                guard let slot = face.pointee.glyph else { return .success((.empty, 1)) }
                if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
                    try check(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "rendering colour glyph \(key.glyph)", key)
                }
                let ppem = Double(sizes[best].y_ppem) / 64
                return .success((try copy(slot), ppem > 0 ? wanted / ppem : 1))
            } catch {
                return .failure(error)
            }
        }
        let (bitmap, scale) = try result.get()
        guard let color = bitmap.color, bitmap.width > 0, bitmap.height > 0 else { return bitmap }
        let width = max(1, Int((Double(bitmap.width) * scale).rounded()))
        let height = max(1, Int((Double(bitmap.height) * scale).rounded()))
        let scaled = try color.resized(width: width, height: height)
        return GlyphBitmap(
            left: Int((Double(bitmap.left) * scale).rounded()), top: Int((Double(bitmap.top) * scale).rounded()),
            width: width, height: height, coverage: [], color: scaled)
    }

    /// Copies the slot's bitmap (grey or BGRA) out of FreeType's memory.
    /// - Throws: `RenderError.invalidSize` for a colour bitmap over the image limits.
    private static func copy(_ slot: FT_GlyphSlot) throws(RenderError) -> GlyphBitmap {
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return .empty }
        let left = Int(slot.pointee.bitmap_left), top = Int(slot.pointee.bitmap_top)
        // Rows run top to bottom for a positive pitch, bottom to top for a negative one.
        func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
            pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
        }
        switch bitmap.pixel_mode {
        case UInt8(FT_PIXEL_MODE_BGRA.rawValue):
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                let source = row(y)
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    rgba[i] = source[x * 4 + 2]
                    rgba[i + 1] = source[x * 4 + 1]
                    rgba[i + 2] = source[x * 4]
                    rgba[i + 3] = source[x * 4 + 3]
                }
            }
            let image = try Image(width: width, height: height, premultipliedRGBA: rgba)
            return GlyphBitmap(left: left, top: top, width: width, height: height, coverage: [], color: image)
        case UInt8(FT_PIXEL_MODE_GRAY.rawValue):
            var coverage = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                let source = row(y)
                for x in 0..<width { coverage[y * width + x] = source[x] }
            }
            return GlyphBitmap(left: left, top: top, width: width, height: height, coverage: coverage, color: nil)
        case UInt8(FT_PIXEL_MODE_MONO.rawValue):
            var coverage = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                let source = row(y)
                for x in 0..<width where source[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 { coverage[y * width + x] = 255 }
            }
            return GlyphBitmap(left: left, top: top, width: width, height: height, coverage: coverage, color: nil)
        default:
            return .empty
        }
    }
}
