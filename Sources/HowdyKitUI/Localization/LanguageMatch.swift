import CHowdyICU
import Synchronization

/// Which of an app's languages serve a locale, in the order Apple's bundle lookup tries
/// them: the locale and its parents (`de-CH`, `de`); then its likely script from CLDR
/// through ICU (`zh-CN` → `zh-Hans-CN`, `zh-Hans`; `zh-TW`, `zh-HK` → `zh-Hant`); then any
/// other region of the same language and script the app has (`nl-BE` for `nl`, `pt-BR`
/// for `pt-PT`), sorted. The development language comes after these (the caller adds it).
///
/// Tags compare lowercased with `-` for `_`. Legacy `.lproj` names (`English`, `German`,
/// `Japanese`...) are their languages; `Base` is the development language.
enum LanguageMatch {
    /// Folder names Xcode once wrote for languages (`English.lproj`).
    static let legacyNames: [String: String] = [
        "english": "en", "german": "de", "french": "fr", "japanese": "ja", "spanish": "es", "italian": "it",
        "dutch": "nl", "portuguese": "pt", "swedish": "sv", "danish": "da", "finnish": "fi", "norwegian": "nb",
        "korean": "ko", "chinese": "zh", "russian": "ru", "polish": "pl",
    ]

    /// `pt_BR` → `pt-br`; `English` → `en`; `Base` → `base`.
    static func canonical(_ tag: String) -> String {
        let lower = tag.lowercased().replacingOccurrences(of: "_", with: "-")
        return legacyNames[lower] ?? lower
    }

    /// `de-CH` → `["de-ch", "de"]`.
    static func parents(_ tag: String) -> [String] {
        var parts = canonical(tag).split(separator: "-").map(String.init)
        var chain: [String] = []
        while !parts.isEmpty {
            chain.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return chain
    }

    /// The canonical tags to try for `locale`, before the development language; only tags
    /// in `available` (canonical) are considered for other regions.
    static func candidates(_ locale: String, available: [String]) -> [String] {
        var result: [String] = []
        func add(_ tag: String) { if !result.contains(tag) { result.append(tag) } }
        let own = parents(locale)
        let language = own.last ?? ""
        let maximized = maximize(locale)
        // The locale as written first, then with its likely script (zh-CN → zh-Hans-CN).
        for tag in own.dropLast() { add(tag) }
        if maximized.count == 3 {
            add("\(maximized[0])-\(maximized[1])-\(maximized[2])")
            add("\(maximized[0])-\(maximized[1])")
        }
        add(language)
        // Other regions of the language in the same script (pt-BR serves pt-PT and pt).
        let script = maximized.count == 3 ? maximized[1] : nil
        for tag in available.sorted() where !result.contains(tag) {
            let parts = tag.split(separator: "-")
            guard parts.first.map(String.init) == language else { continue }
            let theirs = maximize(tag)
            if let script, theirs.count == 3, theirs[1] != script { continue }
            add(tag)
        }
        return result
    }

    private static let maximized = Mutex<[String: [String]]>([:])

    /// ICU's likely subtags of `tag`, lowercased: `zh-TW` → `["zh", "hant", "tw"]`;
    /// empty when ICU does not know it. Kept per tag (at most 256 kept).
    static func maximize(_ tag: String) -> [String] {
        let key = canonical(tag)
        if let known = maximized.withLock({ $0[key] }) { return known }
        var buffer = [CChar](repeating: 0, count: 160)
        var status: howdy_icu_status = 0
        let length = howdy_locale_maximize(key, &buffer, Int32(buffer.count), &status)
        var parts: [String] = []
        if length > 0 {
            let text = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            parts = text.prefix { $0 != "@" }.lowercased().split(separator: "_").map(String.init)
        }
        maximized.withLock { cache in
            if cache.count >= 256 { cache.removeAll() }
            cache[key] = parts
        }
        return parts
    }
}
