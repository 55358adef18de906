import Foundation
import Testing

@testable import HowdyKit

@Suite("OnboardingStepID")
struct OnboardingStepIDTests {
    @Test("creatable from a string, a raw value and a string literal, all equal")
    func creation() {
        let literal: OnboardingStepID = "com.example.app.reqs.health"
        #expect(OnboardingStepID("com.example.app.reqs.health") == literal)
        #expect(OnboardingStepID(rawValue: "com.example.app.reqs.health") == literal)
        #expect(literal.rawValue == "com.example.app.reqs.health")
        #expect("\(literal)" == "com.example.app.reqs.health")
    }

    @Test("Hashable: usable as a set member and a dictionary key")
    func hashable() {
        let ids: Set<OnboardingStepID> = ["a.b", "a.b", "a.c"]
        #expect(ids.count == 2)
    }

    @Test("Codable as a bare JSON string")
    func codable() throws {
        let data = try JSONEncoder().encode(["id": OnboardingStepID("com.example.app.a")])
        #expect(String(decoding: data, as: UTF8.self) == #"{"id":"com.example.app.a"}"#)
        let decoded = try JSONDecoder().decode([String: OnboardingStepID].self, from: data)
        #expect(decoded["id"] == "com.example.app.a")
    }

    @Test("reverse-DNS IDs of two apps never collide in one storage")
    func reverseDNSDoesNotCollide() {
        let storage = InMemoryOnboardingStorage()
        storage.setValue(true, for: "com.example.one.reqs.health")
        storage.setValue(false, for: "com.example.two.reqs.health")
        #expect(storage.value(for: "com.example.one.reqs.health") == true)
        #expect(storage.value(for: "com.example.two.reqs.health") == false)
    }
}

@Suite("OnboardingStepConfig")
struct OnboardingStepConfigTests {
    @Test("defaults: not required, skippable")
    func defaults() {
        let config = OnboardingStepConfig(id: "com.example.app.a")
        #expect(config.isRequired == false)
        #expect(config.isSkippable == true)
    }

    @Test("the two flags are independent")
    func independentFlags() {
        let config = OnboardingStepConfig(id: "x", isRequired: true, isSkippable: false)
        #expect(config.isRequired && !config.isSkippable)
        #expect(config.valueWhenLeftUnanswered == true)
        #expect(OnboardingStepConfig(id: "y", isRequired: true).valueWhenLeftUnanswered == false)
    }
}
