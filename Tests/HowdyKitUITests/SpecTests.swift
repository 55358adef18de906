import Foundation
import HowdyKit
import HowdyKitUI
import HowdyRender
import Testing

@Suite struct SpecTests {
    @Test func examplesDecode() throws {
        for name in ["branded", "plain", "rtl", "hebrew"] {
            let document = try example(name)
            #expect(document.warnings.isEmpty)
            #expect(!FlowPages.screens(document).isEmpty)
        }
        let branded = try example("branded")
        #expect(branded.theme.cardBackground != nil)
        #expect(branded.theme.fonts.title.size == 30)
        #expect(branded.routes.map(\.id) == ["sync", "widgets"])
        #expect(branded.matrix.devices.count == 4)
        #expect(try example("rtl").locale == "ar")
    }

    @Test func stepFieldErrorsNameTheirJSONPath() {
        let json = """
            { "steps": [
              { "id": "a", "kind": "feature" },
              { "id": "b", "kind": "feature" },
              { "id": "c", "kind": "singleSelect", "options": [{ "id": "x", "label": 3 }] }
            ] }
            """
        #expect(specError(json) == "steps[2].options[0].label: expected a string, got a number")
    }

    @Test func unknownColoursAndFontsAreErrors() {
        let colour = specError(##"{ "theme": { "accent": "blurple" }, "steps": [] }"##)
        #expect(colour?.hasPrefix("theme.accent: unknown colour \"blurple\"") == true)
        let nested = specError(##"{ "theme": { "primary": { "light": "#fff", "dark": "#12345" } }, "steps": [] }"##)
        #expect(nested?.hasPrefix("theme.primary.dark: unknown colour") == true)
        let font = specError(
            ##"{ "theme": { "fonts": { "title": { "name": "No Such Font 42", "size": 30 } } }, "steps": [] }"##)
        #expect(font?.hasPrefix("theme.fonts.title.name: unknown font \"No Such Font 42\"") == true)
        let role = specError(##"{ "theme": { "style": { "glowColor": "red" } }, "steps": [] }"##)
        #expect(role?.hasPrefix("theme.style.glowColor: unknown style role") == true)
    }

    @Test func coloursParse() throws {
        let document = try FlowDocument.decode(
            Data(
                ##"{ "theme": { "primary": "#80FF0040", "accent": { "light": "systemBlue", "dark": "#0A84FF" } }, "steps": [] }"##
                    .utf8))
        #expect(document.theme.primary.light == Color(hex: 0x80FF00, alpha: Double(0x40) / 255))
        #expect(document.theme.accent?.light == Color(hex: 0x007AFF))
        #expect(document.theme.accent?.dark == Color(hex: 0x0A84FF))
    }

    @Test func motionOutsideRangeIsClampedWithAWarning() throws {
        let json = ##"{ "theme": { "background": { "kind": "animatedGradient", "motion": 3.5 } }, "steps": [] }"##
        let document = try FlowDocument.decode(Data(json.utf8))
        guard case .animatedGradient(_, _, let motion) = document.theme.background else {
            Issue.record("expected an animated gradient")
            return
        }
        #expect(motion.strength == 2)
        #expect(document.warnings == ["theme.background.motion: motion strength 3.5 is outside 0...2; clamped to 2.0"])
        let preset = try FlowDocument.decode(
            Data(
                ##"{ "theme": { "background": { "kind": "animatedGradient", "motion": "subtle" } }, "steps": [] }"##
                    .utf8))
        guard case .animatedGradient(_, _, let subtle) = preset.theme.background else { return }
        #expect(subtle == .subtle)
        #expect(
            specError(
                ##"{ "theme": { "background": { "kind": "animatedGradient", "motion": "wild" } }, "steps": [] }"##)?
                .hasPrefix("theme.background.motion: unknown motion") == true)
        #expect(
            specError(##"{ "theme": { "background": { "kind": "sparkles" } }, "steps": [] }"##)?.hasPrefix(
                "theme.background.kind: unknown background") == true)
    }

    @Test func iconPathsOutsideTheSpecFolderAreRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "howdy-spec-\(UUID().uuidString)/flow")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let icon = try Image(width: 4, height: 4, fill: .white)
        try icon.write(to: folder.appendingPathComponent("icon.png"))
        try icon.write(to: folder.deletingLastPathComponent().appendingPathComponent("outside.png"))
        let inside = ##"{ "welcome": { "id": "w", "title": "Hi", "appIcon": "icon.png" }, "steps": [] }"##
        let document = try FlowDocument.decode(Data(inside.utf8), baseDirectory: folder)
        #expect(document.welcome?.content.appIconImage?.width == 4)
        let outside = ##"{ "welcome": { "id": "w", "title": "Hi", "appIcon": "../outside.png" }, "steps": [] }"##
        let message = specError(outside, baseDirectory: folder)
        #expect(
            message?.hasPrefix("welcome.appIcon: icon path \"../outside.png\" is outside the spec's folder") == true)
        let absolute = ##"{ "welcome": { "id": "w", "title": "Hi", "appIcon": "/etc/passwd.png" }, "steps": [] }"##
        #expect(specError(absolute, baseDirectory: folder)?.contains("outside the spec's folder") == true)
    }

