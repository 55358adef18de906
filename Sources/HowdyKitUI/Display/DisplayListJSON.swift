import Foundation
import HowdyJSON
import HowdyOutput
import HowdyRender
import HowdyText

// The JSON form of a display list, for tools and reviews (`howdy render --display-list`).
// Lengths are px rounded to 1/1000; colours are `#RRGGBBAA` (sRGB, straight alpha).
// Images are described by their size, not their pixels.

extension DisplayList: Encodable {
    private enum Keys: String, CodingKey {
        case version, width, height, scale, background, content, contentMask, footer, overlay
    }

    /// Encodes the list's size, scale and sections (see the file's header for the form).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .version)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(scale, forKey: .scale)
        try container.encode(background, forKey: .background)
        try container.encode(content, forKey: .content)
        try container.encodeIfPresent(contentMask.map(JSONMask.init), forKey: .contentMask)
        try container.encode(footer, forKey: .footer)
        try container.encode(overlay, forKey: .overlay)
    }

    /// The list as pretty-printed JSON with sorted keys (deterministic bytes).
    /// - Throws: `EncodingError` (not expected: every number of a display list is finite).
    public func jsonData() throws -> Data {
        try Foundation.Data(JSONTreeEncoder.encode(self, pretty: true))
    }
}

extension DisplayOperation: Encodable {
    private enum Keys: String, CodingKey {
        case op, shape, paint, rect, cornerRadius, cornerStyle, width, color, offset, blurRadius, role, contentID
        case text, origin, frame, isLarge, mode, lines, pixelWidth, pixelHeight, opacity, mask, operations, sigma
    }

    /// Encodes the operation as an object whose `op` names its case.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .fill(let shape, let paint):
            try c.encode("fill", forKey: .op)
            try c.encode(JSONShape(shape), forKey: .shape)
            try c.encode(JSONPaint(paint), forKey: .paint)
        case .stroke(let shape, let width, let color):
            try c.encode("stroke", forKey: .op)
            try c.encode(JSONShape(.roundedRect(shape)), forKey: .shape)
            try c.encode(rounded(width), forKey: .width)
            try c.encode(hex(color), forKey: .color)
        case .shadow(let shape, let color, let offset, let blurRadius):
            try c.encode("shadow", forKey: .op)
            try c.encode(JSONShape(.roundedRect(shape)), forKey: .shape)
            try c.encode(hex(color), forKey: .color)
            try c.encode([rounded(offset.x), rounded(offset.y)], forKey: .offset)
            try c.encode(rounded(blurRadius), forKey: .blurRadius)
        case .backdropBlur(let shape, let sigma):
            try c.encode("backdropBlur", forKey: .op)
            try c.encode(JSONShape(.roundedRect(shape)), forKey: .shape)
            try c.encode(rounded(sigma), forKey: .sigma)
        case .text(let text):
            try c.encode("text", forKey: .op)
            try c.encode(text.role, forKey: .role)
            try c.encodeIfPresent(text.contentID, forKey: .contentID)
            try c.encode(text.string, forKey: .text)
            try c.encode([rounded(text.origin.x), rounded(text.origin.y)], forKey: .origin)
            try c.encode(box(text.frame), forKey: .frame)
            try c.encode(hex(text.color), forKey: .color)
            try c.encode(text.isLarge, forKey: .isLarge)
            try c.encode(text.layout.mode, forKey: .mode)
            try c.encode(text.layout.lines.map(JSONLine.init), forKey: .lines)
        case .image(let image, let rect):
            try c.encode("image", forKey: .op)
            try c.encode(box(rect), forKey: .rect)
            try c.encode(image.width, forKey: .pixelWidth)
            try c.encode(image.height, forKey: .pixelHeight)
        case .pixels(let image):
            try c.encode("pixels", forKey: .op)
            try c.encode(image.width, forKey: .pixelWidth)
            try c.encode(image.height, forKey: .pixelHeight)
        case .layer(let opacity, let mask, let operations):
            try c.encode("layer", forKey: .op)
            try c.encode(rounded(opacity), forKey: .opacity)
            try c.encodeIfPresent(mask.map(JSONMask.init), forKey: .mask)
            try c.encode(operations, forKey: .operations)
        case .clip(let shape, let operations):
            try c.encode("clip", forKey: .op)
            try c.encode(JSONShape(.roundedRect(shape)), forKey: .shape)
            try c.encode(operations, forKey: .operations)
        case .group(let group):
            try c.encode("group", forKey: .op)
            try c.encode(group.role, forKey: .role)
            try c.encodeIfPresent(group.contentID, forKey: .contentID)
            try c.encode(box(group.frame), forKey: .frame)
            try c.encode(group.operations, forKey: .operations)
        }
    }
}

