import Foundation
import Testing

@testable import HowdyKit

@Suite("Analytics: step keys on events, the events a record implies, safe JSON-lines appends")
struct AnalyticsEventTests {
    static let spec = #"""
        {
          "welcome": "app.welcome",
          "steps": [
            { "id": "app.intro", "kind": "feature" },
            { "id": "app.goal", "kind": "singleSelect", "key": "goal", "options": [{ "id": "a", "label": "A" }] },
            { "id": "app.push", "kind": "permission", "key": "push", "required": true }
          ]
        }
        """#

    func spec() throws -> OnboardingFlowSpec { try OnboardingFlowSpec.decode(Data(Self.spec.utf8)) }

    @Test("a pager's events carry the step's key; steps without one and the welcome carry none")
    func pagerKeys() throws {
        let log = PagerLog()
        let pager = OnboardingPager(spec: try spec(), storage: InMemoryOnboardingStorage(), analytics: log.analytics)
        pager.start()
        pager.recordWelcome()
        pager.swipeForward()  // skips intro
        try pager.flow.record(answer: .option("a"), for: try spec().steps[1])
        pager.advance()
        let keyed = log.events.map { "\($0.name.rawValue):\($0.step?.rawValue ?? "-"):\($0.key ?? "-")" }
        #expect(
            keyed == [
                "pageShown:app.welcome:-", "answered:app.welcome:-", "pageShown:app.intro:-", "skipped:app.intro:-",
                "pageShown:app.goal:goal", "answered:app.goal:goal", "pageShown:app.push:push",
            ])
    }

    @Test("a permission model's events carry its key")
    func permissionKey() {
        let log = PagerLog()
        let step = OnboardingStepConfig(id: "app.push")
        let flow = OnboardingFlow(steps: [step], storage: InMemoryOnboardingStorage())
        let model = PermissionStepModel(step: step, flow: flow, analytics: log.analytics, key: "push")
        _ = model.perform(.requestPermission)
        model.requestFinished(.denied)
        #expect(
            log.events == [
                OnboardingEvent(.permissionRequested, step: "app.push", key: "push"),
                OnboardingEvent(.permissionDenied, step: "app.push", key: "push"),
            ])
    }

    @Test("the JSON line has the key")
    func lineHasKey() {
        let line = JSONLinesAnalyticsSink.line(
            for: OnboardingEvent(.permissionGranted, step: "app.push", key: "push"), at: Date(timeIntervalSince1970: 0))
        #expect(
            line == #"{"event":"permissionGranted","key":"push","step":"app.push","time":"1970-01-01T00:00:00.000Z"}"#
                + "\n")
    }

    func implied(
        _ spec: OnboardingFlowSpec, _ value: Bool, answer: OnboardingAnswer? = nil, for id: OnboardingStepID,
        in contents: inout OnboardingStoreContents
    ) -> [String] {
        let before = contents
        contents.setRecord(value, for: id)
        if let answer, let step = spec.step(id) { contents.setAnswer(answer, for: step.answerKey) }
        return spec.eventsImplied(byRecording: value, answer: answer, for: id, before: before, after: contents).map {
            [$0.name.rawValue, $0.key ?? "-", $0.value.map { "\($0)" } ?? "-", $0.answer?.description ?? "-"]
                .joined(separator: " ")
        }
    }

    @Test("a permission step implies requested, granted or denied, then answered; keyed")
    func permissionEvents() throws {
        let spec = try spec()
        var contents = OnboardingStoreContents()
        #expect(
            implied(spec, false, for: "app.push", in: &contents) == [
                "permissionRequested push - -", "permissionDenied push - -", "answered push false -",
            ])
        #expect(
            implied(spec, false, for: "app.push", in: &contents).isEmpty, "recording the same again implies nothing")
        #expect(
            implied(spec, true, for: "app.push", in: &contents) == [
                "permissionGranted push - -", "answered push true -",
            ],
            "granted later in Settings: no second request")
    }

    @Test("other steps: answered (with the answer), skipped for false; finished when the flow completes")
    func stepEvents() throws {
        let spec = try spec()
        var contents = OnboardingStoreContents()
        #expect(implied(spec, true, for: "app.welcome", in: &contents) == ["answered - true -"])
        #expect(implied(spec, false, for: "app.intro", in: &contents) == ["skipped - false -"])
        #expect(implied(spec, true, answer: .option("a"), for: "app.goal", in: &contents) == ["answered goal true a"])
        #expect(
            implied(spec, true, for: "app.push", in: &contents) == [
                "permissionRequested push - -", "permissionGranted push - -", "answered push true -", "finished - - -",
            ])
        #expect(implied(spec, true, for: "app.intro", in: &contents) == ["answered - true -"], "no second finished")
    }

    @Test("appends: one object per line, a torn last line is closed first, non-regular files refused")
    func appendFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let file = JSONLinesFile(url: directory.file("events.jsonl"))
        try file.append([#"{"a":1}"#, #"{"b":2}"#])
        try file.append([])
        #expect(try String(contentsOf: file.url, encoding: .utf8) == "{\"a\":1}\n{\"b\":2}\n")
        try Data(#"{"torn":"#.utf8).write(to: file.url)
        try file.append([#"{"c":3}"#])
        #expect(try String(contentsOf: file.url, encoding: .utf8) == "{\"torn\":\n{\"c\":3}\n")
        #expect(throws: FileOnboardingStorageError.self) { try file.append(["{\n}"]) }

        #expect(throws: FileOnboardingStorageError.self) { try JSONLinesFile(url: directory.url).checkWritable() }
        let fifo = directory.file("fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        #expect(throws: FileOnboardingStorageError.self) { try JSONLinesFile(url: fifo).checkWritable() }
        let missing = JSONLinesFile(url: directory.file("no/such/dir/events.jsonl"))
        #expect(throws: FileOnboardingStorageError.self) { try missing.checkWritable() }
    }

    @Test("concurrent appenders never interleave or lose lines")
    func concurrentAppends() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("events.jsonl")
        let padding = String(repeating: "x", count: 3000)
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            let file = JSONLinesFile(url: url)
            for index in 0..<25 {
                try? file.append([
                    #"{"w":\#(writer),"i":\#(index),"p":"\#(padding)"}"#,
                    #"{"w":\#(writer),"i":\#(index),"second":true}"#,
                ])
            }
        }
        let lines = try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        let objects = try lines.dropLast().map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.count == 8 * 25 * 2)
        // Each batch's two lines stay together.
        for pair in stride(from: 0, to: objects.count, by: 2) {
            #expect(objects[pair]["w"] as? Int == objects[pair + 1]["w"] as? Int)
            #expect(objects[pair + 1]["second"] as? Bool == true)
        }
    }
}