    @Test func presentationFieldsAreChecked() {
        let select =
            ##"{ "steps": [{ "id": "s", "kind": "singleSelect", "options": [{ "id": "a", "label": "A" }], "selected": "z" }] }"##
        #expect(specError(select) == "steps[0].selected: \"z\" is not one of the options (a)")
        let slider = ##"{ "steps": [{ "id": "s", "kind": "commitment", "range": [1, 5], "value": 9 }] }"##
        #expect(specError(slider) == "steps[0].value: expected a number in 1...5")
        let status = ##"{ "steps": [{ "id": "s", "kind": "permission", "status": "maybe" }] }"##
        #expect(specError(status) == "steps[0].status: expected notRequested, authorized or denied, got \"maybe\"")
        let device = ##"{ "steps": [], "render": { "devices": ["phone", "watch"] } }"##
        #expect(specError(device)?.hasPrefix("render.devices[1]: unknown device \"watch\"") == true)
        let route = ##"{ "steps": [], "routes": [{ "id": "r" }] }"##
        #expect(specError(route) == "routes[0].title: required key is missing")
        let welcome = ##"{ "steps": [], "welcome": { "id": "w", "title": 5 } }"##
        #expect(specError(welcome) == "welcome.title: expected a string, got a number")
    }

    @Test func permissionStepsRenderAllThreeStatesWithTheRightButtons() throws {
        let document = try example("branded")
        let names = FlowPages.screens(document).map(\.name)
        #expect(names.contains { $0.hasSuffix("push-not-requested") })
        #expect(names.contains { $0.hasSuffix("push-authorized") })
        #expect(names.contains { $0.hasSuffix("push-denied") })
        let screens = FlowPages.screens(document)
        func buttons(_ suffix: String) throws -> [String] {
            let screen = try #require(screens.first { $0.name.hasSuffix(suffix) })
            let layout = try screen.screen.layout(
                theme: document.theme, environment: RenderEnvironment(device: .phone, scale: 1))
            return layout.footer.compactMap { if case .text(_, _, _, let element) = $0 { element.string } else { nil } }
        }
        #expect(try buttons("push-not-requested") == ["Allow Notifications"])
        #expect(try buttons("push-authorized") == ["Next"])
        #expect(try buttons("push-denied") == ["Open Settings", "Continue"])
    }

    @Test func permissionButtonTitlesCanBeLocalised() throws {
        let json =
            ##"{ "locale": "he", "steps": [{ "id": "p", "kind": "permission", "title": "איפה אתם?", "allowAction": "אפשר", "nextAction": "הבא", "settingsAction": "הגדרות", "continueAction": "המשך" }] }"##
        let document = try FlowDocument.decode(Data(json.utf8))
        var titles: [[String]] = []
        for named in FlowPages.screens(document) {
            let layout = try named.screen.layout(
                theme: document.theme, environment: RenderEnvironment(device: .phone, scale: 1, locale: "he"))
            titles.append(
                layout.footer.compactMap { if case .text(_, _, _, let element) = $0 { element.string } else { nil } })
        }
        #expect(titles == [["אפשר"], ["הבא"], ["הגדרות", "המשך"]])
    }

    @Test func paywallHeadlineIsPersonalisedFromEarlierAnswers() throws {
        let document = try example("branded")
        let paywall = try #require(FlowPages.screens(document).first { $0.name.hasSuffix("paywall") })
        let layout = try paywall.screen.layout(
            theme: document.theme, environment: RenderEnvironment(device: .phone, scale: 1))
        let texts = layout.content.compactMap {
            if case .text(_, _, _, let element) = $0 { element.string } else { nil }
        }
        #expect(texts.contains("Your plan for a calmer mind is ready"))
        #expect(texts.contains("20 min a day, with reminders and insights to keep your streak alive."))
    }

