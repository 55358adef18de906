import Foundation
import HowdyKit
import HowdyText

/// A flow spec's `localization` object: the app's String Catalogs and `.strings` files,
/// and the numbers plural variations are chosen for. With it, every text of the spec (and
/// every default title such as "Continue") is a key looked up per locale when it is laid
/// out, with the catalogs' source language as fallback.
///
/// ```json
/// "localization": {
///   "catalogs": ["Localizable.xcstrings"],          // paths relative to the spec
///   "strings": ["de.lproj/Localizable.strings"],    // language from the .lproj folder
///   "sourceLanguage": "en",                         // default: the first catalog's, else en
///   "resources": "Resources",                       // every *.xcstrings, *.lproj/*.strings
///                                                   // and *.lproj/*.stringsdict inside
///   "sourceLanguage": "en",                         // default: the first catalog's, else en
///   "count": 3,                                     // the number for every plural key
///   "counts": { "%lld-day free trial": 7 },         // a number for one key
///   "args": { "file.size": ["Report.pdf", 2048] },  // one key's format arguments
///   "defaultArgs": ["Ada"]                          // arguments of keys without their own
/// }
/// ```
///
/// A key's `args` fill its format specifiers by position (`%@` text or a number, `%lld`
/// and `%.1f` numbers; see `LocalizedFormat`), and the first number among them picks the
/// plural form. Without arguments, the key's number (`counts`, else `count`) picks the form
/// and fills every integer and `%@` specifier, as before arguments existed. Paths must stay
/// inside the spec's folder.
public struct FlowLocalization: Sendable, Hashable {
    /// The catalogs and tables.
    public var strings: LocalizedStrings
    /// The number for plural keys without one in `counts`; nil picks the `other` form.
    public var count: Double?
    /// Numbers by key.
    public var counts: [String: Double]
    /// Format arguments by key.
    public var arguments: [String: [FormatArgument]] = [:]
    /// What the files held that did not stop them loading (unknown keys, plural forms
    /// without `other`), one line each: `file: JSON path: message`; lint prints them as notes.
    public var notes: [String] = []
    /// Format arguments of keys without their own (`defaultArgs`); nil: none.
    public var defaultArguments: [FormatArgument]? = nil

    /// A localization of `strings` with numbers for plural keys.
    public init(strings: LocalizedStrings, count: Double? = nil, counts: [String: Double] = [:]) {
        self.strings = strings
        self.count = count
        self.counts = counts
    }

    /// The text to draw for `key` in `locale` on `device` (an Apple device class, see
    /// ``DevicePreset/deviceClass``; nil: `other`): looked up (pseudo-localised for a
    /// pseudo-locale), its device and plural form chosen, and its arguments filled.
    public func text(_ key: String, locale: String, device: String? = nil) -> LocalizedText {
        if let own = arguments[key] {
            return strings.string(key, locale: locale, device: device, arguments: own)
        }
        if let defaults = defaultArguments {
            var result = strings.string(key, locale: locale, device: device, arguments: defaults)
            // Defaults serve every key, so a key that uses fewer of them is not a mismatch.
            result.findings.removeAll {
                if case .formatMismatch(let detail, _) = $0.kind { return detail.contains(" given, the text uses ") }
                return false
            }
            return result
        }
        return strings.string(key, locale: locale, device: device, count: counts[key] ?? count)
    }

    /// The text to draw for a composed `text` in `locale`: each key looked up as
    /// ``text(_:locale:device:)-(String,_,_)`` does, except that a counted key takes its own number; the
    /// findings of every lookup, in order.
    public func text(_ text: LocalizableText, locale: String, device: String? = nil) -> LocalizedText {
        var findings: [LocalizationFinding] = []
        let language = PseudoLocale(identifier: locale)?.baseLanguage ?? locale
        let composed = text.resolved(locale: language) { key, number in
            guard let number else {
                let found = self.text(key, locale: locale, device: device)
                findings += found.findings
                return found.text
            }
            let found = strings.string(key, locale: locale, device: device, count: number)
            findings += found.findings
            return found.text
        }
        return LocalizedText(text: composed, language: nil, pluralCategory: nil, findings: findings)
    }

