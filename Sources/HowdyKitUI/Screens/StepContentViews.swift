import Foundation
import HowdyKit
import HowdyRender
import HowdyText

/// Layout nodes for each kind of step content.
extension ScreenContext {
    func content(_ content: StepContent) -> LayoutNode? {
        switch content {
        case .none:
            return nil
        case .paragraph(let text):
            return body(text, color: colors.secondary, alignment: .center, role: "paragraph").balancedText()
        case .features(let items):
            return .vstack(
                spacing: isCompactHeight ? 16 : 22, alignment: .leading,
                children: items.map { featureRow($0).filling() })
        case .singleSelect(let options, let selected):
            return .vstack(
                spacing: 12, alignment: .center, children: options.map { optionRow($0, selected: $0.id == selected) })
        case .commitment(let commitment, let value):
            return commitmentSlider(commitment, value: value)
        case .building(let messages, let progress):
            return building(messages, progress: progress)
        case .permission(let icon, let status, let details, let deniedDetails):
            return permission(icon: icon, status: status, details: details, deniedDetails: deniedDetails)
        case .paywall(let plans, let selected, _):
            return .vstack(
                spacing: 12, alignment: .center,
                children: plans.map { planRow($0, selected: $0.id == (selected ?? plans.first?.id)) })
        }
    }

    /// A selectable row: rounded, filled, with an accent ring and check when selected.
    private func selectableRow(_ inner: LayoutNode, selected: Bool, role: String) -> LayoutNode {
        let accent = colors.accent
        let fill = selected ? accent.opacity(scheme == .light ? 0.12 : 0.22) : colors.fill.opacity(0.7)
        let cardFill = theme.cardBackground == nil ? fill : (selected ? fill : colors.fill.opacity(0.55))
        return .background(
            inner.padding(EdgeInsets(top: 14, leading: 16, bottom: 14, trailing: 16)).filling(), role: role
        ) { canvas, rect, scale in
            Draw.rounded(&canvas, rect, radius: 16 * scale, color: cardFill)
            if selected { Draw.ring(&canvas, rect, radius: 16 * scale, width: 2 * scale, color: accent) }
        }
    }

    /// A check in a filled accent circle (selected) or an empty ring.
    private func checkCircle(selected: Bool) -> LayoutNode {
        let accent = colors.accent
        let ring = colors.secondary.opacity(0.5)
        let onAccent = colors.primaryButtonForeground
        return .shape(width: 24, height: 24, role: "check") { canvas, rect, scale in
            if selected {
                Draw.circle(&canvas, center: rect.center, radius: rect.width / 2, color: accent)
                Draw.checkMark(
                    &canvas, in: rect.insetBy(dx: rect.width * 0.12, dy: rect.height * 0.12), width: 2.4 * scale,
                    color: onAccent)
            } else {
                Draw.ring(
                    &canvas, rect.insetBy(dx: scale, dy: scale), radius: rect.width / 2, width: 1.6 * scale, color: ring
                )
            }
        }
    }

    func optionRow(_ option: SelectOption, selected: Bool) -> LayoutNode {
        var children: [LayoutNode] = []
        if let emoji = option.emoji {
            var element = TextElement(
                emoji, font: cappedFont(fonts.body, size: 24), color: colors.primary, alignment: .center, role: "emoji")
            element.noWrap = true
            children.append(
                .frame(
                    maxWidth: 24 * min(typeScale, 1.5) + 8, minHeight: nil, alignment: .center, content: .text(element))
            )
        }
        children.append(emphasized(option.label, role: "option"))
        children.append(checkCircle(selected: selected))
        return selectableRow(
            .hstack(spacing: 12, topAligned: false, children: children), selected: selected, role: "option row")
    }

    func planRow(_ plan: PaywallPlan, selected: Bool) -> LayoutNode {
        let price = [plan.price, plan.period].compactMap { $0 }.joined(separator: " / ")
        var text: [LayoutNode] = [emphasized(plan.title, role: "plan title")]
        if !price.isEmpty { text.append(caption(price, role: "plan price")) }
        return selectableRow(
            .hstack(
                spacing: 12, topAligned: false,
                children: [
                    .vstack(spacing: 2, alignment: .leading, children: text).filling(), checkCircle(selected: selected),
                ]),
            selected: selected, role: "plan row")
    }