    @Test func fileNamesArePredictable() {
        let env = RenderEnvironment(
            device: .smallPhone, scale: 2, colorScheme: .dark, time: 1.5, dynamicTypeSize: .accessibility2)
        #expect(
            RenderJob.fileName(screen: "03-goal", environment: env, format: .png)
                == "03-goal_small-phone-dark-accessibility2-t1.5@2x.png")
        #expect(
            RenderJob.fileName(
                screen: "01-welcome", environment: RenderEnvironment(device: .phone, scale: 3), format: .ppm)
                == "01-welcome_phone-light@3x.ppm")
    }

    @Test func scrollPositionsParse() throws {
        let document = try FlowDocument.decode(
            Data(#"{ "steps": [], "render": { "scroll": ["top", "end", 120] } }"#.utf8))
        #expect(document.matrix.scrollPositions == [.top, .end, .offset(120)])
        #expect(
            specError(#"{ "steps": [], "render": { "scroll": ["middle"] } }"#)?.hasPrefix("render.scroll[0]: expected")
                == true)
        #expect(specError(#"{ "steps": [], "render": { "scroll": [-5] } }"#)?.hasPrefix("render.scroll[0]") == true)
        #expect(specError(#"{ "steps": [], "render": { "scroll": [] } }"#)?.hasPrefix("render.scroll") == true)
    }
}

@Suite("Spec: GreetKit's remaining pieces (animatedMesh alias, feature IDs, motion clamp)")
struct GreetKitSpecTests {
    @Test("animatedMesh is read as an animatedGradient with that palette, with a deprecation warning")
    func animatedMeshAlias() throws {
        let json = ##"""
            { "theme": { "background": { "kind": "animatedMesh", "primary": "#FF2D55", "secondary": "#FF9500",
              "accent": { "light": "#FFCC00", "dark": "#32ADE6" }, "motion": 5 } }, "steps": [] }
            """##
        let document = try FlowDocument.decode(Data(json.utf8))
        guard case .animatedGradient(let brand, let palette, let motion) = document.theme.background else {
            Issue.record("expected an animated gradient, got \(document.theme.background)")
            return
        }
        #expect(brand == nil)
        #expect(motion.strength == 2, "the motion clamp still applies")
        #expect(palette?.light.primary == Color(hex: 0xFF2D55))
        #expect(palette?.dark.secondary == Color(hex: 0xFF9500))
        #expect(palette?.light.accent == Color(hex: 0xFFCC00) && palette?.dark.accent == Color(hex: 0x32ADE6))
        #expect(palette?.light.base == Color(hex: 0xFFFFFF) && palette?.dark.base == Color(hex: 0x000000))
        #expect(document.warnings.count == 2)
        #expect(
            document.warnings.contains("theme.background.motion: motion strength 5.0 is outside 0...2; clamped to 2.0"))
        #expect(
            document.warnings.contains {
                $0.hasPrefix(#"theme.background.kind: "animatedMesh" is deprecated; read as "animatedGradient""#)
            })
    }

    @Test("animatedMesh needs its three colours; other keys are refused; errors name the JSON path")
    func animatedMeshErrors() {
        #expect(
            specError(##"{ "theme": { "background": "animatedMesh" }, "steps": [] }"##)?.hasPrefix(
                "theme.background: an animatedMesh needs an object") == true)
        #expect(
            specError(
                ##"{ "theme": { "background": { "kind": "animatedMesh", "primary": "#fff", "accent": "#000" } }, "steps": [] }"##
            ) == "theme.background.secondary: required key is missing")
        #expect(
            specError(
                ##"{ "theme": { "background": { "kind": "animatedMesh", "primary": "#fff", "secondary": "#fff", "accent": "#000", "colors": [] } }, "steps": [] }"##
            )?.hasPrefix("theme.background.colors: unknown key") == true)
    }

    @Test("feature IDs are checked for duplicates like route IDs, in the welcome and in routes")
    func duplicateFeatureIDs() {
        let welcome = ##"""
            { "steps": [], "welcome": { "id": "w", "title": "Hi", "features": [
              { "id": "sync", "label": "A" }, { "id": "widgets", "label": "B" }, { "id": "sync", "label": "C" } ] } }
            """##
        #expect(
            specError(welcome) == #"welcome.features[2].id: duplicate feature ID "sync" (also at welcome.features[0])"#)
        let implicit = ##"""
            { "steps": [], "routes": [{ "id": "r", "title": "R", "features": [
              { "label": "A" }, { "id": "feature-0", "label": "B" } ] }] }
            """##
        #expect(
            specError(implicit)
                == #"routes[0].features[1].id: duplicate feature ID "feature-0" (also at routes[0].features[0])"#)
        let route = ##"{ "steps": [], "routes": [{ "id": "r", "title": "R" }, { "id": "r", "title": "S" }] }"##
        #expect(specError(route)?.hasPrefix(#"routes[1].id: duplicate route ID "r""#) == true)
        let fine = ##"""
            { "steps": [], "welcome": { "id": "w", "title": "Hi", "features": [{ "id": "a", "label": "A" }] },
              "routes": [{ "id": "r", "title": "R", "features": [{ "id": "a", "label": "A" }] }] }
            """##
        #expect(specError(fine) == nil, "the same ID in two separate lists is fine")
    }
}
