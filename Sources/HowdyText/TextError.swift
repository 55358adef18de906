/// Why the text engine refused an input. Every case names the input it is about
/// (a font path or name, a width, a size) so a message can be shown as is.
public enum TextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A width that is zero, negative, NaN or infinite (value in px).
    case invalidWidth(Double)
    /// A font size that is zero, negative, NaN, infinite or above `Font.maximumSize` (px).
    case invalidSize(Double)
    /// A line height that is zero, negative, NaN or infinite (px).
    case invalidLineHeight(Double)
    /// No bundled font or fontconfig family has this name.
    case fontNotFound(String)
    /// The font file could not be read (missing, a directory, no permission).
    case fontUnreadable(path: String, reason: String)
    /// The file was read but is not a usable font (truncated, random bytes, no glyphs).
    case fontInvalid(path: String, reason: String)
    /// Text longer than `TextLimits.maximumUTF16Length` UTF-16 code units.
    case textTooLong(utf16Length: Int, limit: Int)
    /// An OpenType feature or variation string that HarfBuzz could not parse.
    case invalidFeature(String)
    /// ICU refused the text (the ICU error name is given).
    case unicode(String)
    /// `hyphens: auto` found no hyphenation dictionary (`hyph_*.dic`) for the locale in
    /// the folder searched ("" when no locale was given).
    case hyphenationDictionaryMissing(locale: String, folder: String)
    /// A hyphenation dictionary that libhyphen cannot load or whose encoding is not
    /// supported (UTF-8 and ISO8859-1 are).
    case hyphenationDictionaryInvalid(path: String, reason: String)

    /// A readable form for messages and logs.
    public var description: String {
        switch self {
        case .invalidWidth(let width):
            "width must be a finite number of px in (0, \(Int(TextLimits.maximumWidth))], got \(width)"
        case .invalidSize(let size):
            "font size must be a finite number of px in [\(Font.minimumSize), \(Font.maximumSize)], got \(size)"
        case .invalidLineHeight(let height):
            "line height must be a finite number of px in (0, \(Int(TextLimits.maximumLineHeight))], got \(height)"
        case .fontNotFound(let name):
            FontLibrary.notFoundMessage(name)
        case .fontUnreadable(let path, let reason):
            "\(path): cannot read font file: \(reason)"
        case .fontInvalid(let path, let reason):
            "\(path): not a usable font: \(reason)"
        case .textTooLong(let length, let limit):
            "text is \(length) UTF-16 code units long; the limit is \(limit)"
        case .invalidFeature(let feature):
            "'\(feature)' is not an OpenType feature or variation setting (e.g. 'kern=0', 'wght=600')"
        case .unicode(let name):
            "ICU could not process the text: \(name)"
        case .hyphenationDictionaryMissing(let locale, let folder) where locale.isEmpty:
            "hyphens: auto needs a locale to choose a hyphenation dictionary (hyph_LANG.dic in \(folder))"
        case .hyphenationDictionaryMissing(let locale, let folder):
            "hyphens: auto: no hyphenation dictionary for locale '\(locale)' in \(folder) "
                + "(looked for hyph_LANG[_REGION].dic; Debian's hyphen-LANG packages install them)"
        case .hyphenationDictionaryInvalid(let path, let reason):
            "\(path): not a usable hyphenation dictionary: \(reason)"
        }
    }
}

/// Limits that keep untrusted input from costing unbounded time or memory.
public enum TextLimits {
    /// The longest text `layout` and `balance` accept: 1 Mi UTF-16 code units
    /// (about 150,000 words). Longer text throws `TextError.textTooLong`.
    public static let maximumUTF16Length = 1 << 20
    /// The widest layout width accepted, in px (wider is refused, not clamped).
    public static let maximumWidth = 1_000_000.0
    /// The largest line height accepted, in px: a layout's height must stay finite.
    public static let maximumLineHeight = 10_000.0
}
