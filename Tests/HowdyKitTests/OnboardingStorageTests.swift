import Foundation
import Testing

@testable import HowdyKit

/// The storage implementations under test, each created fresh.
enum StorageKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory, userDefaults, file

    var testDescription: String { rawValue }

    /// A fresh empty storage and a cleanup closure.
    func make() throws -> (any OnboardingAnswerStorage, () -> Void) {
        switch self {
        case .inMemory:
            return (InMemoryOnboardingStorage(), {})
        case .userDefaults:
            let suite = "howdykit.tests.\(UUID().uuidString)"
            let defaults = try #require(UserDefaults(suiteName: suite))
            return (
                UserDefaultsOnboardingStorage(defaults: defaults, keyPrefix: "test."),
                { defaults.removePersistentDomain(forName: suite) }
            )
        case .file:
            let directory = try TemporaryDirectory()
            return (FileOnboardingStorage(url: directory.file("store.json")), { directory.cleanup() })
        }
    }
}

@Suite("OnboardingStorage: the tri-state record")
struct OnboardingStorageTests {
    @Test("nil (never recorded) until written; true and false are distinct records", arguments: StorageKind.allCases)
    func triState(kind: StorageKind) throws {
        let (storage, cleanup) = try kind.make()
        defer { cleanup() }
        let id: OnboardingStepID = "com.example.app.reqs.health"
        #expect(storage.value(for: id) == nil)
        storage.setValue(true, for: id)
        #expect(storage.value(for: id) == true)
        storage.setValue(false, for: id)
        #expect(storage.value(for: id) == false)
    }

    @Test("setValue(nil) removes the record, so it reads as never recorded", arguments: StorageKind.allCases)
    func nilRemoves(kind: StorageKind) throws {
        let (storage, cleanup) = try kind.make()
        defer { cleanup() }
        storage.setValue(false, for: "a")
        storage.setValue(true, for: "b")
        storage.setValue(nil, for: "a")
        #expect(storage.value(for: "a") == nil)
        #expect(storage.value(for: "b") == true)
    }

    @Test("answers are kept beside the records under their key", arguments: StorageKind.allCases)
    func answers(kind: StorageKind) throws {
        let (storage, cleanup) = try kind.make()
        defer { cleanup() }
        storage.setAnswer(.option("a"), for: "goal")
        storage.setAnswer(.number(15), for: "mins")
        #expect(storage.answer(for: "goal") == .option("a"))
        #expect(storage.answer(for: "mins") == .number(15))
        storage.setAnswer(nil, for: "goal")
        #expect(storage.answer(for: "goal") == nil)
        // An answer key equal to a step ID does not disturb the record.
        storage.setValue(true, for: "mins")
        #expect(storage.answer(for: "mins") == .number(15))
        #expect(storage.value(for: "mins") == true)
    }
}

@Suite("UserDefaultsOnboardingStorage")
struct UserDefaultsOnboardingStorageTests {
    @Test("records persist across storage instances over the same suite")
    func persistsAcrossInstances() throws {
        let suite = "howdykit.tests.\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        do {
            let defaults = try #require(UserDefaults(suiteName: suite))
            let storage = UserDefaultsOnboardingStorage(defaults: defaults, keyPrefix: "com.example.app.")
            storage.setValue(true, for: "welcome")
            storage.setValue(false, for: "reqs.health")
            defaults.synchronize()
        }
        let again = UserDefaultsOnboardingStorage(
            defaults: try #require(UserDefaults(suiteName: suite)), keyPrefix: "com.example.app.")
        #expect(again.value(for: "welcome") == true)
        #expect(again.value(for: "reqs.health") == false)
        #expect(again.value(for: "never") == nil)
    }

    @Test("one key per step, prefixed; two prefixes in one suite do not collide")
    func prefixesDoNotCollide() throws {
        let suite = "howdykit.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let one = UserDefaultsOnboardingStorage(defaults: defaults, keyPrefix: "com.example.one.")
        let two = UserDefaultsOnboardingStorage(defaults: defaults, keyPrefix: "com.example.two.")
        one.setValue(true, for: "welcome")
        #expect(two.value(for: "welcome") == nil)
        two.setValue(false, for: "welcome")
        #expect(one.value(for: "welcome") == true)
        #expect(two.value(for: "welcome") == false)
        #expect(defaults.object(forKey: "com.example.one.welcome") as? Bool == true)
        #expect(defaults.object(forKey: "com.example.two.welcome") as? Bool == false)
        one.setValue(nil, for: "welcome")
        #expect(defaults.object(forKey: "com.example.one.welcome") == nil)
        #expect(two.value(for: "welcome") == false)
    }

    @Test("a key holding a non-Boolean reads as never recorded")
    func nonBooleanReadsNil() throws {
        let suite = "howdykit.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.set("yes", forKey: "p.a")
        #expect(UserDefaultsOnboardingStorage(defaults: defaults, keyPrefix: "p.").value(for: "a") == nil)
    }
}
