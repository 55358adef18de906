import Foundation
import HowdyKit
import HowdyRender

/// One screen of a flow with a stable name for file names (`01-welcome`, `04-push-denied`).
public struct NamedScreen: Sendable {
    /// `NN-SLUG[-STATE]`, numbered from 01 in page order.
    public var name: String
    /// The screen.
    public var screen: any OnboardingScreen
}

/// The pages a flow shows, in order: the welcome (and its loading/error states), the
/// welcome's route chain, then every step (a permission step once per state), with page
/// dots over the steps only: the welcome is not a page (HowdyKit pages only the steps). It lists screens; drawing them is
/// `OnboardingScreen.render` (or `RenderJob` for files).
public enum FlowPages {
    /// The screens of `document`: every page, or with `storage`, only the pages the flow
    /// still needs (the welcome while it is unrecorded, then the unrecorded steps), as
    /// `OnboardingFlowView` pages them. Answers in `storage` personalise later headlines.
    public static func screens(_ document: FlowDocument, storage: (any OnboardingStorage)? = nil) -> [NamedScreen] {
        var document = document
        if let storage {
            let flow = document.flow.makeFlow(storage: storage)
            if !flow.needsWelcome {
                // The route chain opens from the welcome; a recorded welcome takes it along.
                document.welcome = nil
                document.routes = []
            }
            var steps: [StepSpec] = []
            var presentations: [FlowDocument.StepPresentation] = []
            for (step, presentation) in zip(document.flow.steps, document.stepPresentations) {
                if let answers = storage as? any OnboardingAnswerStorage, document.answers[step.answerKey] == nil,
                    let answer = answers.answer(for: step.answerKey)
                {
                    switch answer {
                    case .option(let id): document.answers[step.answerKey] = id
                    case .number(let value): document.answers[step.answerKey] = formatNumber(value)
                    }
                }
                guard flow.value(for: step.id) == nil else { continue }
                steps.append(step)
                presentations.append(presentation)
            }
            document.allSteps = document.flow.steps
            document.flow.steps = steps
            document.stepPresentations = presentations
        }
        return allScreens(document)
    }

    private static func allScreens(_ document: FlowDocument) -> [NamedScreen] {
        var result: [NamedScreen] = []
        // The welcome is not a page: HowdyKit shows it first and pages only the steps
        // (`OnboardingPager`), so the dots count the steps alone.
        let pageCount = document.flow.steps.count
        var number = 1
        func name(_ text: String) -> String {
            defer { number += 1 }
            return String(format: "%02d-", number) + text
        }
        if let welcome = document.welcome {
            for state in welcome.states {
                let suffix = state == .default ? "" : "-\(state.rawValue)"
                let screen = OnboardingWelcomeView(
                    content: welcome.content, isLoading: state == .loading,
                    errorMessage: state == .error ? welcome.errorMessage : nil)
                result.append(NamedScreen(name: name("welcome" + suffix), screen: screen))
            }
            for (index, route) in document.routes.enumerated() {
                let screen = RouteScreen(
                    route: route, isLast: index == document.routes.count - 1,
                    nextText: welcome.content.primaryRouteNextButtonText,
                    doneText: welcome.content.primaryRouteDoneButtonText,
                    page: document.routes.count > 1 ? PagePosition(index: index, count: document.routes.count) : nil,
                    background: document.routeBackgrounds[route.id])
                result.append(NamedScreen(name: name("route-" + slug(route.id)), screen: screen))
            }
        } else {
            for (index, route) in document.routes.enumerated() {
                let screen = RouteScreen(
                    route: route, isLast: index == document.routes.count - 1,
                    background: document.routeBackgrounds[route.id])
                result.append(NamedScreen(name: name("route-" + slug(route.id)), screen: screen))
            }
        }
        var answers = document.answers
        for (index, (step, presentation)) in zip(document.flow.steps, document.stepPresentations).enumerated() {
            let page = pageCount > 1 ? PagePosition(index: index, count: pageCount) : nil
            // A what's-new page's ID ends in its version, whose last component alone says nothing.
            let base =
                document.flow.releaseNotes?.version(of: step.id).map {
                    "whatsnew-" + $0.components.map(String.init).joined(separator: "-")
                } ?? slug(step.id.rawValue)
            for (suffix, screen) in stepScreens(
                step, presentation, answers: answers, steps: document.allSteps ?? document.flow.steps, page: page)
            {
                result.append(NamedScreen(name: name(base + suffix), screen: screen))
            }
            // Later steps see this step's previewed answer (as its label) unless `answers` says otherwise.
            if answers[step.answerKey] == nil {
                switch step.kind {
                case .singleSelect(let options):
                    if let selected = presentation.selected ?? options.first?.id { answers[step.answerKey] = selected }
                case .commitment(let commitment):
                    answers[step.answerKey] = formatNumber(presentation.value ?? commitment.defaultValue)
                default:
                    break
                }
            }
        }
        return result
    }

