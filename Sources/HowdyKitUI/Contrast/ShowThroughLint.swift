import Foundation
import HowdyNumbers
import HowdyRender

/// A text drawn over another text where what lies between them does not hide the lower
/// one: the lower text shows through and competes (an alert over a screen's title).
public struct ShowThroughFinding: Sendable, Hashable, CustomStringConvertible {
    /// The screen's name (`03-welcome-error`), empty from `ShowThroughLint.findings(in:)`.
    public var screen: String
    /// Device, scheme and Dynamic Type size, e.g. `small-phone light accessibility5`;
    /// empty from `ShowThroughLint.findings(in:)`.
    public var combination: String
    /// The lower text's role.
    public var lowerRole: String
    /// The lower text (shortened).
    public var lowerText: String
    /// The upper text's role.
    public var upperRole: String
    /// The upper text (shortened).
    public var upperText: String
    /// How far the lower text still shows, in 8-bit levels (0...255) of colour difference
    /// against the surface over it; 2 or more is visible.
    public var residual: Double

    /// A readable form for messages and logs.
    public var description: String {
        let place = screen.isEmpty ? "" : "\(screen) [\(combination)] "
        return
            "\(place)\(lowerRole) \"\(lowerText)\" shows through under \(upperRole) \"\(upperText)\" (\(String(format: "%.1f", residual)) levels; at most \(formatNumber(ShowThroughLint.visibleLevels)) hides it)"
    }
}

/// Flags text drawn over other text where the layers between them do not hide the lower
/// text, read from the display list alone (no pixels).
///
/// For every pair of texts whose frames overlap (more than 1 px each way), the lower
/// text's remaining visibility in the overlap is its own opacity (its layer's opacity and
/// the content fade) times, for each operation drawn between the two that covers the whole
/// overlap: `1 − alpha` of a fill (a solid colour's alpha, a gradient's least), and for a
/// backdrop blur of σ px `min(1, w / 2.5σ)`, where `w`, a tenth of the text's line height,
/// stands for its stroke width (a blur much wider than the strokes leaves no letters).
/// That visibility times the lower text's largest channel difference from the topmost
/// covering fill (or the upper text's colour when nothing covers) is its residual in
/// 8-bit levels; `visibleLevels` or more is a finding. Images, strokes and shadows are not
/// counted as hiding anything.
public enum ShowThroughLint {
    /// Residual levels from which a lower text counts as showing through (2 of 255).
    public static let visibleLevels = 2.0

    /// Every text of `list` showing through a text above it, in drawing order of the lower text.
    public static func findings(in list: DisplayList) -> [ShowThroughFinding] {
        var entries: [Entry] = []
        flatten(list.background, opacity: 1, mask: nil, clip: nil, into: &entries)
        flatten(list.content, opacity: 1, mask: list.contentMask, clip: nil, into: &entries)
        flatten(list.footer, opacity: 1, mask: nil, clip: nil, into: &entries)
        flatten(list.overlay, opacity: 1, mask: nil, clip: nil, into: &entries)
        var result: [ShowThroughFinding] = []
        for (lowerIndex, lower) in entries.enumerated() {
            guard case .text(let text, let visibility, let mask) = lower.kind else { continue }
            for upperIndex in entries.indices where upperIndex > lowerIndex {
                guard case .text(let upper, _, _) = entries[upperIndex].kind else { continue }
                let overlap = lower.rect.overlap(entries[upperIndex].rect)
                guard overlap.width > 1, overlap.height > 1 else { continue }
                var shown = visibility * maskAlpha(mask, over: overlap) * text.color.alpha
                var surface: Color? = nil
                for between in entries[(lowerIndex + 1)..<upperIndex] where between.rect.encloses(overlap) {
                    switch between.kind {
                    case .cover(let color, let alpha):
                        shown *= 1 - alpha
                        surface = color
                    case .blur(let sigma):
                        let stroke = 0.1 * text.layout.lineHeight
                        shown *= min(1, stroke / (2.5 * max(sigma, 0.001)))
                    case .text:
                        break
                    }
                }
                let against = surface ?? upper.color
                let difference = max(
                    abs(text.color.red - against.red), abs(text.color.green - against.green),
                    abs(text.color.blue - against.blue))
                let residual = shown * difference * 255
                if residual >= visibleLevels {
                    result.append(
                        ShowThroughFinding(
                            screen: "", combination: "", lowerRole: text.role.rawValue, lowerText: snippet(text.string),
                            upperRole: upper.role.rawValue, upperText: snippet(upper.string), residual: residual))
                }
            }
        }
        return result
    }

