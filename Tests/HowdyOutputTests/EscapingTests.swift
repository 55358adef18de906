import Foundation
import Testing

@testable import HowdyOutput

/// Names that mix quotes, `<`, `&`, combining marks, ZWJ, bidi controls and scalars that
/// only became U+FFFD on decoding: what a pull request's author can put in a file name.
private func hostileNames(count: Int, seed: UInt64) -> [String] {
    let pieces: [String] = [
        "\"", "'", "<", ">", "&", "\u{301}", "\u{200D}", "\u{202E}", "\u{2066}", "\u{D4E}", "\u{FFFD}",
        "a", "é", "👩‍💻", " ", "=", ";", "`", "$(", ")", "\\", "\n", "\t", "onfocus=alert(1)", "-",
    ]
    var state = seed
    func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(truncatingIfNeeded: state >> 33)
    }
    return (0..<count).map { _ in
        (0..<(1 + next() % 12)).map { _ in pieces[next() % pieces.count] }.joined()
    }
}

/// The five entities `Escaping.html` writes, decoded per scalar (Foundation's
/// `replacingOccurrences` matches per grapheme, the very bug under test).
private func decodeEntities(_ text: String) -> String {
    let entities: [(String, Unicode.Scalar)] = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")]
    var scalars = Array(text.unicodeScalars)[...]
    var out = String.UnicodeScalarView()
    while let first = scalars.first {
        if first == "&", let (entity, scalar) = entities.first(where: { scalars.starts(with: $0.0.unicodeScalars) }) {
            out.append(scalar)
            scalars = scalars.dropFirst(entity.unicodeScalars.count)
        } else {
            out.append(first)
            scalars = scalars.dropFirst()
        }
    }
    return String(out)
}

@Suite struct EscapingTests {
    @Test func quoteFollowedByCombiningMarkOrJoinerIsEscaped() {
        // One grapheme each: a Character-wise comparison let these through.
        #expect(Escaping.html("x\u{200D}\"\u{200D} onfocus=alert(1)") == "x\u{200D}&quot;\u{200D} onfocus=alert(1)")
        #expect(Escaping.html("\u{D4E}\"") == "\u{D4E}&quot;")
        #expect(Escaping.html("'\u{301}<b>&") == "&#39;\u{301}&lt;b&gt;&amp;")
        #expect(Escaping.shell("a'\u{301}; touch PWNED; echo '.png") == "'a'\\''\u{301}; touch PWNED; echo '\\''.png'")
    }

    /// JSON inside a script element: no `<`, `>` or `&` is left, and the JSON still decodes
    /// to the same strings.
    @Test func jsonInScriptCannotEndTheElementAndDecodesTheSame() throws {
        let names = hostileNames(count: 500, seed: 3) + ["</script><script>alert(1)</script>", "<!--", "\u{2028}"]
        let json = String(decoding: try JSONEncoder().encode(names), as: UTF8.self)
        let escaped = Escaping.jsonInScript(json)
        #expect(!escaped.unicodeScalars.contains { "<>&\u{2028}\u{2029}".unicodeScalars.contains($0) })
        let decoded = try JSONDecoder().decode([String].self, from: Data(escaped.utf8))
        #expect(decoded.count == names.count)
        for (back, name) in zip(decoded, names) { #expect(back.unicodeScalars.elementsEqual(name.unicodeScalars)) }
    }

    @Test func escapedHTMLHasNoMarkupScalarsLeft() {
        for name in hostileNames(count: 2000, seed: 7) {
            let escaped = Escaping.html(name)
            #expect(!escaped.unicodeScalars.contains { "<>\"'".unicodeScalars.contains($0) }, "\(name)")
            // Decoding the five entities gives the name back.
            let decoded = decodeEntities(escaped)
            #expect(decoded.unicodeScalars.elementsEqual(name.unicodeScalars), "\(name)")
        }
    }

    /// Every quoted word comes back byte for byte through a real shell, and runs nothing.
    @Test func shellQuotingRoundTripsThroughSh() throws {
        let names = hostileNames(count: 300, seed: 11) + ["a'\u{301}; touch PWNED; echo '.png", "-n", "", "plain.png"]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("howdy-shell-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // One script that prints each word between NUL bytes: one shell for all names.
        let script = names.map { "printf '%s\\0' " + Escaping.shell($0) }.joined(separator: "\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let words = output.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(words.count == names.count)
        for (word, name) in zip(words, names) { #expect(word == name) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "the shell created a file")
    }
}
