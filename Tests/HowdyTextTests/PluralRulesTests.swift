import Testing

@testable import HowdyText

@Suite("PluralRules: CLDR cardinal categories from ICU")
struct PluralRulesTests {
    @Test(
        "categories per language",
        arguments: [
            ("en", 1.0, PluralCategory.one), ("en", 0, .other), ("en", 2, .other), ("en", 1.5, .other),
            ("fr", 0, .one), ("fr", 1.5, .one), ("fr", 2, .other),
            ("ru", 1, .one), ("ru", 3, .few), ("ru", 5, .many), ("ru", 21, .one), ("ru", 11, .many),
            ("ar", 0, .zero), ("ar", 2, .two), ("ar", 3, .few), ("ar", 11, .many), ("ar", 100, .other),
            ("ja", 1, .other), ("pl", 22, .few), ("pl", 25, .many),
        ])
    func categories(language: String, number: Double, expected: PluralCategory) throws {
        #expect(try PluralRules(locale: language).category(for: number) == expected)
    }

    @Test("an unknown locale has the root rules; non-finite numbers are other")
    func edges() throws {
        #expect(try PluralRules(locale: "xx").category(for: 1) == .other)
        let english = try PluralRules(locale: "en")
        #expect(english.category(for: .nan) == .other && english.category(for: .infinity) == .other)
        #expect(PluralCategory.allCases.sorted() == [.zero, .one, .two, .few, .many, .other])
    }
}
