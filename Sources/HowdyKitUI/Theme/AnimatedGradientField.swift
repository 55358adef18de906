import Foundation
import HowdyRender

/// The animated gradient: the palette's base colour, a diagonal tint wash, four blurred
/// radial blobs moving on slow sin/cos paths, and a vertical veil of the base colour so
/// text stays readable.
///
/// A frame is a pure function of the time `t` in seconds: any frame can be rendered and
/// compared. The motion is periodic with `motion.cycleDuration`. Strength 0 or reduce
/// motion freezes the field at its t = 0 frame.
public struct AnimatedGradientField: Sendable, Hashable {
    /// How strong the veil and the blobs are.
    public enum Style: Sendable, Hashable {
        /// The animated look.
        case vivid
        /// The restrained, static look of `.softGradient`.
        case soft
    }

    /// The colours.
    public var palette: GreetGradientPalette
    /// How the blobs move.
    public var motion: GreetGradientMotion
    /// Vivid (animated) or soft (static).
    public var style: Style

    /// A field of `palette`'s colours moving with `motion`.
    public init(palette: GreetGradientPalette, motion: GreetGradientMotion = .standard, style: Style = .vivid) {
        self.palette = palette
        self.motion = motion
        self.style = style
    }

    /// The time actually shown: `time` (0 when static or reduce motion), wrapped into one cycle.
    public func effectiveTime(_ time: Double, reduceMotion: Bool) -> Double {
        guard !reduceMotion, !motion.isStatic, time.isFinite else { return 0 }
        let cycle = motion.cycleDuration
        let wrapped = time.truncatingRemainder(dividingBy: cycle)
        return wrapped < 0 ? wrapped + cycle : wrapped
    }

    /// The four blobs at `time` for a canvas of `width` × `height` px.
    public func blobs(scheme: ColorScheme, time: Double, reduceMotion: Bool, width: Double, height: Double) -> [Blob] {
        let tones = palette.tones(scheme)
        let t = effectiveTime(time, reduceMotion: reduceMotion)
        let phase = 2 * Double.pi * t / motion.cycleDuration
        let travel = style == .soft ? 0 : motion.amplitude
        let alpha = style == .soft ? 0.55 : motion.contrast
        let longSide = max(width, height)
        // (x, y) home, radius factor, colour, x and y speeds (whole numbers keep the cycle), phase offset.
        let specs: [(Double, Double, Double, Color, Double, Double, Double)] = [
            (0.10, 0.10, 0.42, tones.primary, 1, 1, 0.0),
            (0.92, 0.28, 0.36, tones.secondary, 1, 2, 1.7),
            (0.18, 0.68, 0.34, tones.accent, 2, 1, 3.1),
            (0.86, 0.92, 0.40, tones.primary, 1, 1, 4.4),
        ]
        return specs.map { x, y, r, color, kx, ky, offset in
            let dx = travel * width * sin(kx * phase + offset)
            let dy = travel * height * cos(ky * phase + offset * 1.3)
            return Blob(
                center: Point(x: x * width + dx, y: y * height + dy), radius: r * longSide * (style == .soft ? 0.8 : 1),
                color: color.opacity(alpha))
        }
    }

    /// Draws the frame at `time` over the whole canvas.
    /// - Throws: `RenderError` for a canvas so large the blur or gradients are not finite.
    public func draw(into canvas: inout Canvas, scheme: ColorScheme, time: Double, reduceMotion: Bool) throws {
        let operations = try operations(
            width: canvas.width, height: canvas.height, scheme: scheme, time: time, reduceMotion: reduceMotion)
        for operation in operations { try operation.render(into: &canvas) }
    }

    /// The frame at `time` as fills of a `width` × `height` px canvas: the blob field over
    /// the base colour, the diagonal wash, the veil.
    /// - Throws: `RenderError` for a canvas so large the blur or gradients are not finite.
    public func operations(width: Int, height: Int, scheme: ColorScheme, time: Double, reduceMotion: Bool) throws
        -> [DisplayOperation]
    {
        let tones = palette.tones(scheme)
        let w = Double(width), h = Double(height)
        let blobs = blobs(scheme: scheme, time: time, reduceMotion: reduceMotion, width: w, height: h)
        let field = try BlobField(background: .solid(tones.base), blobs: blobs, blur: 0.11 * max(w, h))
        // Diagonal wash of the primary tone from the top-leading corner.
        let washAlpha = style == .soft ? 0.10 : 0.10 + 0.06 * motion.strength
        let wash = try LinearGradient(
            start: Point(x: 0, y: 0), end: Point(x: w, y: h),
            stops: [
                GradientStop(offset: 0, color: tones.primary.opacity(washAlpha)),
                GradientStop(offset: 0.6, color: tones.primary.opacity(0)),
            ])
        // The veil: the base colour over the middle and bottom, where text and buttons sit.
        let veil: [(Double, Double)] =
            style == .soft
            ? [(0, 0.25), (0.35, 0.62), (1, 0.85)]
            : [(0, 0.12), (0.3, 0.5), (0.7, 0.6), (1, 0.78)]
        let gradient = try LinearGradient(
            start: Point(x: 0, y: 0), end: Point(x: 0, y: h),
            stops: veil.map { GradientStop(offset: $0.0, color: tones.base.opacity($0.1)) })
        return [.fill(.canvas, .blobs(field)), .fill(.canvas, .linear(wash)), .fill(.canvas, .linear(gradient))]
    }
}
