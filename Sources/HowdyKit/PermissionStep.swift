import Foundation
import Observation

/// Where an OS permission stands, as the app's own check reports it.
public enum PermissionStatus: String, Codable, Sendable, CaseIterable {
    /// Not asked yet: only the system dialog may be offered.
    case notRequested
    case authorized
    case denied
}

/// What a permission step's buttons do.
public enum PermissionAction: String, Sendable, CaseIterable {
    /// Show the system dialog (the app runs its own request code).
    case requestPermission
    /// Authorized: move on.
    case next
    /// Denied: deep-link to the app's page in Settings.
    case openSettings
    /// Denied: the small "Continue" link under Open Settings; records `false` and moves on.
    case continueAfterDenial
}

/// What the app (or view) must do after ``PermissionStepModel/perform(_:)``.
public enum PermissionEffect: Equatable, Sendable {
    /// Run the request code (which shows the system dialog), then report the result
    /// with ``PermissionStepModel/requestFinished(_:)``.
    case showSystemDialog
    /// Open Settings; check the status again when the app becomes active.
    case openSettings
    /// The step is answered: call the pager's ``OnboardingPager/advance()``.
    case advance
    /// Nothing (the action is not available in this state).
    case none
}

/// The three-state permission step (DeliciousKit's `.permission`), headless.
///
/// Which permission it is stays the app's business: the app runs its own status check
/// and request code and reports the results here; this model decides the buttons, the
/// records and the analytics, so every permission ask behaves the same:
///
/// - not requested: the only action is the system ask. There is deliberately no skip
///   before the system dialog (App Review guideline 5.1.1(iv) allows a way forward only
///   after a denial).
/// - authorized: the step is recorded `true`; the button advances.
/// - denied: the button becomes Open Settings, with a small Continue below it that
///   records `false` and moves on. Returning from Settings authorized records `true`.
@Observable
public final class PermissionStepModel {
    /// The step this model answers.
    public let step: OnboardingStepConfig
    @ObservationIgnored private let flow: OnboardingFlow
    @ObservationIgnored private let analytics: (any OnboardingAnalyticsObserver)?
    /// DeliciousKit's `key` for this permission (`"push"`), carried by its events.
    public let key: String?

    /// The status as last reported by the app.
    public private(set) var status: PermissionStatus
    /// `true` between ``requestStarted()`` (or `.requestPermission`) and ``requestFinished(_:)``.
    public private(set) var isRequesting = false

    /// - Parameters:
    ///   - step: the permission step's config.
    ///   - flow: where its record goes.
    ///   - status: the status the app's check found; default `.notRequested`. An
    ///     `.authorized` status records the step `true` at once (if unanswered).
    ///   - analytics: receives `permissionRequested/Granted/Denied`.
    ///   - key: the step's `key`, carried by those events (DeliciousKit keys them by it); default none.
    public init(
        step: OnboardingStepConfig, flow: OnboardingFlow, status: PermissionStatus = .notRequested,
        analytics: (any OnboardingAnalyticsObserver)? = nil, key: String? = nil
    ) {
        self.step = step
        self.key = key
        self.flow = flow
        self.analytics = analytics
        self.status = status
        if status == .authorized, flow.value(for: step.id) == nil { flow.record(true, for: step.id) }
    }

    /// The main button: the system ask, Next, or Open Settings.
    public var primaryAction: PermissionAction {
        switch status {
        case .notRequested: .requestPermission
        case .authorized: .next
        case .denied: .openSettings
        }
    }

    /// The small secondary link: Continue after a denial, otherwise none.
    public var secondaryAction: PermissionAction? {
        status == .denied ? .continueAfterDenial : nil
    }

    /// Whether any way forward without the permission is offered: only after a denial.
    public var offersWayPastWithoutPermission: Bool { status == .denied }

    /// The actions offered now, primary first.
    public var availableActions: [PermissionAction] {
        [primaryAction] + (secondaryAction.map { [$0] } ?? [])
    }

    /// Runs a button's action. An action not offered in the current state does nothing
    /// (returns `.none`), so a stale button can never skip the dialog.
    public func perform(_ action: PermissionAction) -> PermissionEffect {
        guard availableActions.contains(action), !isRequesting else { return .none }
        switch action {
        case .requestPermission:
            requestStarted()
            return .showSystemDialog
        case .next:
            if flow.value(for: step.id) == nil { flow.record(true, for: step.id) }
            return .advance
        case .openSettings:
            return .openSettings
        case .continueAfterDenial:
            flow.record(false, for: step.id)
            return .advance
        }
    }

    /// The system dialog is about to show: fires `permissionRequested`.
    public func requestStarted() {
        guard status == .notRequested, !isRequesting else { return }
        isRequesting = true
        analytics?.record(OnboardingEvent(.permissionRequested, step: step.id, key: key))
    }

    /// The request code returned. `.authorized` records `true` and fires
    /// `permissionGranted`; `.denied` fires `permissionDenied` (the record waits for
    /// Continue, since the user may still enable it in Settings); `.notRequested` (the
    /// dialog was dismissed without an answer) leaves the step asking.
    public func requestFinished(_ result: PermissionStatus) {
        isRequesting = false
        status = result
        switch result {
        case .authorized:
            flow.record(true, for: step.id)
            analytics?.record(OnboardingEvent(.permissionGranted, step: step.id, key: key))
        case .denied:
            analytics?.record(OnboardingEvent(.permissionDenied, step: step.id, key: key))
        case .notRequested:
            break
        }
    }

    /// The app re-checked the status (on appear, or when it became active after Settings).
    /// Becoming authorized records `true` (unless already answered) and fires
    /// `permissionGranted`.
    public func statusChecked(_ newStatus: PermissionStatus) {
        guard newStatus != status else { return }
        status = newStatus
        if newStatus == .authorized {
            if flow.value(for: step.id) == nil { flow.record(true, for: step.id) }
            analytics?.record(OnboardingEvent(.permissionGranted, step: step.id, key: key))
        }
    }
}
