/// The two escapes the layout case files (`Tests/HowdyTextTests/Cases`) write in a
/// `text:` field, so invisible characters (U+200D ZWJ, U+FE0F VS16, U+00AD SHY) stay
/// readable: `\n` for a newline and `\u{HEX}` for that scalar. Shared by the tests that
/// read the case files (layouts, precise widths, JSON-lines answer bytes).
package enum CaseFileEscapes {
    /// An escape that names no Unicode scalar.
    package struct BadEscape: Error, CustomStringConvertible {
        /// The hex digits between the braces.
        package let hex: Substring
        package var description: String { "bad escape \\u{\(hex)}" }
    }

    /// `text` with its escapes replaced; any other backslash stays as it is.
    package static func unescaped(_ text: String) throws(BadEscape) -> String {
        var out = ""
        var rest = Substring(text)
        while let slash = rest.firstIndex(of: "\\") {
            out += rest[..<slash]
            let after = rest[rest.index(after: slash)...]
            if after.hasPrefix("n") {
                out += "\n"
                rest = after.dropFirst()
            } else if after.hasPrefix("u{"), let close = after.firstIndex(of: "}") {
                let hex = after[after.index(after.startIndex, offsetBy: 2)..<close]
                guard let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) else {
                    throw BadEscape(hex: hex)
                }
                out.unicodeScalars.append(scalar)
                rest = after[after.index(after: close)...]
            } else {
                out += "\\"
                rest = after
            }
        }
        return out + rest
    }
}
