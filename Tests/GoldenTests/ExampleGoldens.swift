import Foundation
import HowdyKitUI
import HowdyRender
import HowdyReview
import HowdyTestSupport
import HowdyTesting
import HowdyText
import Testing

/// The project's golden suite: every screen of `Examples/` across the axes in
/// `ExampleGoldenPlan` (a covering set), compared with `Goldens/HowdyKitUI/`.
///
/// Record modes (`HOWDY_RECORD`, default `missing`, always `never` on CI) and failure
/// artefacts are HowdyTesting's; look at every recorded PNG before committing it.
@Suite struct ExampleGoldens {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let goldens = root.appendingPathComponent("Goldens/HowdyKitUI")
    static let plan = Result { try ExampleGoldenPlan(examplesDirectory: root.appendingPathComponent("Examples")) }

    /// Anti-aliasing and FreeType versions may move a few edge pixels: 0.2 % of the image
    /// may differ, but no 32 × 32 px window by more than 5 % (a recoloured label fails).
    static let tolerance = DiffTolerance(threshold: 0.1, maxDiffRatio: 0.002, maxWindowRatio: 0.05, windowSize: 32)

    @Test(arguments: (try? plan.get())?.cases ?? [])
    func golden(_ golden: GoldenCase) throws {
        let image = try Self.plan.get().render(golden)
        assertGolden(image, named: golden.name, in: Self.goldens, tolerance: Self.tolerance)
    }

    @Test func thePlanCoversEveryScreenOfEveryExample() throws {
        let plan = try Self.plan.get()
        let names = plan.cases.map(\.name)
        #expect(Set(names).count == names.count, "golden names are unique")
        var screens = 0
        for example in ExampleGoldenPlan.examples {
            let document = try FlowDocument.load(
                contentsOf: Self.root.appendingPathComponent("Examples/\(example).json"))
            // Goldens use bundled fonts only, so they match on any Debian machine.
            let fonts = document.theme.fonts
            for font in [fonts.title, fonts.headline, fonts.body, fonts.button, fonts.caption, ThemeFonts.system.body] {
                let path = try #require(FontLibrary.bundledPath(font.name), "\(example): \(font.name) is not bundled")
                // The copy the build carries (a SwiftPM resource) of a font in the repository.
                let file = String(path[path.index(after: path.lastIndex(of: "/")!)...])
                #expect(path.hasSuffix("_HowdyText.resources/Fonts/" + file), "\(example): \(path)")
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Fonts/" + file).path))
            }
            for screen in FlowPages.screens(document) {
                screens += 1
                #expect(names.contains { $0.hasPrefix("\(example)/\(screen.name)_phone-") }, "\(screen.name)")
            }
        }
        #expect(screens == 22)
        #expect(names.filter { $0.hasPrefix("branded/") && $0.contains("_phone-dark") }.count >= 6)
        let environments = plan.cases.map(\.environment)
        #expect(environments.contains { $0.device == .desktop && $0.colorScheme == .dark })
        #expect(environments.contains { $0.dynamicTypeSize == .largest && $0.scroll == .end })
        #expect(environments.contains { $0.reduceMotion })
        #expect(environments.contains { $0.layoutDirection == .rightToLeft && $0.scale == 2 })
        #expect(names.filter { $0.hasPrefix("fields/") }.count == 8)
    }

    /// Goldens on disk that the plan no longer compares. The plan is the complete declared
    /// list, so this is right under a filtered or sharded run too. It lists, never deletes;
    /// `howdy goldens prune --goldens Goldens/HowdyKitUI --expected FILE` removes them.
    @Test func noGoldenIsLeftThatNothingCompares() throws {
        let plan = try Self.plan.get()
        let expected = plan.cases.map { Self.goldens.appendingPathComponent($0.name + ".png") }
        let list = GoldenLocation.artifactsFolder(forGolden: expected[0]).appendingPathComponent(
            "HowdyKitUI.expected-goldens.json")
        try GoldenList.write(expected, directory: Self.goldens, to: list)
        let unused = GoldenList.unused(
            in: Self.goldens, expected: Set(expected.map(\.standardizedFileURL.path)))
        #expect(
            unused.isEmpty,
            """
            \(unused.count) golden(s) that no test compares: \(unused.map(\.path).joined(separator: ", ")). \
            Remove them on purpose with: howdy goldens prune --goldens \(Self.goldens.path) --expected \(list.path)
            """)
    }
}
