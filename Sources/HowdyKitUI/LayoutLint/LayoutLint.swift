import HowdyText

/// What `LayoutLint.check` found and how much it looked at.
public struct LayoutLintReport: Sendable {
    /// Every finding, in matrix order (locale, device, size), then screen, then drawing order;
    /// a missing string is reported once per key and locale, at the first screen showing it.
    public var findings: [LayoutFinding]
    /// Screens laid out (per locale, device and size).
    public var checkedScreens: Int
    /// True when nothing was found.
    public var passed: Bool { findings.isEmpty }
}

/// Lint across locales: lays out every screen in every locale, device and Dynamic Type
/// size of a matrix (schemes, times and scroll positions do not change layout: the first
/// of each is used) and reports, as ``LayoutFinding``s:
///
/// - a text that overflows its box (a button, row, card or alert it sits in) or the screen;
/// - a text that shrank to its minimum scale and still broke a word;
/// - a text broken inside a word (a line end that is not a UAX #14 opportunity of the
///   locale, nor a hyphenation point);
/// - a footer pushed above the top safe area (the footer is pinned: no scroll shows it);
/// - a tappable control under 44 × 44 pt: primary buttons, option and plan rows, text
///   buttons (their label's width × their row's height, 44 pt at least) and the alert's
///   button (the alert's width × 44 pt), and sliders: their track's width × 44 pt, since
///   the thumb's touch area reaches past the 30 pt track as UISlider's does, so a slider
///   fails only when it is narrower than 44 pt;
/// - with a `localization`, every key missing for the locale (``LocalizationFinding``).
///
/// Icon ligatures, emoji and the app icon are not texts here.
public enum LayoutLint {
    /// Checks `document` over `matrix`.
    /// - Throws: `ScreenError` naming the screen, around a `TextError` for a font that
    ///   fails or ICU's line rules that cannot be opened.
    public static func check(_ document: FlowDocument, matrix: RenderMatrix) throws -> LayoutLintReport {
        var findings: [LayoutFinding] = []
        var checked = 0
        var reportedStrings = Set<LocalizationFinding>()
        let screens = FlowPages.screens(document)
        var seen = Set<String>()
        for base in matrix.environments(locale: document.locale, localization: document.localization) {
            // Layout depends on locale, device and type size only.
            let combination = "\(base.locale)|\(base.device.name)|\(base.dynamicTypeSize.rawValue)"
            guard seen.insert(combination).inserted else { continue }
            var environment = base
            environment.scroll = .top
            for named in screens {
                let layout: ScreenLayout
                do {
                    layout = try named.screen.layout(theme: document.theme, environment: environment)
                    checked += 1
                    for finding in try Self.findings(in: layout, screen: named.name, environment: environment) {
                        if case .missingString(let missing) = finding.kind {
                            guard reportedStrings.insert(missing).inserted else { continue }
                        }
                        findings.append(finding)
                    }
                } catch {
                    throw ScreenError(screen: named.name, underlying: error)
                }
            }
        }
        return LayoutLintReport(findings: findings, checkedScreens: checked)
    }

    /// The findings in one screen's `layout`, laid out in `environment`, reported under
    /// `screen`; missing strings are not deduplicated here (``check(_:matrix:)`` does).
    /// - Throws: `TextError` when ICU's line rules for the locale cannot be opened.
    public static func findings(
        in layout: ScreenLayout, screen: String, environment: RenderEnvironment
    ) throws -> [LayoutFinding] {
        var context = Context(screen: screen, environment: environment)
        try context.check(layout)
        return context.findings
    }

    /// The roles of controls whose frame is their tap target.
    static let tappableShapes: Set<SemanticRole> = [.primaryButtonBackground, .optionRow, .planRow]
    /// The roles of boxes a text must stay inside when it sits in one.
    static let containers: Set<SemanticRole> = [.primaryButtonBackground, .optionRow, .planRow, .card, .alert]

    /// One screen's checks in one environment.
    private struct Context {
        let screen: String
        let environment: RenderEnvironment
        var findings: [LayoutFinding] = []

        init(screen: String, environment: RenderEnvironment) {
            self.screen = screen
            self.environment = environment
        }

