/// Escaping for text that reaches HTML or a shell. Both work on Unicode scalars, never on
/// `Character`s: `"` followed by U+0301 or U+200D is one grapheme that is not equal to `"`,
/// so a comparison per `Character` let a quote through (a file name closed an attribute and
/// ran a handler on the review page). Per scalar, every quote is found whatever follows it.
package enum Escaping {
    /// `text` for HTML element text and for attribute values in either kind of quotes:
    /// `& < > " '` become entities, every other scalar is kept. Text from input that is not
    /// valid UTF-8 has already become U+FFFD when it became a `String`.
    package static func html(_ text: String) -> String {
        replacing(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
        }
    }

    /// `text` as one word for a POSIX shell: unchanged when every scalar is an ASCII letter,
    /// digit or one of `-_./@=:+,` (and the text is not empty and does not start with `-`...
    /// which is still one word, so it is kept); otherwise in single quotes with each `'`
    /// written `'\''`. Inside single quotes the shell gives every byte its literal meaning,
    /// so this round-trips any text without NUL through `sh -c 'printf %s "$1"' sh WORD`.
    package static func shell(_ text: String) -> String {
        if !text.isEmpty, text.unicodeScalars.allSatisfy(isShellSafe) {
            return text
        }
        var out = String.UnicodeScalarView()
        out.append("'")
        for scalar in text.unicodeScalars {
            if scalar == "'" {
                out.append(contentsOf: "'\\''".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        out.append("'")
        return String(out)
    }

    /// JSON text for the inside of a `<script>` element: `<`, `>` and `&` become `\u`
    /// escapes (so no `</script>` or `<!--` in a string can end or change the element) and
    /// so do U+2028 and U+2029 (line terminators in older JavaScript). The result is the
    /// same JSON value; every other scalar is kept.
    package static func jsonInScript(_ json: String) -> String {
        replacing(json) { scalar in
            switch scalar {
            case "<": "\\u003c"
            case ">": "\\u003e"
            case "&": "\\u0026"
            case "\u{2028}": "\\u2028"
            case "\u{2029}": "\\u2029"
            default: nil
            }
        }
    }

    /// `text` with each scalar for which `replacement` gives a text replaced by it.
    private static func replacing(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                out.append(contentsOf: replaced.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isShellSafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", "@", "=", ":", "+", ",": true
        default: false
        }
    }
}
