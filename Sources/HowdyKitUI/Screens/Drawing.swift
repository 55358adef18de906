import Foundation
import HowdyRender
import HowdyText

/// Small drawing helpers in px shared by the components.
enum Draw {
    /// Fills a rounded rectangle (continuous corners) with `color`.
    static func rounded(_ canvas: inout Canvas, _ rect: Rect, radius: Double, color: Color, continuous: Bool = true) {
        guard let shape = try? RoundedRect(rect, cornerRadius: radius, style: continuous ? .continuous : .circular) else { return }
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
                try? RoundStroke.arc(center: Point(x: x1 - r, y: y0 + r), radius: r, startAngle: -.pi / 2, sweep: .pi / 2, width: width),
                try? RoundStroke.arc(center: Point(x: x1 - r, y: y1 - r), radius: r, startAngle: 0, sweep: .pi / 2, width: width),
                try? RoundStroke.arc(center: Point(x: x0 + r, y: y1 - r), radius: r, startAngle: .pi / 2, sweep: .pi / 2, width: width),
                try? RoundStroke.arc(center: Point(x: x0 + r, y: y0 + r), radius: r, startAngle: .pi, sweep: .pi / 2, width: width),
            ]
            for piece in pieces.compactMap({ $0 }) { layer.fill(piece, with: Color(red: solid.red, green: solid.green, blue: solid.blue)) }
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
        let step = Int((time * 12).rounded(.down)) % 8
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
    static func card(_ canvas: inout Canvas, _ rect: Rect, radius: Double, fill: CardBackground, scheme: ColorScheme, scale: Double) {
        guard let shape = try? RoundedRect(rect, cornerRadius: radius, style: .continuous) else { return }
        let shadowAlpha = scheme == .light ? 0.10 : 0.45
        try? canvas.drawShadow(
            of: shape, color: Color.black.opacity(shadowAlpha), offset: Point(x: 0, y: 8 * scale), blurRadius: 28 * scale)
        switch fill {
        case .color(let color):
            canvas.fill(shape, with: color.resolve(scheme))
        case .material(let material):
            // The backgrounds behind cards are already blurred fields, so the material is its
            // translucent surface plus an edge highlight.
            canvas.fill(shape, with: material.surface(scheme))
            // A hairline highlight along the edge, as materials have.
            ring(&canvas, rect, radius: radius, width: max(1, scale * 0.5), color: scheme == .light ? Color.white.opacity(0.55) : Color.white.opacity(0.10))
        }
    }

    /// Draws `image` scaled (box-filtered) to fill `rect` (px), one pixel fill at a time.
    static func scaledImage(_ canvas: inout Canvas, _ image: Image, into rect: Rect) {
        let width = max(1, Int(rect.width.rounded())), height = max(1, Int(rect.height.rounded()))
        let sx = Double(image.width) / Double(width), sy = Double(image.height) / Double(height)
        for row in 0..<height {
            for column in 0..<width {
                var sum = SIMD4<Double>(repeating: 0)
                var count = 0.0
                let x0 = Int(Double(column) * sx), x1 = max(x0 + 1, min(image.width, Int(Double(column + 1) * sx)))
                let y0 = Int(Double(row) * sy), y1 = max(y0 + 1, min(image.height, Int(Double(row + 1) * sy)))
                for y in y0..<min(y1, image.height) {
                    for x in x0..<min(x1, image.width) {
                        let p = image[x, y]
                        sum += SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w))
                        count += 1
                    }
                }
                guard count > 0 else { continue }
                let p = sum / count
                guard p.w > 0 else { continue }
                let a = p.w / 255
                let color = Color(red: p.x / 255 / a, green: p.y / 255 / a, blue: p.z / 255 / a, alpha: a)
                if let pixel = try? RoundedRect(Rect(x: rect.minX.rounded() + Double(column), y: rect.minY.rounded() + Double(row), width: 1, height: 1)) {
                    canvas.fill(pixel, with: color)
                }
            }
        }
    }

    /// Copies `region` of `image` onto the canvas at the same place, row by row as
    /// one-pixel-high strips of solid runs (HowdyRender has no public image paint).
    static func image(_ canvas: inout Canvas, _ image: Image, region: PixelRect) {
        for y in region.y..<region.maxY {
            var x = region.x
            while x < region.maxX {
                let p = image[x, y]
                var end = x + 1
                while end < region.maxX, image[end, y] == p { end += 1 }
                if p.w > 0, let strip = try? RoundedRect(Rect(x: Double(x), y: Double(y), width: Double(end - x), height: 1)) {
                    let a = Double(p.w) / 255
                    canvas.fill(
                        strip,
                        with: Color(red: Double(p.x) / 255 / a, green: Double(p.y) / 255 / a, blue: Double(p.z) / 255 / a, alpha: a))
                }
                x = end
            }
        }
    }
}
