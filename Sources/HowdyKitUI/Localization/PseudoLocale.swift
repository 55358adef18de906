import HowdyNumbers

/// Pseudo-localisation in the manner of Xcode's accented and double-length pseudolanguages
/// and Android's `en-XA` / `ar-XB`: every string comes out accented, about 40 % longer and
/// bracketed, so truncation and clipping show before any translation exists.
///
/// `"Get started"` becomes `"[Ĝéţ šţàŕţéð ŏñéţ]"`: each ASCII letter accented; then a
/// space and padding words (`ŏñé ţŵö ţĥŕéé…`, cut to length) adding `ceil(0.4 × n)`
/// characters for a string of `n` characters; then `[` `]` around it all, so a clipped
/// end is visible. Placeholders stay as they are so formatting still works: printf-style
/// (`%@`, `%lld`, `%1$@`, `%.2f`, `%%`, `%#@name@`) and `{name}` (the spec's answer
/// placeholders). Line breaks stay; the padding goes at the end. An empty string stays empty.
///
/// `.rightToLeft` (`pseudo-rtl`, `ar-XB`) does the same, then wraps each line in
/// RIGHT-TO-LEFT OVERRIDE … POP DIRECTIONAL FORMATTING (U+202E … U+202C), so the text
/// reads right to left under the bidi algorithm, and ``isRightToLeft`` tells the layout
/// to mirror.
///
/// A pure string transform: deterministic, no locale data.
public enum PseudoLocale: String, Sendable, CaseIterable {
    /// `pseudo`, `en-XA`: accented, longer, bracketed, left to right.
    case accented = "pseudo"
    /// `pseudo-rtl`, `ar-XB`: the same, laid out right to left.
    case rightToLeft = "pseudo-rtl"

    /// The pseudo-locale an identifier names (`pseudo`, `en-XA`, `pseudo-rtl`, `ar-XB`,
    /// case-insensitive, `_` or `-`), or `nil` for a real locale.
    public init?(identifier: String) {
        switch identifier.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "pseudo", "en-xa": self = .accented
        case "pseudo-rtl", "ar-xb": self = .rightToLeft
        default: return nil
        }
    }

    /// Whether screens in this pseudo-locale are laid out right to left.
    public var isRightToLeft: Bool { self == .rightToLeft }

    /// The real language whose fonts, line breaking and plural rules apply: English.
    public var baseLanguage: String { "en" }

    /// The share of characters added: 0.4 (40 % longer).
    public static let expansion = 0.4

    /// `text` pseudo-localised (see the type's documentation).
    public func transform(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        var output = ""
        for piece in Self.pieces(of: text) {
            switch piece {
            case .placeholder(let token):
                output += token
            case .text(let plain):
                for character in plain {
                    output.append(Self.accents[character] ?? character)
                }
            }
        }
        let extra = Int(saturating: Double(text.count) * Self.expansion, rounding: .up)
        output += Self.padding(extra)
        let bracketed = "[" + output + "]"
        guard self == .rightToLeft else { return bracketed }
        return bracketed.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "\u{202E}" + $0 + "\u{202C}" }
            .joined(separator: "\n")
    }

    // MARK: - Private

    private enum Piece {
        case text(Substring)
        case placeholder(Substring)
    }

    /// Splits `text` into plain runs and placeholders.
    private static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        var index = text.startIndex
        var plainStart = index
        while index < text.endIndex {
            if let end = placeholderEnd(in: text, at: index) {
                if plainStart < index { pieces.append(.text(text[plainStart..<index])) }
                pieces.append(.placeholder(text[index..<end]))
                index = end
                plainStart = end
            } else {
                index = text.index(after: index)
            }
        }
        if plainStart < text.endIndex { pieces.append(.text(text[plainStart...])) }
        return pieces
    }

    /// The end of a placeholder starting at `index`, or `nil`. Names are scanned only
    /// while they are name characters (at most 64), so text full of unclosed `{` costs
    /// linear time, not quadratic.
    private static func placeholderEnd(in text: String, at index: String.Index) -> String.Index? {
        let rest = text[index...]
        if rest.hasPrefix("{") {
            return nameEnd(in: rest, from: rest.index(after: rest.startIndex), closing: "}")
        }
        guard rest.hasPrefix("%") else { return nil }
        var cursor = rest.index(after: rest.startIndex)
        guard cursor < rest.endIndex else { return nil }
        if rest[cursor] == "%" { return rest.index(after: cursor) }
        if rest[cursor] == "#", rest[rest.index(after: cursor)...].hasPrefix("@") {
            // %#@name@: a String Catalog substitution.
            return nameEnd(in: rest, from: rest.index(cursor, offsetBy: 2), closing: "@")
        }
        // %[n$][flags][width][.precision][length]conversion
        let flagsAndDigits = Set("0123456789$-+ #.'")
        while cursor < rest.endIndex, flagsAndDigits.contains(rest[cursor]) { cursor = rest.index(after: cursor) }
        let lengths = Set("hlqLzjt")
        while cursor < rest.endIndex, lengths.contains(rest[cursor]) { cursor = rest.index(after: cursor) }
        guard cursor < rest.endIndex, Set("@dDiuUxXoOfFeEgGcCsSpaA").contains(rest[cursor]) else { return nil }
        return rest.index(after: cursor)
    }

    /// The index after `closing` when 1 to 64 name characters (ASCII letters, digits, `_`,
    /// `.`) run from `start` up to it; otherwise `nil`.
    private static func nameEnd(in text: Substring, from start: String.Index, closing: Character) -> String.Index? {
        var cursor = start
        var length = 0
        while cursor < text.endIndex, length <= 64 {
            let character = text[cursor]
            if character == closing { return length > 0 ? text.index(after: cursor) : nil }
            guard character.isASCII, character.isLetter || character.isNumber || character == "_" || character == "."
            else { return nil }
            length += 1
            cursor = text.index(after: cursor)
        }
        return nil
    }

    /// ` ŏñé ţŵö ţĥŕéé …` cut to `length` characters (a leading space included). A cut
    /// that would end in a space takes the next word's first letter instead, so the
    /// closing bracket never follows a space (`[ÖĶŏ]`, not `[ÖĶ ]`).
    private static func padding(_ length: Int) -> String {
        guard length > 0 else { return "" }
        var padding: [Character] = []
        var next = 0
        while padding.count <= length {
            let word = paddingWords[next % paddingWords.count]
            next += 1
            padding.append(" ")
            padding.append(contentsOf: word)
        }
        if padding[length - 1] == " " { padding[length - 1] = padding[length] }
        return String(padding[..<length])
    }

    private static let paddingWords = [
        "ŏñé", "ţŵö", "ţĥŕéé", "ƒöûŕ", "ƒîṽé", "šîх", "šéṽéñ", "éîĝĥţ", "ñîñé", "ţéñ",
    ]

    /// ASCII letters and their accented stand-ins (one character each, so lengths hold).
    private static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let accented = Array("àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵхýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴХÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()
}
