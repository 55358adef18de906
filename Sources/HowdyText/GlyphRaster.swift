import CFreeType
import CHowdyFreeType
import Foundation

// FreeType's rasterisers, for HowdyRender through `package` API: HowdyText owns the one
// FT_Library (`FreeTypeLibrary`) and every FT_Face, so no FreeType type crosses the seam.

/// A FreeType call that failed: its error code and what was being done ("loading glyph 42").
package struct FreeTypeFailure: Error, Sendable {
    /// FreeType's error code.
    package var code: Int32
    /// The step that failed.
    package var during: String

    /// FreeType's English message for `code` ("unknown file format"), or nil for a code
    /// FreeType does not define.
    package static func knownMessage(for code: Int32) -> String? {
        howdy_ft_error_message(code).map { String(cString: $0) }
    }
}

/// A glyph rasterised by FreeType, positioned relative to its pen position.
package struct RasterizedGlyph: Sendable {
    /// Columns from the pen's whole-pixel x to the bitmap's left column.
    package var left: Int
    /// Rows from the baseline up to the bitmap's top row (FreeType's `bitmap_top`).
    package var top: Int
    /// Bitmap width, px.
    package var width: Int
    /// Bitmap height, px.
    package var height: Int
    /// Grey coverage 0...255, `width * height` bytes; empty for colour glyphs.
    package var coverage: [UInt8]
    /// Premultiplied RGBA bytes of a colour glyph (converted from FreeType's BGRA); nil for
    /// outline glyphs.
    package var rgba: [UInt8]?

    static let empty = RasterizedGlyph(left: 0, top: 0, width: 0, height: 0, coverage: [], rgba: nil)
}

extension Font {
    /// The design coordinates of every axis of a variable face, in the face's axis order:
    /// the axis default unless `variations` sets it, clamped to the axis range. Empty for
    /// static faces. Read from the variations as HarfBuzz parsed them (never re-parsed).
    package var axisValues: [Double] {
        let axes = face.axes
        guard !axes.isEmpty else { return [] }
        var settings: [String: Double] = [:]
        for variation in variations { settings[FontTag.string(variation.value.tag)] = Double(variation.value.value) }
        return axes.map { axis in min(axis.maximum, max(axis.minimum, settings[axis.tag] ?? axis.defaultValue)) }
    }
}

extension FontFace {
    /// An outline glyph rasterised unhinted in 8-bit grey at `size64` (1/64 px), its
    /// outline moved right by `subX` and down by `subY` 1/64 px, with the variable axes at
    /// `axisValues` (the face is shared: every axis is set each time), and `synthesis`
    /// applied (see `FontSynthesis`): emboldened by `FT_Outline_Embolden` at
    /// `size64 / 24` and moved right by half that, the strength layout adds to the
    /// advance; sheared by `FontSynthesis.obliqueShear` about the baseline.
    /// - Throws: `FreeTypeFailure` naming the step that failed.
    package func rasterizeGlyph(
        _ glyph: UInt32, size64: Int, subX: Int, subY: Int, axisValues: [Double], synthesis: FontSynthesis = .none
    ) throws(FreeTypeFailure) -> RasterizedGlyph {
        let result: Result<RasterizedGlyph, FreeTypeFailure> = withFreeTypeFace { face in
            do throws(FreeTypeFailure) {
                try check(FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72), "setting the size")
                if !axisValues.isEmpty {
                    var coordinates = axisValues.map { FT_Fixed(($0 * 65536).rounded()) }
                    try check(
                        FT_Set_Var_Design_Coordinates(face, FT_UInt(coordinates.count), &coordinates),
                        "setting variation coordinates")
                }
                let flags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP) | (isColor ? Int32(FT_LOAD_COLOR) : 0)
                try check(FT_Load_Glyph(face, glyph, flags), "loading glyph \(glyph)")
                guard let slot = face.pointee.glyph else { return .success(.empty) }
                if slot.pointee.format.rawValue == Self.outlineFormat {
                    let strength = synthesis.emboldenStrength(size64: size64)
                    if strength > 0 {
                        try check(FT_Outline_Embolden(&slot.pointee.outline, FT_Pos(strength)), "emboldening glyph \(glyph)")
                        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(strength / 2), 0)
                    }
                    if synthesis.oblique {
                        var shear = FT_Matrix(
                            xx: 0x10000, xy: FT_Fixed(FontSynthesis.obliqueShear * 65536), yx: 0, yy: 0x10000)
                        FT_Outline_Transform(&slot.pointee.outline, &shear)
                    }
                    FT_Outline_Translate(&slot.pointee.outline, FT_Pos(subX), -FT_Pos(subY))
                }
                try check(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "rendering glyph \(glyph)")
                return .success(Self.copy(slot))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A colour bitmap glyph (CBDT) from the strike nearest at or above `size64` (1/64 px),
    /// unscaled, with the factor that scales it to the size.
    /// - Throws: `FreeTypeFailure` naming the step that failed (no strike, a load failure).
    package func rasterizeColorGlyph(_ glyph: UInt32, size64: Int) throws(FreeTypeFailure)
        -> (glyph: RasterizedGlyph, scale: Double)
    {
        let result: Result<(RasterizedGlyph, Double), FreeTypeFailure> = withFreeTypeFace { face in
            do throws(FreeTypeFailure) {
                let strikes = Int(face.pointee.num_fixed_sizes)
                guard strikes > 0, let sizes = face.pointee.available_sizes else {
                    throw FreeTypeFailure(code: 0x17, during: "finding a bitmap strike")
                }
                let wanted = Double(size64) / 64
                var best = 0
                for i in 0..<strikes {
                    let ppem = Double(sizes[i].y_ppem) / 64, bestPpem = Double(sizes[best].y_ppem) / 64
                    let better =
                        (ppem >= wanted && (bestPpem < wanted || ppem < bestPpem))
                        || (bestPpem < wanted && ppem > bestPpem)
                    if better { best = i }
                }
                try check(FT_Select_Size(face, FT_Int(best)), "selecting bitmap strike \(best)")
                try check(FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR)), "loading colour glyph \(glyph)")
                guard let slot = face.pointee.glyph else { return .success((.empty, 1)) }
                if slot.pointee.format.rawValue != Self.bitmapFormat {
                    try check(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "rendering colour glyph \(glyph)")
                }
                let ppem = Double(sizes[best].y_ppem) / 64
                return .success((Self.copy(slot), ppem > 0 ? wanted / ppem : 1))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// FT_GLYPH_FORMAT_OUTLINE and FT_GLYPH_FORMAT_BITMAP: FT_IMAGE_TAG('o','u','t','l') and
    /// ('b','i','t','s'), macros Swift does not import in this module.
    private static let outlineFormat: UInt32 = 0x6F75_746C
    private static let bitmapFormat: UInt32 = 0x6269_7473

    private func check(_ error: FT_Error, _ during: String) throws(FreeTypeFailure) {
        guard error == 0 else { throw FreeTypeFailure(code: error, during: during) }
    }

    /// Copies the slot's bitmap (grey, mono or BGRA) out of FreeType's memory.
    private static func copy(_ slot: FT_GlyphSlot) -> RasterizedGlyph {
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
            return RasterizedGlyph(left: left, top: top, width: width, height: height, coverage: [], rgba: rgba)
        case UInt8(FT_PIXEL_MODE_GRAY.rawValue):
            var coverage = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                let source = row(y)
                for x in 0..<width { coverage[y * width + x] = source[x] }
            }
            return RasterizedGlyph(left: left, top: top, width: width, height: height, coverage: coverage, rgba: nil)
        case UInt8(FT_PIXEL_MODE_MONO.rawValue):
            var coverage = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                let source = row(y)
                for x in 0..<width where source[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 { coverage[y * width + x] = 255 }
            }
            return RasterizedGlyph(left: left, top: top, width: width, height: height, coverage: coverage, rgba: nil)
        default:
            return .empty
        }
    }
}

