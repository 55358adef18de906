import Foundation
import Testing

@testable import HowdyKit

@Suite("Versions: what's new, skipped versions and replay through the same records")
struct ReleaseNotesTests {
    let welcome: OnboardingStepID = "app.welcome"
    let intro = OnboardingStepConfig(id: "app.intro")
    let notes = ReleaseNotes(
        idPrefix: "app.whatsnew.",
        versions: [AppVersion(3, 0), AppVersion(1, 0), AppVersion(2, 0), AppVersion(2, 0, 0)])

    func flow(_ storage: any OnboardingStorage, at version: AppVersion, showSkipped: Bool = false) -> OnboardingFlow {
        OnboardingFlow(
            steps: [intro] + notes.steps(current: version, showSkippedVersions: showSkipped), welcome: welcome,
            storage: storage)
    }

    /// Pages a pager would show for `flow`.
    func pages(_ flow: OnboardingFlow) -> [OnboardingStepID] {
        let pager = OnboardingPager(flow: flow)
        pager.start()
        return pager.pages.map(\.id)
    }

    @Test("versions compare numerically; trailing zeros do not matter")
    func versions() {
        #expect(AppVersion("1.10")! > AppVersion("1.9")!)
        #expect(AppVersion("2.1") == AppVersion("2.1.0"))
        #expect(Set([AppVersion("2.1")!, AppVersion("2.1.0")!]).count == 1)
        #expect(
            AppVersion("2.x") == nil && AppVersion("") == nil && AppVersion("1..2") == nil && AppVersion("-1") == nil)
        #expect(notes.versions == [AppVersion(1, 0), AppVersion(2, 0), AppVersion(3, 0)])
    }

    @Test("a what's-new step is just a step whose ID names the version")
    func idNamesVersion() {
        #expect(notes.id(for: AppVersion(2, 0)) == "app.whatsnew.2.0")
        #expect(notes.version(of: "app.whatsnew.2.0") == AppVersion(2, 0))
        #expect(notes.version(of: "app.intro") == nil)
        #expect(notes.config(for: AppVersion(2, 0)).isSkippable == false, "acknowledge-only")
    }

    @Test("a returning user sees only what was added since")
    func returningUser() {
        let storage = InMemoryOnboardingStorage()
        let v1 = flow(storage, at: AppVersion(1, 0))
        notes.recordSeen(upTo: AppVersion(1, 0), in: v1)  // first run at 1.0
        #expect(pages(v1) == [welcome, intro.id])
        v1.record(true, for: welcome)
        v1.record(true, for: intro.id)

        let v2 = flow(storage, at: AppVersion(2, 0))
        #expect(pages(v2) == ["app.whatsnew.2.0"])
    }

    @Test("a user skipping 2.0 sees 2.0's and 3.0's pages when skipped versions are shown, else only 3.0's")
    func skippedVersions() {
        let storage = InMemoryOnboardingStorage(records: [welcome: true, intro.id: true, "app.whatsnew.1.0": true])
        #expect(
            pages(flow(storage, at: AppVersion(3, 0), showSkipped: true)) == ["app.whatsnew.2.0", "app.whatsnew.3.0"])
        #expect(pages(flow(storage, at: AppVersion(3, 0))) == ["app.whatsnew.3.0"])
        #expect(
            pages(flow(storage, at: AppVersion(2, 5))) == ["app.whatsnew.2.0"], "pages newer than the app are not shown"
        )
    }

    @Test("a new user is never shown what's new in versions they never had")
    func newUser() {
        let storage = InMemoryOnboardingStorage()
        let v3 = flow(storage, at: AppVersion(3, 0), showSkipped: true)
        if v3.needsWelcome { notes.recordSeen(upTo: AppVersion(3, 0), in: v3) }
        #expect(pages(v3) == [welcome, intro.id])
    }

    @Test("replay clears one version's record so its page shows again; reset replays everything")
    func replay() {
        let storage = InMemoryOnboardingStorage(records: [welcome: true, intro.id: true, "app.whatsnew.3.0": true])
        let v3 = flow(storage, at: AppVersion(3, 0))
        #expect(pages(v3).isEmpty)
        notes.replay(AppVersion(3, 0), in: v3)
        #expect(pages(v3) == ["app.whatsnew.3.0"])
        v3.reset()
        #expect(pages(v3) == [welcome, intro.id, "app.whatsnew.3.0"])
    }
}
