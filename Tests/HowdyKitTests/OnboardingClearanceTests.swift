import Foundation
import HowdyKit
import Testing

/// Clearing a step drops its answer, the same way for flows, store contents and the CLI.
@Suite("clear and reset")
struct OnboardingClearanceTests {
    static let spec = try! OnboardingFlowSpec.decode(
        Data(
            #"""
            {"welcome": "w", "steps": [
              {"id": "goal", "kind": "singleSelect", "options": [{"id": "a", "label": "A"}, {"id": "b", "label": "B"}]},
              {"id": "mins", "kind": "commitment", "key": "minutes", "range": [5, 60]},
              {"id": "intro", "kind": "feature"}]}
            """#.utf8))

    @Test("a flow's clear drops the step's answer; other answers stay")
    func flowClearDropsTheAnswer() throws {
        let storage = InMemoryOnboardingStorage()
        let flow = Self.spec.makeFlow(storage: storage)
        try flow.record(answer: .option("a"), for: Self.spec.steps[0])
        try flow.record(answer: .number(15), for: Self.spec.steps[1])
        flow.clear(Self.spec.steps[0].id)
        #expect(flow.value(for: Self.spec.steps[0].id) == nil)
        #expect(flow.answer(for: Self.spec.steps[0]) == nil)
        #expect(flow.answer(for: Self.spec.steps[1]) == .number(15))
        flow.reset()
        #expect(flow.answer(for: Self.spec.steps[1]) == nil)
        #expect(!flow.allIDs.contains { flow.value(for: $0) != nil })
    }

    @Test("store contents apply the same clearance as the flow")
    func contentsAgreeWithTheFlow() throws {
        var contents = OnboardingStoreContents()
        try contents.record(true, answer: .option("b"), for: "goal", in: Self.spec)
        try contents.record(true, answer: .number(30), for: "mins", in: Self.spec)
        contents.setAnswer(.option("x"), for: "other")
        contents.apply(Self.spec.clearance(of: "mins"))
        #expect(contents.answer(for: "minutes") == nil && contents.record(for: "mins") == nil)
        #expect(contents.answer(for: "goal") == .option("b"))
        contents.apply(Self.spec.resetClearance)
        #expect(contents.answers == ["other": .option("x")])
        #expect(contents.records.isEmpty)
        #expect(Self.spec.resetClearance.answerKeys.sorted() == ["goal", "minutes"])
    }

    @Test("answers parse and are checked in HowdyKit")
    func answersParse() throws {
        let goal = Self.spec.steps[0], mins = Self.spec.steps[1], intro = Self.spec.steps[2]
        #expect(try goal.answer(parsing: "a") == .option("a"))
        #expect(try mins.answer(parsing: "15") == .number(15))
        #expect(throws: OnboardingAnswerError.self) { try goal.answer(parsing: "z") }
        #expect(throws: OnboardingAnswerError.self) { try mins.answer(parsing: "90") }
        #expect(throws: OnboardingAnswerError.self) { try mins.answer(parsing: "nan") }
        #expect(throws: OnboardingAnswerError.self) { try intro.answer(parsing: "a") }
        var contents = OnboardingStoreContents()
        #expect(throws: OnboardingAnswerError.self) {
            try contents.record(true, answer: .option("z"), for: "goal", in: Self.spec)
        }
        #expect(contents.record(for: "goal") == nil)
    }
}