    /// The last dot-separated component of an ID, safe for file names, HTML and shells.
    ///
    /// Step and route IDs come from the spec, which a pull request controls, and the slug
    /// becomes a file name, an `index.html` attribute and a review card. The policy is per
    /// Unicode scalar (never per `Character`: U+0D4E, a prepended mark, makes `"` part of
    /// a letter's grapheme): ASCII letters, digits, `-` and `_` are kept, and so are
    /// non-ASCII letters, marks and digits (`größe`, `नमस्ते`); every other scalar (quotes,
    /// `<`, `/`, spaces, controls, ZWJ, bidi controls) becomes `-`. At most
    /// `maximumSlugBytes` UTF-8 bytes are kept, cut at a scalar, so that a file name stays
    /// under NAME_MAX with the device, scheme and locale after it. The screen number before
    /// the slug keeps two IDs that slug alike apart.
    static func slug(_ id: String) -> String {
        let last = id.split(separator: ".").last.map(String.init) ?? id
        var cleaned = String.UnicodeScalarView()
        var bytes = 0
        for scalar in last.unicodeScalars {
            let kept = isSlugScalar(scalar) ? scalar : "-"
            bytes += UTF8.width(kept)
            guard bytes <= maximumSlugBytes else { break }
            cleaned.append(kept)
        }
        return cleaned.isEmpty ? "step" : String(cleaned)
    }

    /// Whether `name` has the form of a screen's name: two or more ASCII digits, `-`, then
    /// slug scalars only (see `slug(_:)`).
    static func isScreenName(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard let dash = scalars.firstIndex(of: "-"), dash >= 2, dash + 1 < scalars.count else { return false }
        return scalars[..<dash].allSatisfy { ("0"..."9").contains($0) }
            && scalars[(dash + 1)...].allSatisfy(isSlugScalar)
    }

    /// The most UTF-8 bytes of an ID kept in a screen's name.
    static let maximumSlugBytes = 80

