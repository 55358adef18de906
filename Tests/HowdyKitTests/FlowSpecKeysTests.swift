import Foundation
import Testing

@testable import HowdyKit

/// HowdyKit's key table is the one declaration of its spec keys: it must match what the
/// decoders read, or the UI's unknown-key check and `howdy schema` would drift from them.
@Suite("FlowSpecKeys")
struct FlowSpecKeysTests {
    @Test("the table lists exactly the keys the decoders read")
    func matchesDecoders() throws {
        #expect(Set(FlowSpecKeys.root) == Set(OnboardingFlowSpec.CodingKeys.allCases.map(\.rawValue)))
        let stepKeys = FlowSpecKeys.commonStep + FlowSpecKeys.stepKinds.flatMap { FlowSpecKeys.step(kind: $0) ?? [] }
        #expect(stepKeys.count == Set(stepKeys).count, "a key is listed for two kinds")
        #expect(Set(stepKeys) == Set(StepSpec.CodingKeys.allCases.map(\.rawValue)))
        #expect(FlowSpecKeys.step(kind: "featur") == nil)
        let encoder = JSONEncoder()
        let option = try JSONValue(parsing: encoder.encode(SelectOption(id: "a", label: "A", emoji: "💪")))
        let plan = try JSONValue(parsing: encoder.encode(PaywallPlan(id: "y", title: "Y", price: "$1", period: "year")))
        guard case .object(let optionKeys) = option, case .object(let planKeys) = plan else {
            Issue.record("not objects")
            return
        }
        #expect(Set(optionKeys.keys) == Set(FlowSpecKeys.option))
        #expect(Set(planKeys.keys) == Set(FlowSpecKeys.plan))
    }
}
