extension Canvas {
    /// Runs `body` with drawing clipped to `shape` (anti-aliased: edge pixels are partly
    /// drawn). Clips nest: inside another `clip`, drawing is limited to both shapes.
    /// An empty shape hides everything drawn in `body`.
    public mutating func clip<R>(to shape: RoundedRect, _ body: (inout Canvas) throws -> R) rethrows -> R {
        clips.append(shape)
        defer { clips.removeLast() }
        return try body(&self)
    }
}