    private static func isSlugScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return true
            default: return false
            }
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// `{key}` in `text` replaced by the answer's label (an option's label when the
    /// answer is an option ID of a single-select step), or left as is.
    static func personalize(_ text: String, answers: [String: String], steps: [StepSpec]) -> String {
        var result = text
        for (key, value) in answers {
            var label = value
            for step in steps where step.answerKey == key {
                if case .singleSelect(let options) = step.kind, let option = options.first(where: { $0.id == value }) {
                    label = option.label.lowercased()
                }
                if case .commitment(let commitment) = step.kind, let number = Double(value) {
                    label = commitment.format(number)
                }
            }
            result = result.replacingOccurrences(of: "{\(key)}", with: label)
        }
        return result
    }

    /// How a personalised `text` is localised: the template is the key, and each `{key}`
    /// it holds becomes the answer's label looked up and lowercased (an option), the
    /// commitment's counted value, or the answer as written.
    static func personalizedText(_ text: String, answers: [String: String], steps: [StepSpec]) -> LocalizableText {
        var substitutions: [String: LocalizableText] = [:]
        for (key, value) in answers where text.contains("{\(key)}") {
            var label = LocalizableText.verbatim(value)
            for step in steps where step.answerKey == key {
                if case .singleSelect(let options) = step.kind, let option = options.first(where: { $0.id == value }) {
                    label = .lowercased(.key(option.label))
                }
                if case .commitment(let commitment) = step.kind, let number = Double(value) {
                    label = .value(number, of: commitment)
                }
            }
            substitutions[key] = label
        }
        return .template(text, substitutions: substitutions)
    }

    private static func stepScreens(
        _ step: StepSpec, _ p: FlowDocument.StepPresentation, answers: [String: String], steps: [StepSpec],
        page: PagePosition?
    ) -> [(String, any OnboardingScreen)] {
        let header = OnboardingHeader(
            icon: step.icon.map(Icon.init), title: step.title ?? "", headline: step.headline)
        let primary = OnboardingAction(p.primaryAction ?? "Continue")
        let secondary = p.secondaryAction.map { OnboardingAction($0) }
        let skip = skipAction(step, p)
        switch step.kind {
        case .feature:
            let content: StepContent = step.body.map { .paragraph($0) } ?? .none
            return [
                (
                    "",
                    OnboardingStepView(
                        header: header, content: content, primary: primary, secondary: secondary, skip: skip,
                        page: page)
                )
            ]
        case .singleSelect(let options):
            return [
                (
                    "",
                    OnboardingStepView(
                        header: header, content: .singleSelect(options: options, selected: p.selected),
                        primary: primary, secondary: secondary, skip: skip, page: page)
                )
            ]
        case .commitment(let commitment):
            return [
                (
                    "",
                    OnboardingStepView(
                        header: header, content: .commitment(commitment, value: p.value ?? commitment.defaultValue),
                        primary: primary, secondary: secondary, skip: skip, page: page)
                )
            ]
        case .building(let messages):
            return [
                (
                    "",
                    OnboardingStepView(
                        header: header, content: .building(messages: messages, progress: p.progress),
                        primary: OnboardingAction(p.primaryAction ?? "Continue", isDisabled: p.progress < 1), page: page
                    )
                )
            ]
        case .permission(let spec):
            let statuses = p.status.map { [$0] } ?? PermissionStatus.allCases
            let permissionName = spec.permission.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? ""
            let icon = step.icon.map(Icon.init) ?? Icon(Self.permissionIcon(spec.permission))
            let bare = OnboardingHeader(icon: nil, title: header.title, headline: header.headline)
            return statuses.map { status in
                let content = StepContent.permission(
                    icon: icon, status: status, details: spec.details ?? step.body, deniedDetails: spec.deniedDetails)
                let view: OnboardingStepView
                switch status {
                case .notRequested:
                    // No way around the system dialog: the ask is the only button.
                    view = OnboardingStepView(
                        header: bare, content: content,
                        primary: OnboardingAction(
                            p.allowAction ?? (permissionName.isEmpty ? "Allow" : "Allow \(permissionName)")), page: page
                    )
                case .authorized:
                    view = OnboardingStepView(
                        header: bare, content: content, primary: OnboardingAction(p.nextAction ?? "Next"), page: page)
                case .denied:
                    view = OnboardingStepView(
                        header: bare, content: content, primary: OnboardingAction(p.settingsAction ?? "Open Settings"),
                        secondary: OnboardingAction(p.continueAction ?? "Continue"), secondaryIsSmall: true, page: page)
                }
                return ("-" + Self.kebab(status.rawValue), view)
            }
        case .custom:
            return [
                (
                    "",
                    OnboardingStepView(
                        header: header, content: p.customContent.map(StepContent.custom) ?? .none, primary: primary,
                        secondary: secondary, page: page)
                )
            ]
        case .paywall(let plans):
            var personalized = OnboardingHeader(
                icon: header.icon, title: personalize(header.title, answers: answers, steps: steps),
                headline: header.headline.map { personalize($0, answers: answers, steps: steps) })
            personalized.localizableTitle = personalizedText(header.title, answers: answers, steps: steps)
            personalized.localizableHeadline = header.headline.map {
                personalizedText($0, answers: answers, steps: steps)
            }
            return [("", PaywallScreenBuilder.view(personalized, plans: plans, presentation: p, page: page))]
        }
    }

    /// EasyApp's "always provide skip", HowdyKit's accent-coloured Skip: a skippable step
    /// (`skippable`, not `required`) of a kind that asks something of the user (feature,
    /// single-select, commitment) gets a Skip unless the spec says `"skipAction": false` or
    /// the step already has a secondary action (its own way on). A required step gets none;
    /// permission steps never do before their dialog (Guideline 5.1.1(iv): the way on is
    /// the denied state's Continue); a building beat moves on by itself; a paywall's way on
    /// is its own `allowSkip`.
    static func skipAction(_ step: StepSpec, _ p: FlowDocument.StepPresentation) -> OnboardingAction? {
        guard step.isSkippable, !step.isRequired, p.offersSkip, p.secondaryAction == nil else { return nil }
        switch step.kind {
        case .feature, .singleSelect, .commitment: return OnboardingAction(p.skipAction ?? "Skip")
        default: return nil
        }
    }

    static func permissionIcon(_ permission: String?) -> String {
        switch permission?.lowercased() {
        case "notifications", "push": "notifications_active"
        case "location": "location_on"
        case "camera": "photo_camera"
        case "contacts": "contacts"
        case "photos": "photo_library"
        case "microphone": "mic"
        case "health": "favorite"
        default: "verified_user"
        }
    }

    static func kebab(_ camel: String) -> String {
        var out = ""
        for c in camel {
            if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
        }
        return out
    }
}

enum PaywallScreenBuilder {
    static func view(
        _ header: OnboardingHeader, plans: [PaywallPlan], presentation p: FlowDocument.StepPresentation,
        page: PagePosition?
    ) -> OnboardingStepView {
        OnboardingStepView(
            header: header, content: .paywall(plans: plans, selected: p.selected, allowSkip: p.allowSkip),
            primary: OnboardingAction(p.primaryAction ?? "Start free trial"),
            secondary: p.allowSkip ? OnboardingAction(p.secondaryAction ?? "Not now") : nil, secondaryIsSmall: true,
            page: page)
    }
}
