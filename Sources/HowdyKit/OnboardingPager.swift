import Foundation
import Observation

/// The flow mechanics of a paged onboarding container, headless: which pages exist, which
/// one is showing, what swiping and advancing record, and when the flow is finished.
/// A view layer (HowdyKitUI, SwiftUI) renders ``currentPage`` and forwards gestures here.
///
/// - Pages are the welcome (while the flow needs it) followed by the steps still needed
///   after reconciling `isAlreadySatisfied`, fixed at ``start()`` so answering a step
///   does not pull its page from under the user.
/// - The welcome is not swipeable: it has a single action, ``recordWelcome()``, which
///   records it `true` and moves on to the steps.
/// - Swiping off a step page backfills it with ``OnboardingFlow/recordIfNeeded(leaving:)``
///   (`false` for a skippable step, `true` for an acknowledge-only one). Swiping past a
///   required step is allowed and records `false`.
/// - ``advance()`` is what a step's own action calls once it has recorded an answer: it
///   shows the next page, or after the last one finishes the flow (`onFinished`, once).
/// - `onPageShown` fires with the page's ID every time a page is shown.
/// - ``appBecameActive()`` reconciles again and drops pages that became satisfied.
///
/// Analytics: `pageShown` per page shown, `answered`/`skipped` when a step page is left,
/// `finished` once.
@Observable
public final class OnboardingPager {
    /// One page of the container.
    public enum Page: Hashable, Sendable {
        case welcome(OnboardingStepID)
        case step(OnboardingStepConfig)

        /// The page's ID (the welcome's or the step's).
        public var id: OnboardingStepID {
            switch self {
            case .welcome(let id): id
            case .step(let config): config.id
            }
        }

        /// The step's config, or `nil` for the welcome.
        public var step: OnboardingStepConfig? {
            if case .step(let config) = self { return config }
            return nil
        }
    }

    /// The flow whose records the pager reads and writes.
    @ObservationIgnored public let flow: OnboardingFlow
    @ObservationIgnored private let isAlreadySatisfied: ((OnboardingStepConfig) -> Bool)?
    @ObservationIgnored private let answerKeys: [OnboardingStepID: String]
    @ObservationIgnored private let eventKeys: [OnboardingStepID: String]
    @ObservationIgnored private let analytics: (any OnboardingAnalyticsObserver)?
    /// Called with the page's ID each time a page is shown.
    @ObservationIgnored public var onPageShown: ((OnboardingStepID) -> Void)?
    /// Called once, after the last page is advanced past (or at ``start()`` when nothing is needed).
    @ObservationIgnored public var onFinished: (() -> Void)?
    /// Pages on which swiping away is locked (e.g. a permission step before its system
    /// dialog, DeliciousKit's rule). Default: none; the seed's container lets every step
    /// be swiped past.
    @ObservationIgnored public var isSwipeLocked: ((Page) -> Bool)?

    /// The pages, in order. Empty before ``start()``.
    public private(set) var pages: [Page] = []
    /// The index of the page showing in ``pages``.
    public private(set) var currentIndex = 0
    /// Whether ``start()`` has run.
    public private(set) var isStarted = false
    /// Whether the flow has finished (`onFinished` has been called).
    public private(set) var isFinished = false

    /// - Parameters:
    ///   - flow: the records.
    ///   - isAlreadySatisfied: steps it accepts (a permission the OS already granted) are
    ///     recorded `true` through ``OnboardingFlow/reconcile(isSatisfied:)`` before paging
    ///     and on ``appBecameActive()``, so they never get a page. Default: none.
    ///   - answerKeys: answer key per step ID, so `answered` events carry the answer.
    ///   - eventKeys: DeliciousKit's `key` per step ID, carried by every event of that step.
    ///   - analytics: receives the flow's events.
    ///   - onPageShown: see ``onPageShown``.
    ///   - onFinished: see ``onFinished``.
    public init(
        flow: OnboardingFlow,
        isAlreadySatisfied: ((OnboardingStepConfig) -> Bool)? = nil,
        answerKeys: [OnboardingStepID: String] = [:],
        eventKeys: [OnboardingStepID: String] = [:],
        analytics: (any OnboardingAnalyticsObserver)? = nil,
        onPageShown: ((OnboardingStepID) -> Void)? = nil,
        onFinished: (() -> Void)? = nil
    ) {
        self.flow = flow
        self.isAlreadySatisfied = isAlreadySatisfied
        self.answerKeys = answerKeys
        self.eventKeys = eventKeys
        self.analytics = analytics
        self.onPageShown = onPageShown
        self.onFinished = onFinished
    }

