import HowdyText
import Testing

@testable import HowdyKitUI

/// A language whose plural rules ICU cannot open is reported, not silently drawn with
/// the `other` form.
@Suite struct PluralRulesFailureTests {
    @Test func aPluralRulesFailureIsCarriedWithTheOtherForm() throws {
        // ICU fails to open rules only when its library cannot be loaded, so the opener fails here.
        let failure = TextError.unicode("ICU: U_MISSING_RESOURCE_ERROR")
        let forms = StringCatalog.Forms(plural: [.one: "%lld day", .other: "%lld days"])
        let failed = FormChoice.choose(forms, number: 5, device: nil, language: "ru") { _ throws(TextError) in
            throw failure
        }
        #expect(failed.text == "%lld days" && failed.category == .other)
        #expect(failed.pluralRulesFailure == failure)
        let device = StringCatalog.Forms(device: ["other": forms])
        let viaDevice = FormChoice.choose(device, number: 5, device: "iphone", language: "ru") { _ throws(TextError) in
            throw failure
        }
        #expect(viaDevice.pluralRulesFailure == failure, "passed through device variations")
        let fine = FormChoice.choose(forms, number: 5, device: nil, language: "en")
        #expect(fine.text == "%lld days" && fine.pluralRulesFailure == nil)
    }

    @Test func theFindingNamesTheLanguageAndTheReason() {
        let finding = LocalizationFinding(
            key: "%lld days", locale: "xx",
            kind: .pluralRulesUnavailable("ICU: U_ILLEGAL_ARGUMENT_ERROR", language: "xx"))
        #expect(
            finding.description
                == #""%lld days" needs a plural category in xx (locale xx), but its plural rules cannot be opened (ICU: U_ILLEGAL_ARGUMENT_ERROR): shown with "other""#
        )
    }
}
