import Foundation
import HowdyKit
import Testing

@testable import HowdyCLI

@Suite("howdy flow")
struct FlowCommandTests {
    /// A scratch dir with the example spec; `args` builds `--store/--spec` for it.
    struct Setup {
        let scratch: Scratch

        init() throws {
            scratch = try Scratch()
            try scratch.write("spec.json", exampleSpec)
        }

        func run(_ arguments: String...) -> RunResult {
            howdy(["flow"] + arguments + ["--store", scratch.path("store.json"), "--spec", scratch.path("spec.json")])
        }

        func json(_ arguments: String...) throws -> [String: Any] {
            let result = howdy(
                ["flow"] + arguments + [
                    "--json", "--store", scratch.path("store.json"), "--spec", scratch.path("spec.json"),
                ])
            #expect(result.code == 0, "\(result.err)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        }
    }

    @Test("listed in howdy --help; flow --help shows every subcommand")
    func help() {
        #expect(howdy(["--help"]).out.contains("flow"))
        let help = howdy(["flow", "--help"])
        #expect(help.code == 0)
        for word in ["status", "record", "clear", "reset", "--store", "--spec", "--json", "--recover", "--check"] {
            #expect(help.out.contains(word))
        }
    }

    @Test("status of a new store: onboarding needed, the first step next, every record none")
    func statusEmpty() throws {
        let setup = try Setup()
        defer { setup.scratch.cleanup() }
        let result = setup.run("status")
        #expect(result.code == 0)
        #expect(result.out.contains("needsOnboarding: true"))
        #expect(result.out.contains("nextStep: com.example.app.intro"))
        #expect(result.out.contains("com.example.app.welcome  none   welcome"))
        #expect(result.out.contains("com.example.app.push     none   permission, required"))
        #expect(!FileManager.default.fileExists(atPath: setup.scratch.path("store.json")), "status never writes")
    }

    @Test("record, then status in JSON")
    func recordAndJSON() throws {
        let setup = try Setup()
        defer { setup.scratch.cleanup() }
        #expect(setup.run("record", "com.example.app.welcome", "true").code == 0)
        #expect(setup.run("record", "com.example.app.intro", "false").code == 0)
        #expect(setup.run("record", "com.example.app.goal", "true", "--answer", "b").code == 0)
        let state = try setup.json("status")
        #expect(state["needsOnboarding"] as? Bool == true)
        #expect(state["needsWelcome"] as? Bool == false)
        #expect(state["nextStep"] as? String == "com.example.app.mins")
        #expect(state["allRequiredSatisfied"] as? Bool == false)
        let records = try #require(state["records"] as? [[String: Any]])
        #expect(
            records.map { $0["id"] as? String } == [
                "com.example.app.welcome", "com.example.app.intro", "com.example.app.goal", "com.example.app.mins",
                "com.example.app.push",
            ])
        #expect(records[1]["value"] as? Bool == false)
        #expect(records[3]["value"] is NSNull)
        #expect(records[4]["required"] as? Bool == true)
        #expect((state["answers"] as? [String: String])?["goal"] == "b")
    }

    @Test("--check exits 1 while onboarding is needed and 0 once done")
    func check() throws {
        let setup = try Setup()
        defer { setup.scratch.cleanup() }
        #expect(setup.run("status", "--check").code == 1)
        for id in ["welcome", "intro", "goal", "mins"] { _ = setup.run("record", "com.example.app.\(id)", "true") }
        #expect(setup.run("record", "com.example.app.push", "false").code == 0)
        let done = setup.run("status", "--check")
        #expect(done.code == 0)
        #expect(done.out.contains("needsOnboarding: false"))
        #expect(done.out.contains("allRequiredSatisfied: false"), "declining a required step does not satisfy it")
    }

    @Test("clear removes a record and its answer; reset removes the flow's, keeping others")
    func clearAndReset() throws {
        let setup = try Setup()
        defer { setup.scratch.cleanup() }
        try setup.scratch.write("store.json", #"{"records": {"com.other.app.welcome": true}}"#)
        _ = setup.run("record", "com.example.app.welcome", "true")
        _ = setup.run("record", "com.example.app.mins", "true", "--answer", "30")
        var state = try setup.json("clear", "com.example.app.mins")
        #expect((state["answers"] as? [String: Any])?.isEmpty == true)
        #expect(state["nextStep"] as? String == "com.example.app.intro")
        _ = setup.run("record", "com.example.app.goal", "true", "--answer", "a")
        state = try setup.json("reset")
        #expect(state["needsWelcome"] as? Bool == true)
        #expect((state["answers"] as? [String: Any])?.isEmpty == true)
        #expect((state["unknownRecords"] as? [String: Bool]) == ["com.other.app.welcome": true])
    }

    @Test(
        "bad usage and input exit 2 with a message",
        arguments: [
            (["record", "com.example.app.nope", "true"], "unknown step ID 'com.example.app.nope'"),
            (["record", "com.example.app.intro", "yes"], "expected true or false, got 'yes'"),
            (["record", "com.example.app.intro"], "record takes STEP_ID and true or false"),
            (["record", "com.example.app.goal", "true", "--answer", "z"], "z is not one of the options (a, b)"),
            (["record", "com.example.app.mins", "true", "--answer", "x"], "expected a number"),
            (["record", "com.example.app.mins", "true", "--answer", "61"], "61 is outside 5...60"),
            (["record", "com.example.app.intro", "true", "--answer", "a"], "captures no answer"),
            (["clear"], "clear takes STEP_ID"),
            (["status", "--bogus"], "unknown option --bogus"),
            (["status", "--recover"], "unknown option --recover"),
            (["frobnicate"], "unknown subcommand 'frobnicate'"),
        ] as [([String], String)]
    )
    func badInput(arguments: [String], message: String) throws {
        let setup = try Setup()
        defer { setup.scratch.cleanup() }
        let result = howdy(
            ["flow"] + arguments + [
                "--store", setup.scratch.path("store.json"), "--spec", setup.scratch.path("spec.json"),
            ])
        #expect(result.code == 2)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: setup.scratch.path("store.json")))
    }

    @Test("missing --store or --spec is a usage error")
    func missingOptions() {
        #expect(howdy(["flow", "status", "--spec", "x.json"]).err.contains("--store FILE is required"))
        #expect(howdy(["flow", "status", "--store", "x.json"]).err.contains("--spec SPEC.json is required"))
        #expect(howdy(["flow"]).code == 2)
    }

    @Test("an invalid spec is reported with its path and the JSON path of the problem")
    func badSpec() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        try scratch.write(
            "spec.json", #"{"steps": [{"id": "a", "kind": "singleSelect", "options": [{"id": "x", "label": 3}]}]}"#)
        let result = howdy([
            "flow", "status", "--store", scratch.path("store.json"), "--spec", scratch.path("spec.json"),
        ])
        #expect(result.code == 2)
        #expect(
            result.err.contains(
                "\(scratch.path("spec.json")): steps[0].options[0].label: expected a string, got a number"))
        let missing = howdy([
            "flow", "status", "--store", scratch.path("store.json"), "--spec", scratch.path("nope.json"),
        ])
        #expect(missing.code == 2 && missing.err.contains("nope.json"))
    }

