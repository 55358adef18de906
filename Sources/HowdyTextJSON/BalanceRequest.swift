import HowdyJSON
import HowdyText

/// One balance request, read and checked: the fields of a JSON-lines request with the
/// defaults filled in. The one place request options are parsed, for `BalanceSession`
/// and the C ABI (HowdyTextC) alike.
package struct BalanceRequest: Sendable {
    /// The text to lay out.
    package var text: String
    /// Font name, path or fontconfig family.
    package var font: String
    /// Font size in px.
    package var size: Double
    /// Available width in px.
    package var width: Double
    /// How lines are chosen.
    package var mode: BalanceMode
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
        mode = defaults.mode
        if request["mode"] != nil {
            let name = try string("mode", nil)
            guard let parsed = BalanceMode(rawValue: name) else {
                throw Invalid(
                    message: "mode: expected \"balance\", \"greedy\", \"even\" or \"pretty\", got \"\(name)\"")
            }
            mode = parsed
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
            switch name {
            case "auto": options.direction = .auto
            case "ltr": options.direction = .leftToRight
            case "rtl": options.direction = .rightToLeft
            default: throw Invalid(message: "direction: expected \"auto\", \"ltr\" or \"rtl\", got \"\(name)\"")
            }
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

    /// The request's text laid out in `font` (the request's font and size, opened by the
    /// caller); with `omitsGlyphs`, lines carry no glyph runs (texts and widths are the same).
    package func layout(in font: Font, omitsGlyphs: Bool = false) throws -> TextLayout {
        var shaped = try ShapedText(text, font: font, options: options)
        shaped.omitsGlyphs = omitsGlyphs
        switch mode {
        case .balance: return try shaped.balance(width: width)
        case .greedy: return try shaped.layout(width: width)
        case .even: return try shaped.balance(width: width, objective: .even)
        case .pretty: return try shaped.balance(width: width, objective: .pretty)
        }
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
