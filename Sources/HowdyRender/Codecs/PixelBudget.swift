/// The one pixel budget of every image HowdyKit decodes from input: review pairs, merged
/// shards, `howdy diff`, accepted goldens, custom `image` nodes and icons.
///
/// A 31 KB PNG can declare 16384 × 16384 px (1 GiB of RGBA): the size is checked from the
/// header, before any pixel memory is allocated. `PNGCodec.decode`, `PPMCodec.decode` and
/// `Image(decoding:)` clamp whatever limits they are given to ``limits``, so no caller can
/// decode past it; a caller may pass tighter limits (icons: `ImageLimits.appIcon`).
public enum PixelBudget {
    /// 16384 px a side and 64 megapixels (8192 × 8192, 256 MiB of RGBA) per image.
    public static let limits = ImageLimits(maxSide: 16384, maxPixels: 8192 * 8192)

    /// The most pixels a spec's images (icons and custom `image` nodes, each file counted
    /// once) may decode to in total: 32 megapixels, 128 MiB of RGBA.
    public static let maximumPixelsPerSpec = 32 << 20

    /// `limits` narrowed to the budget: the smaller side and pixel count of the two.
    public static func clamp(_ limits: ImageLimits) -> ImageLimits {
        ImageLimits(
            maxSide: min(limits.maxSide, Self.limits.maxSide), maxPixels: min(limits.maxPixels, Self.limits.maxPixels))
    }

    /// The size `bytes` (PNG or PPM) declare in their header, checked against the budget
    /// (narrowed to `limits`) without decoding anything.
    /// - Throws: `RenderError.unknownFormat`, the codec's error for a bad header, or
    ///   `RenderError.invalidSize` for a size over the budget.
    @discardableResult
    public static func check(encoded bytes: [UInt8], limits: ImageLimits = limits) throws(RenderError) -> PixelSize {
        let size = try Image.size(ofEncoded: bytes)
        try clamp(limits).check(width: size.width, height: size.height)
        return size
    }
}
