/// What fills a shape: a solid colour, a gradient or a blurred blob field.
///
/// Gradients interpolate premultiplied sRGB-encoded colours (the CSS default) and are
/// dithered when written to 8 bits, so they show no banding. Paints are positioned in
/// canvas px, not relative to the shape they fill.
public enum Paint: Sendable {
    case solid(Color)
    case linear(LinearGradient)
    case radial(RadialGradient)
    indirect case blobs(BlobField)

    /// Prepares the paint to be sampled over `area` (canvas pixels).
    func prepare(for area: PixelRect) -> any Shader {
        switch self {
        case .solid(let color): SolidShader(color: color.premultiplied255)
        case .linear(let gradient): gradient.shader()
        case .radial(let gradient): gradient.shader()
        case .blobs(let field): field.shader(for: area)
        }
    }
}

/// A paint ready to produce premultiplied colours (0...255 per channel) for a row of pixels.
protocol Shader: Sendable {
    /// The colour of every pixel when the paint is uniform; the compositor then skips `shade`.
    var constant: SIMD4<Float>? { get }
    /// Whether results are dithered before rounding to 8 bits (gradients and blurs).
    var dithers: Bool { get }
    /// Writes the colours of pixels `x0 ..< x0 + colors.count` of row `y` (sampled at pixel centres).
    func shade(y: Int, x0: Int, into colors: UnsafeMutableBufferPointer<SIMD4<Float>>)
}

struct SolidShader: Shader {
    let color: SIMD4<Float>
    /// Dither when the coverage is smooth (blurred shadows), so soft ramps show no bands.
    var dithers: Bool = false
    var constant: SIMD4<Float>? { color }
    func shade(y: Int, x0: Int, into colors: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        colors.update(repeating: color)
    }
}
