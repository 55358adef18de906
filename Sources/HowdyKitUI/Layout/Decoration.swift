import Foundation
import HowdyNumbers
import HowdyRender
import HowdyText

/// What a shape node or a background draws in its frame, as data. Lengths are pt (scaled
/// to px with the frame); colours are already resolved for the scheme.
///
/// The generic cases (`roundedRect`, `capsule`, `circle`, `stroke`, `checkMark`) are the
/// vocabulary of custom content; the others are the theme's own controls.
public indirect enum Decoration: Sendable {
    /// Draws nothing (a fixed space).
    case none
    /// The frame filled as a rounded rectangle with continuous corners of `cornerRadius` pt.
    case roundedRect(cornerRadius: Double, color: Color)
    /// The frame filled as a capsule (short sides are semicircles).
    case capsule(Color)
    /// A button's fill: the capsule while every text drawn on it is one line. When a label
    /// wraps (at accessibility sizes), the frame grows by the extra lines and the corners
    /// keep the one-line button's radius (half the frame's height less those lines), as
    /// iOS draws it, so the wrapped lines stay on the fill instead of running into round
    /// ends that grow with the height.
    case pill(Color)
    /// The largest circle centred in the frame.
    case circle(Color)
    /// The outline of the frame inset by `inset` pt, `width` pt wide, with corners of
    /// `cornerRadius` pt (clamped to half the shorter side: a large radius draws a ring).
    case stroke(cornerRadius: Double, width: Double, inset: Double = 0, color: Color)
    /// A check mark in the frame inset by `inset` × its size on each side, `width` pt strokes.
    case checkMark(inset: Double, width: Double, color: Color)
    /// An activity spinner of eight fading spokes at the frame's centre, rotated by `time`
    /// seconds; `radius` pt, or nil for 0.42 × the frame's width.
    case spinner(color: Color, time: Double, radius: Double?)
    /// The whole canvas filled with `color` (an alert's dimming).
    case canvas(Color)
    /// A hairline along the frame's top edge (half a pt, at least 1 px).
    case hairline(Color)
    /// A step card: a soft shadow, then the fill, with corners of 24 pt.
    case card(CardBackground, scheme: ColorScheme)
    /// A slider's track, filled part and thumb, the value at `fraction` (0...1).
    case slider(fraction: Double, rightToLeft: Bool, track: Color, fill: Color, scheme: ColorScheme)
    /// A progress bar's track and the part filled to `fraction` (0...1).
    case progressBar(fraction: Double, track: Color, fill: Color)
    /// Page dots `8` pt wide `9` pt apart, the `current` one in `color`, mirrored right to left.
    case pageDots(count: Int, current: Int, color: Color, otherColor: Color, rightToLeft: Bool)
    /// An app icon tile: a continuous-corner tile with a shadow, showing `image` or a
    /// diagonal gradient from `light` to `color` with `glyph` (white) in its centre.
    case appIcon(color: Color, light: Color, glyph: TextElement?, image: Image?, scheme: ColorScheme)
    /// Several decorations drawn in order.
    case layers([Decoration])
}

