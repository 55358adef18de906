import HowdyRender
import HowdyText

/// Measures and places a `LayoutNode` tree in pt, shaping text with HowdyText at the
/// environment's scale (px = pt × scale) and Dynamic Type size.
///
/// Text is shaped once per (string, font) and laid out per width; a text wider than
/// the proposal wraps, and a word wider than a line breaks between graphemes, so text
/// never sticks out of the frame it is given.
public final class LayoutEngine {
    /// px per pt.
    public let scale: Double
    /// The Dynamic Type size texts are scaled by.
    public let typeSize: DynamicTypeSize
    /// Left to right or right to left (stacks, padding and alignment mirror).
    public let direction: LayoutDirection
    /// BCP 47 locale for line breaking and shaping (English for a pseudo-locale).
    public let locale: String
    /// The environment texts are localized for (its strings and locale).
    private let environment: RenderEnvironment

    private var shaped: [String: ShapedText] = [:]
    private var layouts: [String: TextLayout] = [:]

    /// An engine for `environment`'s scale, Dynamic Type size, direction and locale.
    public init(environment: RenderEnvironment) {
        scale = environment.scale
        typeSize = environment.dynamicTypeSize
        direction = environment.layoutDirection
        locale = environment.textLocale
        self.environment = environment
    }

    /// The text `element` draws: its string looked up in the environment's strings (or
    /// pseudo-localised), except for icon ligatures, emoji and the app icon (one-line
    /// texts, icon roles, the icon font), which are names and pictures rather than words.
    public func displayedString(_ element: TextElement) -> String {
        if !Self.isLocalizable(element) { return element.string }
        if let localizable = element.localizable { return environment.localizedText(localizable) }
        return environment.localizedText(element.string)
    }

    private var rtl: Bool { direction == .rightToLeft }

    /// True when `element` is WCAG large text (see `TextElement.isLarge()`).
    /// - Throws: `TextError` when its face cannot be found or read.
    public func isLarge(_ element: TextElement) throws -> Bool { try element.isLarge() }

    /// The text's layout at `width` pt (in px, ready to draw).
    /// - Throws: `TextError` for a font that cannot be found.
    public func textLayout(_ element: TextElement, width: Double) throws -> TextLayout {
        let width = element.noWrap ? 100_000 : width
        // Keyed by the text drawn: two elements that compose the same source text (a
        // counted value, a plain key) may localise differently.
        let displayed = displayedString(element)
        let key =
            "\(element.font.name)|\(element.font.size)|\(element.alignment)|\(element.balanced)|\(element.minimumScaleFactor)|\(width)|\(displayed)"
        if let cached = layouts[key] { return cached }
        let px = max(1, width * scale)
        var text = try shapedText(element, displayed: displayed, sizeFactor: 1)
        if element.minimumScaleFactor < 1, text.widestUnbreakableWidth > px {
            // Shrink rather than break a word: advances scale with the size, so one step
            // usually fits; the loop absorbs rounding of the shrunk advances.
            var factor = max(element.minimumScaleFactor, px / text.widestUnbreakableWidth)
            while true {
                text = try shapedText(element, displayed: displayed, sizeFactor: factor)
                if text.widestUnbreakableWidth <= px || factor <= element.minimumScaleFactor { break }
                factor = max(element.minimumScaleFactor, factor * 0.98)
            }
        }
        let layout = element.balanced ? try text.balance(width: px) : try text.layout(width: px)
        layouts[key] = layout
        return layout
    }

    /// `displayed` (`element`'s text as drawn) shaped at `sizeFactor` × its font size,
    /// cached per text, font and factor.
    private func shapedText(_ element: TextElement, displayed: String, sizeFactor: Double) throws -> ShapedText {
        let shapeKey = "\(element.font.name)|\(element.font.size)|\(sizeFactor)|\(element.alignment)|\(displayed)"
        if let cached = shaped[shapeKey] { return cached }
        var font = try element.font.resolve(scale: scale, typeSize: typeSize)
        if sizeFactor != 1 {
            font = try Font(face: font.face, size: font.size * sizeFactor, variations: font.variations)
        }
        // Each paragraph takes its base direction from its first strong character, as
        // UIKit's and SwiftUI's natural writing direction does, while leading and trailing
        // follow the screen's direction (natural alignment): an untranslated English
        // string on a Hebrew screen reads "What is your goal?", lined up on the right.
        let options = TextOptions(
            direction: .auto, alignment: element.alignment, alignmentDirection: rtl ? .rightToLeft : .leftToRight,
            lineHeight: font.size * 1.24, locale: locale)
        let text = try ShapedText(displayed, font: font, options: options)
        shaped[shapeKey] = text
        return text
    }

