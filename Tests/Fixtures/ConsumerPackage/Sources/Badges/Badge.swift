import HowdyRender

/// A notification badge: a translucent disc with a solid dot, on a transparent canvas,
/// the kind of image with alpha that a golden test must see.
public struct Badge: Sendable {
    /// The side of the square image in px.
    public var size: Int
    /// The dot's colour.
    public var color: Color

    /// A badge `size` px square (default 48) in `color` (default #FF3B30).
    public init(size: Int = 48, color: Color = Color(hex: 0xFF3B30)) {
        self.size = size
        self.color = color
    }

    /// The badge drawn at `size` × `size` px.
    public func render() throws -> Image {
        var canvas = try Canvas(width: size, height: size)
        let middle = Double(size) / 2
        canvas.fill(try Circle(center: Point(x: middle, y: middle), radius: middle - 1), with: color.opacity(0.35))
        canvas.fill(try Circle(center: Point(x: middle, y: middle), radius: middle / 2), with: color)
        return canvas.image
    }
}