    /// A pager over a flow made from `spec`, with the spec's answer keys and event keys
    /// (the steps' `key`s).
    ///
    /// - Parameters:
    ///   - spec: the flow's steps, answer keys and event keys.
    ///   - storage: where progress and answers are kept and read back.
    ///   - appVersion: the app's version. Without it the flow is the first-run flow
    ///     (what's-new pages left out). With it and a `whatsNew` section, the flow is the
    ///     one a launch at that version runs
    ///     (``OnboardingFlowSpec/makeFlow(storage:appVersion:)``), and finishing records
    ///     the completed version (``ReleaseNotesDecision/versionToRecord``) before
    ///     `onFinished` is called; a storage that cannot hold answers cannot keep it:
    ///     ``completionRecordError`` says so, and the next launch decides without it.
    ///   - isAlreadySatisfied: steps it accepts (a permission the OS already granted) are
    ///     recorded `true` before paging and on ``appBecameActive()``. Default: none.
    ///   - analytics: receives the flow's events.
    ///   - onPageShown: see ``onPageShown``.
    ///   - onFinished: see ``onFinished``.
    public convenience init(
        spec: OnboardingFlowSpec,
        storage: any OnboardingStorage,
        appVersion: AppVersion? = nil,
        isAlreadySatisfied: ((OnboardingStepConfig) -> Bool)? = nil,
        analytics: (any OnboardingAnalyticsObserver)? = nil,
        onPageShown: ((OnboardingStepID) -> Void)? = nil,
        onFinished: (() -> Void)? = nil
    ) {
        let flow = appVersion.map { spec.makeFlow(storage: storage, appVersion: $0) } ?? spec.makeFlow(storage: storage)
        self.init(
            flow: flow, isAlreadySatisfied: isAlreadySatisfied,
            answerKeys: Dictionary(spec.steps.map { ($0.id, $0.answerKey) }, uniquingKeysWith: { first, _ in first }),
            eventKeys: Dictionary(
                spec.steps.compactMap { step in step.key.map { (step.id, $0) } },
                uniquingKeysWith: { first, _ in first }),
            analytics: analytics, onPageShown: onPageShown, onFinished: onFinished)
        if let appVersion, let notes = spec.releaseNotes,
            let decision = spec.releaseDecision(appVersion: appVersion, storage: storage)
        {
            recordCompletion = { try notes.recordCompletion(decision, in: flow) }
        }
    }

    /// Stores the completed version when the flow finishes (set by the spec initializer
    /// with an app version).
    @ObservationIgnored private var recordCompletion: (() throws -> Void)?

    /// Why the completed version could not be stored when the flow finished (an
    /// `OnboardingAnswerError`: the storage cannot hold answers); nil when it was stored or
    /// there was nothing to store. Set before `onFinished` is called, so the handler can log it.
    public private(set) var completionRecordError: (any Error)?

    /// The page showing, or `nil` before ``start()`` and after finishing.
    public var currentPage: Page? {
        guard isStarted, !isFinished, pages.indices.contains(currentIndex) else { return nil }
        return pages[currentIndex]
    }

    /// The step pages only, for page dots (the welcome is not a dot).
    public var stepPages: [OnboardingStepConfig] { pages.compactMap(\.step) }

    /// The current page's position among ``stepPages``, or `nil` on the welcome.
    public var currentStepIndex: Int? {
        guard let page = currentPage, page.step != nil else { return nil }
        return pages[..<currentIndex].filter { $0.step != nil }.count
    }

    /// Reconciles, builds the pages and shows the first one. Finishes at once (calling
    /// `onFinished`) when nothing is needed. Calling it again does nothing.
    public func start() {
        guard !isStarted else { return }
        isStarted = true
        if let isAlreadySatisfied { flow.reconcile(isSatisfied: isAlreadySatisfied) }
        var pages: [Page] = []
        if let welcome = flow.welcomeID, flow.needsWelcome { pages.append(.welcome(welcome)) }
        pages += flow.steps.filter { flow.value(for: $0.id) == nil }.map(Page.step)
        self.pages = pages
        currentIndex = 0
        if pages.isEmpty { finish() } else { showCurrent() }
    }

