import Foundation
import HowdyKitUI
import HowdyRender
import Testing

@Suite struct EdgeCaseTests {
    /// Odd but valid specs render without trapping.
    @Test func oddSpecsRender() throws {
        let json = ##"""
            { "theme": { "card": "#FFFFFF80", "background": { "kind": "linearGradient", "colors": ["#FF0000"], "start": [0, 0], "end": [0, 0] } },
              "welcome": { "id": "w", "title": "" , "features": [] },
              "routes": [{ "id": "r", "title": "Route", "features": [] }],
              "steps": [
                { "id": "a", "kind": "feature" },
                { "id": "b", "kind": "commitment", "range": [5, 5] },
                { "id": "c", "kind": "building", "progress": 1 },
                { "id": "d", "kind": "paywall", "allowSkip": false },
                { "id": "e", "kind": "singleSelect", "options": [{ "id": "x", "label": "Supercalifragilisticexpialidocious-and-then-some-more-without-spaces", "emoji": "👩‍👩‍👧‍👦" }] },
                { "id": "f", "kind": "permission", "permission": "camera" }
              ] }
            """##
        let document = try FlowDocument.decode(Data(json.utf8))
        for size in [DynamicTypeSize.xSmall, .accessibility5] {
            for named in FlowPages.screens(document) {
                let env = RenderEnvironment(device: .smallPhone, scale: 1, colorScheme: .dark, dynamicTypeSize: size)
                let image = try named.screen.render(theme: document.theme, environment: env)
                #expect(image.width == 375)
            }
        }
        let flow = OnboardingFlowView(document: document, currentPage: 99)
        #expect(
            try flow.render(theme: document.theme, environment: RenderEnvironment(device: .desktop, scale: 1)).width
                == 600)
        #expect(
            try OnboardingFlowView(pages: []).render(
                theme: .plain, environment: RenderEnvironment(device: .desktop, scale: 1)
            ).width == 600)
    }

    @Test func unknownIconsAreSpecErrors() throws {
        #expect(try Icon.isKnown("notifications"))
        #expect(try Icon.isKnown("bell.badge.fill"))
        #expect(try !Icon.isKnown("no_such_icon_name"))
        #expect(try !Icon.isKnown(""))
        #expect(
            specError(#"{ "steps": [{ "id": "a", "kind": "feature", "icon": "no_such_icon_name" }] }"#)?.hasPrefix(
                "steps[0].icon: unknown icon \"no_such_icon_name\"") == true)
        #expect(
            specError(
                #"{ "steps": [], "welcome": { "id": "w", "title": "Hi", "features": [{ "label": "x", "icon": "nope_nope" }] } }"#
            )?.hasPrefix("welcome.features[0].icon: unknown icon") == true)
    }

    @Test func typosInUIKeysAreErrors() {
        #expect(
            specError(#"{ "steps": [], "theme": { "primry": "red" } }"#)
                == "theme.primry: unknown key; did you mean \"primary\"?")
        #expect(
            specError(#"{ "steps": [], "theme": { "zzz": "red" } }"#)
                == "theme.zzz: unknown key (expected primary, accent, card, fonts, background, style)")
        #expect(
            specError(#"{ "steps": [], "render": { "device": ["phone"] } }"#)?.hasPrefix("render.device: unknown key")
                == true)
        #expect(
            specError(#"{ "steps": [], "welcome": { "id": "w", "title": "Hi", "subtile": "x" } }"#)?.hasPrefix(
                "welcome.subtile: unknown key") == true)
    }

    @Test func garbageIsASpecErrorNotACrash() {
        #expect(specError("not json")?.hasPrefix("(root): not valid JSON") == true)
        #expect(specError("[]") != nil)
        #expect(specError(#"{ "steps": [], "theme": 5 }"#) == "theme: expected an object, got a number")
        #expect(
            specError(#"{ "steps": [], "render": { "scale": 40 } }"#) == "render.scale: expected a scale from 1 to 4")
        #expect(
            specError(#"{ "steps": [], "render": { "times": [-1] } }"#)
                == "render.times[0]: expected a time in seconds ≥ 0")
        #expect(
            specError(#"{ "steps": [], "theme": { "fonts": { "title": { "size": -3 } } } }"#)
                == "theme.fonts.title.size: expected a size in pt from 1 to 200")
        #expect(
            specError(#"{ "steps": [], "theme": { "fonts": { "title": { "size": 1e-300 } } } }"#)
                == "theme.fonts.title.size: expected a size in pt from 1 to 200")
    }
}
