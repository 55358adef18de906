import HowdyRender

extension ImageLimits {
    /// The pixel budget of an app icon image from a spec: at most 1024 px a side (the
    /// App Store icon size; the welcome draws the icon at 88 pt, at most 352 px at scale 4).
    /// Checked from the PNG header, so a 16000 × 16000 px file is refused before any
    /// pixel memory is allocated.
    public static let appIcon = ImageLimits(maxSide: 1024, maxPixels: 1024 * 1024)
}
