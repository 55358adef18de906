import Foundation
import Testing

@testable import HowdyKit

@Suite("PermissionStepModel: three states, no skip before the system dialog")
struct PermissionStepTests {
    let push = OnboardingStepConfig(id: "app.push", isRequired: true)

    func make(_ status: PermissionStatus = .notRequested) -> (PermissionStepModel, OnboardingFlow, PagerLog) {
        let log = PagerLog()
        let flow = OnboardingFlow(steps: [push], storage: InMemoryOnboardingStorage())
        return (PermissionStepModel(step: push, flow: flow, status: status, analytics: log.analytics), flow, log)
    }

    @Test("not requested: only the system ask is offered; nothing else does anything")
    func notRequested() {
        let (model, flow, _) = make()
        #expect(model.availableActions == [.requestPermission])
        #expect(!model.offersWayPastWithoutPermission)
        #expect(model.perform(.continueAfterDenial) == .none)
        #expect(model.perform(.next) == .none)
        #expect(model.perform(.openSettings) == .none)
        #expect(flow.value(for: push.id) == nil)
    }

    @Test("asking then granting: requested and granted events, recorded true, Next advances")
    func granted() {
        let (model, flow, log) = make()
        #expect(model.perform(.requestPermission) == .showSystemDialog)
        #expect(model.isRequesting)
        #expect(model.perform(.requestPermission) == .none, "no second dialog while one is up")
        model.requestFinished(.authorized)
        #expect(flow.value(for: push.id) == true)
        #expect(flow.allRequiredSatisfied)
        #expect(model.availableActions == [.next])
        #expect(model.perform(.next) == .advance)
        #expect(
            log.events == [
                OnboardingEvent(.permissionRequested, step: "app.push"),
                OnboardingEvent(.permissionGranted, step: "app.push"),
            ])
    }

    @Test("denied: Open Settings plus a small Continue that records false")
    func denied() {
        let (model, flow, log) = make()
        _ = model.perform(.requestPermission)
        model.requestFinished(.denied)
        #expect(model.primaryAction == .openSettings)
        #expect(model.secondaryAction == .continueAfterDenial)
        #expect(model.offersWayPastWithoutPermission)
        #expect(flow.value(for: push.id) == nil, "the user may still enable it in Settings")
        #expect(model.perform(.openSettings) == .openSettings)
        #expect(model.perform(.continueAfterDenial) == .advance)
        #expect(flow.value(for: push.id) == false)
        #expect(!flow.allRequiredSatisfied)
        #expect(log.events.map(\.name) == [.permissionRequested, .permissionDenied])
    }

    @Test("denied, then enabled in Settings: the re-check records true and reports the grant")
    func grantedInSettings() {
        let (model, flow, log) = make()
        _ = model.perform(.requestPermission)
        model.requestFinished(.denied)
        model.statusChecked(.authorized)
        #expect(flow.value(for: push.id) == true)
        #expect(model.availableActions == [.next])
        #expect(log.events.map(\.name) == [.permissionRequested, .permissionDenied, .permissionGranted])
    }

    @Test("already authorized when shown: recorded true at once, no dialog")
    func alreadyAuthorized() {
        let (model, flow, log) = make(.authorized)
        #expect(flow.value(for: push.id) == true)
        #expect(model.availableActions == [.next])
        #expect(log.events.isEmpty)
    }

    @Test("a dismissed dialog leaves the step asking")
    func dismissed() {
        let (model, flow, _) = make()
        _ = model.perform(.requestPermission)
        model.requestFinished(.notRequested)
        #expect(!model.isRequesting)
        #expect(model.availableActions == [.requestPermission])
        #expect(flow.value(for: push.id) == nil)
    }
}

@Suite("Answers and analytics sink")
struct AnswersAndAnalyticsTests {
    static let spec = try! OnboardingFlowSpec.decode(
        Data(
            #"""
            {"steps": [
              {"id": "app.goal", "kind": "singleSelect", "key": "goal", "options": [{"id": "a", "label": "A"}, {"id": "b", "label": "B"}]},
              {"id": "app.mins", "kind": "commitment", "key": "mins", "range": [5, 60], "step": 5, "default": 15},
              {"id": "app.hello", "kind": "feature"}]}
            """#.utf8))

    @Test("answers are captured under the step's key, beside the records, and persist in the file store")
    func answersPersist() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("store.json")
        let flow = Self.spec.makeFlow(storage: FileOnboardingStorage(url: url))
        try flow.record(answer: .option("b"), for: Self.spec.steps[0])
        try flow.record(answer: .number(30), for: Self.spec.steps[1])
        let reread = Self.spec.makeFlow(storage: FileOnboardingStorage(url: url))
        #expect(reread.answer(for: Self.spec.steps[0]) == .option("b"))
        #expect(reread.answer(for: Self.spec.steps[1]) == .number(30))
        #expect(reread.value(for: "app.goal") == true)
        let contents = try FileOnboardingStorage(url: url).load()
        #expect(contents.answers == ["goal": .option("b"), "mins": .number(30)])
    }

    @Test("an invalid answer is refused and nothing is written")
    func invalidAnswer() {
        let flow = Self.spec.makeFlow(storage: InMemoryOnboardingStorage())
        #expect(throws: OnboardingAnswerError.self) { try flow.record(answer: .option("z"), for: Self.spec.steps[0]) }
        #expect(throws: OnboardingAnswerError.self) { try flow.record(answer: .number(99), for: Self.spec.steps[1]) }
        #expect(throws: OnboardingAnswerError.self) { try flow.record(answer: .number(1), for: Self.spec.steps[2]) }
        #expect(flow.value(for: "app.goal") == nil && flow.value(for: "app.mins") == nil)
        #expect(flow.answer(for: Self.spec.steps[0]) == nil)
    }

    @Test("the JSON-lines sink writes one parseable line per event")
    func jsonLines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanup() }
        let url = directory.file("events.jsonl")
        let sink = try JSONLinesAnalyticsSink(appendingTo: url, clock: { Date(timeIntervalSince1970: 0) })
        sink.record(OnboardingEvent(.pageShown, step: "app.goal"))
        sink.record(OnboardingEvent(.answered, step: "app.goal", value: true, answer: .option("a")))
        sink.record(OnboardingEvent(.finished))
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == #"{"event":"pageShown","step":"app.goal","time":"1970-01-01T00:00:00.000Z"}"#)
        #expect(
            lines[1]
                == #"{"answer":"a","event":"answered","step":"app.goal","time":"1970-01-01T00:00:00.000Z","value":true}"#
        )
        #expect(lines[2] == #"{"event":"finished","time":"1970-01-01T00:00:00.000Z"}"#)
        // Appending to an existing file keeps what was there.
        try JSONLinesAnalyticsSink(appendingTo: url).record(OnboardingEvent(.skipped, step: "x", value: false))
        #expect(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").count == 4)
    }
}
