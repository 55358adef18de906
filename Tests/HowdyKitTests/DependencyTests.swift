import Foundation
import Testing

/// The seed: "Foundation and Observation only, no SwiftUI, no platform-specific UI
/// dependency. A watch target that only needs 'is setup done' can depend on just this."
/// Besides those, HowdyKit uses two of this package's own hidden targets, HowdyJSON (the
/// one JSON reader and writer, which imports only HowdyNumbers) and HowdyNumbers
/// (range-checked conversions, which imports nothing), so the promise holds.
@Suite("HowdyKit's dependencies")
struct DependencyTests {
    @Test("every HowdyKit source imports Foundation, Observation and dependency-free HowdyJSON/HowdyNumbers only")
    func importsFoundationAndObservationOnly() throws {
        for file in try Self.sources("HowdyKit") {
            let imports = try Self.imports(file)
            #expect(
                Set(imports).isSubset(of: ["Foundation", "Observation", "HowdyJSON", "HowdyNumbers"]),
                "\(file.lastPathComponent) imports \(imports)")
        }
        for (module, allowed) in [("HowdyJSON", ["HowdyNumbers"]), ("HowdyNumbers", [])] {
            for file in try Self.sources(module) {
                let imports = try Self.imports(file)
                #expect(Set(imports).isSubset(of: allowed), "\(module)/\(file.lastPathComponent) imports \(imports)")
            }
        }
    }

    static func sources(_ module: String) throws -> [URL] {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/\(module)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        return files.map { folder.appendingPathComponent($0) }
    }

    static func imports(_ file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("import ") || $0.contains(" import ") && $0.hasPrefix("@") }
            .map { String($0.split(separator: " ").last ?? "") }
    }
}
