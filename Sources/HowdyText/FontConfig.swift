import CFontconfig
import Synchronization

/// System font lookup through fontconfig, for family names and for fallback when no
/// bundled font covers a character. fontconfig is not thread-safe for configuration
/// changes; all calls go through one lock.
enum FontConfig {
    struct Match: Hashable {
        let path: String
        let index: Int
    }

    private final class Config: @unchecked Sendable {
        let handle: OpaquePointer?
        init() { handle = FcInitLoadConfigAndFonts() }
        deinit { if let handle { FcConfigDestroy(handle) } }
    }

    private static let state = Mutex<Config?>(nil)

    /// The file of the installed font whose family is `family` (fontconfig pattern
    /// syntax, e.g. `DejaVu Sans:bold`), or nil when no installed family has that name.
    /// fontconfig always returns its closest match, so the family is checked.
    static func match(family: String) -> Match? {
        withConfig { config in
            guard let pattern = FcNameParse(family) else { return nil }
            defer { FcPatternDestroy(pattern) }
            var requested: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, "family", 0, &requested) == FcResultMatch, let requested else {
                return nil
            }
            let wanted = String(cString: requested).lowercased()
            return best(for: pattern, config: config) { result in
                var name: UnsafeMutablePointer<FcChar8>?
                return FcPatternGetString(result, "family", 0, &name) == FcResultMatch
                    && name.map { String(cString: $0).lowercased() } == wanted
            }
        }
    }

    /// An installed font that has a glyph for `scalar`, or nil (`TextSystem` remembers
    /// the answers per scalar).
    static func match(covering scalar: Unicode.Scalar) -> Match? {
        withConfig { config in
            guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
            defer {
                FcPatternDestroy(pattern)
                FcCharSetDestroy(charset)
            }
            FcCharSetAddChar(charset, scalar.value)
            FcPatternAddCharSet(pattern, "charset", charset)
            return best(for: pattern, config: config) { result in
                var covered: OpaquePointer?
                return FcPatternGetCharSet(result, "charset", 0, &covered) == FcResultMatch
                    && FcCharSetHasChar(covered, scalar.value) != 0
            }
        }
    }

    private static func withConfig(_ body: (OpaquePointer) -> Match?) -> Match? {
        state.withLock { config in
            if config == nil { config = Config() }
            guard let handle = config?.handle else { return nil }
            return body(handle)
        }
    }

    private static func best(
        for pattern: OpaquePointer, config: OpaquePointer, accept: (OpaquePointer) -> Bool
    ) -> Match? {
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        guard accept(matched) else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(matched, "index", 0, &index)
        return Match(path: String(cString: file), index: Int(index))
    }
}
