import HowdyText
import Synchronization

/// What a request leaves out: the defaults from `howdy balance` flags.
public struct BalanceDefaults: Sendable {
    /// Font name, path or fontconfig family; nil means a request must name one.
    public var font: String?
    /// Size in px; nil means a request must give one.
    public var size: Double?
    /// Available width in px; nil means a request must give one.
    public var width: Double?
    /// Strategy when a request has no `"mode"`; default `.balanced(.narrowest)`.
    public var strategy: LineBreakStrategy
    /// Options when a request sets none of `locale`, `direction`, `lineHeight`, `features`.
    public var options: TextOptions

    /// Defaults as given; by default no font, size (px) or width (px), strategy
    /// `.balanced(.narrowest)` and `TextOptions()`.
    public init(
        font: String? = nil, size: Double? = nil, width: Double? = nil,
        strategy: LineBreakStrategy = .balanced(.narrowest),
        options: TextOptions = TextOptions()
    ) {
        self.font = font
        self.size = size
        self.width = width
        self.strategy = strategy
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
/// given. A session may be shared between threads (its font table is locked); a worker
/// of its own per thread never waits for another's lookup. Fonts come from `system`.
public final class BalanceSession: Sendable {
    /// What a request that leaves out a field gets instead.
    public let defaults: BalanceDefaults
    /// Fonts by (name, size), bounded: at most `maximumFonts` entries. Faces underneath
    /// are shared by file identity (device and inode), so many paths to one file cost
    /// one face.
    private let fonts = Mutex(FontTable())
    /// The text system whose caches the session's fonts use (`TextSystem.shared` unless given).
    public let system: TextSystem

    /// Most fonts a session keeps open by name and size.
    public static let maximumFonts = 64

    private struct FontKey: Hashable {
        let name: String
        let size: Double
    }

    /// The open fonts, and the one asked for last: a stream's requests mostly name one
    /// font, which is then found by comparing its name, without hashing it.
    private struct FontTable {
        var byKey: [FontKey: Font] = [:]
        var last: (key: FontKey, font: Font)?
        /// Faces by the name requests gave, so that a new size of a known name skips
        /// resolving it again (bundled lookup, fontconfig, a `stat` of the file): at most
        /// `maximumFonts` names, then the table starts over. Kept apart from `byKey`, so
        /// a stream cycling through more (name, size) pairs than `byKey` holds still finds
        /// its faces here.
        var facesByName: [String: FontFace] = [:]

        mutating func remember(_ key: FontKey, _ font: Font) -> Font {
            last = (key, font)
            return font
        }
    }

    /// A session with no fonts open yet, opening them from `system`; by default requests
    /// must name font, size and width.
    public init(defaults: BalanceDefaults = BalanceDefaults(), system: TextSystem = .shared) {
        self.defaults = defaults
        self.system = system
    }

    /// The font for `name` at `size`, from the session's cache when it has it.
    public func font(named name: String, size: Double) throws -> Font {
        let key = FontKey(name: name, size: size)
        let known = fonts.withLock { table -> Font? in
            if let last = table.last, last.key == key { return last.font }
            return table.byKey[key].map { table.remember(key, $0) }
        }
        if let known { return known }
        // Opened outside the lock: a file read must not hold up other threads' lookups.
        let face: FontFace
        if let known = fonts.withLock({ $0.facesByName[name] }) {
            face = known
        } else {
            face = try FontLibrary.face(named: name, system: system)
            fonts.withLock { table in
                if table.facesByName.count >= Self.maximumFonts { table.facesByName.removeAll(keepingCapacity: true) }
                table.facesByName[name] = face
            }
        }
        // What `system.font(named:size:)` makes, from the face found above.
        let font = try Font(face: face, size: size, system: system)
        return fonts.withLock { table in
            if let existing = table.byKey[key] { return table.remember(key, existing) }
            if table.byKey.count >= Self.maximumFonts { table.byKey.removeAll(keepingCapacity: true) }
            table.byKey[key] = font
            return table.remember(key, font)
        }
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
        // The common request, read without a JSON tree; anything else (every error
        // included) is read again below by the general reader.
        if let (request, id) = QuickRequestReader.read(bytes, defaults: defaults, locales: locales) {
            do {
                let layout = try request.layout(
                    in: font(named: request.font, size: request.size), omitsGlyphs: true, omitsLineTexts: true)
                writer.layoutCuttingLineTexts(layout, id: id)
            } catch {
                writer.raw(Self.error(id: id, "line \(line): \(Self.message(error))"))
            }
            return
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
        } catch {
            writer.raw(Self.error(id: id, "line \(line): \(Self.message(error))"))
        }
    }

    /// The locale tag last found valid (`QuickRequestReader`).
    private let locales = ValidLocaleMemo()

    /// A request's error as its answer states it, after `line N: `.
    private static func message(_ error: any Error) -> String {
        switch error {
        case let failure as BalanceRequest.Invalid: failure.message
        case let error as TextError: error.description
        default: "\(error)"
        }
    }

    /// The answer to one request given as text (see `answer(_:line:)`).
    public func answer(_ text: String, line: Int) -> String {
        var copy = text
        return copy.withUTF8 { answer($0, line: line) }
    }

    /// The layout a request asks for.
    public func layout(for request: JSONLValue, line: Int = 1) throws -> TextLayout {
        try layout(for: request, line: line, omitsGlyphs: false)
    }

    /// The layout a request asks for; with `omitsGlyphs`, its lines carry no glyph runs
    /// (what the JSON answer needs: line texts and widths, which are the same).
    func layout(for request: JSONLValue, line: Int, omitsGlyphs: Bool) throws -> TextLayout {
        let request = try BalanceRequest(request, defaults: defaults)
        return try request.layout(in: font(named: request.font, size: request.size), omitsGlyphs: omitsGlyphs)
    }

    static func kind(_ value: JSONLValue) -> String { BalanceRequest.kind(value) }

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
