import HowdyRender

/// A point in a rectangle in unit coordinates: (0, 0) top-leading, (1, 1) bottom-trailing.
public struct UnitPoint: Sendable, Hashable {
    /// 0 leading ... 1 trailing (mirrored in right-to-left layouts).
    public var x: Double
    /// 0 top ... 1 bottom.
    public var y: Double

    /// A point at (`x`, `y`) in unit coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    // The nine named points, as SwiftUI's UnitPoint.
    /// The middle of the top edge.
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The middle of the bottom edge.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// The middle of the leading edge.
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// The middle of the trailing edge.
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// The top-leading corner.
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// The top-trailing corner.
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// The bottom-leading corner.
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// The bottom-trailing corner.
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
    /// The centre.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
}

/// What a custom background is told about the screen.
public struct BackgroundContext: Sendable {
    /// True when motion should stop: draw a static frame.
    public var reduceMotion: Bool
    /// The resolved brand colour (style tint, else system blue) in the current scheme.
    public var brandColor: Color
    /// Light or dark.
    public var colorScheme: ColorScheme
    /// Seconds since the screen appeared.
    public var time: Double
    /// Canvas size in px.
    public var pixelSize: PixelSize
    /// px per pt.
    public var scale: Double
}

/// The surface behind a screen. Every background spans the whole screen, behind the
/// pinned footer too.
public enum GreetBackground: Sendable {
    /// The system background: white in light, black in dark.
    case system
    /// A restrained, static brand-derived field tuned for readable content. With neither
    /// `brand` nor `palette`, the brand is the style's tint (else system blue).
    case softGradient(brand: DynamicColor? = nil, palette: GreetGradientPalette? = nil)
    /// App-provided colours, evenly spaced from `startPoint` to `endPoint`.
    case linearGradient(colors: [DynamicColor], startPoint: UnitPoint = .top, endPoint: UnitPoint = .bottom)
    /// A smooth full-screen field that moves with time (static under reduce motion or
    /// strength 0). Palette, else brand, else style tint, else system blue.
    case animatedGradient(
        brand: DynamicColor? = nil, palette: GreetGradientPalette? = nil, motion: GreetGradientMotion = .standard)
    /// Anything: the closure draws the whole canvas.
    case custom(@Sendable (BackgroundContext, inout Canvas) -> Void)

    /// GreetKit's deprecated compatibility alias: an animated gradient whose palette is
    /// these three colours over the system background (see
    /// ``GreetGradientPalette/init(primary:secondary:accent:)``).
    @available(*, deprecated, message: "use .animatedGradient(palette:motion:)")
    public static func animatedMesh(
        primary: DynamicColor, secondary: DynamicColor, accent: DynamicColor, motion: GreetGradientMotion = .standard
    ) -> GreetBackground {
        .animatedGradient(
            palette: GreetGradientPalette(primary: primary, secondary: secondary, accent: accent), motion: motion)
    }

    /// The background's dominant colour: what text mostly sits on (the system background
    /// or the palette's base; a linear gradient's first colour).
    public func baseColor(_ scheme: ColorScheme, tint: DynamicColor?) -> Color {
        switch self {
        case .system, .custom: SystemColors.background.resolve(scheme)
        case .softGradient(let brand, let palette), .animatedGradient(let brand, let palette, _):
            GreetGradientPalette.resolve(palette: palette, brand: brand, tint: tint).tones(scheme).base
        case .linearGradient(let colors, _, _): colors.first?.resolve(scheme) ?? SystemColors.background.resolve(scheme)
        }
    }

    /// True when the background changes with time (an animated gradient that is not static).
    public func isAnimated(reduceMotion: Bool) -> Bool {
        if case .animatedGradient(_, _, let motion) = self { return !reduceMotion && !motion.isStatic }
        return false
    }

    /// Paints the whole canvas.
    /// - Throws: `RenderError` for a gradient that is not finite.
    public func draw(into canvas: inout Canvas, environment: RenderEnvironment, tint: DynamicColor?) throws {
        for operation in try operations(
            width: canvas.width, height: canvas.height, environment: environment, tint: tint)
        {
            try operation.render(into: &canvas)
        }
    }

    /// The operations that paint a `width` × `height` px canvas, drawn first over a
    /// transparent canvas. A custom background's closure runs here, once, into its own
    /// canvas; its pixels become one `.pixels` operation. `over` true (a destination's
    /// background drawn over the flow's) leaves out the system base a linear gradient is
    /// otherwise drawn on, so its translucent colours show what is under it.
    /// - Throws: `RenderError` for a gradient that is not finite or a size out of limits.
    public func operations(
        width: Int, height: Int, environment: RenderEnvironment, tint: DynamicColor?, over: Bool = false
    ) throws -> [DisplayOperation] {
        let scheme = environment.colorScheme
        switch self {
        case .system:
            return [.fill(.canvas, .solid(SystemColors.background.resolve(scheme)))]
        case .softGradient(let brand, let palette):
            let field = AnimatedGradientField(
                palette: GreetGradientPalette.resolve(palette: palette, brand: brand, tint: tint),
                motion: .subtle, style: .soft)
            return try field.operations(width: width, height: height, scheme: scheme, time: 0, reduceMotion: true)
        case .linearGradient(let colors, let start, let end):
            let stops = colors.enumerated().map { index, color in
                GradientStop(
                    offset: colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0,
                    color: color.resolve(scheme))
            }
            var operations: [DisplayOperation] =
                over ? [] : [.fill(.canvas, .solid(SystemColors.background.resolve(scheme)))]
            let w = Double(width), h = Double(height)
            let mirror = environment.isRightToLeft
            func point(_ p: UnitPoint) -> Point { Point(x: (mirror ? 1 - p.x : p.x) * w, y: p.y * h) }
            if !stops.isEmpty {
                operations.append(
                    .fill(.canvas, .linear(try LinearGradient(start: point(start), end: point(end), stops: stops))))
            }
            return operations
        case .animatedGradient(let brand, let palette, let motion):
            let field = AnimatedGradientField(
                palette: GreetGradientPalette.resolve(palette: palette, brand: brand, tint: tint), motion: motion)
            return try field.operations(
                width: width, height: height, scheme: scheme, time: environment.time,
                reduceMotion: environment.reduceMotion)
        case .custom(let body):
            let brandColor = (tint ?? SystemColors.tint).resolve(scheme)
            let context = BackgroundContext(
                reduceMotion: environment.reduceMotion, brandColor: brandColor, colorScheme: scheme,
                time: environment.time, pixelSize: PixelSize(width: width, height: height), scale: environment.scale)
            var canvas = try Canvas(width: width, height: height)
            body(context, &canvas)
            return [.pixels(canvas.image)]
        }
    }
}
