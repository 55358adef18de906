import Foundation
import HowdyKitUI
import HowdyRender
import Testing

@Suite struct ContrastLintTests {
    @Test func lowContrastTextFailsWithScreenRoleAndRatio() throws {
        let json = ##"""
            { "theme": { "primary": "#BBBBBB" },
              "welcome": { "id": "w", "title": "Welcome", "subtitle": "A pale subtitle nobody can read" },
              "steps": [], "render": { "schemes": ["light"] } }
            """##
        let document = try FlowDocument.decode(Data(json.utf8))
        let report = try ContrastLint.check(document, matrix: document.matrix, frames: 1)
        #expect(!report.passed)
        let title = try #require(report.findings.first { $0.role == "title" })
        #expect(title.screen == "01-welcome")
        #expect(title.required == 3, "a 30 pt bold title is large text")
        #expect(abs(title.ratio - Color(hex: 0xBBBBBB).contrastRatio(with: .white)) < 0.01)
        let subtitle = try #require(report.findings.first { $0.role == "headline" })
        #expect(subtitle.required == 4.5)
        #expect(subtitle.description.contains("01-welcome [phone light large t=0.00s] headline"))
    }

    @Test func theExamplesPass() throws {
        for name in ["plain", "rtl", "hebrew"] {
            let document = try example(name)
            var matrix = document.matrix
            matrix.scale = 1
            #expect(try ContrastLint.check(document, matrix: matrix, frames: 1).passed, "\(name)")
        }
    }

    /// At accessibility5 a wrapped button label used to reach a capsule's growing round ends
    /// (white on the page: 1.00:1); the button keeps its single-line corners instead.
    @Test("wrapped primary-button labels at accessibility4/5 stay on the button's fill")
    func wrappedButtonLabelsStayOnTheFill() throws {
        for name in ["plain", "custom"] {
            let document = try example(name)
            var matrix = document.matrix
            matrix.scale = 1
            matrix.devices = [.smallPhone, .phone]
            matrix.schemes = [.light, .dark]
            matrix.dynamicTypeSizes = [.accessibility4, .accessibility5]
            let report = try ContrastLint.check(document, matrix: matrix, frames: 1)
            #expect(report.passed, "\(name): \(report.findings.filter { $0.ratio < $0.required })")
        }
    }

    @Test func worstPixelCounts() throws {
        // Half white, half mid grey: black text is fine on white but not the worst pixel.
        var canvas = try Canvas(width: 20, height: 10, background: .white)
        canvas.fill(try RoundedRect(Rect(x: 10, y: 0, width: 10, height: 10)), with: Color(hex: 0x595959))
        let ratio = try ContrastLint.worstRatio(
            color: .black, over: canvas.image, frame: Frame(x: 0, y: 0, width: 20, height: 10), scale: 1)
        #expect(abs(ratio - Color(hex: 0x595959).contrastRatio(with: .black)) < 1e-9)
    }
}