        mutating func check(_ layout: ScreenLayout) throws {
            let device = environment.device
            for group in [layout.content, layout.footer, layout.overlay] {
                let boxes: [(Frame, SemanticRole)] = group.compactMap { item in
                    if case .shape(let frame, let role, _, _) = item, LayoutLint.containers.contains(role) {
                        return (frame, role)
                    }
                    return nil
                }
                for item in group {
                    switch item {
                    case .text(let text, let frame, _, let element):
                        guard LayoutEngine.isLocalizable(element) else { continue }
                        try checkText(text, frame: frame, element: element, boxes: boxes)
                    case .shape(let frame, let role, _, _):
                        if LayoutLint.tappableShapes.contains(role) {
                            checkTarget(role: role, text: nil, frame: frame)
                        } else if role == .slider {
                            checkTarget(
                                role: role, text: nil,
                                frame: Frame(x: frame.x, y: frame.y, width: frame.width, height: max(44, frame.height)))
                        }
                    }
                }
            }
            // The footer is pinned: whatever lies above the top safe area is never seen.
            if let first = layout.footer.min(by: { $0.frame.y < $1.frame.y }), first.frame.y < device.safeArea.top - 0.5
            {
                let bottom = layout.footer.map(\.frame.maxY).max() ?? first.frame.maxY
                add(
                    role: first.role, text: nil, width: layout.column.width, height: bottom - first.frame.y,
                    kind: .footerOffScreen(hidden: device.safeArea.top - first.frame.y))
            }
        }

        mutating func checkText(
            _ text: TextLayout, frame: Frame, element: TextElement, boxes: [(Frame, SemanticRole)]
        ) throws {
            let role = element.role
            if let localization = environment.localization {
                let looked =
                    element.localizable.map {
                        localization.text($0, locale: environment.locale, device: environment.device.deviceClass)
                    }
                    ?? localization.text(
                        element.string, locale: environment.locale, device: environment.device.deviceClass)
                for missing in looked.findings {
                    add(role: role, text: text.text, frame: frame, kind: .missingString(missing))
                }
            }
            // Overflow: outside the box whose area holds the text's centre, or the screen.
            let centre = (x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
            let slack = 0.5
            if let box = boxes.last(where: { box in
                box.0.x <= centre.x && centre.x <= box.0.maxX && box.0.y <= centre.y && centre.y <= box.0.maxY
            }),
                frame.x < box.0.x - slack || frame.maxX > box.0.maxX + slack || frame.y < box.0.y - slack
                    || frame.maxY > box.0.maxY + slack
            {
                add(role: role, text: text.text, frame: frame, kind: .overflow(container: box.1))
            } else if frame.x < -slack || frame.maxX > environment.device.width + slack {
                add(role: role, text: text.text, frame: frame, kind: .overflow(container: nil))
            }
            // Breaks inside words.
            if text.lines.count > 1 {
                let opportunities = Set(try lineBreakOpportunities(in: text.text, locale: environment.textLocale))
                let units = Array(text.text.utf16)
                for (line, next) in zip(text.lines, text.lines.dropFirst())
                where !line.endsWithHyphen && !opportunities.contains(next.range.lowerBound) {
                    let start = max(line.range.lowerBound, min(line.range.upperBound, units.count) - 12)
                    let tail = String(decoding: units[start..<min(line.range.upperBound, units.count)], as: UTF16.self)
                    let word = String(tail.split(whereSeparator: \.isWhitespace).last ?? Substring(tail))
                    let kind: LayoutFinding.Kind =
                        element.minimumScaleFactor < 1
                        ? .shrunkBelowMinimumScale(minimum: element.minimumScaleFactor) : .brokenInsideWord(word: word)
                    add(role: role, text: text.text, frame: frame, kind: kind)
                    break
                }
            }
            // Text buttons: the label's width × its row (44 pt at least).
            if role == .secondaryButton || role == .secondaryButtonDisabled {
                checkTarget(
                    role: role, text: text.text,
                    frame: Frame(x: frame.x, y: frame.y, width: frame.width, height: max(44, frame.height + 12)))
            }
            if role == .alertButton, let alert = boxes.last(where: { $0.1 == .alert }) {
                checkTarget(
                    role: role, text: text.text,
                    frame: Frame(x: alert.0.x, y: frame.y, width: alert.0.width, height: max(44, frame.height)))
            }
        }

        mutating func checkTarget(role: SemanticRole, text: String?, frame: Frame) {
            guard frame.width < 44 - 0.01 || frame.height < 44 - 0.01 else { return }
            add(role: role, text: text, frame: frame, kind: .smallHitTarget)
        }

        mutating func add(role: SemanticRole, text: String?, frame: Frame, kind: LayoutFinding.Kind) {
            add(role: role, text: text, width: frame.width, height: frame.height, kind: kind)
        }

        mutating func add(role: SemanticRole, text: String?, width: Double, height: Double, kind: LayoutFinding.Kind) {
            let snippet = text.map { $0.count > 40 ? String($0.prefix(39)) + "…" : $0 }
            findings.append(
                LayoutFinding(
                    screen: screen, locale: environment.locale, device: environment.device.name,
                    dynamicTypeSize: environment.dynamicTypeSize, role: role, text: snippet, width: width,
                    height: height, kind: kind))
        }
    }
}
