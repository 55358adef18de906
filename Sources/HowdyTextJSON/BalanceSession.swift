import HowdyText

/// How a request's lines are chosen.
public enum BalanceMode: String, Sendable, CaseIterable {
    /// Greedy's line count at the narrowest width that keeps it (`BalanceObjective.narrowest`).
    case balance
    /// Plain greedy lines.
    case greedy
    /// Greedy's line count with the least sum of squared slack (`BalanceObjective.even`).
    case even
    /// Greedy's line count, no lonely last word, least raggedness (`BalanceObjective.pretty`).
    case pretty
}

/// What a request leaves out: the defaults from `howdy balance` flags.
public struct BalanceDefaults: Sendable {
    /// Font name, path or fontconfig family; nil means a request must name one.
    public var font: String?
    /// Size in px; nil means a request must give one.
    public var size: Double?
    /// Available width in px; nil means a request must give one.
    public var width: Double?
    /// Mode when a request has no `"mode"`; default `.balance`.
    public var mode: BalanceMode
    /// Options when a request sets none of `locale`, `direction`, `lineHeight`, `features`.
    public var options: TextOptions

    /// Defaults as given; by default no font, size (px) or width (px), mode `.balance` and
    /// `TextOptions()`.
    public init(
        font: String? = nil, size: Double? = nil, width: Double? = nil, mode: BalanceMode = .balance,
        options: TextOptions = TextOptions()
    ) {
        self.font = font
        self.size = size
        self.width = width
        self.mode = mode
        self.options = options
    }
}

/// Answers JSON-lines balance requests, one line at a time, keeping the fonts it opened.
///
/// A request is one JSON object: `{"id":…, "text":…, "font":…, "size":…, "width":…,
/// "mode":"balance|greedy|even|pretty", "locale":…, "direction":"auto|ltr|rtl",
/// "lineHeight":…, "features":["kern=0", …], "lineBreak":"auto|loose|normal|strict|anywhere",
/// "wordBreak":"normal|break-all|keep-all|auto-phrase", "overflowWrap":"normal|break-word|anywhere", "hyphens":"none|manual|auto"}`; only `text` is required when the
/// defaults give the rest. The answer is the layout as `JSONWriter.layout(_:id:)` writes
/// it, or `{"id":…,"error":"line N: …"}`. `id` may be any JSON value and comes back as
/// given. A session is for one thread at a time; use one per worker.
public final class BalanceSession: @unchecked Sendable {
    /// What a request that leaves out a field gets instead.
    public let defaults: BalanceDefaults
    /// Fonts by (name, size), bounded: at most `maximumFonts` entries. Faces underneath
    /// are shared by file identity (device and inode), so many paths to one file cost
    /// one face.
    private var fonts: [FontKey: Font] = [:]

    /// Most fonts a session keeps open by name and size.
    public static let maximumFonts = 64

    private struct FontKey: Hashable {
        let name: String
        let size: Double
    }

    /// A session with no fonts open yet; by default requests must name font, size and width.
    public init(defaults: BalanceDefaults = BalanceDefaults()) {
        self.defaults = defaults
    }

    /// The font for `name` at `size`, from the session's cache when it has it.
    public func font(named name: String, size: Double) throws -> Font {
        let key = FontKey(name: name, size: size)
        if let font = fonts[key] { return font }
        let font = try Font(named: name, size: size)
        if fonts.count >= Self.maximumFonts { fonts.removeAll(keepingCapacity: true) }
        fonts[key] = font
        return font
    }

    /// The answer to one request line (without its newline). `line` is the 1-based line
    /// number used in error messages.
    public func answer(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> String {
        var writer = JSONWriter()
        answer(bytes, line: line, into: &writer)
        return writer.text
    }

    /// Appends the answer to one request line (without a newline) to `writer`: what
    /// `answer(_:line:)` returns, without making a String of it.
    package func answer(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, into writer: inout JSONWriter) {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            return writer.raw(Self.error(id: nil, "line \(line): empty line, expected a JSON object"))
        }
        let request: JSONLValue
        do {
            request = try JSONReader.parse(bytes)
        } catch {
            return writer.raw(Self.error(id: nil, "line \(line): not JSON: \(error)"))
        }
        guard case .object = request else {
            return writer.raw(
                Self.error(id: nil, "line \(line): expected a JSON object, got \(Self.kind(request))"))
        }
        let id = request["id"] ?? .null
        do {
            let layout = try self.layout(for: request, line: line, omitsGlyphs: true)
            writer.layout(layout, id: id)
        } catch let failure as RequestError {
            writer.raw(Self.error(id: id, "line \(line): \(failure.message)"))
        } catch let error as TextError {
            writer.raw(Self.error(id: id, "line \(line): \(error.description)"))
        } catch {
            writer.raw(Self.error(id: id, "line \(line): \(error)"))
        }
    }

