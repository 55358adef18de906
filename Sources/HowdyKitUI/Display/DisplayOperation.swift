import HowdyRender
import HowdyText

/// What a fill covers: a shape of HowdyRender, or the whole canvas.
public enum DisplayShape: Sendable {
    /// A rectangle with rounded corners (also a plain rectangle, a capsule).
    case roundedRect(RoundedRect)
    /// A circle.
    case circle(Circle)
    /// A stroke with round caps and joins (check marks, spinner spokes).
    case stroke(RoundStroke)
    /// Every pixel of the canvas (within the active clips).
    case canvas
}

/// A text drawn by a display list: a laid-out text at an origin, in a colour, tagged with
/// its role and its content's ID.
public struct DisplayText: Sendable {
    /// The lines and glyphs, in px.
    public var layout: TextLayout
    /// The layout's top-left corner, px. Already snapped so the first baseline falls on a
    /// whole pixel (horizontal stems stay crisp).
    public var origin: Point
    /// The frame the layout was placed in, px (its width is the text's, its height the
    /// layout's).
    public var frame: Rect
    /// The text's colour (alpha included).
    public var color: Color
    /// What the text is (title, button label, icon...).
    public var role: SemanticRole
    /// The ID of the content the text belongs to (a feature's, an option's, a plan's), when
    /// it has one.
    public var contentID: String?
    /// WCAG "large text": 18 pt and up, or 14 pt and up in a face of weight 700 or more
    /// (needs 3:1 contrast instead of 4.5:1).
    public var isLarge: Bool
    /// The text itself.
    public var string: String { layout.text }

    /// A text drawn with its top-left corner at `origin` (px).
    public init(
        layout: TextLayout, origin: Point, frame: Rect, color: Color, role: SemanticRole, contentID: String? = nil,
        isLarge: Bool = false
    ) {
        self.layout = layout
        self.origin = origin
        self.frame = frame
        self.color = color
        self.role = role
        self.contentID = contentID
        self.isLarge = isLarge
    }
}

/// A control or surface drawn by a display list: its operations, tagged with its role and
/// its content's ID.
public struct DisplayGroup: Sendable {
    /// What the control is (card, primary button background, option row...).
    public var role: SemanticRole
    /// The ID of the content the control shows (an option's, a plan's), when it has one.
    public var contentID: String?
    /// The control's frame, px.
    public var frame: Rect
    /// What it draws, in order.
    public var operations: [DisplayOperation]

    /// A group of `operations` for a control in `frame` (px).
    public init(role: SemanticRole, contentID: String? = nil, frame: Rect, operations: [DisplayOperation]) {
        self.role = role
        self.contentID = contentID
        self.frame = frame
        self.operations = operations
    }
}

/// One drawing operation of a display list. Coordinates are px; shapes and paints are
/// values, so a display list can be inspected, compared and encoded without drawing it.
public indirect enum DisplayOperation: Sendable {
    /// Fills a shape with a paint.
    case fill(DisplayShape, Paint)
    /// Strokes the outline of a rounded rectangle `width` px wide, inside its edge, in a
    /// colour (corners are circular arcs whatever the rectangle's corner style).
    case stroke(RoundedRect, width: Double, color: Color)
    /// The soft drop shadow of a rounded rectangle (CSS `box-shadow`: offset px, blur
    /// radius px), drawn outside the shape only.
    case shadow(RoundedRect, color: Color, offset: Point, blurRadius: Double)
    /// Blurs what is drawn so far under a rounded rectangle (Gaussian, `sigma` px): a
    /// material's backdrop (`Canvas.blurBackdrop`).
    case backdropBlur(RoundedRect, sigma: Double)
    /// A text layout at an origin in a colour.
    case text(DisplayText)
    /// An image scaled into a rectangle (px) with the Mitchell filter.
    case image(Image, in: Rect)
    /// An image composited 1:1 with its top-left pixel at the canvas's (a custom
    /// background's pixels).
    case pixels(Image)
    /// Operations drawn into a transparent layer, composited with `opacity` (0...1) and an
    /// optional vertical mask (group opacity).
    case layer(opacity: Double, mask: VerticalMask?, [DisplayOperation])
    /// Operations drawn clipped to a rounded rectangle (anti-aliased).
    case clip(RoundedRect, [DisplayOperation])
    /// A control or surface: its operations, tagged with a role.
    case group(DisplayGroup)
}

