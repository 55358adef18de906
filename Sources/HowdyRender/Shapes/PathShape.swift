import CFreeType
import Synchronization

/// A `Path` filled by FreeType's anti-aliasing outline rasterizer (`FT_Outline_Get_Bitmap`
/// into an 8-bit grey bitmap): exact area coverage, non-zero or even-odd fill.
///
/// The path is rasterised once, when the shape is made. Degenerate cases: an empty path,
/// or one with no area, draws nothing.
public struct PathShape: Shape {
    /// Which regions of a self-overlapping path are inside.
    public enum FillRule: Sendable, Hashable {
        /// Inside where the winding number is not zero (SVG `nonzero`).
        case nonZero
        /// Inside where the number of crossings is odd (SVG `evenodd`).
        case evenOdd
    }

    public let bounds: Rect
    let origin: (x: Int, y: Int)
    let width: Int
    let height: Int
    let mask: [UInt8]

    /// - Throws: `RenderError.invalidSize` when the path's bounding box is over the image
    ///   limits (16384 px a side); `RenderError.freeType` when FreeType fails.
    public init(_ path: Path, fillRule: FillRule = .nonZero) throws(RenderError) {
        guard let box = path.controlBounds, box.width > 0, box.height > 0 else {
            self.init(bounds: Rect(x: 0, y: 0, width: 0, height: 0), origin: (0, 0), width: 0, height: 0, mask: [])
            return
        }
        let area = PixelRect(enclosing: box)
        try ImageLimits(maxSide: 16384, maxPixels: 64 << 20).check(width: area.width, height: area.height)
        let outline = OutlineBuilder(path: path, originX: Double(area.x), bottomY: Double(area.maxY))
        var mask = [UInt8](repeating: 0, count: area.width * area.height)
        try OutlineRasterizer.shared.render(
            outline, evenOdd: fillRule == .evenOdd, into: &mask, width: area.width, height: area.height)
        self.init(
            bounds: Rect(x: Double(area.x), y: Double(area.y), width: Double(area.width), height: Double(area.height)),
            origin: (area.x, area.y), width: area.width, height: area.height, mask: mask)
    }

    private init(bounds: Rect, origin: (x: Int, y: Int), width: Int, height: Int, mask: [UInt8]) {
        self.bounds = bounds
        self.origin = origin
        self.width = width
        self.height = height
        self.mask = mask
    }

    public func coverage(row y: Int, from x0: Int, into coverage: UnsafeMutableBufferPointer<Float>) {
        let row = y - origin.y
        guard row >= 0, row < height else { return }
        for i in 0..<coverage.count {
            let column = x0 + i - origin.x
            if column >= 0 && column < width { coverage[i] = Float(mask[row * width + column]) * (1 / 255) }
        }
    }
}

/// A path flattened into FreeType's outline arrays: 26.6 points (y up, from the bitmap's
/// bottom-left), point tags and contour ends.
struct OutlineBuilder {
    var points: [FT_Vector] = []
    var tags: [CChar] = []
    var contours: [Int16] = []

    init(path: Path, originX: Double, bottomY: Double) {
        func vector(_ p: Point) -> FT_Vector {
            FT_Vector(x: FT_Pos(((p.x - originX) * 64).rounded()), y: FT_Pos(((bottomY - p.y) * 64).rounded()))
        }
        let on = CChar(FT_CURVE_TAG_ON), conic = CChar(FT_CURVE_TAG_CONIC), cubic = CChar(FT_CURVE_TAG_CUBIC)
        var contourStart = 0
        func endContour() {
            if points.count - contourStart >= 2 {
                contours.append(Int16(truncatingIfNeeded: points.count - 1))
            } else {
                points.removeSubrange(contourStart...)
                tags.removeSubrange(contourStart...)
            }
            contourStart = points.count
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                endContour()
                points.append(vector(p))
                tags.append(on)
            case .line(let p):
                points.append(vector(p))
                tags.append(on)
            case .quad(let p, let c):
                if points.count == contourStart { points.append(vector(c)); tags.append(on) }
                points += [vector(c), vector(p)]
                tags += [conic, on]
            case .cubic(let p, let c1, let c2):
                if points.count == contourStart { points.append(vector(c1)); tags.append(on) }
                points += [vector(c1), vector(c2), vector(p)]
                tags += [cubic, cubic, on]
            case .close:
                endContour()
            }
        }
        endContour()
    }
}

/// Owns an FT_Library used only for outline rasterisation (the raster's memory pool is
/// per library, so calls are serialised by a lock). Released with FT_Done_FreeType.
final class OutlineRasterizer: Sendable {
    static let shared = OutlineRasterizer()

    private let library: Mutex<FT_Library?>

    private init() {
        var handle: FT_Library?
        // If FreeType cannot start (out of memory), rendering reports an error instead.
        _ = FT_Init_FreeType(&handle)
        library = Mutex(handle)
    }

    deinit {
        library.withLock { handle in
            if let handle { FT_Done_FreeType(handle) }
        }
    }

    func render(_ outline: OutlineBuilder, evenOdd: Bool, into mask: inout [UInt8], width: Int, height: Int)
        throws(RenderError)
    {
        guard !outline.contours.isEmpty, outline.points.count < Int(Int16.max) else {
            if outline.points.count >= Int(Int16.max) {
                throw .invalidGeometry("path has \(outline.points.count) points; FreeType allows \(Int16.max - 1)")
            }
            return
        }
        var points = outline.points, tags = outline.tags, contours = outline.contours
        let error: FT_Error = library.withLock { handle in
            guard let handle else { return FT_Error(0x40) }  // FT_Err_Out_Of_Memory
            return points.withUnsafeMutableBufferPointer { points in
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
                            return FT_Outline_Get_Bitmap(handle, &ftOutline, &bitmap)
                        }
                    }
                }
            }
        }
        guard error == 0 else { throw .freeType(code: error, during: "rasterising a path") }
    }
}
