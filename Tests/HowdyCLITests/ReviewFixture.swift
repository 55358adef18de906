import Foundation

/// Two real renders for review tests: `expected/` and `actual/` of a three-screen flow on
/// the small phone at 1x, where the actual render changes one step's title (changed),
/// the welcome stays (unchanged), step b is missing from the expected side (new) and the
/// expected side holds an extra old screen (removed).
struct ReviewFixture {
    let folder: Scratch
    var expected: String { folder.path("expected") }
    var actual: String { folder.path("actual") }

    static let changed = "02-a_small-phone-light@1x.png"
    static let unchanged = "01-welcome_small-phone-light@1x.png"
    static let new = "03-b_small-phone-light@1x.png"
    static let removed = "09-old_small-phone-light@1x.png"

    init() throws {
        folder = try Scratch()
        for (name, title) in [("expected", "Before"), ("actual", "After")] {
            try folder.write(
                "\(name).json",
                #"{ "id": "review", "welcome": { "id": "w", "title": "Hello" }, "steps": [{ "id": "a", "kind": "feature", "title": "\#(title)" }, { "id": "b", "kind": "feature", "title": "Same" }], "render": { "devices": ["small-phone"], "schemes": ["light"], "scale": 1 } }"#
            )
            let result = howdy(["render", folder.path("\(name).json"), "--out", folder.path(name)])
            guard result.code == 0 else { throw FixtureError.render(result.err) }
        }
        let manager = FileManager.default
        try manager.removeItem(atPath: folder.path("expected/\(Self.new)"))
        try manager.copyItem(
            atPath: folder.path("expected/\(Self.unchanged)"), toPath: folder.path("expected/\(Self.removed)"))
    }

    enum FixtureError: Error {
        case render(String)
    }
}