    /// False for icon ligatures, emoji and the app icon's glyph: texts that are not words.
    public static func isLocalizable(_ element: TextElement) -> Bool {
        !(element.noWrap || element.role.isIcon || element.role.isPicture || element.font.name == Icon.fontName)
    }

    /// The size `node` wants at `width` pt.
    public func measure(_ node: LayoutNode, width: Double) throws -> (width: Double, height: Double) {
        switch node {
        case .text(let element):
            let layout = try textLayout(element, width: width)
            return (element.noWrap ? layout.width / scale : min(width, layout.width / scale), layout.height / scale)
        case .vstack(let spacing, _, let children):
            var w = 0.0, h = 0.0
            for (i, child) in children.enumerated() {
                let size = try measure(child, width: width)
                w = max(w, size.width)
                h += size.height + (i > 0 ? spacing : 0)
            }
            return (w, h)
        case .hstack(let spacing, _, let children):
            let widths = try hstackWidths(children, spacing: spacing, width: width)
            var h = 0.0
            for (child, w) in zip(children, widths) { h = max(h, try measure(child, width: w).height) }
            return (widths.reduce(0, +) + spacing * Double(max(0, children.count - 1)), h)
        case .row(let spacing, let children):
            guard let sizes = try rowSizes(children, spacing: spacing, width: width) else {
                return try measure(.hstack(spacing: spacing, topAligned: false, children: children), width: width)
            }
            return (
                sizes.reduce(0) { $0 + $1.width } + spacing * Double(max(0, children.count - 1)),
                sizes.map(\.height).max() ?? 0
            )
        case .spacer(let minLength):
            return (0, minLength)
        case .shape(let w, let h, _, _), .image(_, let w, let h, _):
            return (min(width, w ?? width), h)
        case .padding(let insets, let content):
            let inner = try measure(content, width: max(1, width - insets.leading - insets.trailing))
            return (inner.width + insets.leading + insets.trailing, inner.height + insets.top + insets.bottom)
        case .background(let content, _, _):
            return try measure(content, width: width)
        case .frame(let maxWidth, let minHeight, _, let content):
            let inner = try measure(content, width: min(width, maxWidth ?? width))
            return (maxWidth == nil ? width : min(width, maxWidth!), max(inner.height, minHeight ?? 0))
        case .fill(let content, _):
            return (width, try measure(content, width: width).height)
        case .identified(_, let content):
            return try measure(content, width: width)
        }
    }

    /// The natural sizes of a row's children, or nil when they do not fit `width` side by side.
    private func rowSizes(_ children: [LayoutNode], spacing: Double, width: Double) throws
        -> [(width: Double, height: Double)]?
    {
        let sizes = try children.map { try measure($0, width: width) }
        let total = sizes.reduce(0) { $0 + $1.width } + spacing * Double(max(0, children.count - 1))
        return total <= width + 0.001 ? sizes : nil
    }

    /// Widths of an hstack's children: fixed shapes get theirs, the rest share what is left.
    private func hstackWidths(_ children: [LayoutNode], spacing: Double, width: Double) throws -> [Double] {
        var fixed = 0.0, flexible = 0
        var widths: [Double?] = children.map { child in
            if case .shape(let w?, _, _, _) = child { return w }
            if case .image(_, let w?, _, _) = child { return w }
            if case .frame(let w?, _, _, _) = child { return w }
            if case .spacer = child { return 0 }
            return nil
        }
        for w in widths { if let w { fixed += w } else { flexible += 1 } }
        let rest = max(1, width - fixed - spacing * Double(max(0, children.count - 1)))
        // Flexible children take their natural width when it fits, the rest share evenly.
        var remaining = rest
        var open = flexible
        for (i, child) in children.enumerated() where widths[i] == nil {
            let natural = try measure(child, width: rest / Double(max(1, flexible)))
            if natural.width < rest / Double(max(1, flexible)) - 0.5, open > 1 {
                widths[i] = natural.width
                remaining -= natural.width
                open -= 1
            }
        }
        for i in widths.indices where widths[i] == nil { widths[i] = remaining / Double(max(1, open)) }
        return widths.map { $0 ?? 0 }
    }

