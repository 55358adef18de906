import CHowdyICU

/// The check every locale from input passes before it reaches ICU, a file name or a
/// message: `howdy balance --locale`, a JSON-lines request's `"locale"`, a spec's top-level
/// `"locale"` and its render matrix's `"locales"`.
///
/// ICU accepts far more than BCP 47: `ja@lw=phrase` is a locale whose `@` keyword
/// overrides the line-break style the caller chose, and a megabyte-long string is parsed
/// and then echoed back in an error. A tag here is at most ``maximumLength`` ASCII letters,
/// digits and `-` (no `_`, no `@` keywords, no spaces), and ICU's `uloc_forLanguageTag`
/// must parse all of it.
public enum LocaleTag {
    /// The longest tag accepted, in characters (BCP 47's longest common tags, such as
    /// `sr-Latn-RS-u-nu-latn`, are well under it).
    public static let maximumLength = 35

    /// The longest part of a refused tag that a message echoes, in Unicode scalars.
    public static let maximumEcho = 40

    /// Why `tag` is not an acceptable BCP 47 tag, or nil when it is.
    public static func problem(_ tag: String) -> String? {
        guard !tag.isEmpty else { return "it is empty" }
        guard tag.utf8.count <= maximumLength else {
            return "it is \(tag.utf8.count) bytes long, over the limit of \(maximumLength)"
        }
        if tag.utf8.contains(UInt8(ascii: "@")) {
            return "'@' keywords are not accepted (choose options with their own settings)"
        }
        guard tag.utf8.allSatisfy({ isTagByte($0) }) else {
            return "only ASCII letters, digits and '-' may appear"
        }
        guard howdy_locale_is_language_tag(tag) == 1 else { return "ICU does not read it as a BCP 47 tag" }
        return nil
    }

    /// Whether `tag` is an acceptable BCP 47 tag (see ``problem(_:)``).
    public static func isValid(_ tag: String) -> Bool { problem(tag) == nil }

    /// `tag` for a message: at most ``maximumEcho`` scalars, with `…` when cut, and control
    /// characters shown as `\u{…}`, so that a megabyte-long or terminal-escaping value is
    /// not printed back.
    public static func echo(_ tag: String) -> String {
        var out = ""
        var count = 0
        for scalar in tag.unicodeScalars {
            guard count < maximumEcho else {
                out += "…"
                break
            }
            count += 1
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isTagByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
