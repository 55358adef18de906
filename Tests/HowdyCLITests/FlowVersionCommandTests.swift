import Foundation
import HowdyKit
import Testing

@testable import HowdyCLI

@Suite("howdy flow: status --app-version, record --app-version and --analytics")
struct FlowVersionCommandTests {
    static let spec = #"""
        {
          "welcome": "app.welcome",
          "whatsNew": { "idPrefix": "app.whatsnew." },
          "steps": [
            { "id": "app.intro", "kind": "feature" },
            { "id": "app.push", "kind": "permission", "key": "push" },
            { "id": "app.whatsnew.2.0", "kind": "feature", "skippable": false },
            { "id": "app.whatsnew.2.1", "kind": "feature", "skippable": false },
            { "id": "app.whatsnew.2.1.1", "kind": "feature", "skippable": false }
          ]
        }
        """#

    struct Setup {
        let scratch: Scratch

        init(spec: String = FlowVersionCommandTests.spec) throws {
            scratch = try Scratch()
            try scratch.write("spec.json", spec)
        }

        func run(_ arguments: String...) -> RunResult {
            howdy(["flow"] + arguments + ["--store", scratch.path("store.json"), "--spec", scratch.path("spec.json")])
        }

        /// Every line of the analytics file, parsed.
        func events() throws -> [[String: Any]] {
            let text = try String(contentsOfFile: scratch.path("events.jsonl"), encoding: .utf8)
            #expect(text.hasSuffix("\n"))
            return try text.split(separator: "\n").map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
        }
    }

    @Test("help lists --app-version and --analytics")
    func help() {
        let help = howdy(["flow", "--help"]).out
        #expect(help.contains("--app-version") && help.contains("--analytics"))
    }

    @Test("status --app-version on a fresh store: a fresh install shows nothing, and says why")
    func freshInstall() throws {
        let setup = try Setup()
        defer { setup.scratch.cleanup() }
        let result = setup.run("status", "--app-version", "2.1")
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("appVersion: 2.1\ncompletedVersion: none\n"))
        #expect(
            result.out.contains(
                "whatsNew: fresh install at 2.1 (no completed version, first run not finished): shows nothing\n"))
        #expect(result.out.contains("nextStep: app.intro"))
        #expect(result.out.contains("app.whatsnew.2.1    none   feature, not skippable, what's new in 2.1, not shown"))
    }

    @Test("record --app-version stores the completed version when the flow completes; updates then decide by it")
    func versionedOnboarding() throws {
        let setup = try Setup()
        defer { setup.scratch.cleanup() }
        for (id, value) in [("app.welcome", "true"), ("app.intro", "true"), ("app.push", "false")] {
            let result = setup.run("record", id, value, "--app-version", "2.0")
            #expect(result.code == 0, "\(result.err)")
        }
        let store = try #require(
            try JSONSerialization.jsonObject(with: setup.scratch.read("store.json")) as? [String: Any])
        #expect((store["answers"] as? [String: Any])?["app.whatsnew.completedVersion"] as? String == "2.0")

        let patch = setup.run("status", "--app-version", "2.0.3")
        #expect(
            patch.out.contains(
                "whatsNew: patch update 2.0 → 2.0.3: shows nothing (the policy does not present patch updates)"))
        #expect(patch.out.contains("needsOnboarding: false"))

        let minor = setup.run("status", "--app-version", "2.1.1", "--json")
        #expect(minor.code == 0)
        let state = try #require(try JSONSerialization.jsonObject(with: Data(minor.out.utf8)) as? [String: Any])
        let whatsNew = try #require(state["whatsNew"] as? [String: Any])
        #expect(whatsNew["reason"] as? String == "update")
        #expect(whatsNew["update"] as? String == "minor")
        #expect(whatsNew["completedVersion"] as? String == "2.0")
        #expect(whatsNew["pages"] as? [String] == ["2.1", "2.1.1"])
        #expect(whatsNew["explanation"] as? String == "minor update 2.0 → 2.1.1: shows what's new in 2.1, 2.1.1")
        #expect(state["nextStep"] as? String == "app.whatsnew.2.1")
        let records = try #require(state["records"] as? [[String: Any]])
        #expect(records.compactMap { $0["inFlow"] as? Bool } == [false, true, true])

        #expect(setup.run("status", "--app-version", "2.1.1", "--check").code == 1, "what's new is still to show")
        #expect(setup.run("status", "--app-version", "2.0.3", "--check").code == 0, "a patch shows nothing")
        #expect(setup.run("record", "app.whatsnew.2.1", "true", "--app-version", "2.1.1").code == 0)
        #expect(setup.run("record", "app.whatsnew.2.1.1", "true", "--app-version", "2.1.1").code == 0)
        #expect(setup.run("status", "--app-version", "2.1.1", "--check").code == 0)
        let after = setup.run("status", "--app-version", "2.1.1")
        #expect(
            after.out.contains("completedVersion: 2.1.1\nwhatsNew: onboarding was completed at 2.1.1: shows nothing"))
    }

    @Test("a bad --app-version, or --app-version on record without whatsNew, is a usage error; nothing written")
    func badVersion() throws {
        let setup = try Setup()
        defer { setup.scratch.cleanup() }
        for bad in ["2.x", "", "1..2", "-1", "99999999999999999999999"] {
            let result = setup.run("status", "--app-version", bad)
            #expect(result.code == 2)
            #expect(result.err.contains("--app-version: expected a version like 2.1.0"))
        }
        let plain = try Setup(spec: exampleSpec)
        defer { plain.scratch.cleanup() }
        let status = plain.run("status", "--app-version", "2.0")
        #expect(status.code == 0 && status.out.contains(#"whatsNew: none (the spec has no "whatsNew" section)"#))
        let json = plain.run("status", "--app-version", "2.0", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["appVersion"] as? String == "2.0" && object["whatsNew"] is NSNull)
        let record = plain.run("record", "com.example.app.intro", "true", "--app-version", "2.0")
        #expect(record.code == 2 && record.err.contains(#"no "whatsNew" section"#))
        #expect(!FileManager.default.fileExists(atPath: plain.scratch.path("store.json")))
    }

    @Test("record --analytics appends the implied events, keyed, one JSON object per line, across runs")
    func analytics() throws {
        let setup = try Setup()
        defer { setup.scratch.cleanup() }
        let file = setup.scratch.path("events.jsonl")
        #expect(setup.run("record", "app.welcome", "true", "--analytics", file).code == 0)
        #expect(setup.run("record", "app.intro", "false", "--analytics", file).code == 0)
        #expect(setup.run("record", "app.intro", "false", "--analytics", file).code == 0, "unchanged: no events")
        #expect(setup.run("record", "app.push", "true", "--analytics", file).code == 0)
        let events = try setup.events()
        #expect(
            events.map { $0["event"] as? String } == [
                "answered", "skipped", "permissionRequested", "permissionGranted", "answered", "finished",
            ])
        #expect(events.map { $0["key"] as? String } == [nil, nil, "push", "push", "push", nil])
        #expect(events[4]["value"] as? Bool == true)
        #expect(events.allSatisfy { ($0["time"] as? String)?.hasSuffix("Z") == true })
    }

    @Test("an --analytics path that cannot be appended to fails before the store is written")
    func analyticsBadPath() throws {
        let setup = try Setup()
        defer { setup.scratch.cleanup() }
        let result = setup.run("record", "app.welcome", "true", "--analytics", setup.scratch.url.path)
        #expect(result.code == 2)
        #expect(result.err.contains("--analytics:") && result.err.contains("Is a directory"))
        #expect(!FileManager.default.fileExists(atPath: setup.scratch.path("store.json")))
    }
}
