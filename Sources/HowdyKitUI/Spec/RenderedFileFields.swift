import HowdyReview

/// A rendered file's scheme and type size as HowdyKitUI's types (HowdyReview keeps them by name).
extension RenderedFile {
    /// A rendered file with the given fields; `locale` starts nil.
    public init(
        screen: String, fileName: String, device: String, scheme: ColorScheme, dynamicTypeSize: DynamicTypeSize,
        time: Double, scale: Double, scroll: String, reduceMotion: Bool, pixelWidth: Int, pixelHeight: Int
    ) {
        self.init(
            screen: screen, fileName: fileName, device: device, schemeName: scheme.rawValue,
            typeSizeName: dynamicTypeSize.rawValue, time: time, scale: scale, scroll: scroll,
            reduceMotion: reduceMotion, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    /// The colour scheme drawn. A name that is not a scheme (only possible for a file built
    /// by name, since `RenderManifestCheck.renderable` refuses it on load) reads as light.
    public var scheme: ColorScheme {
        get { ColorScheme(rawValue: schemeName) ?? .light }
        set { schemeName = newValue.rawValue }
    }

    /// The Dynamic Type size drawn. A name that is not a size (only possible for a file built
    /// by name, since `RenderManifestCheck.renderable` refuses it on load) reads as large.
    public var dynamicTypeSize: DynamicTypeSize {
        get { DynamicTypeSize(rawValue: typeSizeName) ?? .large }
        set { typeSizeName = newValue.rawValue }
    }
}