    /// Places `node` in `frame` (pt), appending what to draw to `items`.
    public func place(_ node: LayoutNode, in frame: Frame, into items: inout [DisplayItem]) throws {
        switch node {
        case .text(let element):
            let layout = try textLayout(element, width: frame.width)
            let w = element.noWrap ? layout.width / scale : min(frame.width, layout.width / scale)
            let x = alignedX(element.alignment, width: w, in: frame)
            items.append(
                .text(
                    layout, frame: Frame(x: x, y: frame.y, width: w, height: layout.height / scale),
                    color: element.color, element: element))
        case .vstack(let spacing, let alignment, let children):
            let sizes = try children.map { try measure($0, width: frame.width) }
            let natural = sizes.reduce(0) { $0 + $1.height } + spacing * Double(max(0, children.count - 1))
            let spacers = children.filter { if case .spacer = $0 { return true } else { return false } }.count
            let extra = spacers > 0 ? max(0, frame.height - natural) / Double(spacers) : 0
            var y = frame.y
            for (child, size) in zip(children, sizes) {
                var h = size.height
                if case .spacer = child { h += extra }
                let x = alignedX(alignment, width: size.width, in: frame)
                try place(child, in: Frame(x: x, y: y, width: size.width, height: h), into: &items)
                y += h + spacing
            }
        case .hstack(let spacing, let topAligned, let children):
            let widths = try hstackWidths(children, spacing: spacing, width: frame.width)
            var x = rtl ? frame.maxX : frame.x
            for (child, w) in zip(children, widths) {
                let h = try measure(child, width: w).height
                let y = topAligned ? frame.y : frame.y + (frame.height - h) / 2
                let childX = rtl ? x - w : x
                try place(child, in: Frame(x: childX, y: y, width: w, height: h), into: &items)
                x = rtl ? x - w - spacing : x + w + spacing
            }
        case .row(let spacing, let children):
            guard let sizes = try rowSizes(children, spacing: spacing, width: frame.width) else {
                try place(.hstack(spacing: spacing, topAligned: false, children: children), in: frame, into: &items)
                return
            }
            var x = rtl ? frame.maxX : frame.x
            for (child, size) in zip(children, sizes) {
                let childX = rtl ? x - size.width : x
                let y = frame.y + (frame.height - size.height) / 2
                try place(child, in: Frame(x: childX, y: y, width: size.width, height: size.height), into: &items)
                x = rtl ? x - size.width - spacing : x + size.width + spacing
            }
        case .spacer:
            break
        case .shape(let w, let h, let role, let decoration):
            let width = min(frame.width, w ?? frame.width)
            let placed = Frame(x: alignedX(.center, width: width, in: frame), y: frame.y, width: width, height: h)
            items.append(
                .shape(frame: placed, role: role, operations: try decoration.operations(in: placed, engine: self)))
        case .image(let image, let w, let h, let role):
            let width = min(frame.width, w ?? frame.width)
            let placed = Frame(x: alignedX(.center, width: width, in: frame), y: frame.y, width: width, height: h)
            items.append(.shape(frame: placed, role: role, operations: [.image(image, in: try placed.pixels(scale))]))
        case .padding(let insets, let content):
            let leading = rtl ? insets.trailing : insets.leading
            let trailing = rtl ? insets.leading : insets.trailing
            try place(
                content,
                in: Frame(
                    x: frame.x + leading, y: frame.y + insets.top, width: max(1, frame.width - leading - trailing),
                    height: max(0, frame.height - insets.top - insets.bottom)), into: &items)
        case .background(let content, let role, let decoration):
            // The content is placed first because a pill's corners follow its label's lines;
            // it is still drawn after (above) the background.
            var inner: [DisplayItem] = []
            try place(content, in: frame, into: &inner)
            items.append(
                .shape(
                    frame: frame, role: role,
                    operations: try decoration.operations(in: frame, engine: self, content: inner)))
            items += inner
        case .identified(let id, let content):
            var inner: [DisplayItem] = []
            try place(content, in: frame, into: &inner)
            items += inner.map { $0.identified(id) }
        case .frame(let maxWidth, _, let alignment, let content):
            let w = min(frame.width, maxWidth ?? frame.width)
            let h = try measure(content, width: w).height
            // Content shorter than the frame is centred vertically (button labels).
            let y = frame.y + max(0, (frame.height - h) / 2)
            try place(
                content, in: Frame(x: alignedX(alignment, width: w, in: frame), y: y, width: w, height: h), into: &items
            )
        case .fill(let content, let alignment):
            let size = try measure(content, width: frame.width)
            try place(
                content,
                in: Frame(
                    x: alignedX(alignment, width: size.width, in: frame), y: frame.y, width: size.width,
                    height: frame.height), into: &items)
        }
    }

    /// The x of a child `width` pt wide placed with `alignment` in `frame`, mirrored in RTL.
    private func alignedX(_ alignment: TextAlignment, width: Double, in frame: Frame) -> Double {
        switch (alignment, rtl) {
        case (.center, _): frame.x + (frame.width - width) / 2
        case (.leading, false), (.trailing, true): frame.x
        case (.trailing, false), (.leading, true): frame.maxX - width
        }
    }
}
