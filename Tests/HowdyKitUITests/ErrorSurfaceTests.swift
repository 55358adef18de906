import Foundation
import HowdyKit
import HowdyKitUI
import HowdyRender
import HowdyText
import Testing

/// A font that cannot be loaded is an error naming the font and the screen, never a
/// screen drawn without its text.
@Suite struct ErrorSurfaceTests {
    private func brokenDocument() throws -> FlowDocument {
        var document = try example("plain")
        document.theme.fonts.title = ThemeFont(name: "NoSuchFont-Bold", size: 30)
        return document
    }

    @Test func aMissingFontFailsTheLayoutNamingTheFont() throws {
        let document = try brokenDocument()
        let screen = try #require(FlowPages.screens(document).first).screen
        #expect {
            _ = try screen.layout(theme: document.theme, environment: RenderEnvironment())
        } throws: { error in
            "\(error)".contains("NoSuchFont-Bold")
        }
    }

    /// Every screen fails here; the error is always the first image's, in matrix order,
    /// whichever thread meets an error first (repeated, as thread timing varies per run).
    @Test func aRenderJobNamesTheScreenAndTheFont() throws {
        let document = try brokenDocument()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-error-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        var matrix = RenderMatrix()
        matrix.schemes = [.light]
        for _ in 0..<20 {
            #expect {
                _ = try RenderJob.run(document, matrix: matrix, to: directory)
            } throws: { error in
                guard let screenError = error as? ScreenError else { return false }
                return screenError.screen.hasPrefix("01-welcome_phone-light") && "\(error)".contains("NoSuchFont-Bold")
            }
        }
    }

    @Test func contrastLintNamesTheScreen() throws {
        let document = try brokenDocument()
        #expect {
            _ = try ContrastLint.check(document, matrix: RenderMatrix(schemes: [.light]), frames: 1)
        } throws: { error in
            (error as? ScreenError)?.screen == "01-welcome" && "\(error)".contains("NoSuchFont-Bold")
        }
    }

    @Test func aTextElementReadsNoFontUntilItIsLaidOut() throws {
        // Building content never fails; the font is checked where the error can name the screen.
        let element = TextElement("Hi", font: ThemeFont(name: "NoSuchFont", size: 15), color: .black)
        #expect(throws: (any Error).self) { try element.isLarge() }
        #expect(try TextElement("Hi", font: ThemeFont(name: "NoSuchFont", size: 20), color: .black).isLarge())
    }
}

/// A parallel render's failures, met in any order, report the earliest job's.
@Suite struct FirstFailureTests {
    private struct Failed: Error, Equatable { let job: Int }

    @Test func theEarliestJobsFailureWinsInAnyOrder() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let failing = Array(Set((0..<Int.random(in: 1...8, using: &generator)).map { _ in Int.random(in: 0..<50) }))
            var failure = FirstFailure()
            for job in failing.shuffled(using: &generator) { failure.record(Failed(job: job), at: job) }
            #expect(failure.error as? Failed == Failed(job: failing.min()!))
            // Jobs before the earliest failure still start; it and later ones do not.
            #expect(failure.admits(failing.min()! - 1))
            #expect(!failure.admits(failing.min()!))
            #expect(!failure.admits(failing.max()! + 1))
        }
        #expect(FirstFailure().error == nil)
        #expect(FirstFailure().admits(0))
    }
}
