/// A plain rectangle is a shape: `canvas.fill(rect, with: paint)` fills it with exact
/// area coverage (a pixel half inside is 0.5), the same coverage as a `RoundedRect` of
/// radius 0. An empty rectangle draws nothing.
extension Rect: Shape {
    /// The rectangle itself, px.
    public var bounds: Rect { self }

    /// Writes the coverage of pixels `x0 ..< x0 + coverage.count` of row `y`: the pixel's
    /// area inside the rectangle (horizontal overlap × vertical overlap).
    public func coverage(row y: Int, from x0: Int, into coverage: UnsafeMutableBufferPointer<Float>) {
        let vertical = overlap(Double(y), Double(y) + 1, self.y, self.y + height)
        guard vertical > 0, width > 0 else { return }
        for index in coverage.indices {
            let left = Double(x0 + index)
            coverage[index] = Float(overlap(left, left + 1, x, x + width) * vertical)
        }
    }
}
