import Foundation
import HowdyKit
import Testing

@testable import HowdyKitUI

/// Issue 11 items 13 and 15: specs are strict JSON, and every key is known.
@Suite("Strict spec JSON and keys")
struct StrictSpecTests {
    let step = #"{ "id": "a", "kind": "feature", "title": "Hi" }"#

    @Test("a misspelled root key is an error with a did-you-mean, not the default matrix")
    func rootTypo() {
        #expect(
            specError(#"{ "steps": [], "rendr": { "devices": ["tablet"] } }"#)
                == "rendr: unknown key; did you mean \"render\"?")
        #expect(specError(#"{ "steps": [], "Locale": "en" }"#) == "Locale: unknown key; did you mean \"locale\"?")
        // HowdyKit's keys (its one table) first, then the UI's.
        #expect(
            specError(#"{ "steps": [], "zzz": 1 }"#)
                == "zzz: unknown key (expected id, welcome, steps, whatsNew, locale, theme, routes, answers, render, localization, $schema)"
        )
    }

    @Test("unknown keys in steps, options and plans name their JSON path; a key of another kind is refused")
    func stepTypos() {
        #expect(
            specError(#"{ "steps": [{ "id": "a", "kind": "feature", "titel": "Hi" }] }"#)
                == "steps[0].titel: unknown key for a feature step; did you mean \"title\"?")
        #expect(
            specError(#"{ "steps": [{ "id": "a", "kind": "feature", "options": [] }] }"#)?.hasPrefix(
                "steps[0].options: unknown key for a feature step (expected id, kind") == true)
        #expect(
            specError(
                #"{ "steps": [{ "id": "g", "kind": "singleSelect", "options": [{ "id": "a", "lable": "A" }] }] }"#)
                == "steps[0].options[0].lable: unknown key; did you mean \"label\"?")
        #expect(
            specError(
                #"{ "steps": [{ "id": "p", "kind": "paywall", "plans": [{ "id": "a", "title": "A", "prise": "$1" }] }] }"#
            )
                == "steps[0].plans[0].prise: unknown key; did you mean \"price\"?")
        #expect(
            specError(#"{ "steps": [{ "id": "b", "kind": "building", "progres": 0.5 }] }"#)
                == "steps[0].progres: unknown key for a building step; did you mean \"progress\"?")
    }

    @Test("every example spec and every key the readers use still passes")
    func examplesPass() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for name in ["branded", "plain", "rtl", "hebrew"] {
            let url = root.appendingPathComponent("Examples/\(name).json")
            #expect(throws: Never.self, "\(name)") { _ = try FlowDocument.load(contentsOf: url) }
        }
    }

    @Test("trailing commas are refused with the JSON path of their container")
    func trailingCommas() {
        #expect(
            specError(#"{ "steps": [], "render": { "devices": ["phone"], } }"#)
                == "render: not valid JSON: trailing comma before \"}\" (line 1, column 50)")
        #expect(
            specError(#"{ "steps": [\#(step),] }"#)?.hasPrefix("steps: not valid JSON: trailing comma before \"]\"")
                == true)
        #expect(specError(#"{ "steps": [], }"#)?.hasPrefix("(root): not valid JSON: trailing comma") == true)
    }

    @Test("a lone surrogate gives one error, naming its JSON path, wherever it sits")
    func loneSurrogates() {
        #expect(
            specError(#"{ "steps": [{ "id": "a", "kind": "feature", "title": "x\ud800y" }] }"#)
                == #"steps[0].title: not valid JSON: lone surrogate \ud800 in a string (a high surrogate needs a low one after it) (line 1, column 56)"#
        )
        #expect(
            specError(#"{ "steps": [], "welcome": { "id": "w", "title": "\udc00" } }"#)?.hasPrefix(
                #"welcome.title: not valid JSON: lone surrogate \udc00 in a string (a low surrogate without a high one)"#
            )
                == true)
        #expect(
            specError(#"{ "steps": [], "answers": { "\ud800": "a" } }"#)?.hasPrefix(
                #"answers: not valid JSON: lone surrogate \ud800 in a key"#) == true)
        #expect(
            specError(#"{ "steps": [], "id": "\ud800\u0041" }"#)?.hasPrefix(
                #"id: not valid JSON: lone surrogate \ud800 in a string (followed by \u0041, not a low surrogate)"#)
                == true)
        // A proper pair is one character.
        #expect(specError(#"{ "steps": [{ "id": "a", "kind": "feature", "title": "\ud83d\udcaa" }] }"#) == nil)
    }

    @Test("repeated keys, 1e400, deep nesting and invalid UTF-8 are errors with a path")
    func otherStrictness() {
        #expect(
            specError(#"{ "steps": [], "locale": "en", "locale": "ar" }"#)
                == #"locale: duplicate key "locale" (its first value would be lost) (line 1, column 40)"#)
        #expect(
            specError(#"{ "steps": [], "render": { "times": [1e400] } }"#)
                == "render.times[0]: not valid JSON: the number 1e400 is out of range (line 1, column 38)")
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(specError(#"{ "steps": [], "answers": \#(deep) }"#)?.contains("nested deeper than 128 levels") == true)
        var bytes = Array(#"{ "steps": [], "id": "x"#.utf8)
        bytes += [0xFF, 0x22, 0x7D]
        do {
            _ = try FlowDocument.decode(Data(bytes))
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error.description == "id: not valid JSON: invalid UTF-8 in a string (byte 0xFF) (line 1, column 24)")
        }
    }

    @Test("HowdyKit's own reader is as strict (howdy flow reads specs through it)")
    func howdyKitStrict() {
        #expect(throws: SpecError.self) { try OnboardingFlowSpec.decode(Data(#"{ "steps": [], }"#.utf8)) }
        #expect(throws: SpecError.self) {
            try OnboardingFlowSpec.decode(Data(#"{ "steps": [], "id": "\ud800" }"#.utf8))
        }
    }
}
