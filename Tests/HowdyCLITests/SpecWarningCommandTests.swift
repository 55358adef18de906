import Foundation
import Testing

@testable import HowdyCLI

@Suite("Spec warnings surface on stderr from howdy lint without failing it")
struct SpecWarningCommandTests {
    @Test("a deprecated animatedMesh background: lint warns on stderr, checks as usual and exits 0")
    func animatedMeshWarns() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        try scratch.write(
            "spec.json",
            ##"""
            { "theme": { "background": { "kind": "animatedMesh", "primary": "#FF2D55", "secondary": "#FF9500",
              "accent": "#FFCC00" } },
              "welcome": { "id": "w", "title": "Hello there" },
              "steps": [], "render": { "devices": ["phone"], "schemes": ["light"] } }
            """##)
        let result = howdy(["lint", scratch.path("spec.json")])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.hasPrefix(#"warning: theme.background.kind: "animatedMesh" is deprecated"#))
        #expect(result.out.contains("contrast"))
    }
}