/// A closed outline in FreeType's form: points in 26.6 px, y up from the bitmap's bottom
/// edge, each on the curve or a quadratic/cubic control point, and the last point of
/// every contour.
package struct GlyphOutline: Sendable {
    /// How a point shapes its contour.
    package enum PointKind: Sendable { case on, conic, cubic }
    /// Points in 26.6 px (x right, y up from the bitmap's bottom edge).
    package var points: [(x: Int, y: Int)] = []
    /// The kind of each point.
    package var kinds: [PointKind] = []
    /// Index of the last point of each contour.
    package var contourEnds: [Int16] = []

    /// An empty outline.
    package init() {}
}

/// FreeType's anti-aliasing outline rasteriser (`FT_Outline_Get_Bitmap`) on the one
/// FT_Library; calls are serialised by the library's lock (the raster pool is per library).
package enum OutlineRasterizer {
    /// The most points an outline may have (FreeType counts them in 16 bits).
    package static let maximumPoints = Int(Int16.max) - 1

    /// Rasterises `outline` into `mask`, `width` × `height` 8-bit grey coverage, rows top
    /// to bottom, non-zero winding or even-odd.
    /// - Throws: `FreeTypeFailure` when FreeType fails or the outline has over
    ///   `maximumPoints` points.
    package static func render(
        _ outline: GlyphOutline, evenOdd: Bool, into mask: inout [UInt8], width: Int, height: Int
    ) throws(FreeTypeFailure) {
        guard !outline.contourEnds.isEmpty else { return }
        guard outline.points.count <= maximumPoints, mask.count >= width * height else {
            throw FreeTypeFailure(code: 0x14, during: "rasterising an outline of \(outline.points.count) points")
        }
        var points = outline.points.map { FT_Vector(x: FT_Pos($0.x), y: FT_Pos($0.y)) }
        var tags: [CChar] = outline.kinds.map { kind in
            switch kind {
            case .on: CChar(FT_CURVE_TAG_ON)
            case .conic: CChar(FT_CURVE_TAG_CONIC)
            case .cubic: CChar(FT_CURVE_TAG_CUBIC)
            }
        }
        var contours = outline.contourEnds
        let error: FT_Error = FreeTypeLibrary.shared.withLibrary { library in
            points.withUnsafeMutableBufferPointer { points in
                tags.withUnsafeMutableBufferPointer { tags in
                    contours.withUnsafeMutableBufferPointer { contours in
                        mask.withUnsafeMutableBufferPointer { pixels in
                            var ftOutline = FT_Outline(
                                n_contours: Int16(contours.count), n_points: Int16(points.count),
                                points: points.baseAddress, tags: tags.baseAddress, contours: contours.baseAddress,
                                flags: evenOdd ? Int32(FT_OUTLINE_EVEN_ODD_FILL) : 0)
                            var bitmap = FT_Bitmap()
                            bitmap.rows = UInt32(height)
                            bitmap.width = UInt32(width)
                            bitmap.pitch = Int32(width)
                            bitmap.buffer = pixels.baseAddress
                            bitmap.num_grays = 256
                            bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
                            return FT_Outline_Get_Bitmap(library, &ftOutline, &bitmap)
                        }
                    }
                }
            }
        }
        guard error == 0 else { throw FreeTypeFailure(code: error, during: "rasterising a path") }
    }
}
