import Foundation
import HowdyNumbers
import HowdyRender

/// One text whose contrast against what is behind it is below WCAG 2.x's minimum.
public struct ContrastFinding: Sendable, Hashable, CustomStringConvertible {
    /// The screen's name (`06-goal`).
    public var screen: String
    /// Device, scheme, Dynamic Type size and time, e.g. `phone light large t=0`.
    public var combination: String
    /// The text's role (`title`, `body`, `primary button`...).
    public var role: String
    /// The text itself (shortened).
    public var text: String
    /// The worst ratio found over the text's frame and the animation's frames.
    public var ratio: Double
    /// 4.5 for body text, 3 for large text (18 pt and up, or 14 pt bold and up) and icons.
    public var required: Double

    /// A readable form for messages and logs.
    public var description: String {
        "\(screen) [\(combination)] \(role) \"\(text)\": contrast \(String(format: "%.2f", ratio)):1, needs \(formatNumber(required)):1"
    }
}

/// What `ContrastLint.check` looked at.
public struct ContrastReport: Sendable {
    /// Texts below their minimum, worst frame of each.
    public var findings: [ContrastFinding]
    /// Text elements checked (per combination and frame).
    public var checkedTexts: Int
    /// The lowest ratio of each screen and role, for a summary.
    public var worstByRole: [String: Double]
    /// True when every checked text meets its minimum.
    public var passed: Bool { findings.isEmpty }
}

/// WCAG 2.x contrast of every text role against what is actually behind it: the screen is
/// drawn without its text (background, card, button fills), and each text's colour is
/// compared with every pixel under the text's frame; the worst pixel counts. Animated
/// backgrounds are sampled at `frames` times over one cycle, plus the matrix's times.
///
/// Not checked: emoji and the app icon (pictures), disabled controls and text under an
/// alert's dimming (inactive, exempt in WCAG), and text scrolled into the fade band.
public enum ContrastLint {
    /// Checks `document` over `matrix`; `frames` animation frames per cycle (default 8).
    /// - Throws: `ScreenError` naming the screen, around a `TextError` for a font that
    ///   fails or a `RenderError` for a glyph that cannot be loaded or a size out of limits.
    public static func check(_ document: FlowDocument, matrix: RenderMatrix, frames: Int = 8) throws -> ContrastReport {
        var findings: [ContrastFinding] = []
        var worst: [String: Double] = [:]
        var checked = 0
        let screens = FlowPages.screens(document)
        for base in matrix.environments(locale: document.locale, localization: document.localization) {
            var times = [base.time]
            if document.theme.background.isAnimated(reduceMotion: base.reduceMotion),
                case .animatedGradient(_, _, let motion) = document.theme.background
            {
                let cycle = motion.cycleDuration
                times += (0..<max(1, frames)).map { Double($0) * cycle / Double(max(1, frames)) }
            }
            for named in screens {
                var worstHere: [Int: (Double, ContrastFinding)] = [:]
                for time in times {
                    var environment = base
                    environment.time = time
                    let list: DisplayList, backdrop: Image
                    do {
                        list = try named.screen.layout(theme: document.theme, environment: environment)
                            .displayList(environment: environment)
                        backdrop = try list.withoutItemTexts().render()
                    } catch {
                        throw ScreenError(screen: named.name, underlying: error)
                    }
                    for (text, index) in textsToCheck(list) {
                        checked += 1
                        let ratio = worstRatio(color: text.color, over: backdrop, rect: text.frame)
                        let required = text.isLarge || text.role.isIcon ? 3.0 : 4.5
                        let key = "\(named.name) \(text.role)"
                        worst[key] = min(worst[key] ?? .infinity, ratio)
                        if ratio < required, ratio < (worstHere[index]?.0 ?? .infinity) {
                            let locale = matrix.locales.isEmpty ? "" : " \(environment.locale)"
                            let combination =
                                "\(environment.device.name) \(environment.colorScheme.rawValue)\(locale) \(environment.dynamicTypeSize.rawValue) t=\(String(format: "%.2f", time))s"
                            let snippet = text.string.count > 40 ? String(text.string.prefix(39)) + "…" : text.string
                            worstHere[index] = (
                                ratio,
                                ContrastFinding(
                                    screen: named.name, combination: combination, role: text.role.rawValue,
                                    text: snippet, ratio: ratio, required: required)
                            )
                        }
                    }
                }
                findings += worstHere.keys.sorted().compactMap { worstHere[$0]?.1 }
            }
        }
        return ContrastReport(findings: findings, checkedTexts: checked, worstByRole: worst)
    }

    /// The item texts of `list` that lint holds to a minimum, in drawing order: not
    /// pictures (emoji, the app icon), not disabled controls, not texts under an alert's
    /// dimming, and not content texts reaching into the fade band above the footer.
    static func textsToCheck(_ list: DisplayList) -> [(text: DisplayText, index: Int)] {
        func itemTexts(_ operations: [DisplayOperation]) -> [DisplayText] {
            operations.compactMap { if case .text(let text) = $0 { text } else { nil } }
        }
        let fadeStart = list.contentMask?.stops.first?.y
        let content = itemTexts(list.content).filter { text in fadeStart.map { text.frame.maxY <= $0 } ?? true }
        let candidates = list.overlay.isEmpty ? content + itemTexts(list.footer) : itemTexts(list.overlay)
        return candidates.enumerated().compactMap { index, text in
            text.role.isPicture || text.role.isDisabled ? nil : (text, index)
        }
    }

    /// The lowest contrast between `color` (composited over each pixel) and the pixels
    /// under `frame` (pt at `scale` px per pt).
    /// - Throws: `RenderError.invalidGeometry` naming the frame when it is no rectangle in
    ///   px (a NaN, infinite or negative number): its pixels cannot be read, and 21:1 (a
    ///   pass) would hide that.
    public static func worstRatio(
        color: Color, over image: Image, frame: Frame, scale: Double
    ) throws(RenderError) -> Double {
        worstRatio(color: color, over: image, rect: try frame.pixels(scale))
    }

    /// The lowest contrast between `color` (composited over each pixel) and the pixels
    /// under `rect` (px; partly covered pixels count).
    public static func worstRatio(color: Color, over image: Image, rect: Rect) -> Double {
        let x0 = Int(saturating: rect.minX, rounding: .down, in: 0...image.width),
            x1 = Int(saturating: rect.maxX, rounding: .up, in: 0...image.width)
        let y0 = Int(saturating: rect.minY, rounding: .down, in: 0...image.height),
            y1 = Int(saturating: rect.maxY, rounding: .up, in: 0...image.height)
        guard x0 < x1, y0 < y1 else { return 21 }
        var worst = 21.0
        var seen = Set<SIMD4<UInt8>>()
        for y in y0..<y1 {
            for x in x0..<x1 {
                let p = image[x, y]
                guard seen.insert(p).inserted else { continue }
                let a = Double(p.w) / 255
                let behind =
                    a > 0
                    ? Color(red: Double(p.x) / 255 / a, green: Double(p.y) / 255 / a, blue: Double(p.z) / 255 / a).over(
                        .black)
                    : Color.black
                let text = color.over(behind)
                worst = min(worst, text.contrastRatio(with: behind))
            }
        }
        return worst
    }
}
