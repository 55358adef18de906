import Foundation
import Testing

@testable import HowdyKit

/// Records what a pager reports, in order.
final class PagerLog {
    var shown: [OnboardingStepID] = []
    var finishedCount = 0
    var events: [OnboardingEvent] = []

    func attach(to pager: OnboardingPager) {
        // Strong captures: the pager keeps the log alive for the test's duration.
        pager.onPageShown = { self.shown.append($0) }
        pager.onFinished = { self.finishedCount += 1 }
    }

    var analytics: OnboardingAnalyticsHandler {
        OnboardingAnalyticsHandler { self.events.append($0) }
    }
}

@Suite("OnboardingPager: OnboardingFlowView's mechanics, headless")
struct OnboardingPagerTests {
    let welcome: OnboardingStepID = "app.welcome"
    let location = OnboardingStepConfig(id: "app.location", isRequired: true)
    let tips = OnboardingStepConfig(id: "app.tips")
    let info = OnboardingStepConfig(id: "app.info", isSkippable: false)

    func make(
        _ storage: InMemoryOnboardingStorage = InMemoryOnboardingStorage(),
        steps: [OnboardingStepConfig]? = nil,
        satisfied: ((OnboardingStepConfig) -> Bool)? = nil
    ) -> (OnboardingPager, PagerLog) {
        let log = PagerLog()
        let flow = OnboardingFlow(steps: steps ?? [location, tips, info], welcome: welcome, storage: storage)
        let pager = OnboardingPager(flow: flow, isAlreadySatisfied: satisfied, analytics: log.analytics)
        log.attach(to: pager)
        return (pager, log)
    }

    @Test("pages are the welcome while needed, then the steps still needed")
    func pages() {
        let storage = InMemoryOnboardingStorage(records: ["app.tips": true])
        let (pager, log) = make(storage)
        #expect(pager.currentPage == nil, "nothing shows before start()")
        pager.start()
        #expect(pager.pages == [.welcome(welcome), .step(location), .step(info)])
        #expect(pager.currentPage == .welcome(welcome))
        #expect(pager.stepPages == [location, info])
        #expect(pager.currentStepIndex == nil)
        #expect(log.shown == [welcome])
    }

    @Test("recording the welcome moves on to the steps; the welcome cannot be swiped past or back to")
    func welcomePage() {
        let (pager, log) = make()
        pager.start()
        #expect(!pager.swipeForward(), "the welcome has no skip")
        #expect(pager.pages.first == .welcome(welcome))
        pager.recordWelcome()
        #expect(pager.flow.value(for: welcome) == true)
        #expect(pager.currentPage == .step(location))
        #expect(pager.currentStepIndex == 0)
        #expect(!pager.swipeBack(), "no way back to the welcome")
        #expect(log.shown == [welcome, location.id])
    }

    @Test("swiping past a page backfills it; swiping past a required step is allowed and records false")
    func swipePast() {
        let (pager, _) = make()
        pager.start()
        pager.recordWelcome()
        #expect(pager.swipeForward())
        #expect(pager.flow.value(for: location.id) == false)
        #expect(!pager.flow.allRequiredSatisfied)
        #expect(pager.swipeForward())
        #expect(pager.flow.value(for: tips.id) == false)
        #expect(pager.currentPage == .step(info))
        #expect(!pager.swipeForward(), "no page after the last; only advance finishes")
        #expect(!pager.isFinished)
    }

    @Test("swiping back and forth never overwrites an answer")
    func swipeBackKeepsAnswers() {
        let (pager, _) = make()
        pager.start()
        pager.recordWelcome()
        pager.flow.record(true, for: location.id)
        pager.swipeForward()
        pager.swipeBack()
        #expect(pager.flow.value(for: location.id) == true)
        #expect(pager.flow.value(for: tips.id) == false)
    }

    @Test("advance after a step's own action shows the next page; after the last, onFinished fires once")
    func advanceAndFinish() {
        let (pager, log) = make()
        pager.start()
        pager.recordWelcome()
        pager.flow.record(true, for: location.id)  // the step's own action
        pager.advance()
        #expect(pager.currentPage == .step(tips))
        pager.flow.record(true, for: tips.id)
        pager.advance()
        #expect(pager.currentPage == .step(info))
        pager.advance()  // acknowledge-only: advancing unanswered backfills true
        #expect(pager.flow.value(for: info.id) == true)
        #expect(pager.isFinished)
        #expect(pager.currentPage == nil)
        pager.advance()
        pager.swipeBack()
        #expect(log.finishedCount == 1)
        #expect(log.shown == [welcome, location.id, tips.id, info.id])
        #expect(!pager.flow.needsOnboarding)
    }

    @Test("onPageShown fires each time a page is shown, in order, swipes back included")
    func pageShownSequence() {
        let (pager, log) = make()
        pager.start()
        pager.recordWelcome()
        pager.swipeForward()
        pager.swipeBack()
        pager.swipeForward()
        pager.swipe(to: 3)
        pager.advance()
        #expect(log.shown == [welcome, location.id, tips.id, location.id, tips.id, info.id])
        #expect(log.finishedCount == 1)
    }

