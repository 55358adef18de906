import HowdyKitUI
import HowdyRender

extension Snapshotting where Value: OnboardingScreen, Format == Image {
    /// A screen rendered with `theme` in `environment` (device, scale, scheme, locale...),
    /// stored as a PNG golden and compared perceptually under `tolerance`:
    /// `assertSnapshot(of: WelcomeScreen(content), as: .screen())`.
    public static func screen(
        theme: OnboardingTheme = OnboardingTheme(), environment: RenderEnvironment = RenderEnvironment(device: .phone),
        tolerance: DiffTolerance = .strict
    ) -> Snapshotting<Value, Image> {
        Snapshotting<Image, Image>.png(tolerance: tolerance).pullback { screen in
            try screen.render(theme: theme, environment: environment)
        }
    }
}
