import Foundation
import HowdyKit
import HowdyKitUI
import HowdyRender
import Testing

@Suite struct RenderTests {
    private func field(_ motion: GreetGradientMotion = .standard) -> GreetBackground {
        .animatedGradient(brand: DynamicColor(Color(hex: 0x5856D6)), motion: motion)
    }

    private func frame(_ background: GreetBackground, time: Double, reduceMotion: Bool = false) throws -> Image {
        let env = RenderEnvironment(
            device: DevicePreset(name: "tiny", width: 60, height: 120, safeArea: .zero, defaultScale: 1), scale: 1,
            time: time, reduceMotion: reduceMotion)
        var canvas = try Canvas(width: env.pixelWidth, height: env.pixelHeight)
        try background.draw(into: &canvas, environment: env, tint: nil)
        return canvas.image
    }

    @Test func aFrameIsADeterministicFunctionOfTime() throws {
        let a = try frame(field(), time: 1.3)
        let b = try frame(field(), time: 1.3)
        #expect(a == b)
        #expect(try frame(field(), time: 0) != a)
        let cycle = GreetGradientMotion.standard.cycleDuration
        let diff = try ImageDiff(frame(field(), time: 1.3 + cycle), a)
        #expect(diff.differingPixels == 0)
    }

    @Test func reduceMotionAndZeroStrengthAreStatic() throws {
        #expect(try frame(field(), time: 2.7, reduceMotion: true) == frame(field(), time: 0))
        let still = field(GreetGradientMotion(strength: 0))
        #expect(try frame(still, time: 2.7) == frame(still, time: 0))
        #expect(!still.isAnimated(reduceMotion: false))
        #expect(field().isAnimated(reduceMotion: false))
        #expect(!field().isAnimated(reduceMotion: true))
    }

    @Test func aScreenRendersAtPointsTimesScale() throws {
        let screen = OnboardingWelcomeView(content: GreetContent(title: "Welcome"))
        for scale in [1.0, 2.0, 3.0] {
            let image = try screen.render(
                theme: .plain, environment: RenderEnvironment(device: .smallPhone, scale: scale))
            #expect(image.width == Int(375 * scale) && image.height == Int(667 * scale))
        }
    }

    @Test func theReadmeExampleRenders() throws {
        let theme = OnboardingTheme(
            accent: DynamicColor(light: Color(hex: 0x5B3FD9), dark: Color(hex: 0xA896FF)),
            cardBackground: .material(.regular),
            background: .animatedGradient(brand: DynamicColor(Color(hex: 0x7B61FF)), motion: .standard))
        let step = OnboardingStepView(
            header: OnboardingHeader(
                icon: Icon("notifications"), title: "Stay in the loop", headline: "Get a reminder when it's time."),
            content: .permission(
                icon: Icon("notifications"), status: .denied, details: nil, deniedDetails: "Notifications are off."),
            primary: OnboardingAction("Open Settings"), secondary: OnboardingAction("Continue"), secondaryIsSmall: true)
        let env = RenderEnvironment(
            device: .phone, scale: 3, colorScheme: .dark, time: 1.5, dynamicTypeSize: .xxxLarge, locale: "en")
        let image = try step.render(theme: theme, environment: env)
        #expect(image.width == 1179 && image.height == 2556)
    }

    @Test func customBackgroundsGetTheirContext() throws {
        let background = GreetBackground.custom { context, canvas in
            canvas.fill(with: .solid(context.colorScheme == .dark ? .black : context.brandColor))
        }
        let env = RenderEnvironment(
            device: DevicePreset(name: "tiny", width: 10, height: 10, safeArea: .zero, defaultScale: 1), scale: 1)
        var canvas = try Canvas(width: 10, height: 10)
        try background.draw(into: &canvas, environment: env, tint: DynamicColor(Color(hex: 0xFF0000)))
        #expect(canvas.image[5, 5] == SIMD4(255, 0, 0, 255))
    }

    @Test func anAppIconImageFillsTheTile() throws {
        var content = GreetContent(title: "Welcome")
        content.appIconImage = try Image(width: 8, height: 8, fill: Color(hex: 0x00AA00))
        let env = RenderEnvironment(device: .phone, scale: 1)
        let layout = try OnboardingWelcomeView(content: content).layout(theme: .plain, environment: env)
        let tile = try #require(layout.content.first { $0.role == .appIcon })
        let image = try layout.render(environment: env)
        let center = image[Int(tile.frame.x + tile.frame.width / 2), Int(tile.frame.y + tile.frame.height / 2)]
        #expect(center == SIMD4(0, 0xAA, 0, 255))
    }
}
