import Foundation
import HowdyKit
import HowdyText

/// Fills a localized format string as Foundation's `String(format:locale:)` fills the
/// string `String(localized:)` found: `%@ %d %i %u %ld %lld %f %.1f %e %g %x %%`,
/// positional specifiers (`%2$lld`), and `%#@name@` substitutions, whose form is chosen
/// for their argument's number and whose `%arg` (and unnumbered specifiers) stand for
/// that argument.
///
/// Numbers are written the locale's way (ICU): integers and `%@` numbers with the
/// locale's digits and grouping, as HowdyKit wrote them before; `%f` with its precision
/// (default 6), the locale's digits and decimal separator, no grouping.
///
/// Without arguments (`.count`), a spec's single number fills every `%d`-like and `%@`
/// specifier, as before format arguments existed; with no number either, specifiers stay
/// as written.
struct LocalizedFormat {
    /// Where argument values come from.
    enum Arguments {
        /// The text's own arguments, 1-based by position.
        case given([FormatArgument])
        /// One number for every integer and `%@` specifier (nil: leave them as written).
        case count(Double?)
    }

    /// BCP 47 tag whose digits and separators numbers are written with.
    let locale: String
    /// The language whose plural rules pick substitution forms.
    let language: String
    /// The Apple device class device variations are chosen for (nil: `other`).
    let device: String?
    let arguments: Arguments
    /// What did not match: argument count or types, unknown substitutions.
    var problems: [String] = []
    /// Plural forms missing for a substitution's number (category, substitution name).
    var missingCategories: [PluralCategory] = []
    /// Why plural rules could not be opened for a substitution's number (`other` was used).
    var pluralRulesFailures: [TextError] = []
    /// Why the locale's ICU number format could not be used (numbers were written with
    /// Latin digits, `NumberText.format`); one entry per distinct reason.
    var numberFormatFailures: [String] = []
    /// Opens the locale's number format: `NumberFormat.shared`, replaceable so a test can
    /// see a failure reported.
    var openNumberFormat: (String) throws -> NumberFormat = { try NumberFormat.shared(locale: $0) }
    /// The highest argument position a specifier used.
    private(set) var highestUsed = 0

    init(locale: String, language: String, device: String?, arguments: Arguments) {
        self.locale = locale
        self.language = language
        self.device = device
        self.arguments = arguments
    }

    /// The number that picks a top-level plural form: the first number argument, or the count.
    var pluralNumber: Double? {
        switch arguments {
        case .given(let values): values.lazy.compactMap(\.number).first
        case .count(let number): number
        }
    }

    /// `text` with its specifiers filled; `substitutions` are the key's.
    mutating func fill(_ text: String, substitutions: [String: StringCatalog.Substitution]) -> String {
        guard text.contains("%") else { return text }
        var sequential = 0
        return render(Array(text.unicodeScalars), substitutions: substitutions, own: nil, sequential: &sequential)
    }

    /// A finding's detail when the given arguments do not match what the text used.
    mutating func checkCount() {
        guard case .given(let values) = arguments else { return }
        if values.count > highestUsed {
            problems.append(
                "\(values.count) argument\(values.count == 1 ? "" : "s") given, the text uses \(highestUsed)")
        }
    }

    // MARK: - Scanning

    private mutating func render(
        _ s: [Unicode.Scalar], substitutions: [String: StringCatalog.Substitution],
        own: (index: Int, specifier: String)?, sequential: inout Int
    ) -> String {
        var out = String.UnicodeScalarView()
        var i = 0
        let n = s.count
        func isDigit(_ index: Int) -> Bool { index < n && ("0"..."9").contains(s[index]) }
        while i < n {
            guard s[i] == "%" else {
                out.append(s[i])
                i += 1
                continue
            }
            var j = i + 1
            if j < n, s[j] == "%" {
                out.append("%")
                i = j + 1
                continue
            }
            if let own, j + 2 < n, s[j] == "a", s[j + 1] == "r", s[j + 2] == "g" {
                let spec = Array(("%" + own.specifier).unicodeScalars)
                var inner = sequential
                let written = render(spec, substitutions: [:], own: (own.index, ""), sequential: &inner)
                out.append(contentsOf: written.unicodeScalars)
                i = j + 3
                continue
            }
            var position: Int?
            var k = j
            while isDigit(k), k - j < 3 { k += 1 }
            if k > j, k < n, s[k] == "$" {
                position = Int(String(String.UnicodeScalarView(s[j..<k])))
                j = k + 1
            }
            if j + 1 < n, s[j] == "#", s[j + 1] == "@", let close = s[(j + 2)...].firstIndex(of: "@") {
                let name = String(String.UnicodeScalarView(s[(j + 2)..<close]))
                let index: Int
                if let position {
                    index = position
                } else {
                    sequential += 1
                    index = sequential
                }
                if let substitution = substitutions[name] {
                    let argument = substitution.argNumber ?? index
                    out.append(contentsOf: substitute(substitution, name: name, index: argument).unicodeScalars)
                } else {
                    problems.append("no substitution named \"\(name)\"")
                    out.append(contentsOf: s[i...close])
                }
                i = close + 1
                continue
            }
            // flags, width, precision, length, conversion
            while j < n, "-+ #0'".unicodeScalars.contains(s[j]) { j += 1 }
            while isDigit(j) { j += 1 }
            var precision: Int?
            if j < n, s[j] == "." {
                var p = j + 1
                while isDigit(p), p - j <= 2 { p += 1 }
                precision = Int(String(String.UnicodeScalarView(s[(j + 1)..<p]))) ?? 0
                j = p
            }
            while j < n, "hlqLzjt".unicodeScalars.contains(s[j]) { j += 1 }
            guard j < n, "diouxXfFeEgGaAcs@".unicodeScalars.contains(s[j]) else {
                out.append("%")
                i += 1
                continue
            }
            let conversion = s[j]
            let index: Int
            if let position {
                index = position
            } else if let own {
                index = own.index
            } else {
                sequential += 1
                index = sequential
            }
            let written = String(String.UnicodeScalarView(s[i...j]))
            out.append(
                contentsOf: format(index: index, conversion: conversion, precision: precision, written: written)
                    .unicodeScalars)
            i = j + 1
        }
        return String(out)
    }

