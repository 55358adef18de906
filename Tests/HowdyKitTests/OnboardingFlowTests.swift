import Foundation
import Testing

@testable import HowdyKit

/// One test per sentence of the seed's storage-layer section.
@Suite("OnboardingFlow: the seed's storage-layer semantics")
struct OnboardingFlowTests {
    let welcome: OnboardingStepID = "com.example.app.welcome"
    let health = OnboardingStepConfig(id: "com.example.app.reqs.health", isRequired: true)
    let tips = OnboardingStepConfig(id: "com.example.app.tips")
    let info = OnboardingStepConfig(id: "com.example.app.info", isSkippable: false)

    func makeFlow(_ storage: InMemoryOnboardingStorage = InMemoryOnboardingStorage(), welcome: Bool = true)
        -> OnboardingFlow
    {
        OnboardingFlow(steps: [health, tips, info], welcome: welcome ? self.welcome : nil, storage: storage)
    }

    // MARK: welcomeID / needsWelcome

    @Test("needsWelcome is true while the welcome ID is unrecorded")
    func needsWelcomeWhileUnrecorded() {
        let flow = makeFlow()
        #expect(flow.welcomeID == welcome)
        #expect(flow.needsWelcome)
        flow.record(true, for: welcome)
        #expect(!flow.needsWelcome)
    }

    @Test("needsWelcome is always false for a flow created without welcome:")
    func noWelcome() {
        let flow = makeFlow(welcome: false)
        #expect(flow.welcomeID == nil)
        #expect(!flow.needsWelcome)
        flow.reset()
        #expect(!flow.needsWelcome)
    }

    @Test("the welcome is tracked but not paged: it is not one of the steps")
    func welcomeIsNotAStep() {
        let flow = makeFlow()
        #expect(!flow.steps.map(\.id).contains(welcome))
        #expect(flow.nextStepNeeded?.id == health.id)
        #expect(flow.step(welcome) == nil)
    }

    @Test("reset() clears the welcome along with the steps, and only this flow's records")
    func resetClearsWelcome() {
        let storage = InMemoryOnboardingStorage(records: ["com.other.app.welcome": true])
        let flow = makeFlow(storage)
        flow.record(true, for: welcome)
        for step in flow.steps { flow.record(true, for: step.id) }
        #expect(!flow.needsOnboarding)
        flow.reset()
        #expect(flow.needsWelcome)
        #expect(flow.steps.allSatisfy { flow.value(for: $0.id) == nil })
        #expect(storage.value(for: "com.other.app.welcome") == true)
    }

    // MARK: needsOnboarding

    @Test("needsOnboarding is true while the welcome or any step is unrecorded")
    func needsOnboarding() {
        let flow = makeFlow()
        #expect(flow.needsOnboarding)
        for step in flow.steps { flow.record(false, for: step.id) }
        #expect(flow.needsOnboarding, "the welcome is still unrecorded")
        flow.record(true, for: welcome)
        #expect(!flow.needsOnboarding, "declined steps are recorded, so nothing is needed")
        flow.clear(tips.id)
        #expect(flow.needsOnboarding)
    }

    @Test("needsOnboarding is the whole surface a watch target needs: storage alone decides it")
    func needsOnboardingFromStorageAlone() {
        let storage = InMemoryOnboardingStorage(records: [
            welcome: true, health.id: true, tips.id: false, info.id: true,
        ])
        #expect(!OnboardingFlow(steps: [health, tips, info], welcome: welcome, storage: storage).needsOnboarding)
    }

    // MARK: nextStepNeeded

    @Test("nextStepNeeded is the first unrecorded step in declaration order")
    func nextStepNeeded() {
        let flow = makeFlow()
        #expect(flow.nextStepNeeded == health)
        flow.record(true, for: tips.id)
        #expect(flow.nextStepNeeded == health, "declaration order, not recording order")
        flow.record(false, for: health.id)
        #expect(flow.nextStepNeeded == info)
        flow.record(true, for: info.id)
        #expect(flow.nextStepNeeded == nil)
    }

    // MARK: allRequiredSatisfied

    @Test("allRequiredSatisfied needs every required step answered true specifically")
    func allRequiredSatisfied() {
        let flow = makeFlow()
        #expect(!flow.allRequiredSatisfied, "unanswered")
        flow.record(false, for: health.id)
        #expect(!flow.allRequiredSatisfied, "declining a required step doesn't satisfy it")
        flow.record(true, for: health.id)
        #expect(flow.allRequiredSatisfied)
        flow.record(false, for: tips.id)
        #expect(flow.allRequiredSatisfied, "optional steps do not matter")
    }

    @Test("a flow without required steps is satisfied from the start")
    func noRequiredSteps() {
        let flow = OnboardingFlow(steps: [tips], storage: InMemoryOnboardingStorage())
        #expect(flow.allRequiredSatisfied)
    }

    // MARK: recordIfNeeded(leaving:)

    @Test("leaving a skippable step unanswered backfills false (same as tapping Skip)")
    func leaveSkippable() {
        let flow = makeFlow()
        #expect(flow.recordIfNeeded(leaving: tips) == false)
        #expect(flow.value(for: tips.id) == false)
    }

    @Test("leaving a non-skippable, acknowledge-only step backfills true")
    func leaveAcknowledgeOnly() {
        let flow = makeFlow()
        #expect(flow.recordIfNeeded(leaving: info) == true)
        #expect(flow.value(for: info.id) == true)
    }