extension Decoration {
    /// The operations that draw the decoration in `frame` (pt), in px at `engine`'s scale.
    /// `content` is what is drawn on it (a background's content, placed); only `.pill`
    /// reads it, for its texts' line counts. Default: nothing.
    /// - Throws: `RenderError` for geometry that is not finite, `TextError` for a glyph's font.
    public func operations(
        in frame: Frame, engine: LayoutEngine, content: [DisplayItem] = []
    ) throws -> [DisplayOperation] {
        let scale = engine.scale
        let rect = try frame.pixels(scale)
        switch self {
        case .none:
            return []
        case .roundedRect(let radius, let color):
            return [
                .fill(
                    .roundedRect(try RoundedRect(rect, cornerRadius: radius * scale, style: .continuous)), .solid(color)
                )
            ]
        case .capsule(let color):
            return [.fill(.roundedRect(RoundedRect.capsule(rect)), .solid(color))]
        case .pill(let color):
            // px of the lines past each text's first; the tallest wrap decides.
            let extra = content.reduce(0.0) { tallest, item in
                guard case .text(let layout, _, _, _) = item, layout.lines.count > 1 else { return tallest }
                return max(tallest, Double(layout.lines.count - 1) * layout.lineHeight)
            }
            guard extra > 0 else { return [.fill(.roundedRect(RoundedRect.capsule(rect)), .solid(color))] }
            let shape = try RoundedRect(rect, cornerRadius: max(0, (rect.height - extra) / 2))
            return [.fill(.roundedRect(shape), .solid(color))]
        case .circle(let color):
            return [try Self.circle(center: rect.center, radius: min(rect.width, rect.height) / 2, color: color)]
        case .stroke(let radius, let width, let inset, let color):
            let shape = try RoundedRect(
                try rect.insetBy(dx: inset * scale, dy: inset * scale), cornerRadius: radius * scale)
            return [.stroke(shape, width: width * scale, color: color)]
        case .checkMark(let inset, let width, let color):
            return [
                try Self.checkMark(
                    in: try rect.insetBy(dx: rect.width * inset, dy: rect.height * inset), width: width * scale,
                    color: color)
            ]
        case .spinner(let color, let time, let radius):
            return try Self.spinner(
                center: rect.center, radius: radius.map { $0 * scale } ?? rect.width * 0.42, color: color, time: time)
        case .canvas(let color):
            return [.fill(.canvas, .solid(color))]
        case .hairline(let color):
            let line = try Rect(x: rect.minX, y: rect.minY, width: rect.width, height: max(1, scale / 2))
            return [.fill(.roundedRect(try RoundedRect(line, cornerRadius: 0, style: .continuous)), .solid(color))]
        case .card(let fill, let scheme):
            return try Self.card(rect, radius: 24 * scale, fill: fill, scheme: scheme, scale: scale)
        case .slider(let fraction, let rtl, let track, let fill, let scheme):
            return try Self.slider(
                rect, fraction: fraction, rightToLeft: rtl, track: track, fill: fill, scheme: scheme, scale: scale)
        case .progressBar(let fraction, let track, let fill):
            var operations: [DisplayOperation] = [.fill(.roundedRect(RoundedRect.capsule(rect)), .solid(track))]
            if fraction > 0 {
                let part = try Rect(
                    x: rect.minX, y: rect.minY, width: max(rect.height, rect.width * fraction), height: rect.height)
                operations.append(.fill(.roundedRect(RoundedRect.capsule(part)), .solid(fill)))
            }
            return operations
        case .pageDots(let count, let current, let color, let other, let rtl):
            let size = 8.0, gap = 9.0
            return try (0..<max(0, count)).map { i in
                let index = rtl ? count - 1 - i : i
                let x = rect.minX + (Double(i) * (size + gap) + size / 2) * scale
                return try Self.circle(
                    center: Point(x: x, y: rect.center.y), radius: size / 2 * scale,
                    color: index == current ? color : other)
            }
        case .appIcon(let color, let light, let glyph, let image, let scheme):
            return try Self.appIcon(
                rect, color: color, light: light, glyph: glyph, image: image, scheme: scheme, frame: frame,
                engine: engine)
        case .layers(let decorations):
            return try decorations.flatMap { try $0.operations(in: frame, engine: engine, content: content) }
        }
    }

    private static func circle(center: Point, radius: Double, color: Color) throws -> DisplayOperation {
        .fill(.circle(try Circle(center: center, radius: radius)), .solid(color))
    }

    /// A check mark inside `rect` (px), `width` px strokes.
    private static func checkMark(in rect: Rect, width: Double, color: Color) throws -> DisplayOperation {
        let points = [
            Point(x: rect.minX + rect.width * 0.22, y: rect.minY + rect.height * 0.53),
            Point(x: rect.minX + rect.width * 0.42, y: rect.minY + rect.height * 0.72),
            Point(x: rect.minX + rect.width * 0.78, y: rect.minY + rect.height * 0.32),
        ]
        return .fill(.stroke(try RoundStroke.polyline(points, width: width)), .solid(color))
    }

    /// Eight fading spokes rotated by `time` (px), like iOS's activity indicator.
    private static func spinner(center: Point, radius: Double, color: Color, time: Double) throws -> [DisplayOperation]
    {
        let step =
            time.isFinite ? Int(saturating: (time * 12).truncatingRemainder(dividingBy: 96), rounding: .down) % 8 : 0
        return try (0..<8).map { i in
            let angle = Double(i) * .pi / 4 - .pi / 2
            let age = (i - step + 8) % 8
            let alpha = 1 - Double(age) * 0.11
            let inner = Point(x: center.x + cos(angle) * radius * 0.45, y: center.y + sin(angle) * radius * 0.45)
            let outer = Point(x: center.x + cos(angle) * radius, y: center.y + sin(angle) * radius)
            return .fill(
                .stroke(try RoundStroke.line(from: inner, to: outer, width: radius * 0.24)),
                .solid(color.opacity(alpha)))
        }
    }