    /// A substitution's chosen form, rendered with `%arg` standing for argument `index`.
    private mutating func substitute(_ substitution: StringCatalog.Substitution, name: String, index: Int) -> String {
        highestUsed = max(highestUsed, index)
        let number: Double?
        switch arguments {
        case .given(let values):
            guard index <= values.count else {
                problems.append("%#@\(name)@ needs argument \(index), \(values.count) given")
                return "%#@\(name)@"
            }
            guard let value = values[index - 1].number else {
                problems.append("argument \(index) is text, but %#@\(name)@ needs a number")
                return "%#@\(name)@"
            }
            number = value
        case .count(let count): number = count
        }
        let chosen = FormChoice.choose(substitution.forms, number: number, device: device, language: language)
        if let category = chosen.missingCategory { missingCategories.append(category) }
        if let failure = chosen.pluralRulesFailure { pluralRulesFailures.append(failure) }
        guard let text = chosen.text else {
            problems.append("substitution \"\(name)\" has no \"other\" plural form")
            return "%#@\(name)@"
        }
        var sequential = 0
        return render(
            Array(text.unicodeScalars), substitutions: [:], own: (index, substitution.formatSpecifier),
            sequential: &sequential)
    }

    /// One specifier filled with argument `index` (1-based).
    private mutating func format(index: Int, conversion: Unicode.Scalar, precision: Int?, written: String) -> String {
        let integer = "diouxXc".unicodeScalars.contains(conversion)
        let value: FormatArgument
        switch arguments {
        case .count(let count):
            // As before arguments existed: the number fills integer and object specifiers only.
            guard let count, "diu@".unicodeScalars.contains(conversion) else { return written }
            return localizedNumber(count)
        case .given(let values):
            highestUsed = max(highestUsed, index)
            guard index <= values.count else {
                problems.append("\(written) needs argument \(index), \(values.count) given")
                return written
            }
            value = values[index - 1]
        }
        switch (value, conversion) {
        case (.string(let text), "@"), (.string(let text), "s"):
            return text
        case (.number(let number), "@"):
            return localizedNumber(number)
        case (.string, _):
            problems.append("argument \(index) is text, but \(written) needs a number")
            return written
        case (.number(let number), "s"):
            problems.append("argument \(index) is a number, but \(written) needs text")
            return NumberText.format(number)
        case (.number(let number), _) where integer:
            if number != number.rounded(.towardZero) {
                problems.append("argument \(index) is \(NumberText.format(number)), but \(written) needs an integer")
            }
            if conversion == "u", number < 0 {
                problems.append("argument \(index) is negative, but \(written) needs an unsigned integer")
            }
            let whole = number.rounded(.towardZero)
            if "diu".unicodeScalars.contains(conversion) { return localizedNumber(whole) }
            // %x %o %c: C formatting of the integer.
            let plain = written.replacingOccurrences(of: "\\d+\\$", with: "", options: .regularExpression)
            return String(format: plain, Int64(max(-9e18, min(9e18, whole))))
        case (.number(let number), "f"), (.number(let number), "F"):
            // `fixed` takes the locale's digits from its number format: a format that cannot
            // open is reported here (the text keeps Latin digits).
            if number.isFinite { _ = numberFormat() }
            return Self.fixed(number, digits: min(precision ?? 6, 20), locale: locale)
        case (.number(let number), _):
            // %e %g %a: C formatting, Latin digits.
            let plain = written.replacingOccurrences(of: "\\d+\\$", with: "", options: .regularExpression)
            return String(format: plain, number)
        }
    }

