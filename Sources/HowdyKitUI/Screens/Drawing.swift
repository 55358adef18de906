import Foundation
import HowdyNumbers
import HowdyRender
import HowdyText

/// Small drawing helpers in px shared by the components.
enum Draw {
    /// Fills a rounded rectangle (continuous corners) with `color`.
    static func rounded(_ canvas: inout Canvas, _ rect: Rect, radius: Double, color: Color, continuous: Bool = true) {
        guard let shape = try? RoundedRect(rect, cornerRadius: radius, style: continuous ? .continuous : .circular)
        else { return }
        canvas.fill(shape, with: color)
    }

    /// Strokes the outline of a rounded rectangle `width` px wide, inside `rect`.
    static func ring(_ canvas: inout Canvas, _ rect: Rect, radius: Double, width: Double, color: Color) {
        let r = max(0, min(radius, min(rect.width, rect.height) / 2)) - width / 2
        let inner = rect.insetBy(dx: width / 2, dy: width / 2)
        let (x0, y0, x1, y1) = (inner.minX, inner.minY, inner.maxX, inner.maxY)
        // One layer so the joins of the pieces do not double up when `color` is translucent.
        canvas.layer(opacity: color.alpha) { layer in
            let solid = color.opacity(1 / max(color.alpha, 0.0001))
            let pieces: [RoundStroke?] = [
                try? RoundStroke.line(from: Point(x: x0 + r, y: y0), to: Point(x: x1 - r, y: y0), width: width),
                try? RoundStroke.line(from: Point(x: x1, y: y0 + r), to: Point(x: x1, y: y1 - r), width: width),
                try? RoundStroke.line(from: Point(x: x1 - r, y: y1), to: Point(x: x0 + r, y: y1), width: width),
                try? RoundStroke.line(from: Point(x: x0, y: y1 - r), to: Point(x: x0, y: y0 + r), width: width),
                try? RoundStroke.arc(
                    center: Point(x: x1 - r, y: y0 + r), radius: r, startAngle: -.pi / 2, sweep: .pi / 2, width: width),
                try? RoundStroke.arc(
                    center: Point(x: x1 - r, y: y1 - r), radius: r, startAngle: 0, sweep: .pi / 2, width: width),
                try? RoundStroke.arc(
                    center: Point(x: x0 + r, y: y1 - r), radius: r, startAngle: .pi / 2, sweep: .pi / 2, width: width),
                try? RoundStroke.arc(
                    center: Point(x: x0 + r, y: y0 + r), radius: r, startAngle: .pi, sweep: .pi / 2, width: width),
            ]
            for piece in pieces.compactMap({ $0 }) {
                layer.fill(piece, with: Color(red: solid.red, green: solid.green, blue: solid.blue))
            }
        }
    }

    static func circle(_ canvas: inout Canvas, center: Point, radius: Double, color: Color) {
        guard let shape = try? Circle(center: center, radius: radius) else { return }
        canvas.fill(shape, with: color)
    }

    /// A check mark inside `rect` (px), `width` px strokes.
    static func checkMark(_ canvas: inout Canvas, in rect: Rect, width: Double, color: Color) {
        let points = [
            Point(x: rect.minX + rect.width * 0.22, y: rect.minY + rect.height * 0.53),
            Point(x: rect.minX + rect.width * 0.42, y: rect.minY + rect.height * 0.72),
            Point(x: rect.minX + rect.width * 0.78, y: rect.minY + rect.height * 0.32),
        ]
        if let stroke = try? RoundStroke.polyline(points, width: width) { canvas.fill(stroke, with: color) }
    }

    /// An activity spinner: eight fading spokes rotated by `time` (px), like iOS's.
    static func spinner(_ canvas: inout Canvas, center: Point, radius: Double, color: Color, time: Double) {
        // 12 steps a second, eight spokes: the remainder is taken in floating point, so a
        // time of 1e18 s from a spec or flag cannot overflow the conversion.
        let turns = (time * 12).rounded(.down).truncatingRemainder(dividingBy: 8)
        let step = (Int(saturating: turns, in: -7...7) + 8) % 8
        for i in 0..<8 {
            let angle = Double(i) * .pi / 4 - .pi / 2
            let age = (i - step + 8) % 8
            let alpha = 1 - Double(age) * 0.11
            let inner = Point(x: center.x + cos(angle) * radius * 0.45, y: center.y + sin(angle) * radius * 0.45)
            let outer = Point(x: center.x + cos(angle) * radius, y: center.y + sin(angle) * radius)
            if let spoke = try? RoundStroke.line(from: inner, to: outer, width: radius * 0.24) {
                canvas.fill(spoke, with: color.opacity(alpha))
            }
        }
    }

    /// A soft card: shadow, then the fill (a colour or a material over the background).
    static func card(
        _ canvas: inout Canvas, _ rect: Rect, radius: Double, fill: CardBackground, scheme: ColorScheme, scale: Double
    ) {
        guard let shape = try? RoundedRect(rect, cornerRadius: radius, style: .continuous) else { return }
        let shadowAlpha = scheme == .light ? 0.10 : 0.45
        try? canvas.drawShadow(
            of: shape, color: Color.black.opacity(shadowAlpha), offset: Point(x: 0, y: 8 * scale),
            blurRadius: 28 * scale)
        switch fill {
        case .color(let color):
            canvas.fill(shape, with: color.resolve(scheme))
        case .material(let material):
            // The backgrounds behind cards are already blurred fields, so the material is its
            // translucent surface plus an edge highlight.
            canvas.fill(shape, with: material.surface(scheme))
            // A hairline highlight along the edge, as materials have.
            ring(
                &canvas, rect, radius: radius, width: max(1, scale * 0.5),
                color: scheme == .light ? Color.white.opacity(0.55) : Color.white.opacity(0.10))
        }
    }
}
