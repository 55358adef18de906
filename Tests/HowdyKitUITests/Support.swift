import Foundation
import HowdyKitUI

/// The package root (for Examples/ and Goldens/).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// An example spec from Examples/.
func example(_ name: String) throws -> FlowDocument {
    try FlowDocument.load(contentsOf: packageRoot.appendingPathComponent("Examples/\(name).json"))
}

/// Decodes a spec from JSON text; returns the error's path and message (`path: message`,
/// without the line and column, which `SpecLocationTests` checks) or nil.
func specError(_ json: String, baseDirectory: URL? = nil) -> String? {
    do {
        _ = try FlowDocument.decode(Data(json.utf8), baseDirectory: baseDirectory)
        return nil
    } catch {
        var unlocated = error
        unlocated.location = nil
        return unlocated.description
    }
}
