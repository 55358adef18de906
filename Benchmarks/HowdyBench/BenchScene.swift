import Foundation
import HowdyRender
import HowdyText

/// The benchmark's screen: an animated gradient background with blurred blobs, a card
/// with a shadow, a button, and 30 lines of text.
struct BenchScene {
    let width = Double(RenderBenchmark.width), height = Double(RenderBenchmark.height)

    /// 30 lines of text laid out once (layout is HowdyText's benchmark; this one draws).
    let lines: [TextLayout]

    init() throws {
        let body = try Font(named: "Inter-Regular", size: 30)
        let sentences = [
            "Welcome to HowdyKit on Linux.",
            "Real fonts, shaping, balanced titles.",
            "Dithered gradients, no banding 🎉",
            "Cards cast soft shadows.",
            "Byte-identical renders, every time.",
        ]
        lines = try (0..<30).map { try layout(text: sentences[$0 % sentences.count], font: body, width: 690) }
    }

    func render(time: Double) throws -> Image {
        var canvas = try renderBackground(time: time)
        // Card and button sit on the 52 px line grid: lines 17...26 on the card, 24 and 25 on the button.
        let card = try RoundedRect(
            Rect(x: 48, y: 930, width: width - 96, height: 528), cornerRadius: 56, style: .continuous)
        let button = try Rect(x: 72, y: 1296, width: width - 144, height: 112)
        try canvas.drawShadow(of: card, color: Color.black.opacity(0.2), offset: Point(x: 0, y: 24), blurRadius: 80)
        canvas.fill(card, with: Color.white.opacity(0.95))
        canvas.fill(RoundedRect.capsule(button), with: Color(hex: 0x7B3FE4))
        try drawText(on: &canvas, card: card.rect, button: button)
        return canvas.image
    }

    /// The screen: the animated blurred-gradient background and 30 lines of text.
    func renderBackgroundAndText(time: Double) throws -> Image {
        var canvas = try renderBackground(time: time)
        try drawText(on: &canvas)
        return canvas.image
    }

    func renderBackground(time: Double) throws -> Canvas {
        var canvas = try Canvas(width: RenderBenchmark.width, height: RenderBenchmark.height)
        let gradient = Paint.linear(
            try LinearGradient(
                start: Point(x: 0, y: 0), end: Point(x: width * (0.5 + 0.5 * sin(time)), y: height),
                stops: [
                    GradientStop(offset: 0, color: Color(hex: 0x2D1B69)),
                    GradientStop(offset: 0.6, color: Color(hex: 0x7B3FE4)),
                    GradientStop(offset: 1, color: Color(hex: 0xF6A5C0)),
                ]))
        let blobs = (0..<5).map { i -> Blob in
            let phase = time + Double(i) * 1.3
            return Blob(
                center: Point(x: width * (0.5 + 0.4 * sin(phase)), y: height * (0.5 + 0.4 * cos(phase * 0.7))),
                radius: width * 0.3,
                color: Color(hex: [0xFF7AB6, 0x4FC3F7, 0xFFD54F, 0x7CFFCB, 0xB388FF][i], alpha: 0.6))
        }
        canvas.fill(with: .blobs(try BlobField(background: gradient, blobs: blobs, blur: 120)))
        return canvas
    }

    func renderText() throws -> Canvas {
        var canvas = try Canvas(width: RenderBenchmark.width, height: RenderBenchmark.height)
        try drawText(on: &canvas)
        return canvas
    }

    /// 30 lines of 30 px text down the screen: white over the dark top of the gradient and
    /// the button, near-black on the card and the light bottom.
    func drawText(on canvas: inout Canvas, card: Rect? = nil, button: Rect? = nil) throws {
        let ink = Color(hex: 0x1C1C1E)
        for (index, line) in lines.enumerated() {
            let top = 60 + Double(index) * 52
            let middle = top + 20
            func spans(_ rect: Rect?) -> Bool { rect.map { middle > $0.y && middle < $0.y + $0.height } ?? false }
            let color = spans(button) ? Color.white : spans(card) || middle > height * 0.86 ? ink : Color.white
            try canvas.draw(line, at: Point(x: 96.25, y: top), color: color)
        }
    }
}