    @Test("isAlreadySatisfied steps are recorded true before paging and get no page")
    func reconcileBeforePaging() {
        let (pager, _) = make(satisfied: { $0.id == "app.location" })
        pager.start()
        #expect(pager.flow.value(for: location.id) == true)
        #expect(pager.pages == [.welcome(welcome), .step(tips), .step(info)])
    }

    @Test("app became active: reconciles again and drops pages that became satisfied; the showing page stays")
    func appBecameActive() {
        var granted: Set<OnboardingStepID> = []
        let (pager, log) = make(satisfied: { granted.contains($0.id) })
        pager.start()
        pager.recordWelcome()
        pager.swipeForward()  // on tips
        granted = ["app.location", "app.info", "app.tips"]
        pager.appBecameActive()
        #expect(pager.flow.value(for: info.id) == true)
        #expect(pager.flow.value(for: location.id) == false, "answered steps are left alone")
        #expect(pager.pages == [.welcome(welcome), .step(location), .step(tips)])
        #expect(pager.currentPage == .step(tips))
        #expect(pager.flow.value(for: tips.id) == true)
        pager.advance()
        #expect(pager.isFinished && log.finishedCount == 1)
    }

    @Test("a flow that needs nothing finishes at start")
    func nothingNeeded() {
        let storage = InMemoryOnboardingStorage(records: [
            "app.welcome": true, "app.location": true, "app.tips": false, "app.info": true,
        ])
        let (pager, log) = make(storage)
        pager.start()
        #expect(pager.isFinished)
        #expect(log.finishedCount == 1)
        #expect(log.shown.isEmpty)
        pager.start()
        #expect(log.finishedCount == 1)
    }

    @Test("a step added later: a returning user pages through only it")
    func stepAddedLater() {
        let storage = InMemoryOnboardingStorage(records: ["app.welcome": true, "app.location": true, "app.tips": false])
        let added = OnboardingStepConfig(id: "app.widgets")
        let (pager, log) = make(storage, steps: [location, added, tips])
        pager.start()
        #expect(pager.pages == [.step(added)])
        pager.advance()
        #expect(log.shown == [added.id])
        #expect(log.finishedCount == 1)
    }

    @Test("a swipe-locked page cannot be swiped away")
    func swipeLock() {
        let (pager, _) = make()
        pager.isSwipeLocked = { $0.id == "app.location" }
        pager.start()
        pager.recordWelcome()
        #expect(!pager.swipeForward())
        #expect(pager.flow.value(for: location.id) == nil)
    }

    @Test("analytics: page shown, answered, skipped, finished, in order; a keyed step's events carry its key")
    func analytics() throws {
        let spec = try OnboardingFlowSpec.decode(
            Data(
                #"""
                {"welcome": "app.welcome", "steps": [
                  {"id": "app.goal", "kind": "singleSelect", "key": "goal", "options": [{"id": "a", "label": "A"}]},
                  {"id": "app.tips", "kind": "feature"},
                  {"id": "app.info", "kind": "feature", "skippable": false}]}
                """#.utf8))
        let log = PagerLog()
        let pager = OnboardingPager(spec: spec, storage: InMemoryOnboardingStorage(), analytics: log.analytics)
        pager.start()
        pager.recordWelcome()
        try pager.flow.record(answer: .option("a"), for: spec.steps[0])
        pager.advance()
        pager.swipeForward()
        pager.advance()
        #expect(
            log.events == [
                OnboardingEvent(.pageShown, step: "app.welcome"),
                OnboardingEvent(.answered, step: "app.welcome", value: true),
                OnboardingEvent(.pageShown, step: "app.goal", key: "goal"),
                OnboardingEvent(.answered, step: "app.goal", value: true, answer: .option("a"), key: "goal"),
                OnboardingEvent(.pageShown, step: "app.tips"),
                OnboardingEvent(.skipped, step: "app.tips", value: false),
                OnboardingEvent(.pageShown, step: "app.info"),
                OnboardingEvent(.answered, step: "app.info", value: true),
                OnboardingEvent(.finished),
            ])
    }

    @Test("analytics: swiping over an answered step again reports nothing; changing the answer on a revisit does")
    func analyticsRevisit() {
        let (pager, log) = make()
        pager.start()
        pager.recordWelcome()
        pager.swipeForward()  // location skipped
        pager.swipeBack()
        pager.swipeForward()  // nothing new
        pager.swipeBack()
        pager.flow.record(true, for: location.id)  // granted on the revisit
        pager.advance()
        let leaving = log.events.filter { $0.name == .answered || $0.name == .skipped }.filter {
            $0.step == location.id
        }
        #expect(
            leaving == [
                OnboardingEvent(.skipped, step: location.id, value: false),
                OnboardingEvent(.answered, step: location.id, value: true),
            ])
    }

    @Test("the pager's state is observable")
    func observable() {
        let (pager, _) = make()
        pager.start()
        #expect(observedChanges({ _ = pager.currentPage }, during: { pager.recordWelcome() }) >= 1)
    }
}
