import Foundation
import HowdyReview
import Testing

/// Issue 21's reference change: `Examples/branded.json` with its light accent colour
/// changed, rendered before and after, then reviewed. One change across the matrix must
/// come out as about one group per screen kind, not one per image.
///
/// scripts/bench-review-page.sh renders the spec's whole matrix (12 screens × 4 devices ×
/// 2 schemes at 2x: 96 images, 60 changed in 14 groups, measured with a release build);
/// a debug build takes over 25 minutes for that here, so the test draws both phones at 1x
/// (12 × 2 × 2: 48 images, 30 changed, measured in 12 groups), where one group per image
/// would still be 30 groups against 12 kinds.
@Suite struct BrandedAccentGroupingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func oneAccentChangeIsAboutOneGroupPerScreenKind() throws {
        let folder = try Scratch()
        defer { folder.cleanup() }
        let whole = try String(contentsOf: Self.root.appendingPathComponent("Examples/branded.json"), encoding: .utf8)
        let spec = whole.replacingOccurrences(
            of: #""devices": ["phone", "small-phone", "tablet", "desktop"]"#, with: #""devices": ["phone", "small-phone"]"#
        ).replacingOccurrences(of: #""scale": 2"#, with: #""scale": 1"#)
        try #require(spec.contains(#""devices": ["phone", "small-phone"]"#) && spec.contains(#""scale": 1"#))
        let changed = spec.replacingOccurrences(
            of: ##""accent": { "light": "#5B3FD9""##, with: ##""accent": { "light": "#D93F7A""##)
        try #require(changed != spec, "the branded accent colour was not found")
        try folder.write("before.json", spec)
        try folder.write("after.json", changed)
        for side in ["before", "after"] {
            // The images and their manifest only, as the page benchmark renders them.
            let render = howdy(["render", folder.path("\(side).json"), "--out", folder.path(side), "--shard", "1/1"])
            try #require(render.code == 0, "\(render.err)")
        }
        let review = try Review.build(
            .directories(expected: [folder.url.appendingPathComponent("before")], actual: [folder.url.appendingPathComponent("after")]),
            into: folder.url.appendingPathComponent("review"))

        // The oracle for "changed": the PNGs whose bytes differ between the two renders.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("after")).filter {
            $0.hasSuffix(".png")
        }
        let differing = try names.filter { try folder.read("before/\($0)") != folder.read("after/\($0)") }
        #expect(names.count == 48)
        #expect(Set(review.items(.changed).map(\.name)) == Set(differing))
        // Every light image shows the accent (buttons, selection, page dots): all 24 change.
        #expect(review.items(.changed).filter { $0.facets.scheme == "light" }.count == 24)
        #expect(review.items(.unchanged).count == 48 - differing.count)
        #expect(differing.count == 30, "measured: 30 of 48 images differ")

        // About one group per screen kind. The slack: a screen can change in two ways across
        // the matrix, as when the tablet's and desktop's regular-width layout puts the
        // accent in other places than the phones' (the whole matrix: 14 groups for 12 kinds).
        let kinds = Set(review.items(.changed).compactMap(\.facets.screen))
        #expect(kinds.count == 12)
        #expect(review.groups.count >= 1)
        #expect(
            review.groups.count <= kinds.count + 4,
            "\(review.groups.count) groups for \(kinds.count) screen kinds and \(differing.count) changed images")
        // And a group never mixes screen kinds: one group is one change of one screen.
        let byID = Dictionary(uniqueKeysWithValues: review.items.map { ($0.id, $0) })
        for group in review.groups {
            let screens = Set(group.members.compactMap { byID[$0]?.facets.screen })
            #expect(screens.count == 1, "group \(group.id) spans \(screens.sorted())")
        }
    }
}