    func commitmentSlider(_ commitment: Commitment, value: Double) -> LayoutNode {
        let clamped = min(commitment.upperBound, max(commitment.lowerBound, commitment.snap(value)))
        let span = commitment.upperBound - commitment.lowerBound
        let fraction = span > 0 ? (clamped - commitment.lowerBound) / span : 0
        let accent = colors.accent
        let track = colors.fill
        let scheme = self.scheme
        let rtl = environment.isRightToLeft
        let slider: LayoutNode = .shape(width: nil, height: 30, role: "slider") { canvas, rect, scale in
            let knob = 14 * scale
            let y = rect.center.y
            let x0 = rect.minX + knob, x1 = rect.maxX - knob
            let t = rtl ? 1 - fraction : fraction
            let x = x0 + (x1 - x0) * t
            let h = 6 * scale
            if let full = try? RoundedRect.capsule(Rect(x: x0 - h / 2, y: y - h / 2, width: x1 - x0 + h, height: h)) {
                canvas.fill(full, with: track)
            }
            let filled =
                rtl
                ? Rect(x: x, y: y - h / 2, width: x1 - x + h / 2, height: h)
                : Rect(x: x0 - h / 2, y: y - h / 2, width: x - x0 + h / 2, height: h)
            if let part = try? RoundedRect.capsule(filled) { canvas.fill(part, with: accent) }
            if let thumb = try? RoundedRect.capsule(Rect(x: x - knob, y: y - knob, width: 2 * knob, height: 2 * knob)) {
                try? canvas.drawShadow(
                    of: thumb, color: Color.black.opacity(scheme == .light ? 0.18 : 0.5),
                    offset: Point(x: 0, y: 2 * scale), blurRadius: 8 * scale)
                canvas.fill(thumb, with: .white)
            }
        }
        let valueText = commitment.format(clamped)
        return .vstack(
            spacing: 16, alignment: .center,
            children: [
                .text(
                    TextElement(
                        valueText, font: displayFont(fonts.title, size: 48), color: accent, alignment: .center,
                        role: "value")),
                slider,
                .hstack(
                    spacing: 8, topAligned: false,
                    children: [
                        caption(commitment.format(commitment.lowerBound), role: "range").filling(.leading),
                        caption(commitment.format(commitment.upperBound), role: "range").filling(.trailing),
                    ]),
            ])
    }

    func building(_ messages: [String], progress: Double) -> LayoutNode {
        let p = min(1, max(0, progress.isNaN ? 0 : progress))
        let done = Int((p * Double(messages.count)).rounded(.down))
        let accent = colors.accent
        let track = colors.fill
        let onAccent = colors.primaryButtonForeground
        let secondary = colors.secondary
        let time = environment.time
        let bar: LayoutNode = .shape(width: nil, height: 8, role: "progress") { canvas, rect, _ in
            if let full = try? RoundedRect.capsule(rect) { canvas.fill(full, with: track) }
            if p > 0,
                let part = try? RoundedRect.capsule(
                    Rect(x: rect.minX, y: rect.minY, width: max(rect.height, rect.width * p), height: rect.height))
            {
                canvas.fill(part, with: accent)
            }
        }
        var rows: [LayoutNode] = []
        for (i, message) in messages.enumerated() {
            let state = i < done ? 0 : (i == done ? 1 : 2)
            let mark: LayoutNode = .shape(width: 24, height: 24, role: "status") { canvas, rect, scale in
                switch state {
                case 0:
                    Draw.circle(&canvas, center: rect.center, radius: rect.width / 2, color: accent)
                    Draw.checkMark(
                        &canvas, in: rect.insetBy(dx: rect.width * 0.12, dy: rect.height * 0.12), width: 2.4 * scale,
                        color: onAccent)
                case 1:
                    Draw.spinner(&canvas, center: rect.center, radius: rect.width * 0.42, color: secondary, time: time)
                default:
                    Draw.ring(
                        &canvas, rect.insetBy(dx: scale, dy: scale), radius: rect.width / 2, width: 1.6 * scale,
                        color: secondary.opacity(0.5))
                }
            }
            let text = i <= done ? body(message, role: "message") : body(message, color: secondary, role: "message")
            rows.append(.hstack(spacing: 12, topAligned: false, children: [mark, text.filling()]).filling())
        }
        let percent = "\(Int((p * 100).rounded()))%"
        return .vstack(
            spacing: 20, alignment: .center,
            children: [
                .text(
                    TextElement(
                        percent, font: displayFont(fonts.title, size: 40), color: accent, alignment: .center,
                        role: "value")),
                bar,
                .vstack(spacing: 14, alignment: .leading, children: rows),
            ])
    }

    func permission(icon: Icon, status: PermissionStatus, details: String?, deniedDetails: String?) -> LayoutNode {
        let accent = colors.accent
        let success = colors.success
        let badge: LayoutNode
        switch status {
        case .authorized:
            badge = .shape(width: 96, height: 96, role: "granted") { canvas, rect, scale in
                Draw.circle(&canvas, center: rect.center, radius: rect.width / 2, color: success)
                Draw.checkMark(
                    &canvas, in: rect.insetBy(dx: rect.width * 0.2, dy: rect.height * 0.2), width: 7 * scale,
                    color: .white)
            }
        case .notRequested, .denied:
            let tint = status == .denied ? colors.secondary : accent
            let halo = tint.opacity(scheme == .light ? 0.14 : 0.24)
            badge = .background(
                .frame(
                    maxWidth: 96, minHeight: 96, alignment: .center,
                    content: self.icon(icon, size: 48, color: tint, role: "permission icon")),
                role: "permission badge"
            ) { canvas, rect, _ in
                Draw.circle(&canvas, center: rect.center, radius: rect.height / 2, color: halo)
            }
        }
        var children: [LayoutNode] = [.frame(maxWidth: 96, minHeight: 96, alignment: .center, content: badge)]
        let text = status == .denied ? (deniedDetails ?? details) : details
        if let text {
            children.append(body(text, color: colors.secondary, alignment: .center, role: "details").balancedText())
        }
        return .vstack(spacing: 20, alignment: .center, children: children)
    }
}
