import HowdyText
import Testing

@testable import HowdyKitUI

/// A locale whose ICU number format cannot be used is reported, not silently drawn with
/// Latin digits (issue 22: no swallowed failure).
@Suite struct NumberFormatFailureTests {
    @Test func aNumberFormatFailureIsReportedAndTheNumberKeepsLatinDigits() {
        var failing = LocalizedFormat(locale: "ar-EG", language: "ar", device: nil, arguments: .count(1234))
        failing.openNumberFormat = { _ in throw TextError.unicode("ICU: U_MISSING_RESOURCE_ERROR") }
        let plain = failing.fill("%lld items, %lld again", substitutions: [:])
        #expect(plain == "1234 items, 1234 again")
        #expect(failing.numberFormatFailures.count == 1, "one entry per distinct reason")
        #expect(failing.numberFormatFailures.first?.contains("U_MISSING_RESOURCE_ERROR") == true)

        var working = LocalizedFormat(locale: "ar-EG", language: "ar", device: nil, arguments: .count(1234))
        let arabic = working.fill("%lld items", substitutions: [:])
        #expect(working.numberFormatFailures.isEmpty)
        #expect(arabic != "1234 items", "ICU writes Arabic-Indic digits for ar-EG")
    }

    @Test func theFindingNamesTheLocaleAndTheReason() {
        let finding = LocalizationFinding(
            key: "%lld items", locale: "ar-EG", kind: .numberFormatUnavailable("ICU: U_MISSING_RESOURCE_ERROR"))
        #expect(
            finding.description
                == #""%lld items" writes a number for locale ar-EG, but its number format cannot be used (ICU: U_MISSING_RESOURCE_ERROR): shown with Latin digits"#
        )
    }
}