    @Test(
        "a misspelt key anywhere is refused as howdy render refuses it, with its JSON path and a did-you-mean",
        arguments: [
            (
                #"{"steps": [{"id": "a", "kind": "singleSelect", "options": [{"id": "x", "lable": "X"}]}]}"#,
                #"steps[0].options[0].lable: unknown key; did you mean "label"?"#
            ),
            (
                #"{"steps": [{"id": "c", "kind": "custom", "content": {"type": "vstack", "children": [{"type": "padding", "insets": {"top": 1, "lefft": 2}, "child": {"type": "text", "text": "x"}}]}}]}"#,
                #"steps[0].content.children[0].insets.lefft: unknown key (expected top, leading, bottom, trailing)"#
            ),
            (
                #"{"steps": [{"id": "a", "kind": "feature", "title": "T"}], "theme": {"background": {"kind": "softGradient", "palette": {"light": {"base": "red", "primry": "blue"}}}}}"#,
                #"theme.background.palette.light.primry: unknown key; did you mean "primary"?"#
            ),
            (
                #"{"steps": [{"id": "a", "kind": "feature", "title": "T"}], "rendr": {}}"#,
                #"rendr: unknown key; did you mean "render"?"#
            ),
        ])
    func unknownKeysEverywhere(spec: String, message: String) throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        try scratch.write("spec.json", spec)
        let result = howdy([
            "flow", "status", "--store", scratch.path("store.json"), "--spec", scratch.path("spec.json"),
        ])
        #expect(result.code == 2)
        #expect(result.err.contains("\(scratch.path("spec.json")): \(message)"), "\(result.err)")
    }

    @Test("a corrupt store is reported with its path and left untouched; --recover moves it aside and says so")
    func corruptStore() throws {
        let setup = try Setup()
        defer { setup.scratch.cleanup() }
        let bad = #"{"format": "howdy-onboarding-store", "records": {"com.example.app.welcome": tr"#
        try setup.scratch.write("store.json", bad)
        let status = setup.run("status")
        #expect(status.code == 2)
        #expect(status.err.contains(setup.scratch.path("store.json")))
        #expect(status.err.contains("the file looks truncated"))
        let record = setup.run("record", "com.example.app.intro", "true")
        #expect(record.code == 2)
        #expect(record.err.contains("--recover"))
        #expect(try setup.scratch.read("store.json") == Data(bad.utf8), "never silently replaced")

        let recovered = setup.run("record", "com.example.app.intro", "true", "--recover")
        #expect(recovered.code == 0)
        #expect(recovered.err.contains("moved it aside to \(setup.scratch.path("store.json")).corrupt-"))
        let names = try FileManager.default.contentsOfDirectory(atPath: setup.scratch.url.path)
        let aside = try #require(names.first { $0.hasPrefix("store.json.corrupt-") })
        #expect(try setup.scratch.read(aside) == Data(bad.utf8))
        let introLine = recovered.out.split(separator: "\n").first { $0.hasPrefix("  com.example.app.intro ") }
        #expect(introLine?.contains(" true ") == true)
    }

    @Test("non-Boolean records and unknown step IDs are reported, not dropped")
    func reportsOddRecords() throws {
        let setup = try Setup()
        defer { setup.scratch.cleanup() }
        try setup.scratch.write(
            "store.json",
            #"{"records": {"com.example.app.intro": "yes", "com.old.step": false}, "answers": {"goal": [1]}}"#)
        let text = setup.run("status")
        #expect(text.code == 0)
        #expect(text.out.contains("records for IDs not in the spec (kept):\n  com.old.step: false"))
        #expect(text.out.contains(#"records["com.example.app.intro"]: expected true or false, got "yes""#))
        #expect(text.out.contains(#"answers["goal"]: expected a string or a number, got [1]"#))
        let state = try setup.json("record", "com.example.app.welcome", "true")
        #expect((state["problems"] as? [String])?.count == 2)
        #expect((state["unknownRecords"] as? [String: Bool]) == ["com.old.step": false])
        let stored = try FileOnboardingStorage(url: setup.scratch.url.appendingPathComponent("store.json")).load()
        #expect(stored.invalidRecords == ["com.example.app.intro": .string("yes")])
        #expect(stored.record(for: "com.old.step") == false)
    }
}
