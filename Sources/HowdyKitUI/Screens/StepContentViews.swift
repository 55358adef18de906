import Foundation
import HowdyKit
import HowdyNumbers
import HowdyRender
import HowdyText

/// Layout nodes for each kind of step content.
extension ScreenContext {
    /// The layout of a step's content (nil for `.none`).
    public func content(_ content: StepContent) -> LayoutNode? {
        switch content {
        case .none:
            return nil
        case .paragraph(let text):
            return body(text, color: colors.secondary, alignment: .center, role: .paragraph).balancedText()
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
        case .custom(let node):
            return layout(node)
        }
    }

    /// A selectable row: rounded, filled, with an accent ring and check when selected.
    public func selectableRow(_ inner: LayoutNode, selected: Bool, role: SemanticRole) -> LayoutNode {
        let accent = colors.accent
        let fill = selected ? accent.opacity(scheme == .light ? 0.12 : 0.22) : colors.fill.opacity(0.7)
        let cardFill = theme.cardBackground == nil ? fill : (selected ? fill : colors.fill.opacity(0.55))
        var decoration: [Decoration] = [.roundedRect(cornerRadius: 16, color: cardFill)]
        if selected { decoration.append(.stroke(cornerRadius: 16, width: 2, color: accent)) }
        return .background(
            inner.padding(EdgeInsets(top: 14, leading: 16, bottom: 14, trailing: 16)).filling(), role: role,
            decoration: .layers(decoration))
    }

    /// A check in a filled accent circle (selected) or an empty ring, 24 pt.
    public func checkCircle(selected: Bool) -> LayoutNode {
        .shape(width: 24, height: 24, role: .check, decoration: checkDecoration(selected ? .done : .pending))
    }

    /// A status mark's state: ticked off, in progress, not yet reached.
    private enum MarkState { case done, active, pending }

    /// A check in an accent circle (done), a spinner (active) or an empty ring (pending).
    private func checkDecoration(_ state: MarkState) -> Decoration {
        switch state {
        case .done:
            .layers([
                .circle(colors.accent),
                .checkMark(inset: 0.12, width: 2.4, color: colors.primaryButtonForeground),
            ])
        case .active:
            .spinner(color: colors.secondary, time: environment.motionTime, radius: nil)
        case .pending:
            .stroke(cornerRadius: 12, width: 1.6, inset: 1, color: colors.secondary.opacity(0.5))
        }
    }

    /// A single-select option: optional emoji, label and check, tagged with the option's ID.
    public func optionRow(_ option: SelectOption, selected: Bool) -> LayoutNode {
        var children: [LayoutNode] = []
        if let emoji = option.emoji {
            var element = TextElement(
                emoji, font: cappedFont(fonts.body, size: 24), color: colors.primary, alignment: .center, role: .emoji)
            element.noWrap = true
            children.append(
                .frame(
                    maxWidth: 24 * min(typeScale, 1.5) + 8, minHeight: nil, alignment: .center, content: .text(element))
            )
        }
        children.append(emphasized(option.label, role: .option))
        children.append(checkCircle(selected: selected))
        return selectableRow(
            .hstack(spacing: 12, topAligned: false, children: children), selected: selected, role: .optionRow
        ).identified(option.id)
    }

    /// A paywall plan: title, price and check, tagged with the plan's ID.
    public func planRow(_ plan: PaywallPlan, selected: Bool) -> LayoutNode {
        let price = [plan.price, plan.period].compactMap { $0 }.joined(separator: " / ")
        var text: [LayoutNode] = [emphasized(plan.title, role: .planTitle)]
        if !price.isEmpty {
            // Price and period are looked up apart ("month" is one key for every plan).
            let parts = [plan.price, plan.period].compactMap { $0 }.map(LocalizableText.key)
            text.append(
                caption(price, role: .planPrice).localized(
                    as: .concatenation(Array(parts.map { [$0] }.joined(separator: [.verbatim(" / ")])))))
        }
        return selectableRow(
            .hstack(
                spacing: 12, topAligned: false,
                children: [
                    .vstack(spacing: 2, alignment: .leading, children: text).filling(), checkCircle(selected: selected),
                ]),
            selected: selected, role: .planRow
        ).identified(plan.id)
    }