/// `value` rounded to 1/1000 (JSON stays short and stable).
private func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// `[x, y, width, height]`, rounded.
private func box(_ rect: Rect) -> [Double] { [rect.x, rect.y, rect.width, rect.height].map(rounded) }

/// `#RRGGBBAA`, each component rounded to 8 bits.
private func hex(_ color: Color) -> String {
    let bytes = [color.red, color.green, color.blue, color.alpha].map { Int(($0 * 255).rounded()) }
    return "#" + bytes.map { String(format: "%02X", $0) }.joined()
}

private struct JSONMask: Encodable {
    let stops: [[Double]]
    init(_ mask: VerticalMask) { stops = mask.stops.map { [rounded($0.y), rounded($0.alpha)] } }
}

private struct JSONLine: Encodable {
    let text: String
    let x: Double
    let baseline: Double
    let width: Double
    init(_ line: TextLine) {
        text = line.text
        x = rounded(line.x)
        baseline = rounded(line.baseline)
        width = rounded(line.width)
    }
}

private struct JSONShape: Encodable {
    let shape: DisplayShape
    init(_ shape: DisplayShape) { self.shape = shape }

    private enum Keys: String, CodingKey { case kind, rect, cornerRadius, cornerStyle, center, radius, bounds, width }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch shape {
        case .roundedRect(let shape):
            try c.encode("roundedRect", forKey: .kind)
            try c.encode(box(shape.rect), forKey: .rect)
            try c.encode(rounded(shape.cornerRadius), forKey: .cornerRadius)
            try c.encode(shape.style == .continuous ? "continuous" : "circular", forKey: .cornerStyle)
        case .circle(let circle):
            try c.encode("circle", forKey: .kind)
            try c.encode([rounded(circle.center.x), rounded(circle.center.y)], forKey: .center)
            try c.encode(rounded(circle.radius), forKey: .radius)
        case .stroke(let stroke):
            try c.encode("roundStroke", forKey: .kind)
            try c.encode(box(stroke.bounds), forKey: .bounds)
            try c.encode(rounded(stroke.width), forKey: .width)
        case .canvas:
            try c.encode("canvas", forKey: .kind)
        }
    }
}

private struct JSONPaint: Encodable {
    let paint: Paint
    init(_ paint: Paint) { self.paint = paint }

    private enum Keys: String, CodingKey {
        case kind, color, start, end, center, radius, stops, background, blobs, blur
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        func stops(_ stops: [GradientStop]) -> [JSONStop] {
            stops.map { JSONStop(offset: rounded($0.offset), color: hex($0.color)) }
        }
        switch paint {
        case .solid(let color):
            try c.encode("solid", forKey: .kind)
            try c.encode(hex(color), forKey: .color)
        case .linear(let gradient):
            try c.encode("linear", forKey: .kind)
            try c.encode([rounded(gradient.start.x), rounded(gradient.start.y)], forKey: .start)
            try c.encode([rounded(gradient.end.x), rounded(gradient.end.y)], forKey: .end)
            try c.encode(stops(gradient.stops), forKey: .stops)
        case .radial(let gradient):
            try c.encode("radial", forKey: .kind)
            try c.encode([rounded(gradient.center.x), rounded(gradient.center.y)], forKey: .center)
            try c.encode(rounded(gradient.radius), forKey: .radius)
            try c.encode(stops(gradient.stops), forKey: .stops)
        case .blobs(let field):
            try c.encode("blobs", forKey: .kind)
            try c.encode(JSONPaint(field.background), forKey: .background)
            try c.encode(rounded(field.blur), forKey: .blur)
            try c.encode(
                field.blobs.map {
                    JSONBlob(
                        center: [rounded($0.center.x), rounded($0.center.y)], radius: rounded($0.radius),
                        color: hex($0.color))
                }, forKey: .blobs)
        }
    }
}

private struct JSONStop: Encodable {
    let offset: Double
    let color: String
}

private struct JSONBlob: Encodable {
    let center: [Double]
    let radius: Double
    let color: String
}

/// Where a render's display list goes: beside its image.
public enum DisplayListFile {
    /// The display list's file name for an image file name: the extension replaced by
    /// `.display-list.json` (`01-welcome_phone-light@3x.png` → `01-welcome_phone-light@3x.display-list.json`).
    public static func name(forImageNamed image: String) -> String {
        let base = image.lastIndex(of: ".").map { String(image[..<$0]) } ?? image
        return base + ".display-list.json"
    }

    /// Writes `list` as JSON beside the image `image` in `directory`.
    /// - Throws: the file system's error.
    public static func write(_ list: DisplayList, besideImageNamed image: String, in directory: URL) throws {
        try AtomicFile.write(list.jsonData(), to: directory.appendingPathComponent(name(forImageNamed: image)).path)
    }
}
