import Foundation
import HowdyText

extension Diffing where Value == String {
    /// UTF-8 text files, equal or not; a failure names the first line that differs.
    public static var text: Diffing<String> {
        Diffing(
            toData: { Data($0.utf8) },
            fromData: { String(decoding: $0, as: UTF8.self) },
            diff: { reference, actual in
                guard reference != actual else { return nil }
                let expected = reference.split(separator: "\n", omittingEmptySubsequences: false)
                let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
                let common = min(expected.count, got.count)
                let line = (0..<common).first { expected[$0] != got[$0] } ?? common
                let was = line < expected.count ? "\"\(expected[line])\"" : "(no line)"
                let now = line < got.count ? "\"\(got[line])\"" : "(no line)"
                return DiffFailure(message: "text differs at line \(line + 1): golden \(was), actual \(now)")
            })
    }
}

extension Snapshotting where Value == TextLayout, Format == String {
    /// A layout's lines as text, one per line (a drawn hyphen shown as `-`), in a `.txt`
    /// golden: where balanced or pretty text breaks, readable in a review.
    /// `assertSnapshot(of: try balance(text: title, font: font, width: 280), as: .lines)`.
    public static var lines: Snapshotting<TextLayout, String> {
        Snapshotting(pathExtension: "txt", diffing: .text) { layout in
            layout.lines.map { line in line.text + (line.endsWithHyphen ? "-" : "") }.joined(separator: "\n") + "\n"
        }
    }
}
