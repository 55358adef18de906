import Foundation
import Testing

/// The seed: "Foundation and Observation only, no SwiftUI, no platform-specific UI
/// dependency. A watch target that only needs 'is setup done' can depend on just this."
@Suite("HowdyKit's dependencies")
struct DependencyTests {
    @Test("every HowdyKit source imports Foundation and Observation only")
    func importsFoundationAndObservationOnly() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/HowdyKit")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("import ") || $0.contains(" import ") && $0.hasPrefix("@") }
                .map { String($0.split(separator: " ").last ?? "") }
            #expect(Set(imports).isSubset(of: ["Foundation", "Observation"]), "\(file) imports \(imports)")
        }
    }
}
