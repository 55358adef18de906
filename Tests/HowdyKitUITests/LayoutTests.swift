import Foundation
import HowdyKit
import HowdyKitUI
import HowdyRender
import HowdyText
import Testing

@Suite struct LayoutTests {
    /// Text frames of a layout with their element.
    private func texts(_ items: [DisplayItem]) -> [(TextLayout, Frame, TextElement)] {
        items.compactMap {
            if case .text(let layout, let frame, _, let element) = $0 { (layout, frame, element) } else { nil }
        }
    }

    /// Checks that nothing clips or overlaps: every text inside the screen and inside its
    /// own frame's width, no two texts overlapping, footer texts inside the screen, and
    /// content that does not fit scrolling under the footer (never drawn over it unfaded).
    private func checkNoClipOrOverlap(_ document: FlowDocument, environment: RenderEnvironment) throws {
        let screen = Frame(x: 0, y: 0, width: environment.device.width, height: environment.device.height)
        for named in FlowPages.screens(document) {
            let layout = try named.screen.layout(theme: document.theme, environment: environment)
            let all = texts(layout.content) + texts(layout.footer)
            for (textLayout, frame, element) in all {
                #expect(
                    screen.contains(Frame(x: frame.x, y: 0, width: frame.width, height: 1)),
                    "\(named.name) \(element.role) sticks out sideways: \(frame)")
                for line in textLayout.lines {
                    #expect(
                        line.x >= -0.5 && line.x + line.width <= frame.width * environment.scale + 1,
                        "\(named.name) \(element.role) line '\(line.text)' wider than its frame at \(environment.device.name) \(environment.dynamicTypeSize)"
                    )
                }
            }
            // Content and footer are checked separately: content that reaches the footer is
            // masked there (it scrolls under it), which the checks below make sure of.
            let solid: Set<SemanticRole> = [.check, .status, .slider, .pageDots, .granted, .appIcon, .progress]
            func marks(_ items: [DisplayItem]) -> [(TextLayout?, Frame, TextElement)] {
                items.compactMap { item in
                    guard case .shape(let frame, let role, _, _) = item, solid.contains(role) else { return nil }
                    return (
                        nil, frame,
                        TextElement("", font: ThemeFont(name: "Inter-Regular", size: 1), color: .black, role: role)
                    )
                }
            }
            func everything(_ items: [DisplayItem]) -> [(TextLayout?, Frame, TextElement)] {
                texts(items).map { (Optional($0.0), $0.1, $0.2) } + marks(items)
            }
            for group in [everything(layout.content), everything(layout.footer)] {
                for (i, a) in group.enumerated() {
                    for b in group[(i + 1)...] where a.1.overlaps(b.1) {
                        Issue.record(
                            "\(named.name): \(a.2.role) '\(a.2.string)' overlaps \(b.2.role) '\(b.2.string)' at \(environment.dynamicTypeSize)"
                        )
                    }
                }
            }
            for (_, frame, element) in texts(layout.footer) {
                #expect(
                    frame.y >= layout.footerTop && frame.maxY <= screen.height,
                    "\(named.name) footer \(element.role) outside the footer")
            }
            if !layout.scrolls {
                for (_, frame, element) in texts(layout.content) {
                    #expect(
                        frame.maxY <= layout.footerTop + 0.5,
                        "\(named.name) \(element.role) runs into the footer without scrolling")
                }
            } else {
                #expect(layout.fadeBand > 0 && layout.fadeBand <= 28)
            }
        }
    }

    @Test(arguments: ["branded", "plain", "rtl", "hebrew"])
    func nothingClipsOrOverlapsAtTheLargestTypeOnTheSmallPhone(_ name: String) throws {
        let document = try example(name)
        let environment = RenderEnvironment(
            device: .smallPhone, scale: 1, dynamicTypeSize: .largest, locale: document.locale)
        try checkNoClipOrOverlap(document, environment: environment)
    }

    @Test(arguments: DevicePreset.all)
    func nothingClipsOrOverlapsOnEveryDevice(_ device: DevicePreset) throws {
        let document = try example("branded")
        for size in [DynamicTypeSize.xSmall, .large, .xxxLarge, .accessibility3] {
            try checkNoClipOrOverlap(
                document, environment: RenderEnvironment(device: device, scale: 1, dynamicTypeSize: size))
        }
    }

    @Test func longContentScrollsUnderTheFooterWithABoundedFade() throws {
        let document = try example("branded")
        let welcome = try #require(FlowPages.screens(document).first)
        let layout = try welcome.screen.layout(
            theme: document.theme,
            environment: RenderEnvironment(device: .smallPhone, scale: 1, dynamicTypeSize: .accessibility2))
        #expect(layout.scrolls)
        #expect(layout.fadeBand == 28)
        #expect(layout.contentHeight > layout.footerTop)
    }

    @Test func titlesAreBalanced() throws {
        let document = try example("branded")
        for named in FlowPages.screens(document) {
            let layout = try named.screen.layout(
                theme: document.theme, environment: RenderEnvironment(device: .phone, scale: 2))
            for (textLayout, _, element) in texts(layout.content)
            where element.role == .title || element.role == .headline {
                #expect(element.balanced)
                #expect(textLayout.lineCount == textLayout.greedyLineCount)
                if textLayout.lineCount > 1 {
                    #expect(textLayout.strategy != .greedy, "\(named.name) \(element.role) not balanced")
                }
            }
        }
    }

    @Test func balancedTextModifierOnlyTouchesText() {
        let node = LayoutNode.text(
            TextElement("Hello there", font: ThemeFont(name: "Inter-Regular", size: 17), color: .black))
        guard case .text(let element) = node.balancedText() else {
            Issue.record("expected text")
            return
        }
        #expect(element.balanced)
    }

    @Test func rightToLeftMirrorsRowsDotsAndAlignment() throws {
        let document = try example("rtl")
        let welcome = try #require(FlowPages.screens(document).first)
        let rtl = RenderEnvironment(device: .phone, scale: 1, locale: "ar")
        #expect(rtl.isRightToLeft)
        let layout = try welcome.screen.layout(theme: document.theme, environment: rtl)
        let items = texts(layout.content)
        let icon = try #require(items.first { $0.2.role == .featureIcon })
        let label = try #require(items.first { $0.2.role == .featureTitle })
        #expect(icon.1.x > label.1.x, "the feature icon sits on the right in RTL")
        #expect(label.1.maxX > layout.column.x + layout.column.width / 2, "leading text hugs the right edge")
        // The same content left-to-right puts the icon on the left.
        let ltr = RenderEnvironment(device: .phone, scale: 1, locale: "ar", layoutDirection: .leftToRight)
        let mirrored = texts(try welcome.screen.layout(theme: document.theme, environment: ltr).content)
        let ltrIcon = try #require(mirrored.first { $0.2.role == .featureIcon })
        let ltrLabel = try #require(mirrored.first { $0.2.role == .featureTitle })
        #expect(ltrIcon.1.x < ltrLabel.1.x)
        #expect(abs((ltrIcon.1.x + ltrIcon.1.width / 2) - (393 - (icon.1.x + icon.1.width / 2))) < 0.5)
        #expect(LayoutDirection.of(locale: "he-IL") == .rightToLeft)
        #expect(LayoutDirection.of(locale: "en") == .leftToRight)
    }

    /// An untranslated string on a right-to-left screen reads as UIKit draws it: its own
    /// first strong character sets the paragraph's direction ("What is your goal?", not
    /// "?What is your goal"), while leading alignment still follows the screen.
    @Test func untranslatedTextOnARightToLeftScreenKeepsItsOwnDirection() throws {
        let step = OnboardingStepView(
            header: OnboardingHeader(title: "What is your goal?", headline: "שלום עולם, מה שלומכם היום?"),
            content: .paragraph("Short, daily practice builds a lasting habit that stays with you."),
            primary: OnboardingAction("Continue"))
        let he = RenderEnvironment(device: .phone, scale: 1, locale: "he")
        #expect(he.isRightToLeft)
        let layout = try step.layout(theme: OnboardingTheme(), environment: he)
        let items = texts(layout.content)
        let title = try #require(items.first { $0.2.string == "What is your goal?" })
        let line = try #require(title.0.lines.first)
        #expect(!line.isRightToLeft)
        // Visual order: the question mark (UTF-16 offset 17) is the rightmost glyph.
        let glyphs = line.runs.flatMap { Array($0.glyphs) }
        let mark = try #require(glyphs.first { $0.cluster == 17 })
        #expect(glyphs.allSatisfy { $0.x <= mark.x })
        let subtitle = try #require(items.first { $0.2.string.hasPrefix("שלום") })
        #expect(subtitle.0.lines.allSatisfy { $0.isRightToLeft })
        // Leading text on the right-to-left screen: every line of the left-to-right
        // paragraph ends at the layout's right edge.
        let body = try #require(items.first { $0.2.string.hasPrefix("Short, daily") })
        try #require(body.0.lineCount > 1 || body.2.alignment != .leading)
        if body.2.alignment == .leading {
            for line in body.0.lines { #expect(abs(line.x + line.width - body.0.width) < 1e-9) }
        }
    }

    @Test func cardOnlyWhenTheThemeHasOne() throws {
        let step = OnboardingStepView(
            header: OnboardingHeader(title: "Hello"), content: .paragraph("Some words here."),
            primary: OnboardingAction("Continue"))
        let env = RenderEnvironment(device: .phone, scale: 1)
        let plain = try step.layout(theme: OnboardingTheme(), environment: env)
        #expect(!plain.content.contains { $0.role == .card })
        let carded = try step.layout(
            theme: OnboardingTheme(cardBackground: .color(SystemColors.secondaryBackground)), environment: env)
        let card = try #require(carded.content.first { $0.role == .card })
        #expect(card.frame.maxY <= carded.footerTop)
        for (_, frame, _) in texts(carded.content) { #expect(card.frame.contains(frame)) }
    }

    @Test func welcomeLoadingShowsASpinnerAndDisablesBothButtons() throws {
        let content = GreetContent(title: "Welcome", primaryButtonText: "Get started", skipButtonText: "Skip")
        let env = RenderEnvironment(device: .phone, scale: 1)
        let loading = try OnboardingWelcomeView(content: content, isLoading: true).layout(
            theme: .plain, environment: env)
        let footer = texts(loading.footer).map(\.2)
        #expect(!footer.contains { $0.string == "Get started" })
        #expect(footer.allSatisfy { $0.role.isDisabled })
        let error = try OnboardingWelcomeView(content: content, errorMessage: "Boom").layout(
            theme: .plain, environment: env)
        #expect(texts(error.overlay).map(\.2.string) == ["Something went wrong", "Boom", "OK"])
        let plain = try OnboardingWelcomeView(content: GreetContent(title: "Welcome")).layout(
            theme: .plain, environment: env)
        #expect(texts(plain.footer).map(\.2.string) == ["Continue"], "no skip unless asked for")
    }

    /// `.minimumScaleFactor`: a word wider than the line shrinks the font (down to the
    /// factor) instead of breaking between letters; text that fits is untouched.
    @Test func minimumScaleFactorShrinksRatherThanBreakingAWord() throws {
        let engine = LayoutEngine(environment: RenderEnvironment(device: .phone, scale: 2))
        let element = TextElement(
            "Notifications", font: ThemeFont(name: "Inter-SemiBold", size: 17), color: .black, role: .primaryButton)
        let natural = try engine.textLayout(element, width: 1_000)
        let narrow = natural.width / 2 * 0.85  // pt: 85 % of the word's width
        #expect(try engine.textLayout(element, width: narrow).lines.count == 2)  // broken inside the word
        guard case .text(let shrinking) = LayoutNode.text(element).minimumScaleFactor(0.7) else {
            Issue.record("not text")
            return
        }
        let shrunk = try engine.textLayout(shrinking, width: narrow)
        #expect(shrunk.lines.count == 1)
        #expect(shrunk.width <= narrow * 2)
        #expect(shrunk.width > narrow * 2 * 0.95, "shrunk only as far as needed")
        // Too narrow even at 70 %: the word breaks at the smallest size.
        let tooNarrow = try engine.textLayout(shrinking, width: natural.width / 2 * 0.5)
        #expect(tooNarrow.lines.count == 2)
        let smallest = try #require(tooNarrow.lines.first?.runs.first?.font.size)
        #expect(abs(smallest - 17 * 2 * 0.7) < 0.01)
        // Text that fits keeps its size.
        let fits = try engine.textLayout(shrinking, width: 1_000)
        #expect(fits.lines.first?.runs.first?.font.size == 34)
        // The factor is clamped to 0.1...1.
        guard case .text(let clamped) = LayoutNode.text(element).minimumScaleFactor(-3) else { return }
        #expect(clamped.minimumScaleFactor == 0.1)
    }

    /// Scroll positions: `.end` brings the content's last item to just above the footer's
    /// fade band, an offset moves everything up by that many pt (clamped to the end), and
    /// content that fits never moves.
    @Test func scrollPositionsMoveOnlyContentThatScrolls() throws {
        let document = try example("branded")
        func layout(_ screen: NamedScreen, _ scroll: ScrollPosition) throws -> ScreenLayout {
            try screen.screen.layout(
                theme: document.theme,
                environment: RenderEnvironment(
                    device: .smallPhone, scale: 1, dynamicTypeSize: .accessibility5, scroll: scroll))
        }
        var scrolling = 0
        for named in FlowPages.screens(document) {
            let top = try layout(named, .top)
            let end = try layout(named, .end)
            guard top.scrolls else {
                #expect(end.scrollOffset == 0, "\(named.name) fits and must not scroll")
                continue
            }
            scrolling += 1
            let bottom = end.content.map { $0.frame.y + $0.frame.height }.max() ?? 0
            #expect(abs(bottom - (end.footerTop - end.fadeBand)) < 0.5, "\(named.name): last item at \(bottom)")
            #expect(abs(end.scrollOffset - (top.contentHeight + top.fadeBand - (top.footerTop - top.column.y))) < 0.01)
            let moved = try layout(named, .offset(30))
            #expect(zip(top.content, moved.content).allSatisfy { abs($0.frame.y - 30 - $1.frame.y) < 0.001 })
            #expect(try layout(named, .offset(1e9)).scrollOffset == end.scrollOffset)
        }
        #expect(scrolling >= 6, "at accessibility5 most screens of the small phone scroll")
    }
}