extension DisplayOperation {
    /// Draws the operation.
    /// - Throws: `RenderError` for geometry out of limits or a glyph that cannot be loaded.
    public func render(into canvas: inout Canvas) throws {
        try render(into: &canvas, bandRows: nil)
    }

    /// `render(into:)` with the layers inside drawn in bands of `bandRows` rows (nil: the
    /// default, `LayerBands.rows(width:)`): the same bytes whatever the bands (tests
    /// compare heights); only the memory a layer holds changes.
    package func render(into canvas: inout Canvas, bandRows: Int?) throws {
        switch self {
        case .fill(let shape, let paint):
            switch shape {
            case .roundedRect(let rect): canvas.fill(rect, with: paint)
            case .circle(let circle): canvas.fill(circle, with: paint)
            case .stroke(let stroke): canvas.fill(stroke, with: paint)
            case .canvas: canvas.fill(with: paint)
            }
        case .stroke(let shape, let width, let color):
            try canvas.stroke(shape, width: width, color: color)
        case .shadow(let shape, let color, let offset, let blurRadius):
            try canvas.drawShadow(of: shape, color: color, offset: offset, blurRadius: blurRadius)
        case .backdropBlur(let shape, let sigma):
            canvas.blurBackdrop(under: shape, sigma: sigma)
        case .text(let text):
            try canvas.draw(text.layout, at: text.origin, color: text.color)
        case .image(let image, let rect):
            canvas.draw(image, in: rect)
        case .pixels(let image):
            canvas.layer { layer in layer = Canvas(image: image) }
        case .layer(let opacity, let mask, let operations):
            // Sized to what the operations touch, down to what the mask shows: a long screen's
            // content layer costs its column above the footer's fade, not the canvas (same bytes).
            // Drawn a band of rows at a time (one band's pixels held, not the layer's), never
            // cutting what an image or an inner layer's shadow or blur reads whole.
            let draw: (inout Canvas) throws -> Void = { layer in
                for operation in operations { try operation.render(into: &layer, bandRows: bandRows) }
            }
            if let extent = try DisplayExtent.of(operations) {
                if extent.carriesAcrossBands {
                    // Its own shadows and backdrop blurs carried across bands: a material card
                    // reaching the canvas's bottom no longer makes one band of the whole layer.
                    try canvas.layer(
                        opacity: opacity, mask: mask, drawn: extent.drawn, kept: extent.kept,
                        keptRows: extent.heldRows, readAhead: extent.readAhead, bandRows: bandRows, draw)
                    return
                }
                try canvas.layer(
                    opacity: opacity, mask: mask, drawn: extent.drawn, kept: extent.kept, keptRows: extent.keptRows,
                    bandRows: bandRows, draw)
            } else {
                try canvas.layer(opacity: opacity, mask: mask, draw)
            }
        case .clip(let shape, let operations):
            try canvas.clip(to: shape) { inner in
                for operation in operations { try operation.render(into: &inner, bandRows: bandRows) }
            }
        case .group(let group):
            for operation in group.operations { try operation.render(into: &canvas, bandRows: bandRows) }
        }
    }

    /// The texts this operation draws, depth first (texts inside groups, layers and clips too).
    public var texts: [DisplayText] {
        switch self {
        case .text(let text): [text]
        case .layer(_, _, let operations), .clip(_, let operations): operations.flatMap(\.texts)
        case .group(let group): group.operations.flatMap(\.texts)
        default: []
        }
    }
}