    /// A soft card: shadow, then the fill (a colour, or a material: the backdrop blurred,
    /// then its translucent surface with an edge highlight).
    private static func card(
        _ rect: Rect, radius: Double, fill: CardBackground, scheme: ColorScheme, scale: Double
    ) throws -> [DisplayOperation] {
        let shape = try RoundedRect(rect, cornerRadius: radius, style: .continuous)
        let shadowAlpha = scheme == .light ? 0.10 : 0.45
        var operations: [DisplayOperation] = []
        if case .material(let material) = fill {
            // Blur first: the shadow below draws outside the shape only, so it stays out of it.
            operations.append(.backdropBlur(shape, sigma: material.blurRadius * scale))
        }
        operations += [
            .shadow(
                shape, color: Color.black.opacity(shadowAlpha), offset: Point(x: 0, y: 8 * scale),
                blurRadius: 28 * scale)
        ]
        switch fill {
        case .color(let color):
            operations.append(.fill(.roundedRect(shape), .solid(color.resolve(scheme))))
        case .material(let material):
            operations.append(.fill(.roundedRect(shape), .solid(material.surface(scheme))))
            // A hairline highlight along the edge, as materials have.
            operations.append(
                .stroke(
                    try RoundedRect(rect, cornerRadius: radius), width: max(1, scale * 0.5),
                    color: scheme == .light ? Color.white.opacity(0.55) : Color.white.opacity(0.10)))
        }
        return operations
    }

    private static func slider(
        _ rect: Rect, fraction: Double, rightToLeft rtl: Bool, track: Color, fill: Color, scheme: ColorScheme,
        scale: Double
    ) throws -> [DisplayOperation] {
        let knob = 14 * scale
        let y = rect.center.y
        let x0 = rect.minX + knob, x1 = rect.maxX - knob
        let t = rtl ? 1 - fraction : fraction
        let x = x0 + (x1 - x0) * t
        let h = 6 * scale
        let full = try RoundedRect.capsule(Rect(x: x0 - h / 2, y: y - h / 2, width: x1 - x0 + h, height: h))
        let filled =
            rtl
            ? try Rect(x: x, y: y - h / 2, width: x1 - x + h / 2, height: h)
            : try Rect(x: x0 - h / 2, y: y - h / 2, width: x - x0 + h / 2, height: h)
        let thumb = try RoundedRect.capsule(Rect(x: x - knob, y: y - knob, width: 2 * knob, height: 2 * knob))
        return [
            .fill(.roundedRect(full), .solid(track)),
            .fill(.roundedRect(RoundedRect.capsule(filled)), .solid(fill)),
            .shadow(
                thumb, color: Color.black.opacity(scheme == .light ? 0.18 : 0.5), offset: Point(x: 0, y: 2 * scale),
                blurRadius: 8 * scale),
            .fill(.roundedRect(thumb), .solid(.white)),
        ]
    }

    private static func appIcon(
        _ rect: Rect, color: Color, light: Color, glyph: TextElement?, image: Image?, scheme: ColorScheme, frame: Frame,
        engine: LayoutEngine
    ) throws -> [DisplayOperation] {
        let scale = engine.scale
        let tile = try RoundedRect(rect, cornerRadius: rect.width * 0.225, style: .continuous)
        var operations: [DisplayOperation] = [
            .shadow(
                tile, color: Color.black.opacity(scheme == .light ? 0.16 : 0.5), offset: Point(x: 0, y: 6 * scale),
                blurRadius: 18 * scale)
        ]
        if let image {
            operations.append(.clip(tile, [.image(image, in: rect)]))
            return operations
        }
        let gradient = try LinearGradient(
            start: Point(x: rect.minX, y: rect.minY), end: Point(x: rect.maxX, y: rect.maxY),
            stops: [GradientStop(offset: 0, color: light), GradientStop(offset: 1, color: color)])
        operations.append(.fill(.roundedRect(tile), .linear(gradient)))
        if let glyph {
            let layout = try engine.textLayout(glyph, width: frame.width)
            let origin = Point(
                x: rect.minX + (rect.width - layout.width) / 2, y: rect.minY + (rect.height - layout.height) / 2)
            let text = DisplayText(
                layout: layout, origin: DisplayText.snapped(origin, layout: layout),
                frame: try Rect(x: origin.x, y: origin.y, width: layout.width, height: layout.height),
                color: glyph.color, role: glyph.role, contentID: glyph.contentID, isLarge: try engine.isLarge(glyph))
            operations.append(.text(text))
        }
        return operations
    }
}

extension DisplayText {
    /// `origin` nudged (< 0.5 px) so that `layout`'s first baseline falls on a whole pixel.
    public static func snapped(_ origin: Point, layout: TextLayout) -> Point {
        let first = layout.lines.first?.baseline ?? 0
        return Point(x: origin.x, y: (origin.y + first).rounded() - first)
    }
}
