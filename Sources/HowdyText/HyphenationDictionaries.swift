import CHowdyICU
import Foundation

/// Finds and keeps the libhyphen dictionaries `hyphens: auto` uses, one per language.
///
/// Dictionaries are Debian's `hyph_LANG[_REGION].dic` files (packages `hyphen-en-us`,
/// `hyphen-de`, …). Loading one parses its patterns (the German file is 1 MB), so loaded
/// dictionaries are kept by each `TextSystem`, at most `maximumLoaded` of them.
public enum HyphenationDictionaries {
    /// The folder searched: `$HOWDY_HYPHEN_DIR` when set (read once, at first use), else
    /// `/usr/share/hyphen`, where Debian's hyphen packages put their files.
    public static let folder: String = {
        if let override = ProcessInfo.processInfo.environment["HOWDY_HYPHEN_DIR"], !override.isEmpty {
            return override
        }
        return "/usr/share/hyphen"
    }()

    /// The most dictionaries kept loaded; the least recently used goes first.
    static let maximumLoaded = 8
    /// The most locale strings whose file is remembered (locales come from input).
    static let maximumResolved = 256
    /// The longest locale looked up, in UTF-8 bytes (BCP 47 tags are far shorter).
    static let maximumLocaleLength = 128

    struct State {
        /// Locale as given → dictionary file, or nil when none exists.
        var resolved: [String: String?] = [:]
        /// Loaded dictionaries, least recently used first.
        var loaded: [HyphenationDictionary] = []
    }

    /// The file `hyphens: auto` uses for `locale`, or nil when there is none.
    ///
    /// For `de-CH` it tries, in order: `hyph_de_CH.dic`, `hyph_de.dic`, the file for the
    /// language's likely region from CLDR (ICU: `en` → `hyph_en_US.dic`, `pt` →
    /// `hyph_pt_BR.dic`), then the first `hyph_de_*.dic` by name. A script subtag is tried
    /// first when given (`sr-Latn` → `hyph_sr_Latn.dic`). Keywords after `@` are ignored;
    /// a locale with characters other than ASCII letters and digits between `-`/`_` has none.
    public static func path(for locale: String) -> String? {
        path(for: locale, system: .shared)
    }

    /// `path(for:)`, remembered by `system`.
    static func path(for locale: String, system: TextSystem) -> String? {
        // Locales come from input: a long one names no file and is not remembered.
        guard locale.utf8.count <= maximumLocaleLength else { return nil }
        if let known = system.hyphenation.read({ $0.pointee.resolved[locale] }) { return known }
        let found = candidates(for: locale).lazy.map { "\(folder)/hyph_\($0).dic" }.first {
            FileManager.default.isReadableFile(atPath: $0)
        }
        system.hyphenation.write { state in
            if state.resolved.count >= maximumResolved { state.resolved.removeAll(keepingCapacity: true) }
            state.resolved[locale] = .some(found)
        }
        return found
    }

    /// The loaded dictionary for `locale`.
    /// - Throws: `TextError.hyphenationDictionaryMissing` naming the locale and `folder`
    ///   when no file matches, `TextError.hyphenationDictionaryInvalid` when it does not load.
    static func dictionary(for locale: String, system: TextSystem) throws(TextError) -> HyphenationDictionary {
        guard let path = path(for: locale, system: system) else {
            throw .hyphenationDictionaryMissing(locale: locale, folder: folder)
        }
        // Symbolic links (hyph_de.dic → hyph_de_DE.dic) share one loaded dictionary.
        let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var loaded = false
        defer { if loaded { system.trim() } }
        return try system.hyphenation.write { (state: inout State) throws(TextError) -> HyphenationDictionary in
            if let index = state.loaded.firstIndex(where: { $0.path == file }) {
                let dictionary = state.loaded.remove(at: index)
                state.loaded.append(dictionary)
                return dictionary
            }
            let dictionary = try HyphenationDictionary(path: file)
            loaded = true
            if state.loaded.count >= maximumLoaded { state.loaded.removeFirst() }
            state.loaded.append(dictionary)
            return dictionary
        }
    }

    /// The language subtag of `locale`, lowercased ("en" for "en-US"), or "".
    static func language(of locale: String) -> String {
        subtags(of: locale)?.first?.lowercased() ?? ""
    }

    /// `locale` split at `-` and `_`, without `@` keywords; nil when a subtag is not 1–8
    /// ASCII letters and digits (so no locale can name a path outside `folder`).
    private static func subtags(of locale: String) -> [Substring]? {
        let tag = locale.prefix { $0 != "@" }
        let parts = tag.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }
        guard !tag.isEmpty,
            parts.allSatisfy({ part in
                (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return nil }
        return parts
    }

    /// File name stems (`de_CH`, `de`) to try for `locale`, best first.
    static func candidates(for locale: String) -> [String] {
        guard let parts = subtags(of: locale), let first = parts.first,
            (2...3).contains(first.count), first.allSatisfy(\.isLetter)
        else { return [] }
        let language = first.lowercased()
        var script: String?
        var region: String?
        for part in parts.dropFirst() {
            if script == nil, region == nil, part.count == 4, part.allSatisfy(\.isLetter) {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if region == nil,
                (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber))
            {
                region = part.uppercased()
            }
        }
        var stems: [String] = []
        func add(_ stem: String) { if !stems.contains(stem) { stems.append(stem) } }
        if let script, let region { add("\(language)_\(script)_\(region)") }
        if let region { add("\(language)_\(region)") }
        if let script { add("\(language)_\(script)") }
        add(language)
        // CLDR's likely subtags (ICU): the region a language is most used in.
        let likely = likelySubtags(of: String(locale.prefix { $0 != "@" }))
        if likely.count >= 3, likely[0] == language {
            add("\(language)_\(likely[1])_\(likely[2])")
            add("\(language)_\(likely[2])")
        }
        let prefix = "hyph_\(language)_"
        // An unreadable folder lists no extra stems; the lookup then finds no file and
        // throws `hyphenationDictionaryMissing` naming the folder, so nothing is hidden.
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for file in files.sorted() where file.hasPrefix(prefix) && file.hasSuffix(".dic") {
            add(String(file.dropFirst(5).dropLast(4)))
        }
        return stems
    }

    /// ICU's maximised form of `locale` split into subtags ("en" → ["en", "Latn", "US"]).
    private static func likelySubtags(of locale: String) -> [String] {
        var buffer = [CChar](repeating: 0, count: 160)
        var status: howdy_icu_status = 0
        let length = howdy_locale_maximize(locale, &buffer, Int32(buffer.count), &status)
        guard length > 0 else { return [] }
        let maximised = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return maximised.prefix { $0 != "@" }.split(separator: "_").map(String.init)
    }
}