    @Test("the backfill happens exactly once and never overwrites a real answer")
    func backfillOnce() {
        let flow = makeFlow()
        flow.record(true, for: tips.id)
        #expect(flow.recordIfNeeded(leaving: tips) == nil)
        #expect(flow.value(for: tips.id) == true, "a real answer is kept")
        flow.record(false, for: info.id)
        #expect(flow.recordIfNeeded(leaving: info) == nil)
        #expect(flow.value(for: info.id) == false)
        flow.recordIfNeeded(leaving: health)
        #expect(flow.recordIfNeeded(leaving: health) == nil, "second leave writes nothing")
    }

    @Test("writing nothing on a swipe-past would show the step again: after the backfill it is no longer needed")
    func backfillStopsReshowing() {
        let flow = makeFlow()
        flow.record(true, for: welcome)
        flow.recordIfNeeded(leaving: health)
        #expect(flow.nextStepNeeded == tips)
    }

    @Test("swiping past a required permission step records false; allRequiredSatisfied stays false")
    func swipePastRequired() {
        let flow = makeFlow()
        flow.recordIfNeeded(leaving: health)
        #expect(flow.value(for: health.id) == false)
        #expect(!flow.allRequiredSatisfied, "it never counts as granted")
    }

    // MARK: reconcile(isSatisfied:)

    @Test("reconcile records true for every unanswered step the closure reports satisfied")
    func reconcileRecordsTrue() {
        let flow = makeFlow()
        let recorded = flow.reconcile { $0.id == health.id || $0.id == info.id }
        #expect(recorded == [health.id, info.id])
        #expect(flow.value(for: health.id) == true)
        #expect(flow.value(for: tips.id) == nil)
        #expect(flow.allRequiredSatisfied)
    }

    @Test("reconcile leaves answered steps alone, declined ones included, and never touches the welcome")
    func reconcileLeavesAnswered() {
        let flow = makeFlow()
        flow.record(false, for: health.id)
        var asked: [OnboardingStepID] = []
        flow.reconcile { step in
            asked.append(step.id)
            return true
        }
        #expect(flow.value(for: health.id) == false)
        #expect(!asked.contains(health.id))
        #expect(flow.needsWelcome)
    }

    @Test("reconcile notifies observers only when it records something")
    func reconcileNotifiesOnlyOnChange() {
        let flow = makeFlow()
        #expect(observedChanges({ _ = flow.needsOnboarding }, during: { flow.reconcile { _ in false } }) == 0)
        #expect(observedChanges({ _ = flow.needsOnboarding }, during: { flow.reconcile { $0.id == tips.id } }) == 1)
        #expect(
            observedChanges({ _ = flow.needsOnboarding }, during: { flow.reconcile { $0.id == tips.id } }) == 0,
            "already answered")
    }

    @Test("record, clear, backfill and reset notify observers of every derived property")
    func writesNotify() {
        let flow = makeFlow()
        #expect(observedChanges({ _ = flow.nextStepNeeded }, during: { flow.record(true, for: health.id) }) == 1)
        #expect(observedChanges({ _ = flow.value(for: health.id) }, during: { flow.clear(health.id) }) == 1)
        #expect(
            observedChanges({ _ = flow.allRequiredSatisfied }, during: { flow.recordIfNeeded(leaving: health) }) == 1)
        #expect(observedChanges({ _ = flow.needsWelcome }, during: { flow.reset() }) == 1)
    }

    // MARK: IDs across versions

    @Test("a step added a year later is nil for a returning user, and only it is needed")
    func stepAddedLater() {
        let storage = InMemoryOnboardingStorage()
        let v1 = OnboardingFlow(steps: [health, tips], welcome: welcome, storage: storage)
        v1.record(true, for: welcome)
        v1.record(true, for: health.id)
        v1.record(false, for: tips.id)
        #expect(!v1.needsOnboarding)

        let added = OnboardingStepConfig(id: "com.example.app.reqs.location")
        let v2 = OnboardingFlow(steps: [health, added, tips], welcome: welcome, storage: storage)
        #expect(v2.value(for: added.id) == nil)
        #expect(v2.needsOnboarding)
        #expect(!v2.needsWelcome)
        #expect(v2.nextStepNeeded == added)
        #expect(v2.value(for: health.id) == true && v2.value(for: tips.id) == false)
    }

    @Test("flipping a step between optional and required keeps its record")
    func requiredFlagFlipped() {
        let storage = InMemoryOnboardingStorage()
        let optional = OnboardingStepConfig(id: "com.example.app.reqs.motion")
        let before = OnboardingFlow(steps: [optional], storage: storage)
        before.record(true, for: optional.id)

        let required = OnboardingStepConfig(id: optional.id, isRequired: true)
        let after = OnboardingFlow(steps: [required], storage: storage)
        #expect(after.value(for: required.id) == true)
        #expect(after.allRequiredSatisfied)
        #expect(!after.needsOnboarding)

        // And back: a declined step made required is answered but not satisfied.
        before.record(false, for: optional.id)
        #expect(!after.allRequiredSatisfied)
        #expect(!after.needsOnboarding)
    }

    @Test("flows over UserDefaults see the same records as a new flow object (one source of truth)")
    func userDefaultsFlowRoundTrip() throws {
        let suite = "howdykit.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let first = OnboardingFlow(
            steps: [health], welcome: welcome, storage: UserDefaultsOnboardingStorage(defaults: defaults))
        first.record(true, for: welcome)
        first.recordIfNeeded(leaving: health)
        let second = OnboardingFlow(
            steps: [health], welcome: welcome, storage: UserDefaultsOnboardingStorage(defaults: defaults))
        #expect(!second.needsOnboarding)
        #expect(!second.allRequiredSatisfied)
    }
}