    /// The welcome's single action: records it `true` and moves on to the steps (or
    /// finishes when there are none). Does nothing when the welcome is not showing.
    public func recordWelcome() {
        guard case .welcome(let id)? = currentPage else { return }
        flow.record(true, for: id)
        emit(.answered, step: id, value: true)
        moveForward()
    }

    /// Call after the current page's own action recorded its answer: shows the next page,
    /// or finishes after the last. A step still unanswered is backfilled first (as if left),
    /// so advancing never leaves a step looking unseen. On the welcome this is
    /// ``recordWelcome()``.
    public func advance() {
        guard let page = currentPage else { return }
        guard let step = page.step else { return recordWelcome() }
        leave(step)
        moveForward()
    }

    /// The user swiped to page `index`. Leaving a step page backfills it. Refused (returns
    /// `false`) on the welcome (it has no skip), onto the welcome, outside the pages, after
    /// finishing, or when the current page is swipe-locked.
    @discardableResult
    public func swipe(to index: Int) -> Bool {
        guard let page = currentPage, index != currentIndex, pages.indices.contains(index) else { return false }
        guard let step = page.step, pages[index].step != nil else { return false }
        if isSwipeLocked?(page) == true { return false }
        leave(step)
        currentIndex = index
        showCurrent()
        return true
    }

    /// Swipes to the next page; `false` on the last page (only ``advance()`` finishes).
    @discardableResult
    public func swipeForward() -> Bool { swipe(to: currentIndex + 1) }

    /// Swipes to the previous page; `false` on the first step page.
    @discardableResult
    public func swipeBack() -> Bool { swipe(to: currentIndex - 1) }

    /// "The app became active": reconciles again (the user may have granted a permission
    /// in Settings) and drops the pages that became satisfied. The page showing stays, so
    /// the user sees its new state (authorized) instead of a jump; it is recorded all the
    /// same.
    public func appBecameActive() {
        guard isStarted, !isFinished, let isAlreadySatisfied else { return }
        let recorded = Set(flow.reconcile(isSatisfied: isAlreadySatisfied))
        guard !recorded.isEmpty, let current = currentPage else { return }
        pages.removeAll { $0 != current && recorded.contains($0.id) }
        currentIndex = pages.firstIndex(of: current) ?? 0
    }

    // MARK: - Private

    private func leave(_ step: OnboardingStepConfig) {
        let backfilled = flow.recordIfNeeded(leaving: step)
        guard let value = backfilled ?? flow.value(for: step.id) else { return }
        if backfilled == false {
            emit(.skipped, step: step.id, value: false)
        } else if reported[step.id] != value {
            let answer = answerKeys[step.id].flatMap { flow.answer(forKey: $0) }
            emit(.answered, step: step.id, value: value, answer: answer)
        }
        reported[step.id] = value
    }

    /// The record last reported per step, so swiping back and forth over an answered step
    /// does not report it again, while changing an answer on a revisit does.
    @ObservationIgnored private var reported: [OnboardingStepID: Bool] = [:]

    private func moveForward() {
        if currentIndex + 1 < pages.count {
            currentIndex += 1
            showCurrent()
        } else {
            finish()
        }
    }

    private func showCurrent() {
        guard let page = currentPage else { return }
        emit(.pageShown, step: page.id)
        onPageShown?(page.id)
    }

    /// Sends one event, stamped with the step's event key when it has one.
    private func emit(
        _ name: OnboardingEvent.Name, step: OnboardingStepID? = nil, value: Bool? = nil, answer: OnboardingAnswer? = nil
    ) {
        analytics?.record(
            OnboardingEvent(name, step: step, value: value, answer: answer, key: step.flatMap { eventKeys[$0] }))
    }

    private func finish() {
        guard !isFinished else { return }
        isFinished = true
        do {
            try recordCompletion?()
        } catch {
            completionRecordError = error
        }
        analytics?.record(OnboardingEvent(.finished))
        onFinished?()
    }
}
