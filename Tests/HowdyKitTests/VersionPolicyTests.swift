import Foundation
import Testing

@testable import HowdyKit

@Suite("Versions: the completed version and the what's-new policy (major/minor/patch, fresh install, cumulative)")
struct VersionPolicyTests {
    let notes = ReleaseNotes(
        idPrefix: "app.whatsnew.",
        versions: [AppVersion(1, 0), AppVersion(2, 0), AppVersion(2, 1), AppVersion(2, 1, 1), AppVersion(3, 0)])

    /// Decides with `recorded` page versions and a completed version, as a returning user.
    func decide(
        _ notes: ReleaseNotes? = nil, at current: String, completed: String?, finishedFirstRun: Bool = true,
        recorded: [String] = []
    ) -> ReleaseNotesDecision {
        let notes = notes ?? self.notes
        let seen = Set(recorded.map { notes.id(for: AppVersion($0)!) })
        return notes.decide(
            current: AppVersion(current)!, completed: completed.map { AppVersion($0)! },
            finishedFirstRun: finishedFirstRun,
            isRecorded: { seen.contains($0) })
    }

    func versions(_ texts: String...) -> [AppVersion] { texts.map { AppVersion($0)! } }

    @Test("update kinds: the first differing component decides; not newer is no update")
    func updateKinds() {
        let v = { (text: String) in AppVersion(text)! }
        #expect(v("2.0").update(from: v("1.9.9")) == .major)
        #expect(v("2.1").update(from: v("2.0.5")) == .minor)
        #expect(v("2.1").update(from: v("2")) == .minor, "missing components count as zero")
        #expect(v("2.1.1").update(from: v("2.1")) == .patch)
        #expect(v("2.1.0.7").update(from: v("2.1")) == .patch, "a fourth component is a patch too")
        #expect(v("2.1.0").update(from: v("2.1")) == nil, "the same version")
        #expect(v("2.0").update(from: v("2.1")) == nil, "a downgrade")
        #expect(AppVersion.UpdateKind.major < .minor && AppVersion.UpdateKind.minor < .patch)
    }

    @Test("default policy: a minor update presents the pages in (completed, current]")
    func minorPresents() {
        let decision = decide(at: "2.1", completed: "2.0")
        #expect(decision.reason == .update(.minor))
        #expect(decision.pages == versions("2.1"))
        #expect(decision.versionToRecord == AppVersion(2, 1))
        #expect(decision.explanation == "minor update 2.0 → 2.1: shows what's new in 2.1")
    }

    @Test("default policy: a major update presents")
    func majorPresents() {
        let decision = decide(at: "3.0", completed: "2.1.1")
        #expect(decision.reason == .update(.major))
        #expect(decision.pages == versions("3.0"))
    }

    @Test(
        "default policy: a patch update presents nothing, keeps the completed version, and its page rolls into the next minor"
    )
    func patchWithheld() {
        let patch = decide(at: "2.1.1", completed: "2.1")
        #expect(patch.reason == .updateNotPresented(.patch))
        #expect(patch.pages.isEmpty)
        #expect(patch.withheld == versions("2.1.1"))
        #expect(patch.versionToRecord == AppVersion(2, 1), "the completed version stays")
        #expect(patch.explanation.contains("the policy does not present patch updates"))
        // The next presented update starts from the kept 2.1, so 2.1.1's page comes along.
        let next = decide(at: "3.0", completed: patch.versionToRecord.description)
        #expect(next.pages == versions("2.1.1", "3.0"))
    }

    @Test("the policy is configurable: patches can present, minors can be withheld")
    func configurable() {
        var patches = notes
        patches.policy.presentedUpdates = [.major, .minor, .patch]
        #expect(decide(patches, at: "2.1.1", completed: "2.1").pages == versions("2.1.1"))
        var majorsOnly = notes
        majorsOnly.policy.presentedUpdates = [.major]
        let minor = decide(majorsOnly, at: "2.1", completed: "2.0")
        #expect(minor.reason == .updateNotPresented(.minor) && minor.pages.isEmpty)
        #expect(decide(majorsOnly, at: "3.0", completed: "2.0").pages == versions("2.1", "2.1.1", "3.0"))
    }

