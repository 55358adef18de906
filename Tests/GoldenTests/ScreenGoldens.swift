import Foundation
import HowdyKitUI
import HowdyRender
import HowdyTesting
import Testing

/// Rendered screens compared pixel-wise (perceptual diff) with the PNGs committed in
/// `Goldens/HowdyKitUI/`. Goldens are only written with `HOWDY_RECORD_GOLDENS=1` (never
/// when `CI` is set); look at every recorded PNG before committing it.
///
/// Kept small: scale 1, the phone preset, a handful of screens in both schemes.
@Suite struct ScreenGoldens {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let goldens = root.appendingPathComponent("Goldens/HowdyKitUI")

    /// Anti-aliasing and FreeType versions may move a few edge pixels; 0.2 % of the image may differ.
    static let tolerance = DiffTolerance(threshold: 0.1, limit: .ratio(0.002))

    static func document(_ name: String) throws -> FlowDocument {
        try FlowDocument.load(contentsOf: root.appendingPathComponent("Examples/\(name).json"))
    }

    static func render(_ example: String, screen suffix: String, scheme: ColorScheme) throws -> Image {
        let document = try document(example)
        let named = try #require(FlowPages.screens(document).first { $0.name.hasSuffix(suffix) })
        let environment = RenderEnvironment(device: .phone, scale: 1, colorScheme: scheme, locale: document.locale)
        return try named.screen.render(theme: document.theme, environment: environment)
    }

    @Test(arguments: ColorScheme.allCases)
    func plainWelcome(_ scheme: ColorScheme) throws {
        assertGolden(
            try Self.render("plain", screen: "welcome", scheme: scheme), named: "plain-welcome-\(scheme.rawValue)",
            in: Self.goldens, tolerance: Self.tolerance)
    }

    @Test(arguments: ColorScheme.allCases)
    func brandedSingleSelectInACardOverTheAnimatedGradient(_ scheme: ColorScheme) throws {
        assertGolden(
            try Self.render("branded", screen: "goal", scheme: scheme), named: "branded-goal-\(scheme.rawValue)",
            in: Self.goldens, tolerance: Self.tolerance)
    }

    @Test func brandedPermissionDenied() throws {
        assertGolden(
            try Self.render("branded", screen: "push-denied", scheme: .light), named: "branded-push-denied-light",
            in: Self.goldens, tolerance: Self.tolerance)
    }

    @Test func rightToLeftSingleSelect() throws {
        assertGolden(
            try Self.render("rtl", screen: "taste", scheme: .light), named: "rtl-taste-light", in: Self.goldens,
            tolerance: Self.tolerance)
    }

    /// The animated field alone, mid-cycle, small: guards the motion paths and the veil.
    @Test(arguments: ColorScheme.allCases)
    func animatedFieldMidCycle(_ scheme: ColorScheme) throws {
        let document = try Self.document("branded")
        let device = DevicePreset(name: "field", width: 160, height: 320, safeArea: .zero, defaultScale: 1)
        let environment = RenderEnvironment(device: device, scale: 1, colorScheme: scheme, time: 2.5)
        var canvas = try Canvas(width: 160, height: 320)
        try document.theme.background.draw(into: &canvas, environment: environment, tint: document.theme.style.tint)
        assertGolden(
            canvas.image, named: "animated-field-t2.5-\(scheme.rawValue)", in: Self.goldens, tolerance: Self.tolerance)
    }
}
