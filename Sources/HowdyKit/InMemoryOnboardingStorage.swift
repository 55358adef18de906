import Foundation

/// Storage that lives only as long as the object: for tests, previews and flows that
/// must not persist. Thread-safe.
public final class InMemoryOnboardingStorage: OnboardingAnswerStorage, @unchecked Sendable {
    // @unchecked: every access to the two dictionaries goes through `lock`.
    private let lock = NSLock()
    private var records: [OnboardingStepID: Bool]
    private var answers: [String: OnboardingAnswer]

    /// Creates an empty store, or one pre-filled with `records` and `answers`.
    public init(records: [OnboardingStepID: Bool] = [:], answers: [String: OnboardingAnswer] = [:]) {
        self.records = records
        self.answers = answers
    }

    /// The record for `id`: nil never recorded (see `OnboardingStorage`).
    public func value(for id: OnboardingStepID) -> Bool? {
        lock.withLock { records[id] }
    }

    /// Writes (or with nil removes) the record for `id` (see `OnboardingStorage`).
    public func setValue(_ value: Bool?, for id: OnboardingStepID) {
        lock.withLock { records[id] = value }
    }

    /// The answer stored under `key`, or nil (see `OnboardingAnswerStorage`).
    public func answer(for key: String) -> OnboardingAnswer? {
        lock.withLock { answers[key] }
    }

    /// Stores (or with nil removes) the answer under `key` (see `OnboardingAnswerStorage`).
    public func setAnswer(_ answer: OnboardingAnswer?, for key: String) {
        lock.withLock { answers[key] = answer }
    }

    /// A snapshot of every record, for assertions.
    public var allRecords: [OnboardingStepID: Bool] {
        lock.withLock { records }
    }
}