    /// The locale's number format, or nil with the reason kept in `numberFormatFailures`.
    private mutating func numberFormat() -> NumberFormat? {
        do {
            return try openNumberFormat(locale)
        } catch {
            note("\(error)")
            return nil
        }
    }

    private mutating func note(_ failure: String) {
        if !numberFormatFailures.contains(failure) { numberFormatFailures.append(failure) }
    }

    /// `number` written by the locale's ICU decimal format (digits, grouping, separator);
    /// Latin digits, with the reason kept in `numberFormatFailures`, when ICU cannot.
    private mutating func localizedNumber(_ number: Double) -> String {
        guard number.isFinite, let format = numberFormat() else { return NumberText.format(number) }
        do {
            return try format.string(for: number)
        } catch {
            note("\(error)")
            return NumberText.format(number)
        }
    }

    /// `number` in the locale's digits for `fixed`'s sample. Quiet by design: `fixed` is only
    /// reached after `format(index:…)` has opened (and, on failure, reported) the same format.
    static func localized(_ number: Double, locale: String) -> String {
        guard number.isFinite, let format = try? NumberFormat.shared(locale: locale),
            let text = try? format.string(for: number)
        else { return NumberText.format(number) }
        return text
    }

    /// `number` with exactly `digits` fraction digits, in the locale's digits and decimal
    /// separator (no grouping, as `%f` writes it).
    static func fixed(_ number: Double, digits: Int, locale: String) -> String {
        guard number.isFinite else { return String(format: "%f", number) }
        let ascii = String(format: "%.\(digits)f", number)
        // The locale's zero digit and decimal separator, from how it writes 0.5.
        let sample = Array(localized(0.5, locale: locale).unicodeScalars)
        guard sample.count == 3, let zero = sample.first?.properties.numericType, zero == .decimal,
            sample[0].properties.numericValue == 0
        else { return ascii }
        let base = sample[0].value
        var out = String.UnicodeScalarView()
        for scalar in ascii.unicodeScalars {
            if ("0"..."9").contains(scalar), let digit = Unicode.Scalar(base + scalar.value - 48) {
                out.append(digit)
            } else if scalar == "." {
                out.append(sample[1])
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}

/// Which form of a key's (or substitution's) forms is drawn, as Foundation chooses: the
/// device's variation (else `other`), then an explicit `zero` form for 0 and `one` form
/// for 1 when given, else the language's CLDR category, else `other`.
struct FormChoice {
    /// The text, or nil when plural forms lack the one needed and `other`.
    var text: String?
    /// The plural category used, when there were plural forms and a number.
    var category: PluralCategory?
    /// The CLDR category the number needed and the forms lack (`other` was used).
    var missingCategory: PluralCategory?
    /// The state of the string unit chosen.
    var state: StringCatalog.TranslationState?
    /// Why ICU could not open the language's plural rules (`other` was used), nil when it could.
    var pluralRulesFailure: TextError?

    /// `pluralRules` opens a language's rules (ICU's, shared); tests pass one that fails,
    /// since ICU itself fails only when its library cannot be loaded.
    static func choose(
        _ forms: StringCatalog.Forms, number: Double?, device: String?, language: String,
        pluralRules: (String) throws(TextError) -> PluralRules = { (language) throws(TextError) in
            try PluralRules.shared(locale: language)
        }
    ) -> FormChoice {
        if !forms.device.isEmpty, let variant = forms.device[device ?? "other"] ?? forms.device["other"] {
            return choose(variant, number: number, device: device, language: language, pluralRules: pluralRules)
        }
        guard !forms.plural.isEmpty else { return FormChoice(text: forms.value, state: forms.state) }
        guard let number else {
            return FormChoice(text: forms.plural[.other] ?? forms.value, category: nil, state: forms.state)
        }
        if number == 0, let zero = forms.plural[.zero] {
            return FormChoice(text: zero, category: .zero, state: forms.state)
        }
        if number == 1, let one = forms.plural[.one] {
            return FormChoice(text: one, category: .one, state: forms.state)
        }
        let category: PluralCategory
        var failure: TextError?
        do {
            category = try pluralRules(language).category(for: number)
        } catch {
            // Reported as a finding: `other` is a guess, not the language's rule.
            (category, failure) = (.other, error)
        }
        if let text = forms.plural[category] {
            return FormChoice(text: text, category: category, state: forms.state, pluralRulesFailure: failure)
        }
        return FormChoice(
            text: forms.plural[.other], category: category, missingCategory: category, state: forms.state,
            pluralRulesFailure: failure)
    }
}
