import Badges
import HowdyRender
import HowdyTesting
import HowdyText
import Testing
import XCTest

/// Swift Testing: the golden is `__Snapshots__/BadgeTests/badge.1.png` beside this file.
@Test func badge() throws {
    assertSnapshot(of: try Badge().render(), as: .png())
}

/// XCTest, the same assertion: `__Snapshots__/BadgeTests/testTranslucentBadge.blue.png`.
/// A canvas snapshots through `pullback`; the tolerance allows 1 % of the pixels.
final class BadgeXCTests: XCTestCase {
    func testTranslucentBadge() throws {
        let badge = try Badge(size: 32, color: Color(hex: 0x007AFF)).render()
        assertSnapshot(
            of: Canvas(image: badge), as: .png(tolerance: DiffTolerance(maxDiffRatio: 0.01)), named: "blue")
    }
}

/// The diff sees alpha: the badge with its halo at a different opacity is a failure,
/// reported with the figures (checked without reporting, in a scratch folder).
@Test func aFainterHaloIsAChange() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("badges-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["HOWDY_ARTIFACTS": folder.appendingPathComponent("failures").path, "HOWDY_RECORD": "missing"]
    _ = verifySnapshot(of: try Badge().render(), as: .png(), named: "badge", in: folder, environment: environment)
    var fainter = Canvas(image: try Image(width: 48, height: 48))
    fainter.fill(try Circle(center: Point(x: 24, y: 24), radius: 23), with: Color(hex: 0xFF3B30).opacity(0.1))
    fainter.fill(try Circle(center: Point(x: 24, y: 24), radius: 12), with: Color(hex: 0xFF3B30))
    let outcome = verifySnapshot(of: fainter, as: .png(), named: "badge", in: folder, environment: environment)
    #expect(outcome.failureMessage?.contains("pixels differ") == true)
}

/// HowdyKit's bundled fonts travel as a SwiftPM resource: this test binary finds them in
/// the resource bundle SwiftPM copied beside it, not in HowdyKit's checkout.
@Test func bundledFontsComeWithTheBinary() throws {
    let path = try #require(FontLibrary.bundledPath("Inter-Bold"))
    #expect(path.contains("_HowdyText.resources/Fonts/"), "\(path)")
    #expect(FontLibrary.bundledNames.count > 40)
}