    /// The answer to one request given as text (see `answer(_:line:)`).
    public func answer(_ text: String, line: Int) -> String {
        var copy = text
        return copy.withUTF8 { answer($0, line: line) }
    }

    struct RequestError: Error {
        var message: String
    }

    static let knownKeys: Set<String> = [
        "id", "text", "font", "size", "width", "mode", "locale", "direction", "lineHeight", "features",
        "lineBreak", "wordBreak", "overflowWrap", "hyphens",
    ]

    /// The layout a request asks for.
    public func layout(for request: JSONLValue, line: Int = 1) throws -> TextLayout {
        try layout(for: request, line: line, omitsGlyphs: false)
    }

    /// The layout a request asks for; with `omitsGlyphs`, its lines carry no glyph runs
    /// (what the JSON answer needs: line texts and widths, which are the same).
    func layout(for request: JSONLValue, line: Int, omitsGlyphs: Bool) throws -> TextLayout {
        guard case .object(let members) = request else { throw RequestError(message: "expected a JSON object") }
        for (key, _) in members where !Self.knownKeys.contains(key) {
            throw RequestError(
                message: "\(key): unknown field (known: \(Self.knownKeys.sorted().joined(separator: ", ")))")
        }
        func string(_ name: String, _ fallback: String?) throws -> String {
            switch request[name] {
            case .string(let value)?: return value
            case nil: break
            case let other?: throw RequestError(message: "\(name): expected a string, got \(Self.kind(other))")
            }
            guard let fallback else { throw RequestError(message: "\(name): missing") }
            return fallback
        }
        func number(_ name: String, _ fallback: Double?) throws -> Double {
            switch request[name] {
            case .number(let value, _)?: return value
            case nil: break
            case let other?: throw RequestError(message: "\(name): expected a number, got \(Self.kind(other))")
            }
            guard let fallback else { throw RequestError(message: "\(name): missing") }
            return fallback
        }
        let text = try string("text", nil)
        let fontName = try string("font", defaults.font)
        let size = try number("size", defaults.size)
        let width = try number("width", defaults.width)
        var mode = defaults.mode
        if request["mode"] != nil {
            let name = try string("mode", nil)
            guard let parsed = BalanceMode(rawValue: name) else {
                throw RequestError(
                    message: "mode: expected \"balance\", \"greedy\", \"even\" or \"pretty\", got \"\(name)\"")
            }
            mode = parsed
        }
        var options = defaults.options
        if request["locale"] != nil {
            options.locale = try string("locale", nil)
            // "" is the root rules, as when absent.
            if !options.locale.isEmpty, let problem = LocaleTag.problem(options.locale) {
                throw RequestError(
                    message: "locale: expected a BCP 47 tag such as en, de-CH or ja, got \"\(LocaleTag.echo(options.locale))\": \(problem)")
            }
        }
        if request["direction"] != nil {
            let name = try string("direction", nil)
            switch name {
            case "auto": options.direction = .auto
            case "ltr": options.direction = .leftToRight
            case "rtl": options.direction = .rightToLeft
            default: throw RequestError(message: "direction: expected \"auto\", \"ltr\" or \"rtl\", got \"\(name)\"")
            }
        }
        if request["lineHeight"] != nil { options.lineHeight = try number("lineHeight", nil) }
        // CSS keywords ("keep-all") or the Swift case names ("keepAll").
        func keyword<Style>(_ name: String, _ parse: (String) -> Style?, _ known: String) throws -> Style {
            let value = try string(name, nil)
            guard let style = parse(value) else {
                throw RequestError(message: "\(name): expected one of \(known), got \"\(value)\"")
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
                    throw RequestError(message: "features: expected an array of strings such as \"kern=0\"")
                }
                return try FontFeature(setting)
            }
        case let other?:
            throw RequestError(message: "features: expected an array of strings, got \(Self.kind(other))")
        }
        let font = try self.font(named: fontName, size: size)
        var shaped = try ShapedText(text, font: font, options: options)
        shaped.omitsGlyphs = omitsGlyphs
        switch mode {
        case .balance: return try shaped.balance(width: width)
        case .greedy: return try shaped.layout(width: width)
        case .even: return try shaped.balance(width: width, objective: .even)
        case .pretty: return try shaped.balance(width: width, objective: .pretty)
        }
    }

    static func kind(_ value: JSONLValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// `{"id":…,"error":"…"}`.
    public static func error(id: JSONLValue?, _ message: String) -> String {
        var writer = JSONWriter()
        writer.raw("{\"id\":")
        writer.value(id ?? .null)
        writer.raw(",\"error\":")
        writer.string(message)
        writer.raw("}")
        return writer.text
    }
}
