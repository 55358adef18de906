import Foundation

extension OnboardingFlowSpec {
    /// The analytics events that recording `value` (and `answer`) for `id` implies, given
    /// the store before and after the write: what `howdy flow record --analytics` appends.
    ///
    /// - Nothing when the record and the answer are unchanged (recording twice reports once).
    /// - A permission step, as the seed's model fires them: `permissionRequested` when it
    ///   had no record, then `permissionGranted` (`true`) or `permissionDenied` (`false`),
    ///   then `answered` with the value.
    /// - Any other step: `answered` for `true`, or for `false` with an answer; `skipped`
    ///   for `false` without one. The welcome: `answered`.
    /// - `finished` when the write completed the flow (it needed onboarding before and
    ///   not after). With `appVersion`, the flow is the one a launch at that version runs
    ///   (what's-new pages included as ``releaseDecision(appVersion:storage:)`` picks).
    ///
    /// Every event of a step with a `key` carries it. The events have no time; a sink stamps it.
    public func eventsImplied(
        byRecording value: Bool, answer: OnboardingAnswer? = nil, for id: OnboardingStepID,
        before: OnboardingStoreContents, after: OnboardingStoreContents, appVersion: AppVersion? = nil
    ) -> [OnboardingEvent] {
        let step = self.step(id)
        let previous = before.record(for: id)
        let previousAnswer = step.flatMap { before.answer(for: $0.answerKey) }
        if previous == value && (answer == nil || answer == previousAnswer) { return [] }
        let key = step?.key
        let answer = answer ?? step.flatMap { after.answer(for: $0.answerKey) }
        var events: [OnboardingEvent] = []
        if case .permission? = step?.kind {
            if previous == nil { events.append(OnboardingEvent(.permissionRequested, step: id, key: key)) }
            events.append(OnboardingEvent(value ? .permissionGranted : .permissionDenied, step: id, key: key))
            events.append(OnboardingEvent(.answered, step: id, value: value, key: key))
        } else if value || answer != nil || step == nil {
            events.append(OnboardingEvent(.answered, step: id, value: value, answer: answer, key: key))
        } else {
            events.append(OnboardingEvent(.skipped, step: id, value: false, key: key))
        }
        if needsOnboarding(before, appVersion: appVersion, stepsFrom: before)
            && !needsOnboarding(after, appVersion: appVersion, stepsFrom: before)
        {
            events.append(OnboardingEvent(.finished))
        }
        return events
    }

    /// Whether the flow still needs onboarding in `contents`, over the steps a launch at
    /// `appVersion` runs as decided from `stepsFrom` (so completing a page does not change
    /// which pages the flow has).
    private func needsOnboarding(
        _ contents: OnboardingStoreContents, appVersion: AppVersion?, stepsFrom decided: OnboardingStoreContents
    ) -> Bool {
        let decidedStorage = InMemoryOnboardingStorage(records: decided.records, answers: decided.answers)
        let steps =
            appVersion.map { makeFlow(storage: decidedStorage, appVersion: $0).steps } ?? firstRunStepConfigs
        let storage = InMemoryOnboardingStorage(records: contents.records, answers: contents.answers)
        return OnboardingFlow(steps: steps, welcome: welcome, storage: storage).needsOnboarding
    }
}

extension OnboardingFlowSpec {
    /// Stores the completed version in `after` when a write turned `before`'s flow at
    /// `appVersion` (decided from `before`) into one that needs no onboarding: the
    /// decision's ``ReleaseNotesDecision/versionToRecord``, under the `whatsNew` section's
    /// ``ReleaseNotes/completedVersionKey``. Does nothing otherwise (also without `whatsNew`).
    /// - Returns: the version stored, or `nil`.
    @discardableResult
    public func recordCompletionIfFinished(
        at appVersion: AppVersion, before: OnboardingStoreContents, after: inout OnboardingStoreContents
    ) -> AppVersion? {
        let storage = InMemoryOnboardingStorage(records: before.records, answers: before.answers)
        guard let notes = releaseNotes, let decision = releaseDecision(appVersion: appVersion, storage: storage),
            !needsOnboarding(after, appVersion: appVersion, stepsFrom: before)
        else { return nil }
        after.setAnswer(.option(decision.versionToRecord.description), for: notes.completedVersionKey)
        return decision.versionToRecord
    }
}