    /// A commitment's value (shrinking to 70 % before a word of it breaks), slider and range ends.
    public func commitmentSlider(_ commitment: Commitment, value: Double) -> LayoutNode {
        let clamped = min(commitment.upperBound, max(commitment.lowerBound, commitment.snap(value)))
        let span = commitment.upperBound - commitment.lowerBound
        let fraction = span > 0 ? (clamped - commitment.lowerBound) / span : 0
        let accent = colors.accent
        let slider: LayoutNode = .shape(
            width: nil, height: 30, role: .slider,
            decoration: .slider(
                fraction: fraction, rightToLeft: environment.isRightToLeft, track: colors.fill, fill: accent,
                scheme: scheme))
        let valueText = commitment.format(clamped)
        return .vstack(
            spacing: 16, alignment: .center,
            children: [
                .text(
                    TextElement(
                        valueText, font: displayFont(fonts.title, size: 48), color: accent, alignment: .center,
                        role: .value)
                ).minimumScaleFactor(Self.textShrink).localized(as: .value(clamped, of: commitment)),
                slider,
                .hstack(
                    spacing: 8, topAligned: false,
                    children: [
                        caption(commitment.format(commitment.lowerBound), role: .range)
                            .localized(as: .value(commitment.lowerBound, of: commitment)).filling(.leading),
                        caption(commitment.format(commitment.upperBound), role: .range)
                            .localized(as: .value(commitment.upperBound, of: commitment)).filling(.trailing),
                    ]),
            ])
    }

    /// A building step: percentage, progress bar and DeliciousKit's "beat": one message at
    /// a time, cycling with the environment's time (`BuildingBeat`; Reduce Motion holds the
    /// first), beside a spinner, or a check once `progress` reaches 1.
    public func building(_ messages: [String], progress: Double) -> LayoutNode {
        let p = min(1, max(0, progress.isNaN ? 0 : progress))
        let accent = colors.accent
        let bar: LayoutNode = .shape(
            width: nil, height: 8, role: .progress,
            decoration: .progressBar(fraction: p, track: colors.fill, fill: accent))
        let percent = "\(Int(saturatingRounded: p * 100))%"
        var children: [LayoutNode] = [
            .text(
                TextElement(
                    percent, font: displayFont(fonts.title, size: 40), color: accent, alignment: .center, role: .value)
            ).minimumScaleFactor(Self.textShrink),
            bar,
        ]
        if !messages.isEmpty {
            let finished = p >= 1
            // Finished, the beat rests on the last message; until then it cycles.
            let index =
                finished
                ? messages.count - 1 : BuildingBeat.messageIndex(count: messages.count, environment: environment)
            let mark: LayoutNode = .shape(
                width: 24, height: 24, role: .status, decoration: checkDecoration(finished ? .done : .active))
            children.append(
                .hstack(
                    spacing: 12, topAligned: false, children: [mark, body(messages[index], role: .message).filling()]
                )
                .filling())
        }
        return .vstack(spacing: 20, alignment: .center, children: children)
    }

    /// A permission's badge (its icon on a halo, or a check when granted) and details.
    public func permission(icon: Icon, status: PermissionStatus, details: String?, deniedDetails: String?)
        -> LayoutNode
    {
        let accent = colors.accent
        let badge: LayoutNode
        switch status {
        case .authorized:
            badge = .shape(
                width: 96, height: 96, role: .granted,
                decoration: .layers([.circle(colors.success), .checkMark(inset: 0.2, width: 7, color: .white)]))
        case .notRequested, .denied:
            let tint = status == .denied ? colors.secondary : accent
            let halo = tint.opacity(scheme == .light ? 0.14 : 0.24)
            badge = .background(
                .frame(
                    maxWidth: 96, minHeight: 96, alignment: .center,
                    content: self.icon(icon, size: 48, color: tint, role: .permissionIcon)),
                role: .permissionBadge, decoration: .circle(halo))
        }
        var children: [LayoutNode] = [.frame(maxWidth: 96, minHeight: 96, alignment: .center, content: badge)]
        let text = status == .denied ? (deniedDetails ?? details) : details
        if let text {
            children.append(body(text, color: colors.secondary, alignment: .center, role: .details).balancedText())
        }
        return .vstack(spacing: 20, alignment: .center, children: children)
    }
}