    /// Checks every screen of `document` over `matrix` (times and scroll positions included).
    /// - Throws: `ScreenError` naming the screen, around what laying it out threw.
    public static func check(_ document: FlowDocument, matrix: RenderMatrix) throws -> [ShowThroughFinding] {
        var result: [ShowThroughFinding] = []
        for environment in matrix.environments(locale: document.locale) {
            for named in FlowPages.screens(document) {
                let list: DisplayList
                do {
                    list = try named.screen.layout(theme: document.theme, environment: environment)
                        .displayList(environment: environment)
                } catch {
                    throw ScreenError(screen: named.name, underlying: error)
                }
                let combination =
                    "\(environment.device.name) \(environment.colorScheme.rawValue) \(environment.dynamicTypeSize.rawValue)"
                for var finding in findings(in: list) {
                    finding.screen = named.name
                    finding.combination = combination
                    result.append(finding)
                }
            }
        }
        return result
    }

    // MARK: Flattening

    private struct Entry {
        enum Kind {
            /// A text, its opacity from enclosing layers, and the mask over it.
            case text(DisplayText, visibility: Double, mask: VerticalMask?)
            /// A fill of `color` with effective `alpha`.
            case cover(Color, alpha: Double)
            /// A backdrop blur of σ px.
            case blur(Double)
        }
        var kind: Kind
        /// What it touches, px.
        var rect: Rect
    }

    private static func flatten(
        _ operations: [DisplayOperation], opacity: Double, mask: VerticalMask?, clip: Rect?, into entries: inout [Entry]
    ) {
        func clipped(_ rect: Rect) -> Rect { clip.map { rect.overlap($0) } ?? rect }
        for operation in operations {
            switch operation {
            case .fill(let shape, let paint):
                let rect: Rect
                switch shape {
                case .roundedRect(let r): rect = r.bounds
                case .circle(let c): rect = c.bounds
                case .stroke: continue
                case .canvas:
                    rect = Rect(
                        PixelRect(x: -1_000_000_000, y: -1_000_000_000, width: 2_000_000_000, height: 2_000_000_000))
                }
                guard let (color, alpha) = coverage(paint) else { continue }
                // A masked layer's fill hides only as much as the mask lets it (its least).
                entries.append(Entry(kind: .cover(color, alpha: alpha * opacity), rect: clipped(rect)))
            case .backdropBlur(let shape, let sigma):
                entries.append(Entry(kind: .blur(sigma), rect: clipped(shape.bounds)))
            case .text(let text):
                entries.append(Entry(kind: .text(text, visibility: opacity, mask: mask), rect: clipped(text.frame)))
            case .layer(let layerOpacity, let layerMask, let inner):
                flatten(
                    inner, opacity: opacity * min(1, max(0, layerOpacity)), mask: layerMask ?? mask, clip: clip,
                    into: &entries)
            case .clip(let shape, let inner):
                flatten(inner, opacity: opacity, mask: mask, clip: clipped(shape.bounds), into: &entries)
            case .group(let group):
                flatten(group.operations, opacity: opacity, mask: mask, clip: clip, into: &entries)
            case .stroke, .shadow, .image, .pixels:
                continue
            }
        }
    }

    /// A paint's colour and the least alpha it has anywhere (nil: it hides nothing).
    private static func coverage(_ paint: Paint) -> (Color, Double)? {
        switch paint {
        case .solid(let color): return (color, color.alpha)
        case .linear(let gradient): return leastOpaque(gradient.stops)
        case .radial(let gradient): return leastOpaque(gradient.stops)
        default: return nil
        }
    }

    private static func leastOpaque(_ stops: [GradientStop]) -> (Color, Double)? {
        guard let least = stops.min(by: { $0.color.alpha < $1.color.alpha }) else { return nil }
        return (least.color, least.color.alpha)
    }

    /// The most a mask shows over `rect`'s rows (1 without a mask).
    private static func maskAlpha(_ mask: VerticalMask?, over rect: Rect) -> Double {
        guard let mask else { return 1 }
        let first = Int(saturating: rect.minY, rounding: .down, in: -1...1_000_000)
        let last = Int(saturating: rect.maxY, rounding: .up, in: -1...1_000_000)
        guard first < last else { return mask.alpha(row: first) }
        var most = 0.0
        for row in first..<last { most = max(most, mask.alpha(row: row)) }
        return most
    }

    private static func snippet(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(39)) + "…" : text
    }
}

extension Rect {
    /// The part two rectangles share (zero-sized when they do not overlap).
    fileprivate func overlap(_ other: Rect) -> Rect { intersection(other) }

    /// True when `other` lies wholly inside.
    fileprivate func encloses(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }
}
