import Foundation

/// One analytics event from an onboarding flow. Every step produces at least
/// `pageShown` and then `answered` or `skipped`; permission steps add `permissionRequested`
/// and `permissionGranted`/`permissionDenied`; the flow ends with one `finished`.
/// Events of a step that has a DeliciousKit `key` carry it.
public struct OnboardingEvent: Equatable, Sendable, Codable {
    /// The kinds of event.
    public enum Name: String, Codable, Sendable, CaseIterable {
        /// A page became visible (each time, also when swiping back to it).
        case pageShown
        /// A step was left with a record: its own action's answer, or an acknowledge-only
        /// step's backfilled `true`.
        case answered
        /// A step was left unanswered and recorded `false` (Skip, or a swipe past it).
        case skipped
        /// The system permission dialog is about to be shown.
        case permissionRequested
        /// The permission is authorized (after the dialog, or found so on return from Settings).
        case permissionGranted
        /// The system dialog ended in a denial.
        case permissionDenied
        /// The last page was advanced past.
        case finished
    }

    /// What happened.
    public var name: Name
    /// The step or welcome concerned; `nil` only for `finished`.
    public var step: OnboardingStepID?
    /// The record the step was left with (`answered`, `skipped`).
    public var value: Bool?
    /// The answer captured with it, if the step captures one.
    public var answer: OnboardingAnswer?
    /// The step's `key` (DeliciousKit's analytics key, e.g. `"push"`), when it has one;
    /// `nil` for steps without a key, the welcome and `finished`.
    public var key: String?

    /// An event `name`, with the step, value, answer and DeliciousKit `key` it concerns.
    public init(
        _ name: Name, step: OnboardingStepID? = nil, value: Bool? = nil, answer: OnboardingAnswer? = nil,
        key: String? = nil
    ) {
        self.name = name
        self.step = step
        self.value = value
        self.answer = answer
        self.key = key
    }
}

/// Receives every analytics event of a flow, in order. Called on the thread driving the
/// flow (normally the main thread); forward to your analytics service from here.
public protocol OnboardingAnalyticsObserver {
    func record(_ event: OnboardingEvent)
}

/// An observer made from a closure.
public struct OnboardingAnalyticsHandler: OnboardingAnalyticsObserver {
    private let handler: (OnboardingEvent) -> Void

    /// Calls `handler` for every event.
    public init(_ handler: @escaping (OnboardingEvent) -> Void) {
        self.handler = handler
    }

    /// Passes `event` to the handler.
    public func record(_ event: OnboardingEvent) { handler(event) }
}

/// Writes each event as one JSON line (JSON Lines), keys sorted, with an ISO 8601 UTC
/// time: `{"answer":"a","event":"answered","key":"goal","step":"com.example.app.goal","time":"…","value":true}`.
/// Thread-safe; each line is written with a single `write`, so lines never interleave.
public final class JSONLinesAnalyticsSink: OnboardingAnalyticsObserver, @unchecked Sendable {
    // @unchecked: the handle is only written under `lock`; the clock is Sendable.
    private let handle: FileHandle
    private let clock: @Sendable () -> Date
    private let lock = NSLock()
    private var firstFailure: (any Error)?

    /// The first write that failed (a full disk, a closed descriptor), or nil. Recording
    /// cannot throw, and a lost analytics line must not stop onboarding, so the failure is
    /// kept here for the app to check; later events are still attempted.
    public var writeFailure: (any Error)? { lock.withLock { firstFailure } }

    /// Writes to an open handle (e.g. `FileHandle.standardOutput`).
    /// - Parameters:
    ///   - handle: where each event goes, one JSON line per write; the caller keeps it open.
    ///   - clock: the time stamped on each line; default now. Tests pass a fixed one.
    public init(handle: FileHandle, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.handle = handle
        self.clock = clock
    }

    /// Appends to the file at `url`, creating it if needed. The file is opened with
    /// `O_APPEND`, so lines from other processes appending at the same time are never
    /// overwritten (for locked, synced batches use ``JSONLinesFile``).
    /// - Throws: when the file cannot be created or opened for writing.
    public convenience init(appendingTo url: URL, clock: @escaping @Sendable () -> Date = { Date() }) throws {
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw FileOnboardingStorageError(
                path: url.path, kind: .io, reason: "cannot open for appending: \(String(cString: strerror(errno)))")
        }
        self.init(handle: FileHandle(fileDescriptor: fd, closeOnDealloc: true), clock: clock)
    }

    /// Appends `event` as one JSON line.
    public func record(_ event: OnboardingEvent) {
        let line = Self.line(for: event, at: clock())
        // The throwing write: `write(_: Data)` traps when the write fails.
        lock.withLock {
            do {
                try handle.write(contentsOf: Data(line.utf8))
            } catch {
                if firstFailure == nil { firstFailure = error }
            }
        }
    }

    /// The JSON line (with its newline) written for `event` at `date`.
    public static func line(for event: OnboardingEvent, at date: Date) -> String {
        var object: [String: JSONValue] = [
            "event": .string(event.name.rawValue),
            "time": .string(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))),
        ]
        if let step = event.step { object["step"] = .string(step.rawValue) }
        if let key = event.key { object["key"] = .string(key) }
        if let value = event.value { object["value"] = .bool(value) }
        switch event.answer {
        case .option(let id)?: object["answer"] = .string(id)
        case .number(let number)?: object["answer"] = .number(number)
        case nil: break
        }
        return JSONValue.object(object).description + "\n"
    }
}
