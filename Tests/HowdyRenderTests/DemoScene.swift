import Foundation
import HowdyRender
import HowdyText

/// A scene using most of the canvas: blob background, card with shadow, shapes.
enum DemoScene {
    static func render(width: Int = 393, height: Int = 852, time: Double = 0) throws -> Canvas {
        var canvas = try Canvas(width: width, height: height, background: .white)
        let w = Double(width), h = Double(height)
        canvas.fill(
            with: .linear(
                try LinearGradient(
                    start: Point(x: 0, y: 0), end: Point(x: w, y: h),
                    stops: [
                        GradientStop(offset: 0, color: Color(hex: 0x3B1E8C)),
                        GradientStop(offset: 0.5, color: Color(hex: 0x7B3FE4)),
                        GradientStop(offset: 1, color: Color(hex: 0xF0A6CA)),
                    ])))
        let blobs = [
            Blob(
                center: Point(x: w * (0.2 + 0.1 * sin(time)), y: h * 0.25), radius: w * 0.35,
                color: Color(hex: 0xFF7AB6, alpha: 0.8)),
            Blob(
                center: Point(x: w * 0.8, y: h * (0.45 + 0.05 * cos(time))), radius: w * 0.4,
                color: Color(hex: 0x4FC3F7, alpha: 0.7)),
            Blob(center: Point(x: w * 0.4, y: h * 0.85), radius: w * 0.3, color: Color(hex: 0xFFD54F, alpha: 0.6)),
        ]
        try canvas.layer(opacity: 0.9) { layer in
            layer.fill(with: .blobs(try BlobField(blobs: blobs, blur: w * 0.12)))
        }
        let card = try RoundedRect(
            Rect(x: 24, y: h * 0.5, width: w - 48, height: 220), cornerRadius: 28, style: .continuous)
        try canvas.drawShadow(of: card, color: Color.black.opacity(0.25), offset: Point(x: 0, y: 12), blurRadius: 40)
        canvas.fill(card, with: Color.white.opacity(0.94))
        try canvas.clip(to: card) { inner in
            inner.fill(
                try Circle(center: Point(x: card.rect.maxX - 20, y: card.rect.minY + 10), radius: 70),
                with: .radial(
                    try RadialGradient(
                        center: Point(x: card.rect.maxX - 20, y: card.rect.minY + 10), radius: 70,
                        stops: [
                            GradientStop(offset: 0, color: Color(hex: 0x7B3FE4, alpha: 0.5)),
                            GradientStop(offset: 1, color: Color(hex: 0x7B3FE4, alpha: 0)),
                        ])))
        }
        let button = try RoundedRect.capsule(Rect(x: 48, y: card.rect.maxY - 72, width: w - 96, height: 48))
        canvas.fill(button, with: Color(hex: 0x7B3FE4))
        canvas.fill(try Circle(center: Point(x: 72, y: card.rect.minY + 50), radius: 22), with: Color(hex: 0x34C759))
        canvas.fill(
            try RoundStroke.polyline(
                [
                    Point(x: 62, y: card.rect.minY + 50), Point(x: 69, y: card.rect.minY + 58),
                    Point(x: 83, y: card.rect.minY + 42),
                ],
                width: 4), with: .white)
        canvas.fill(
            try RoundStroke.arc(
                center: Point(x: w / 2, y: h * 0.3), radius: 30, startAngle: -.pi / 2 + time, sweep: .pi * 1.3, width: 6
            ),
            with: .white)
        canvas.fill(
            try RoundedRect(Rect(x: 120, y: card.rect.minY + 36, width: 180, height: 12), cornerRadius: 6),
            with: Color(hex: 0x1C1C1E, alpha: 0.8))
        canvas.fill(
            try RoundedRect(Rect(x: 120, y: card.rect.minY + 58, width: 120, height: 10), cornerRadius: 5),
            with: Color(hex: 0x8E8E93))
        try canvas.layer(mask: try .fadeOut(from: h - 160, to: h - 100)) { layer in
            for i in 0..<12 {
                layer.fill(
                    try RoundedRect(Rect(x: 24, y: 40 + Double(i) * 60, width: w - 48, height: 44), cornerRadius: 12),
                    with: Color.white.opacity(0.18))
            }
        }
        let footer = try RoundedRect(Rect(x: 24, y: h - 90, width: w - 48, height: 56), cornerRadius: 28)
        canvas.fill(footer, with: Color(hex: 0x1C1C1E))
        // Text: a balanced title, body with an emoji, and button labels.
        let title = try balance(
            text: "Welcome to HowdyKit, your friendly onboarding", font: Font(named: "Inter-Bold", size: 30),
            width: max(60, w - 64))
        try canvas.draw(title, at: Point(x: 32, y: h * 0.1), color: .white)
        let body = try layout(
            text: "Balanced text, real fonts and shaping 👋 on Linux.", font: Font(named: "Inter-Regular", size: 15),
            width: max(60, w - 150))
        try canvas.draw(body, at: Point(x: 110, y: card.rect.minY + 80), color: Color(hex: 0x3A3A3C))
        let label = try layout(text: "Continue", font: Font(named: "Inter-SemiBold", size: 17), width: w)
        try canvas.draw(
            label, at: Point(x: (w - label.width) / 2, y: button.rect.midY - label.height / 2), color: .white)
        let footerLabel = try layout(text: "Skip for now", font: Font(named: "Inter-Medium", size: 16), width: w)
        try canvas.draw(
            footerLabel, at: Point(x: (w - footerLabel.width) / 2, y: footer.rect.midY - footerLabel.height / 2),
            color: Color.white.opacity(0.8))
        // An icon: a small image drawn scaled up with the resampling filter.
        var icon = try Canvas(width: 16, height: 16)
        icon.fill(try Circle(center: Point(x: 8, y: 8), radius: 7), with: Color(hex: 0xFF9500))
        icon.fill(try RoundStroke.line(from: Point(x: 8, y: 4), to: Point(x: 8, y: 9), width: 2), with: .white)
        icon.fill(try Circle(center: Point(x: 8, y: 12), radius: 1.2), with: .white)
        try canvas.draw(icon.image, in: Rect(x: 50.5, y: card.rect.minY + 100, width: 40, height: 40))
        // A path through FreeType: a five-pointed star with a curved notch, gradient-filled.
        var star = PathBuilder()
        let centre = Point(x: w - 60, y: h * 0.3)
        for k in 0..<10 {
            let angle = -Double.pi / 2 + Double(k) * .pi / 5
            let radius = k % 2 == 0 ? 28.0 : 12.0
            let point = Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
            if k == 0 { star.move(to: point) } else { star.line(to: point) }
        }
        star.close()
        guard let starPath = try star.build() else { throw RenderError.invalidGeometry("the star has no segment") }
        canvas.fill(
            try PathShape(starPath),
            with: .linear(
                try LinearGradient(
                    start: Point(x: centre.x, y: centre.y - 28), end: Point(x: centre.x, y: centre.y + 28),
                    stops: [
                        GradientStop(offset: 0, color: Color(hex: 0xFFE066)),
                        GradientStop(offset: 1, color: Color(hex: 0xFF9500)),
                    ])))
        return canvas
    }
}
