import HowdyNumbers
import HowdyText

/// A `Path` filled by FreeType's anti-aliasing outline rasterizer (`FT_Outline_Get_Bitmap`
/// into an 8-bit grey bitmap): exact area coverage, non-zero or even-odd fill.
///
/// The path is rasterised once, when the shape is made. Degenerate case: a path with no
/// area (a lone line) draws nothing.
public struct PathShape: Shape {
    /// Which regions of a self-overlapping path are inside.
    public enum FillRule: Sendable, Hashable {
        /// Inside where the winding number is not zero (SVG `nonzero`).
        case nonZero
        /// Inside where the number of crossings is odd (SVG `evenodd`).
        case evenOdd
    }

    /// The px rectangle outside which coverage is zero.
    public let bounds: Rect
    let origin: (x: Int, y: Int)
    let width: Int
    let height: Int
    let mask: [UInt8]

    /// - Throws: `RenderError.invalidSize` when the path's bounding box is over the image
    ///   limits (16384 px a side); `RenderError.freeType` when FreeType fails.
    public init(_ path: Path, fillRule: FillRule = .nonZero) throws(RenderError) {
        guard !path.bounds.isEmpty else {
            self.init(bounds: .zero, origin: (0, 0), width: 0, height: 0, mask: [])
            return
        }
        let area = PixelRect(enclosing: path.bounds)
        try ImageLimits(maxSide: 16384, maxPixels: 64 << 20).check(width: area.width, height: area.height)
        let outline = GlyphOutline(path: path, originX: Double(area.x), bottomY: Double(area.maxY))
        guard outline.points.count <= OutlineRasterizer.maximumPoints else {
            throw .invalidGeometry(
                "path has \(outline.points.count) points; FreeType allows \(OutlineRasterizer.maximumPoints)")
        }
        var mask = [UInt8](repeating: 0, count: area.width * area.height)
        do {
            try OutlineRasterizer.render(
                outline, evenOdd: fillRule == .evenOdd, into: &mask, width: area.width, height: area.height)
        } catch {
            throw .freeType(code: error.code, during: error.during)
        }
        self.init(
            bounds: Rect(area),
            origin: (area.x, area.y), width: area.width, height: area.height, mask: mask)
    }

    private init(bounds: Rect, origin: (x: Int, y: Int), width: Int, height: Int, mask: [UInt8]) {
        self.bounds = bounds
        self.origin = origin
        self.width = width
        self.height = height
        self.mask = mask
    }

    /// Coverage 0...1 of pixels `x0 ..< x0 + coverage.count` of row `y` (see `Shape`).
    public func coverage(row y: Int, from x0: Int, into coverage: UnsafeMutableBufferPointer<Float>) {
        let row = y - origin.y
        guard row >= 0, row < height else { return }
        for i in 0..<coverage.count {
            let column = x0 + i - origin.x
            if column >= 0 && column < width { coverage[i] = Float(mask[row * width + column]) * (1 / 255) }
        }
    }
}

/// A path flattened into FreeType's outline form: 26.6 points (y up, from the bitmap's
/// bottom-left), point kinds and contour ends.
extension GlyphOutline {
    init(path: Path, originX: Double, bottomY: Double) {
        self.init()
        func vector(_ p: Point) -> (x: Int, y: Int) {
            (x: Int(saturatingRounded: (p.x - originX) * 64), y: Int(saturatingRounded: (bottomY - p.y) * 64))
        }
        var contourStart = 0
        func endContour() {
            if points.count - contourStart >= 2 {
                contourEnds.append(Int16(truncatingIfNeeded: points.count - 1))
            } else {
                points.removeSubrange(contourStart...)
                kinds.removeSubrange(contourStart...)
            }
            contourStart = points.count
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                endContour()
                points.append(vector(p))
                kinds.append(.on)
            case .line(let p):
                points.append(vector(p))
                kinds.append(.on)
            case .quad(let p, let c):
                points += [vector(c), vector(p)]
                kinds += [.conic, .on]
            case .cubic(let p, let c1, let c2):
                points += [vector(c1), vector(c2), vector(p)]
                kinds += [.cubic, .cubic, .on]
            case .close:
                endContour()
            }
        }
        endContour()
    }
}