    /// `text` with `%lld`, `%ld`, `%d`, `%i`, `%u`, `%@` (optionally positional: `%1$lld`)
    /// replaced by `number` and `%%` by `%`. With a `locale` (a pseudo-locale counts as its
    /// base language) the number is written the locale's way, as `String(localized:)`
    /// writes an interpolated number: Arabic-Indic digits in `ar`, grouping, a decimal
    /// comma in `de`. Without one (or should ICU fail to open the locale's format) it is
    /// written as `NumberText` writes it: Latin digits, no grouping, no fraction when whole.
    public static func fillingPlaceholders(_ text: String, with number: Double, locale: String? = nil) -> String {
        guard text.contains("%") else { return text }
        let written = Self.written(number, locale: locale)
        var output = ""
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            output += rest[..<percent]
            var cursor = rest.index(after: percent)
            if cursor < rest.endIndex, rest[cursor] == "%" {
                output += "%"
                rest = rest[rest.index(after: cursor)...]
                continue
            }
            // Optional position: digits then `$`.
            var digits = cursor
            while digits < rest.endIndex, rest[digits].isASCII, rest[digits].isNumber {
                digits = rest.index(after: digits)
            }
            if digits > cursor, digits < rest.endIndex, rest[digits] == "$" { cursor = rest.index(after: digits) }
            while cursor < rest.endIndex, "lhqzjt".contains(rest[cursor]) { cursor = rest.index(after: cursor) }
            if cursor < rest.endIndex, "diu@".contains(rest[cursor]) {
                output += written
                rest = rest[rest.index(after: cursor)...]
            } else {
                output += "%"
                rest = rest[rest.index(after: percent)...]
            }
        }
        return output + rest
    }

    private static func written(_ number: Double, locale: String?) -> String {
        guard let locale, number.isFinite else { return NumberText.format(number) }
        let language = PseudoLocale(identifier: locale)?.baseLanguage ?? locale
        do {
            return try NumberFormat.shared(locale: language).string(for: number)
        } catch {
            // ICU opens a decimal format for any tag (root for unknown ones); this is not reached.
            return NumberText.format(number)
        }
    }

    /// Reads a spec's `localization` object; files resolve against `baseDirectory`.
    /// - Throws: ``SpecError`` naming the JSON path (a file's own errors carry its path in
    ///   the message).
    static func read(_ node: JSONNode, baseDirectory: URL?) throws(SpecError) -> FlowLocalization {
        try node.allowKeys([
            "args", "catalogs", "count", "counts", "defaultArgs", "resources", "sourceLanguage", "strings",
        ])
        var catalogs: [StringCatalog] = []
        var notes: [String] = []
        // The `try? item.string()` (and `folder.string()`) below cannot fail: `file(_:…)`
        // has read the same node as a string before any note is made.
        if let list = try node.child("catalogs") {
            for item in try list.array() {
                let url = try file(item, baseDirectory: baseDirectory)
                do {
                    let catalog = try StringCatalog.load(contentsOf: url)
                    notes += catalog.notes.map { "\((try? item.string()) ?? ""): \($0)" }
                    catalogs.append(catalog)
                } catch {
                    throw item.error("\(error)")
                }
            }
        }
        var tables: [StringsTable] = []
        if let list = try node.child("strings") {
            for item in try list.array() {
                let url = try file(item, baseDirectory: baseDirectory)
                do {
                    let table = try StringsTable.load(contentsOf: url)
                    notes += table.notes.map { "\((try? item.string()) ?? ""): \($0)" }
                    tables.append(table)
                } catch {
                    throw item.error("\(error)")
                }
            }
        }
        if let folder = try node.child("resources") {
            let url = try file(folder, baseDirectory: baseDirectory)
            do {
                let found = try ResourceFolder.scan(url)
                notes += found.notes.map { "\((try? folder.string()) ?? "")/\($0)" }
                catalogs += found.catalogs
                tables += found.tables
            } catch {
                throw folder.error("\(error)")
            }
        }
        if catalogs.isEmpty, tables.isEmpty {
            throw node.error("expected at least one file in catalogs, strings or resources")
        }
        let source = try node.string("sourceLanguage")
        if let source, source.isEmpty {
            throw SpecError(path: SpecError.child(node.path, "sourceLanguage"), message: "expected a language")
        }
        var result = FlowLocalization(
            strings: LocalizedStrings(catalogs: catalogs, tables: tables, sourceLanguage: source))
        result.notes = notes
        if let count = try node.child("count") { result.count = try number(count) }
        if let counts = try node.child("counts") {
            for key in try counts.object().keys.sorted() {
                guard let item = try counts.child(key) else { continue }
                result.counts[key] = try number(item)
            }
        }
        if let args = try node.child("args") {
            for key in try args.object().keys.sorted() {
                guard let item = try args.child(key) else { continue }
                result.arguments[key] = try arguments(item)
            }
        }
        if let defaults = try node.child("defaultArgs") { result.defaultArguments = try arguments(defaults) }
        return result
    }

    /// A list of format arguments: strings and numbers (finite, magnitude at most 1e15), at most 99.
    private static func arguments(_ node: JSONNode) throws(SpecError) -> [FormatArgument] {
        let items = try node.array()
        guard items.count <= 99 else { throw node.error("expected at most 99 arguments") }
        var result: [FormatArgument] = []
        for item in items {
            switch item.value {
            case .string(let text): result.append(.string(text))
            case .number:
                let value = try item.number()
                guard abs(value) <= 1e15 else { throw item.error("expected a number from -1e15 to 1e15") }
                result.append(.number(value))
            default: throw item.error("expected a string or a number, got \(item.value.typeDescription)")
            }
        }
        return result
    }

    /// A plural number: finite, 0 ... 1e15 (where every integer is exact).
    private static func number(_ node: JSONNode) throws(SpecError) -> Double {
        let value = try node.number()
        guard value >= 0, value <= 1e15 else { throw node.error("expected a number from 0 to 1e15") }
        return value
    }

    /// The file a path names, which must lie inside the spec's folder.
    private static func file(_ node: JSONNode, baseDirectory: URL?) throws(SpecError) -> URL {
        let path = try node.string()
        guard !path.isEmpty else { throw node.error("expected a file path") }
        return try SpecRelativePath.resolve(
            path, node: node, baseDirectory: baseDirectory, noun: "",
            withoutSpecFile: "localization files need a spec file (paths are relative to its folder)")
    }
}
