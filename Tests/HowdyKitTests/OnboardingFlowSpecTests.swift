import Foundation
import Testing

@testable import HowdyKit

@Suite("OnboardingFlowSpec")
struct OnboardingFlowSpecTests {
    static let example = #"""
        {
          "id": "com.example.app.onboarding",
          "theme": { "primary": "#112233", "gradient": ["#fff", "#000"] },
          "routes": [{ "to": "x" }],
          "render": { "device": "phone" },
          "welcome": { "id": "com.example.app.welcome", "title": "Hello", "features": [] },
          "steps": [
            { "id": "com.example.app.intro", "kind": "feature", "title": "Welcome", "headline": "What it does.", "icon": "sparkles" },
            { "id": "com.example.app.goal", "kind": "singleSelect", "key": "goal", "title": "What's your goal?",
              "options": [{ "id": "a", "label": "Get fit", "emoji": "💪" }, { "id": "b", "label": "Lose weight" }] },
            { "id": "com.example.app.mins", "kind": "commitment", "key": "mins", "title": "Minutes a day?",
              "range": [5, 60], "step": 5, "unit": " min", "default": 15 },
            { "id": "com.example.app.building", "kind": "building", "title": "Building your plan…",
              "messages": ["Analyzing", "Personalizing", "Done!"] },
            { "id": "com.example.app.push", "kind": "permission", "required": true, "permission": "notifications",
              "title": "Stay in the loop", "details": "Only what matters.", "deniedDetails": "Enable in Settings.",
              "uiOnlyField": 3 },
            { "id": "com.example.app.paywall", "kind": "paywall", "headline": "Your plan",
              "plans": [{ "id": "annual", "title": "Annual", "price": "$29.99", "period": "year" }] },
            { "id": "com.example.app.streak", "kind": "custom", "content": { "type": "spacer" } },
            { "id": "com.example.app.whatsnew.2.0", "kind": "feature", "skippable": false, "title": "New in 2.0" }
          ]
        }
        """#

    @Test("the example decodes; keys of other layers are ignored; welcome may be an object")
    func decodesExample() throws {
        let spec = try OnboardingFlowSpec.decode(Data(Self.example.utf8))
        #expect(spec.id == "com.example.app.onboarding")
        #expect(spec.welcome == "com.example.app.welcome")
        #expect(spec.steps.map(\.kind.name) == StepKind.names + ["feature"])
        #expect(
            spec.steps[1].kind
                == .singleSelect(options: [
                    SelectOption(id: "a", label: "Get fit", emoji: "💪"), SelectOption(id: "b", label: "Lose weight"),
                ]))
        #expect(
            spec.steps[2].kind
                == .commitment(Commitment(lowerBound: 5, upperBound: 60, step: 5, unit: " min", defaultValue: 15)))
        #expect(spec.steps[3].kind == .building(messages: ["Analyzing", "Personalizing", "Done!"]))
        #expect(
            spec.steps[4].kind
                == .permission(
                    PermissionSpec(
                        permission: "notifications", details: "Only what matters.", deniedDetails: "Enable in Settings."
                    )))
        #expect(spec.steps[4].config == OnboardingStepConfig(id: "com.example.app.push", isRequired: true))
        #expect(
            spec.steps[5].kind
                == .paywall(plans: [PaywallPlan(id: "annual", title: "Annual", price: "$29.99", period: "year")]))
        #expect(spec.steps[6].kind == .custom(content: .object(["type": .string("spacer")])))
        #expect(spec.steps[7].config.isSkippable == false)
        #expect(spec.steps[1].answerKey == "goal")
        #expect(spec.steps[0].answerKey == "com.example.app.intro")
    }

    @Test("welcome may be a plain string ID, or absent")
    func welcomeForms() throws {
        let plain = try OnboardingFlowSpec.decode(Data(#"{"welcome": "w", "steps": []}"#.utf8))
        #expect(plain.welcome == "w")
        let none = try OnboardingFlowSpec.decode(Data(#"{"steps": [{"id": "a", "kind": "feature"}]}"#.utf8))
        #expect(none.welcome == nil)
        #expect(none.makeFlow(storage: InMemoryOnboardingStorage()).needsWelcome == false)
    }

    @Test("encoding and decoding again gives the same spec")
    func roundTrip() throws {
        let spec = try OnboardingFlowSpec.decode(Data(Self.example.utf8))
        let again = try OnboardingFlowSpec.decode(JSONEncoder().encode(spec))
        #expect(again == spec)
    }

    @Test("makeFlow ties the spec's steps and welcome to a storage")
    func makeFlow() throws {
        let spec = try OnboardingFlowSpec.decode(Data(Self.example.utf8))
        let flow = spec.makeFlow(storage: InMemoryOnboardingStorage())
        #expect(flow.welcomeID == spec.welcome)
        #expect(flow.steps == spec.stepConfigs)
        #expect(flow.nextStepNeeded?.id == "com.example.app.intro")
    }

    @Test(
        "errors name the JSON path and what was expected",
        arguments: [
            (
                #"{"steps": [{"id": "a", "kind": "feature"}, {"id": "b", "kind": "feature"}, {"id": "c", "kind": "singleSelect", "options": [{"id": "x", "label": 3}]}]}"#,
                "steps[2].options[0].label: expected a string, got a number"
            ),
            (#"{"steps": [{"id": "a"}]}"#, "steps[0].kind: required key is missing"),
            (#"{"steps": [{"kind": "feature"}]}"#, "steps[0].id: required key is missing"),
            (#"{}"#, "steps: required key is missing"),
            (#"{"steps": {}}"#, "steps: expected an array, got an object"),
            (
                #"{"steps": [{"id": "a", "kind": "video"}]}"#,
                #"steps[0].kind: expected one of feature, singleSelect, commitment, building, permission, paywall, custom, got "video""#
            ),
            (
                #"{"steps": [{"id": "a", "kind": "feature", "required": "yes"}]}"#,
                "steps[0].required: expected true or false, got a string"
            ),
            (#"{"steps": [{"id": "a", "kind": "feature", "title": null}]}"#, ""),
            (
                #"{"steps": [{"id": "a", "kind": "commitment", "range": [5]}]}"#,
                "steps[0].range: expected [min, max], got 1 numbers"
            ),
            (
                #"{"steps": [{"id": "a", "kind": "commitment", "range": [60, 5]}]}"#,
                "steps[0].range: expected [min, max] with min <= max"
            ),
            (
                #"{"steps": [{"id": "a", "kind": "commitment", "range": [5, 60], "step": 0}]}"#,
                "steps[0].step: expected a positive number"
            ),
            (
                #"{"steps": [{"id": "a", "kind": "commitment", "range": [5, 60], "default": 90}]}"#,
                "steps[0].default: expected a number in 5...60"
            ),
            (
                #"{"steps": [{"id": "a", "kind": "singleSelect", "options": []}]}"#,
                "steps[0].options: expected at least one option"
            ),
            (
                #"{"steps": [{"id": "a", "kind": "singleSelect", "options": [{"id": "x", "label": "X"}, {"id": "x", "label": "Y"}]}]}"#,
                #"steps[0].options[1].id: duplicate option ID "x" (also at steps[0].options[0])"#
            ),
            (
                #"{"steps": [{"id": "a", "kind": "feature"}, {"id": "a", "kind": "building"}]}"#,
                #"steps[1].id: duplicate ID "a" (also at steps[0])"#
            ),
            (
                #"{"welcome": "a", "steps": [{"id": "a", "kind": "feature"}]}"#,
                #"steps[0].id: duplicate ID "a" (also at welcome)"#
            ),
            (#"{"welcome": {"title": "Hi"}, "steps": []}"#, "welcome.id: required key is missing"),
            (#"{"welcome": 3, "steps": []}"#, #"welcome: expected a string ID or an object with an "id""#),
            (#"{"steps": [{"id": "", "kind": "feature"}]}"#, "steps[0].id: expected a non-empty ID"),
            (
                #"{"steps": [{"id": "a", "kind": "singleSelect", "key": "k", "options": [{"id": "x", "label": "X"}]}, {"id": "b", "kind": "commitment", "key": "k", "range": [1, 2]}]}"#,
                #"steps[1].key: duplicate answer key "k" (also used by steps[0])"#
            ),
            ("[1]", "(root): expected an object, got an array"),
        ] as [(String, String)]
    )
    func errors(json: String, expected: String) throws {
        if expected.isEmpty {
            _ = try OnboardingFlowSpec.decode(Data(json.utf8))  // null optional fields are fine
            return
        }
        let error = try #require(throws: SpecError.self) { try OnboardingFlowSpec.decode(Data(json.utf8)) }
        #expect(error.description == expected)
    }

    @Test("invalid JSON is reported at the root with the parser's detail")
    func invalidJSON() throws {
        let error = try #require(throws: SpecError.self) {
            try OnboardingFlowSpec.decode(Data(#"{"steps": [{"id": "#.utf8))
        }
        // The strict reader names where the text stopped: inside steps[0].id.
        #expect(error.path == "steps[0].id")
        #expect(
            error.message == "not valid JSON: unexpected end of the text (a value was expected) (line 1, column 19)")
    }

    @Test("an unreadable spec file names the file")
    func unreadableFile() throws {
        let error = try #require(throws: SpecError.self) {
            try OnboardingFlowSpec.load(contentsOf: URL(fileURLWithPath: "/nonexistent/spec.json"))
        }
        #expect(error.message.contains("/nonexistent/spec.json"))
    }

    @Test("SpecError.path renders keys and indices; from(_:) passes SpecErrors through")
    func pathHelper() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) {
                stringValue = "Index \(intValue)"
                self.intValue = intValue
            }
        }
        #expect(
            SpecError.path([
                Key(stringValue: "steps"), Key(intValue: 2), Key(stringValue: "options"), Key(intValue: 0),
                Key(stringValue: "label"),
            ]) == "steps[2].options[0].label")
        #expect(SpecError.path([]) == "")
        let error = SpecError(path: "theme.primary", message: "expected a color")
        #expect(SpecError.from(error) == error)
        #expect("\(error)" == "theme.primary: expected a color")
    }

    @Test("a step checks the answers it can capture")
    func answerProblems() throws {
        let spec = try OnboardingFlowSpec.decode(Data(Self.example.utf8))
        #expect(spec.steps[1].problem(with: .option("a")) == nil)
        #expect(spec.steps[1].problem(with: .option("z")) == "z is not one of the options (a, b)")
        #expect(spec.steps[2].problem(with: .number(30)) == nil)
        #expect(spec.steps[2].problem(with: .number(61)) == "61 is outside 5...60")
        #expect(spec.steps[0].problem(with: .option("a")) == "a feature step captures no answer")
    }

    @Test("a commitment snaps values to its step and range")
    func commitmentSnap() {
        let commitment = Commitment(lowerBound: 5, upperBound: 60, step: 5, unit: " min", defaultValue: 15)
        #expect(commitment.snap(17) == 15)
        #expect(commitment.snap(18) == 20)
        #expect(commitment.snap(-3) == 5)
        #expect(commitment.snap(99) == 60)
        #expect(commitment.snap(.nan) == 15)
        #expect(commitment.format(15) == "15 min")
    }
}

@Suite("OnboardingFlowStatus")
struct OnboardingFlowStatusTests {
    @Test("one snapshot: flow state, every entry, answers, unknown records and problems")
    func status() throws {
        let spec = try OnboardingFlowSpec.decode(Data(OnboardingFlowSpecTests.example.utf8))
        var contents = try OnboardingStoreContents.parse(
            Data(#"{"records": {"com.example.app.intro": "yes", "com.gone.step": true}}"#.utf8))
        contents.setRecord(true, for: "com.example.app.welcome")
        contents.setAnswer(.option("a"), for: "goal")
        let status = OnboardingFlowStatus(spec: spec, contents: contents)
        #expect(status.needsOnboarding && !status.needsWelcome)
        #expect(status.nextStep == "com.example.app.intro", "a non-Boolean record reads as never recorded")
        #expect(status.entries.count == 1 + spec.steps.count)
        #expect(
            status.entries[0]
                == .init(
                    id: "com.example.app.welcome", role: "welcome", isRequired: false, isSkippable: false, value: true))
        #expect(status.unknownRecords.map(\.id) == ["com.gone.step"])
        #expect(status.problems == [#"records["com.example.app.intro"]: expected true or false, got "yes""#])
        #expect(status.answers.map(\.key) == ["goal"])
        guard case .object(let json) = status.json else { Issue.record("not an object"); return }
        #expect(json["nextStep"] == .string("com.example.app.intro"))
    }

    @Test("type errors name the JSON path and what was found, in the one wording (\"a Boolean\")")
    func typeErrorWording() {
        func message(_ json: String) -> String? {
            do {
                _ = try OnboardingFlowSpec.decode(Data(json.utf8))
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            message(#"{"steps": [{"id": "a", "kind": "feature", "title": true}]}"#)
                == "steps[0].title: expected a string, got a Boolean")
        #expect(
            message(#"{"steps": [{"id": "a", "kind": "commitment", "range": [1, "9"]}]}"#)
                == "steps[0].range[1]: expected a number, got a string")
        #expect(message(#"{"steps": [{"id": "a", "kind": "feature", "required": null}]}"#) == nil)
        #expect(message(#"{"steps": {}}"#) == "steps: expected an array, got an object")
    }
}