    @Test("a fresh install never presents, whatever pages exist up to its version")
    func freshInstall() {
        let decision = decide(at: "3.0", completed: nil, finishedFirstRun: false)
        #expect(decision.reason == .freshInstall)
        #expect(decision.pages.isEmpty && decision.withheld.isEmpty)
        #expect(decision.versionToRecord == AppVersion(3, 0), "finishing records the installed version")
        var opted = notes
        opted.policy.presentsOnFreshInstall = true
        #expect(
            decide(opted, at: "2.5", completed: nil, finishedFirstRun: false).pages == versions("2.1.1"), "newest only")
    }

    @Test("cumulative: a user who skipped versions sees every page missed; otherwise only the newest")
    func cumulative() {
        let all = decide(at: "3.0", completed: "1.0")
        #expect(all.pages == versions("2.0", "2.1", "2.1.1", "3.0"))
        var newestOnly = notes
        newestOnly.policy.isCumulative = false
        let one = decide(newestOnly, at: "3.0", completed: "1.0")
        #expect(one.pages == versions("3.0"))
        #expect(one.withheld == versions("2.0", "2.1", "2.1.1"))
    }

    @Test("pages already recorded (seen elsewhere, or replayed and answered) are not shown again")
    func recordedPagesSkipped() {
        #expect(decide(at: "3.0", completed: "1.0", recorded: ["2.0", "2.1.1"]).pages == versions("2.1", "3.0"))
        let none = decide(at: "2.1", completed: "2.0", recorded: ["2.1"])
        #expect(none.pages.isEmpty && none.reason == .update(.minor))
        #expect(none.explanation.hasSuffix("(no unseen pages in the range)"))
    }

    @Test("pages newer than the app are never shown; nor pages at or before the completed version")
    func range() {
        #expect(decide(at: "2.5", completed: "1.5").pages == versions("2.0", "2.1", "2.1.1"))
        #expect(decide(at: "3.0", completed: "2.1").pages == versions("2.1.1", "3.0"))
    }

    @Test("a finished first run but no completed version: only the newest unseen page up to the app's version")
    func unknownPrevious() {
        let decision = decide(at: "2.1", completed: nil, finishedFirstRun: true)
        #expect(decision.reason == .unknownPreviousVersion)
        #expect(decision.pages == versions("2.1"))
        #expect(decide(at: "2.1", completed: nil, finishedFirstRun: true, recorded: ["2.1"]).pages.isEmpty)
    }

    @Test("the same version and a downgrade show nothing; a downgrade keeps the newer completed version")
    func sameAndDowngrade() {
        let same = decide(at: "2.1", completed: "2.1.0")
        #expect(same.reason == .sameVersion && same.pages.isEmpty)
        let down = decide(at: "2.0", completed: "3.0")
        #expect(down.reason == .downgrade && down.pages.isEmpty)
        #expect(down.versionToRecord == AppVersion(3, 0))
    }

    @Test(
        "fresh until the first run is finished; the completed version is recorded in the flow's storage and read back")
    func completedVersionRecord() throws {
        let storage = InMemoryOnboardingStorage()
        let flow = OnboardingFlow(
            steps: [OnboardingStepConfig(id: "app.intro"), notes.config(for: AppVersion(2, 0))], welcome: "app.welcome",
            storage: storage)
        #expect(notes.completedVersion(in: flow) == nil)
        #expect(notes.decide(current: AppVersion(2, 0), in: flow).reason == .freshInstall)
        flow.record(true, for: "app.welcome")
        #expect(notes.decide(current: AppVersion(2, 0), in: flow).reason == .freshInstall, "a first run under way")
        flow.record(false, for: "app.intro")
        #expect(notes.decide(current: AppVersion(2, 0), in: flow).reason == .unknownPreviousVersion)
        try notes.recordCompletion(at: AppVersion(2, 0), in: flow)
        #expect(storage.answer(for: "app.whatsnew.completedVersion") == .option("2.0"))
        #expect(notes.completedVersion(in: flow) == AppVersion(2, 0))
        #expect(notes.decide(current: AppVersion(2, 1), in: flow).pages == versions("2.1"))
        storage.setAnswer(.option("two"), for: "app.whatsnew.completedVersion")
        #expect(notes.completedVersion(in: flow) == nil)

        struct RecordsOnly: OnboardingStorage {
            func value(for id: OnboardingStepID) -> Bool? { nil }
            func setValue(_ value: Bool?, for id: OnboardingStepID) {}
        }
        let plain = OnboardingFlow(steps: [], storage: RecordsOnly())
        #expect(throws: OnboardingAnswerError.self) { try notes.recordCompletion(at: AppVersion(1, 0), in: plain) }
    }

    static let spec = #"""
        {
          "welcome": "app.welcome",
          "whatsNew": { "idPrefix": "app.whatsnew." },
          "steps": [
            { "id": "app.intro", "kind": "feature" },
            { "id": "app.whatsnew.2.0", "kind": "feature", "skippable": false, "title": "New in 2.0" },
            { "id": "app.whatsnew.2.1", "kind": "feature", "skippable": false, "title": "New in 2.1" },
            { "id": "app.whatsnew.2.1.1", "kind": "feature", "skippable": false, "title": "New in 2.1.1" },
            { "id": "app.tips", "kind": "feature" }
          ]
        }
        """#

    /// Runs a pager over the flow a launch at `version` runs, advancing through every page;
    /// records the completion when it finishes. Returns the pages shown.
    func launch(_ spec: OnboardingFlowSpec, at version: String, storage: InMemoryOnboardingStorage) throws
        -> [OnboardingStepID]
    {
        let version = AppVersion(version)!
        let decision = try #require(spec.releaseDecision(appVersion: version, storage: storage))
        let flow = spec.makeFlow(storage: storage, appVersion: version)
        let pager = OnboardingPager(flow: flow)
        var shown: [OnboardingStepID] = []
        var finished = false
        pager.onPageShown = { shown.append($0) }
        pager.onFinished = { finished = true }
        pager.start()
        while !pager.isFinished { pager.advance() }
        #expect(finished)
        try spec.releaseNotes!.recordCompletion(decision, in: flow)
        return shown
    }

    @Test("end to end from a spec: install at 2.0, patch 2.0.1, minor 2.1.1, same again, major 3.0")
    func endToEnd() throws {
        let spec = try OnboardingFlowSpec.decode(Data(Self.spec.utf8))
        let notes = try #require(spec.releaseNotes)
        #expect(notes.versions == versions("2.0", "2.1", "2.1.1"))
        #expect(notes.policy == ReleaseNotesPolicy())
        #expect(spec.makeFlow(storage: InMemoryOnboardingStorage()).steps.map(\.id) == ["app.intro", "app.tips"])

        let storage = InMemoryOnboardingStorage()
        #expect(try launch(spec, at: "2.0", storage: storage) == ["app.welcome", "app.intro", "app.tips"])
        #expect(storage.answer(for: "app.whatsnew.completedVersion") == .option("2.0"))
        #expect(try launch(spec, at: "2.0.1", storage: storage).isEmpty, "patch: nothing")
        #expect(storage.answer(for: "app.whatsnew.completedVersion") == .option("2.0"), "kept for the next update")
        #expect(try launch(spec, at: "2.1.1", storage: storage) == ["app.whatsnew.2.1", "app.whatsnew.2.1.1"])
        #expect(storage.allRecords["app.whatsnew.2.1"] == true, "acknowledge-only pages record true")
        #expect(storage.allRecords["app.whatsnew.2.0"] == nil, "the installed version's page was never shown")
        #expect(try launch(spec, at: "2.1.1", storage: storage).isEmpty)
        #expect(try launch(spec, at: "3.0", storage: storage).isEmpty, "no page for 3.0")
        #expect(storage.answer(for: "app.whatsnew.completedVersion") == .option("3.0"))
    }

    @Test("the spec pager with an app version runs that launch's flow and records the completed version on finishing")
    func pagerRecordsCompletion() throws {
        let spec = try OnboardingFlowSpec.decode(Data(Self.spec.utf8))
        let storage = InMemoryOnboardingStorage()
        func run(_ version: String) -> [OnboardingStepID] {
            var shown: [OnboardingStepID] = []
            var completedAtFinish: OnboardingAnswer?
            let pager = OnboardingPager(spec: spec, storage: storage, appVersion: AppVersion(version)!)
            pager.onPageShown = { shown.append($0) }
            pager.onFinished = { completedAtFinish = storage.answer(for: "app.whatsnew.completedVersion") }
            pager.start()
            while !pager.isFinished { pager.advance() }
            #expect(completedAtFinish != nil, "recorded before onFinished")
            return shown
        }
        #expect(run("2.1") == ["app.welcome", "app.intro", "app.tips"], "fresh install: no pages")
        #expect(storage.answer(for: "app.whatsnew.completedVersion") == .option("2.1"))
        #expect(run("2.1.1").isEmpty, "a patch update")
        #expect(storage.answer(for: "app.whatsnew.completedVersion") == .option("2.1"))
        #expect(run("3.0") == ["app.whatsnew.2.1.1"], "the withheld patch page comes with the next major")
        #expect(storage.answer(for: "app.whatsnew.completedVersion") == .option("3.0"))
        let plain = OnboardingPager(spec: spec, storage: InMemoryOnboardingStorage())
        plain.start()
        #expect(
            plain.pages.map(\.id) == ["app.welcome", "app.intro", "app.tips"], "no app version: the first-run flow")
    }

    @Test("a completed version the storage cannot keep is reported on the pager, not dropped")
    func pagerReportsACompletionItCannotStore() throws {
        struct RecordsOnly: OnboardingStorage {
            func value(for id: OnboardingStepID) -> Bool? { nil }
            func setValue(_ value: Bool?, for id: OnboardingStepID) {}
        }
        let spec = try OnboardingFlowSpec.decode(Data(Self.spec.utf8))
        let pager = OnboardingPager(spec: spec, storage: RecordsOnly(), appVersion: AppVersion(2, 1))
        var errorAtFinish: (any Error)?
        pager.onFinished = { errorAtFinish = pager.completionRecordError }
        pager.start()
        while !pager.isFinished { pager.advance() }
        #expect(errorAtFinish is OnboardingAnswerError, "set before onFinished")
        #expect(pager.completionRecordError is OnboardingAnswerError)

        let kept = OnboardingPager(spec: spec, storage: InMemoryOnboardingStorage(), appVersion: AppVersion(2, 1))
        kept.start()
        while !kept.isFinished { kept.advance() }
        #expect(kept.completionRecordError == nil)
    }

    @Test("the whatsNew section: policy fields, and the errors name their JSON path")
    func specSection() throws {
        func decode(_ whatsNew: String, steps: String = #"{ "id": "a.whatsnew.2.0", "kind": "feature" }"#)
            throws(SpecError) -> OnboardingFlowSpec
        {
            try OnboardingFlowSpec.decode(Data(#"{ "whatsNew": \#(whatsNew), "steps": [\#(steps)] }"#.utf8))
        }
        let custom = try decode(
            #"{ "idPrefix": "a.whatsnew.", "present": ["major"], "onFreshInstall": true, "cumulative": false, "completedVersionKey": "v" }"#
        )
        #expect(
            custom.releaseNotes?.policy
                == ReleaseNotesPolicy(presentedUpdates: [.major], presentsOnFreshInstall: true, isCumulative: false))
        #expect(custom.releaseNotes?.completedVersionKey == "v")
        let reencoded = try OnboardingFlowSpec.decode(JSONEncoder().encode(custom))
        #expect(reencoded == custom)

        func problem(_ whatsNew: String, steps: String = #"{ "id": "a.whatsnew.2.0", "kind": "feature" }"#)
            -> SpecError?
        {
            do {
                _ = try decode(whatsNew, steps: steps)
                return nil
            } catch {
                return error
            }
        }
        #expect(problem(#"{ "idPrefix": "" }"#)?.path == "whatsNew.idPrefix")
        #expect(problem(#"{}"#)?.path == "whatsNew.idPrefix")
        let misspelt = problem(#"{ "idPrefix": "a.whatsnew.", "cumulativ": false }"#)
        #expect(misspelt?.path == "whatsNew.cumulativ")
        #expect(misspelt?.message.hasPrefix("unknown key (expected idPrefix, present") == true)
        #expect(problem(#"{ "idPrefix": "a.whatsnew.", "present": ["minor", "huge"] }"#)?.path == "whatsNew.present[1]")
        let badVersion = problem(
            #"{ "idPrefix": "a.whatsnew." }"#,
            steps: #"{ "id": "a.other", "kind": "feature" }, { "id": "a.whatsnew.next", "kind": "feature" }"#)
        #expect(badVersion?.path == "steps[1].id")
        #expect(badVersion?.message.contains("no version like 2.1 follows it") == true)
        let twice = problem(
            #"{ "idPrefix": "a.whatsnew." }"#,
            steps: #"{ "id": "a.whatsnew.2.0", "kind": "feature" }, { "id": "a.whatsnew.2", "kind": "feature" }"#)
        #expect(twice?.path == "steps[1].id")
        #expect(twice?.message == "a second what's-new page for version 2 (also at steps[0].id)")
        let clash = problem(
            #"{ "idPrefix": "a.whatsnew.", "completedVersionKey": "goal" }"#,
            steps:
                #"{ "id": "a.goal", "kind": "singleSelect", "key": "goal", "options": [{ "id": "x", "label": "X" }] }"#
        )
        #expect(clash?.path == "whatsNew.completedVersionKey")
    }

    @Test("status at an app version: the decision, pages in and out of the flow, a bad stored version reported")
    func status() throws {
        let spec = try OnboardingFlowSpec.decode(Data(Self.spec.utf8))
        var contents = OnboardingStoreContents()
        for id: OnboardingStepID in ["app.welcome", "app.intro", "app.tips"] { contents.setRecord(true, for: id) }
        contents.setAnswer(.option("2.0"), for: "app.whatsnew.completedVersion")
        let status = OnboardingFlowStatus(spec: spec, contents: contents, appVersion: AppVersion(2, 1))
        #expect(status.releaseDecision?.pages == versions("2.1"))
        #expect(status.needsOnboarding && status.nextStep == "app.whatsnew.2.1")
        let pages = status.entries.filter { $0.releaseVersion != nil }
        #expect(pages.map(\.isInFlow) == [false, true, false])
        guard case .object(let json) = status.json, case .object(let whatsNew)? = json["whatsNew"] else {
            Issue.record("no whatsNew object in \(status.json)")
            return
        }
        #expect(whatsNew["reason"] == .string("update") && whatsNew["update"] == .string("minor"))
        #expect(whatsNew["pages"] == .array([.string("2.1")]))

        let firstRun = OnboardingFlowStatus(spec: spec, contents: contents)
        #expect(!firstRun.needsOnboarding && firstRun.releaseDecision == nil, "no app version: the first-run flow")

        contents.setAnswer(.option("soon"), for: "app.whatsnew.completedVersion")
        let bad = OnboardingFlowStatus(spec: spec, contents: contents, appVersion: AppVersion(2, 1))
        #expect(
            bad.problems.contains { $0.hasPrefix(#"answers["app.whatsnew.completedVersion"]: expected a version"#) })
        #expect(bad.releaseDecision?.reason == .unknownPreviousVersion)
    }
}
