import Foundation
import HowdyKit
import HowdyKitUI
import HowdyRender
import Testing

@Suite struct SmokeTests {
    @Test func welcomeRendersWithText() throws {
        let content = GreetContent(
            appIcon: Icon("favorite"), title: "Welcome to Howdy, the friendliest app", subtitle: "Here's what makes it great, in three short lines of text.",
            features: [
                GreetFeatureItem(id: "a", icon: Icon("touch_app"), label: "Tap to flip", description: "Review cards with a simple tap."),
                GreetFeatureItem(id: "b", icon: Icon("notifications"), label: "Gentle reminders", description: "A nudge when it's time to practise, never more."),
            ], primaryButtonText: "Get started", skipButtonText: "Skip for now")
        let theme = OnboardingTheme(background: .animatedGradient(brand: DynamicColor(Color(hex: 0x5856D6))))
        for scheme in ColorScheme.allCases {
            let env = RenderEnvironment(device: .phone, scale: 2, colorScheme: scheme)
            let image = try OnboardingWelcomeView(content: content).render(theme: theme, environment: env)
            if let dir = ProcessInfo.processInfo.environment["HOWDY_SMOKE_DIR"] {
                try image.write(to: URL(fileURLWithPath: "\(dir)/welcome-\(scheme).png"))
            }
            #expect(image.width == 786)
        }
    }
}
