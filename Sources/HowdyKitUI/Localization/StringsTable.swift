import Foundation
import HowdyKit

/// One language's `.strings` file (`"key" = "value";`, the format before String Catalogs),
/// read by Foundation's property-list parser (the old-style format `.strings` files are),
/// so comments, escapes and UTF-16 files with a byte-order mark work as in Xcode.
public struct StringsTable: Sendable, Hashable {
    /// The language the values are in (`de`, `pt-BR`).
    public var language: String
    /// Values by key.
    public var entries: [String: String]

    /// A table in code (what ``decode(_:language:file:)`` builds from a file).
    public init(language: String, entries: [String: String]) {
        self.language = language
        self.entries = entries
    }

    /// Reads the file at `url`. Without `language`, the language is the name of the
    /// enclosing `<language>.lproj` folder (`de.lproj/Localizable.strings` is German).
    /// - Throws: ``LocalizationFileError`` naming the file: unreadable, not text, not a
    ///   `.strings` dictionary (the parser's message names the line), a value that is not
    ///   a string, or no language to be found.
    public static func load(contentsOf url: URL, language: String? = nil) throws(LocalizationFileError) -> StringsTable
    {
        let folder = url.deletingLastPathComponent().lastPathComponent
        let inferred = folder.hasSuffix(".lproj") ? String(folder.dropLast(".lproj".count)) : nil
        guard let language = language ?? inferred, !language.isEmpty else {
            throw LocalizationFileError(
                file: url.path, message: "no language: pass one, or keep the file in a <language>.lproj folder")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LocalizationFileError(
                file: url.path, message: "cannot read it: \(FileProblem.reason(path: url.path, error: error, writing: false))")
        }
        return try decode(data, language: language, file: url.path)
    }

    /// Parses `.strings` bytes (UTF-8, or UTF-16 with a byte-order mark).
    /// - Throws: ``LocalizationFileError`` naming `file`.
    public static func decode(_ data: Data, language: String, file: String) throws(LocalizationFileError)
        -> StringsTable
    {
        let text: String
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            guard let decoded = String(data: data, encoding: .utf16) else {
                throw LocalizationFileError(file: file, message: "not valid UTF-16 text")
            }
            text = decoded
        } else {
            guard let decoded = String(data: data, encoding: .utf8) else {
                throw LocalizationFileError(
                    file: file, message: "not valid UTF-8 text (nor UTF-16 with a byte-order mark)")
            }
            text = decoded.hasPrefix("\u{FEFF}") ? String(decoded.dropFirst()) : decoded
        }
        if text.allSatisfy(\.isWhitespace) { return StringsTable(language: language, entries: [:]) }
        let parsed: Any
        do {
            parsed = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        } catch {
            throw LocalizationFileError(file: file, message: "not a .strings file: \(Self.reason(error))")
        }
        guard let dictionary = parsed as? [AnyHashable: Any] else {
            throw LocalizationFileError(file: file, message: "not a .strings file: expected \"key\" = \"value\"; pairs")
        }
        var entries: [String: String] = [:]
        for (key, value) in dictionary {
            guard let key = key as? String else {
                throw LocalizationFileError(file: file, message: "a key is not a string")
            }
            guard let value = value as? String else {
                throw LocalizationFileError(file: file, path: key, message: "expected a string value")
            }
            entries[key] = value
        }
        return StringsTable(language: language, entries: entries)
    }

    /// The old-style parser's own detail ("Missing ';' on line 2") when it gives one. The
    /// top-level message is the XML parser's (it tries XML first, so it names the wrong
    /// line); the old-style error is a CFError that Foundation on Linux does not bridge to
    /// NSError, so its message is taken from its description, `... "Missing ';' on line 2" ...`.
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let inner = nsError.userInfo["kCFPropertyListOldStyleParsingError"] {
            let text = String(describing: inner)
            if let open = text.range(of: "\""),
                let close = text.range(of: "\" UserInfo", range: open.upperBound..<text.endIndex)
            {
                return String(text[open.upperBound..<close.lowerBound])
            }
        }
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
    }
}
