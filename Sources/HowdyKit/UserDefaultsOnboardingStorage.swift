import Foundation

/// The default storage: one `UserDefaults` suite, one key per step.
///
/// Keys are `keyPrefix + id.rawValue` for records and `keyPrefix + "answer:" + key` for
/// answers, so one suite can hold several apps' or flows' records as long as their
/// prefixes differ. On Apple platforms an App Group suite shares the records with
/// same-device extensions and widgets; it does not reach a paired Watch (a separate
/// device with its own sandbox).
///
/// A key holding something other than a Boolean reads as `nil` (never recorded).
public final class UserDefaultsOnboardingStorage: OnboardingAnswerStorage, @unchecked Sendable {
    // @unchecked: UserDefaults is documented as thread-safe; `defaults` is never reassigned.
    /// The suite the records live in.
    public let defaults: UserDefaults
    /// Prepended to every key this storage reads or writes.
    public let keyPrefix: String

    /// - Parameters:
    ///   - defaults: the suite; default `.standard`.
    ///   - keyPrefix: prepended to every key; default `"onboarding."`. Give each app or
    ///     flow sharing a suite its own prefix (e.g. `"com.example.app.onboarding."`).
    public init(defaults: UserDefaults = .standard, keyPrefix: String = "onboarding.") {
        self.defaults = defaults
        self.keyPrefix = keyPrefix
    }

    /// The defaults key holding `id`'s record.
    public func key(for id: OnboardingStepID) -> String { keyPrefix + id.rawValue }

    /// The defaults key holding the answer stored under `answerKey`.
    public func answerKey(for answerKey: String) -> String { keyPrefix + "answer:" + answerKey }

    /// The record for `id`: nil never recorded (see `OnboardingStorage`).
    public func value(for id: OnboardingStepID) -> Bool? {
        defaults.object(forKey: key(for: id)) as? Bool
    }

    /// Writes (or with nil removes) the record for `id` (see `OnboardingStorage`).
    public func setValue(_ value: Bool?, for id: OnboardingStepID) {
        if let value {
            defaults.set(value, forKey: key(for: id))
        } else {
            defaults.removeObject(forKey: key(for: id))
        }
    }

    /// The answer stored under `key`, or nil (see `OnboardingAnswerStorage`).
    public func answer(for key: String) -> OnboardingAnswer? {
        switch defaults.object(forKey: answerKey(for: key)) {
        case let text as String: .option(text)
        case let number as Double: .number(number)
        case let number as Int: .number(Double(number))
        default: nil
        }
    }

    /// Stores (or with nil removes) the answer under `key` (see `OnboardingAnswerStorage`).
    public func setAnswer(_ answer: OnboardingAnswer?, for key: String) {
        switch answer {
        case .option(let id): defaults.set(id, forKey: answerKey(for: key))
        case .number(let value): defaults.set(value, forKey: answerKey(for: key))
        case nil: defaults.removeObject(forKey: answerKey(for: key))
        }
    }
}
