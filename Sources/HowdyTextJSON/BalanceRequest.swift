import HowdyJSON
import HowdyText

/// One balance request, read and checked: the fields of a JSON-lines request, or of
/// `howdy balance`'s flags, with the defaults filled in. The one place request options
/// and their keywords are parsed, for `BalanceSession`, the C ABI (HowdyTextC) and the
/// CLI alike.
package struct BalanceRequest: Sendable {
    /// The text to lay out.
    package var text: String
    /// Font name, path or fontconfig family.
    package var font: String
    /// Font size in px.
    package var size: Double
    /// Available width in px.
    package var width: Double
    /// How lines are chosen (the request's `"mode"`).
    package var strategy: LineBreakStrategy
    /// Locale, direction, line height, features and break styles.
    package var options: TextOptions

    /// A request field that is missing, of the wrong type or not a known value; the
    /// message names the field (`mode: expected "balance", … got "x"`).
    package struct Invalid: Error {
        package var message: String

        package init(message: String) { self.message = message }
    }

    /// Every field a request may have.
    package static let knownKeys: Set<String> = [
        "id", "text", "font", "size", "width", "mode", "locale", "direction", "lineHeight", "features",
        "lineBreak", "wordBreak", "overflowWrap", "hyphens",
    ]

    /// The fields that choose how text is laid out, as opposed to what and where
    /// (`id`, `text`, `font`, `size`, `width`).
    package static let optionKeys: Set<String> = knownKeys.subtracting(["id", "text", "font", "size", "width"])

    /// Reads `request` (a JSON object), taking what it leaves out from `defaults`.
    /// - Throws: `Invalid` naming the first field that is unknown, missing or wrong.
    package init(_ request: JSONLValue, defaults: BalanceDefaults) throws {
        guard case .object(let members) = request else { throw Invalid(message: "expected a JSON object") }
        for (key, _) in members where !Self.knownKeys.contains(key) {
            throw Invalid(message: "\(key): unknown field (known: \(Self.knownKeys.sorted().joined(separator: ", ")))")
        }
        func string(_ name: String, _ fallback: String?) throws -> String {
            switch request[name] {
            case .string(let value)?: return value
            case nil: break
            case let other?: throw Invalid(message: "\(name): expected a string, got \(Self.kind(other))")
            }
            guard let fallback else { throw Invalid(message: "\(name): missing") }
            return fallback
        }
        func number(_ name: String, _ fallback: Double?) throws -> Double {
            switch request[name] {
            case .number(let value, _)?: return value
            case nil: break
            case let other?: throw Invalid(message: "\(name): expected a number, got \(Self.kind(other))")
            }
            guard let fallback else { throw Invalid(message: "\(name): missing") }
            return fallback
        }
        text = try string("text", nil)
        font = try string("font", defaults.font)
        size = try number("size", defaults.size)
        width = try number("width", defaults.width)
        strategy = defaults.strategy
        if request["mode"] != nil {
            let name = try string("mode", nil)
            guard let parsed = Self.value(of: name, in: Self.modes) else {
                throw Invalid(message: "mode: expected \(Self.list(Self.modes, quote: "\"")), got \"\(name)\"")
            }
            strategy = parsed
        }
        options = defaults.options
        if request["locale"] != nil {
            options.locale = try string("locale", nil)
            // "" is the root rules, as when absent.
            if !options.locale.isEmpty, let problem = LocaleTag.problem(options.locale) {
                throw Invalid(
                    message:
                        "locale: expected a BCP 47 tag such as en, de-CH or ja, got \"\(LocaleTag.echo(options.locale))\": \(problem)"
                )
            }
        }
        if request["direction"] != nil {
            let name = try string("direction", nil)
            guard let direction = Self.value(of: name, in: Self.directions) else {
                let known = Self.list(Self.directions, quote: "\"")
                throw Invalid(message: "direction: expected \(known), got \"\(name)\"")
            }
            options.direction = direction
        }
        if request["lineHeight"] != nil { options.lineHeight = try number("lineHeight", nil) }
        // CSS keywords ("keep-all") or the Swift case names ("keepAll").
        func keyword<Style>(_ name: String, _ parse: (String) -> Style?, _ known: String) throws -> Style {
            let value = try string(name, nil)
            guard let style = parse(value) else {
                throw Invalid(message: "\(name): expected one of \(known), got \"\(value)\"")
            }
            return style
        }
        if request["lineBreak"] != nil {
            options.lineBreak = try keyword("lineBreak", LineBreakStyle.init(keyword:), LineBreakStyle.keywords)
        }
        if request["wordBreak"] != nil {
            options.wordBreak = try keyword("wordBreak", WordBreakStyle.init(keyword:), WordBreakStyle.keywords)
        }
        if request["overflowWrap"] != nil {
            options.overflowWrap = try keyword(
                "overflowWrap", OverflowWrapStyle.init(keyword:), OverflowWrapStyle.keywords)
        }
        if request["hyphens"] != nil {
            options.hyphens = try keyword("hyphens", HyphensStyle.init(keyword:), HyphensStyle.keywords)
        }
        switch request["features"] {
        case nil: break
        case .array(let items)?:
            options.features = try items.map { item in
                guard case .string(let setting) = item else {
                    throw Invalid(message: "features: expected an array of strings such as \"kern=0\"")
                }
                return try FontFeature(setting)
            }
        case let other?:
            throw Invalid(message: "features: expected an array of strings, got \(Self.kind(other))")
        }
    }

    /// A request for `text` with everything else from `defaults` (what `howdy balance`
    /// builds from its flags and TEXT).
    /// - Throws: `Invalid` when `defaults` lacks the font, size or width.
    package init(text: String, defaults: BalanceDefaults) throws {
        try self.init(.object([("text", .string(text))]), defaults: defaults)
    }

    /// The request's text laid out in `font` (the request's font and size, opened by the
    /// caller); with `omitsGlyphs`, lines carry no glyph runs, and with `omitsLineTexts`
    /// their `text` is empty (ranges and widths are the same).
    package func layout(in font: Font, omitsGlyphs: Bool = false, omitsLineTexts: Bool = false) throws -> TextLayout {
        var shaped = try ShapedText(text, font: font, options: options)
        shaped.omitsGlyphs = omitsGlyphs
        shaped.omitsLineTexts = omitsLineTexts
        return try shaped.layout(width: width, strategy: strategy)
    }

    /// The `"mode"` keywords, in the order messages list them. `howdy balance` spells the
    /// same choices as `--greedy`, `--even` and `--pretty` (see `objectives` for `--objective`).
    package static let modes: [(keyword: String, value: LineBreakStrategy)] = [
        ("balance", .balanced(.narrowest)), ("greedy", .greedy), ("even", .balanced(.even)), ("pretty", .pretty),
    ]

    /// The `--objective` keywords of `howdy balance`, in the order messages list them.
    package static let objectives: [(keyword: String, value: LineBreakStrategy)] = [
        ("narrowest", .balanced(.narrowest)), ("even", .balanced(.even)), ("pretty", .pretty),
    ]

    /// The `"direction"` (and `--direction`) keywords, in the order messages list them.
    package static let directions: [(keyword: String, value: TextDirection)] = [
        ("auto", .auto), ("ltr", .leftToRight), ("rtl", .rightToLeft),
    ]

    /// The value `keyword` names in `table`, nil when it names none.
    package static func value<Value>(of keyword: String, in table: [(keyword: String, value: Value)]) -> Value? {
        table.first { $0.keyword == keyword }?.value
    }

    /// `table`'s keywords for a message, each between `quote`s: `"a", "b" or "c"`.
    package static func list<Value>(_ table: [(keyword: String, value: Value)], quote: String) -> String {
        let quoted = table.map { quote + $0.keyword + quote }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    }

    /// "a string", "an object", … for messages: HowdyJSON's one wording (``JSONKind``).
    package static func kind(_ value: JSONLValue) -> String {
        let kind: JSONKind =
            switch value {
            case .null: .null
            case .bool: .bool
            case .number: .number
            case .string: .string
            case .array: .array
            case .object: .object
            }
        return kind.phrase
    }
}
