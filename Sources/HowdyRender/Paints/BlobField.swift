import HowdyNumbers

/// One soft blob of a `BlobField`: a disc of `radius` px at `center` before blurring.
public struct Blob: Sendable, Hashable {
    /// Centre, px.
    public var center: Point
    /// Radius, px.
    public var radius: Double
    /// Colour at the centre.
    public var color: Color

    /// A blob at `center` of `radius` px in `color`.
    public init(center: Point, radius: Double, color: Color) {
        self.center = center
        self.radius = radius
        self.color = color
    }
}

/// The animated background: coloured discs over a background paint (a colour or a
/// gradient), all blurred by a Gaussian of `blur` px (σ). Animate it by moving the blobs
/// (or the gradient) between frames. With an opaque background the whole field is one
/// opaque pass over the canvas.
///
/// The field is rasterised at a reduced resolution (a factor of up to 8, chosen so that
/// σ stays ≥ 3 texels), blurred there with box passes (cost independent of σ) and sampled
/// bilinearly with dithering, so the result is smooth and costs about the same for any blur.
/// Beyond the filled area the edge colours continue (no dark fringe).
/// Degenerate cases: no blobs paints `background`; `blur` 0 draws hard-edged discs; a
/// background that is itself a blob field is sampled like any other paint.
public struct BlobField: Sendable {
    /// The paint under the blobs.
    public let background: Paint
    /// The blobs, drawn in order.
    public let blobs: [Blob]
    /// Blur radius, px.
    public let blur: Double

    /// - Throws: `RenderError.invalidGeometry` for a non-finite or negative blur, blob
    ///   centre or radius.
    public init(background: Paint = .solid(.clear), blobs: [Blob], blur: Double) throws(RenderError) {
        try requireFinite(blur, "blob blur")
        guard blur >= 0 else { throw .invalidGeometry("blob blur is negative (\(blur))") }
        for blob in blobs {
            try requireFinite(blob.center, "blob centre")
            try requireFinite(blob.radius, "blob radius")
            guard blob.radius >= 0 else { throw .invalidGeometry("blob radius is negative (\(blob.radius))") }
        }
        self.background = background
        self.blobs = blobs
        self.blur = blur
    }

    func shader(for area: PixelRect) -> any Shader {
        if blobs.isEmpty || area.isEmpty { return background.prepare(for: area) }
        let factor = max(1, min(8, Int(blur / 3)))
        let width = area.width / factor + 2, height = area.height / factor + 2
        var planes = [FloatPlane](repeating: FloatPlane(width: width, height: height), count: 4)
        // The background sampled at the texel centres (to the nearest canvas pixel).
        let backgroundShader = background.prepare(for: area)
        var row = [SIMD4<Float>](repeating: .zero, count: width * factor)
        for y in 0..<height {
            row.withUnsafeMutableBufferPointer { row in
                backgroundShader.shade(y: area.y + y * factor + factor / 2, x0: area.x, into: row)
            }
            for x in 0..<width {
                let color = row[min(row.count - 1, x * factor + factor / 2)]
                for c in 0..<4 { planes[c].samples[y * width + x] = color[c] }
            }
        }
        let scale = 1 / Double(factor)
        for blob in blobs {
            let color = blob.color.premultiplied255
            let cx = (blob.center.x - Double(area.x)) * scale, cy = (blob.center.y - Double(area.y)) * scale
            let r = blob.radius * scale
            let y0 = max(0, Int(saturating: cy - r - 1, rounding: .down))
            let y1 = min(height - 1, Int(saturating: cy + r + 1, rounding: .up))
            let x0 = max(0, Int(saturating: cx - r - 1, rounding: .down))
            let x1 = min(width - 1, Int(saturating: cx + r + 1, rounding: .up))
            guard y0 <= y1, x0 <= x1 else { continue }
            for y in y0...y1 {
                for x in x0...x1 {
                    let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                    let coverage = Float(min(1, max(0, 0.5 - ((dx * dx + dy * dy).squareRoot() - r))))
                    guard coverage > 0 else { continue }
                    let i = y * width + x
                    let keep = 1 - color.w / 255 * coverage
                    for c in 0..<4 { planes[c].samples[i] = color[c] * coverage + planes[c].samples[i] * keep }
                }
            }
        }
        for c in 0..<4 { Blur.gaussian(&planes[c], sigma: blur * scale, edges: .clamp) }
        var texels = [SIMD4<Float>](repeating: .zero, count: width * height)
        for i in 0..<texels.count {
            texels[i] = SIMD4(planes[0].samples[i], planes[1].samples[i], planes[2].samples[i], planes[3].samples[i])
        }
        return TextureShader(texels: texels, width: width, height: height, origin: area, factor: factor)
    }
}

/// Bilinear sampling of a low-resolution premultiplied texture stretched by `factor`.
struct TextureShader: Shader {
    let texels: [SIMD4<Float>]
    let width: Int
    let height: Int
    let origin: PixelRect
    let factor: Int
    var constant: SIMD4<Float>? { nil }
    var dithers: Bool { true }

    func shade(y: Int, x0: Int, into colors: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let inverse = 1 / Float(factor)
        let v = (Float(y - origin.y) + 0.5) * inverse - 0.5
        let vy = max(0, min(Float(height - 1), v))
        let j0 = min(height - 2, Int(vy)), fy = vy - Float(j0)
        // Interpolate the two texel rows once, then only horizontally per pixel.
        let firstTexel = max(0, min(width - 2, Int(max(0, (Float(x0 - origin.x) + 0.5) * inverse - 0.5))))
        let lastTexel = max(
            firstTexel + 1, min(width - 1, Int((Float(x0 + colors.count - origin.x) + 0.5) * inverse) + 1))
        var row = [SIMD4<Float>](repeating: .zero, count: lastTexel - firstTexel + 1)
        texels.withUnsafeBufferPointer { texels in
            let top = j0 * width, bottom = top + width
            for i in firstTexel...lastTexel {
                row[i - firstTexel] = texels[top + i] + (texels[bottom + i] - texels[top + i]) * fy
            }
        }
        row.withUnsafeBufferPointer { row in
            let maxU = Float(width - 1)
            var u = (Float(x0 - origin.x) + 0.5) * inverse - 0.5
            for i in 0..<colors.count {
                let ux = max(0, min(maxU, u))
                let i0 = max(0, min(row.count - 2, Int(ux) - firstTexel)), fx = ux - Float(i0 + firstTexel)
                colors[i] = row[i0] + (row[i0 + 1] - row[i0]) * fx
                u += inverse
            }
        }
    }
}
