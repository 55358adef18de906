import Foundation
import HowdyTestSupport
import HowdyText
import HowdyTextJSON
import Testing

/// The JSON-lines answer as it was made before the quick reader and the cut line texts:
/// HowdyJSON's general reader, `BalanceRequest`, a layout whose lines carry their own
/// strings, and `JSONWriter.layout(_:id:)`.
private func generalAnswer(_ line: String, session: BalanceSession) throws -> String {
    let request = try JSONReader.parse(line)
    var writer = JSONWriter()
    writer.layout(try session.layout(for: request), id: request["id"] ?? .null)
    return writer.text
}

/// Requests from the layout case files nobody wrote for this reader
/// (Tests/HowdyTextTests/Cases): each case's fields as a request, at its width and at
/// narrower and wider ones, with `\n` and `\u{…}` in texts turned into the characters.
private func caseFileRequests() throws -> [String] {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../HowdyTextTests/Cases").standardized
    var requests: [String] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    where file.hasSuffix(".case") {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        var fields: [(String, String)] = []
        func flush() throws {
            guard !fields.isEmpty else { return }
            defer { fields = [] }
            for scale in [0.6, 1.0, 1.7] {
                var writer = JSONWriter()
                writer.raw("{\"id\":\(requests.count)")
                for (key, value) in fields {
                    writer.raw(",")
                    writer.string(key)
                    writer.raw(":")
                    switch key {
                    case "size": writer.raw(value)
                    case "width": writer.number((Double(value) ?? 300) * scale)
                    case "text": writer.string(try CaseFileEscapes.unescaped(value))
                    default: writer.string(value)
                    }
                }
                writer.raw("}")
                requests.append(writer.text)
            }
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if raw.hasPrefix("== ") { try flush() }
            guard !raw.hasPrefix("#"), !raw.hasPrefix(">"), let colon = raw.firstIndex(of: ":") else { continue }
            let key = String(raw[..<colon])
            guard
                [
                    "text", "font", "size", "width", "mode", "locale", "lineBreak", "wordBreak", "overflowWrap",
                    "hyphens",
                ]
                .contains(key)
            else { continue }
            fields.append((key, raw[raw.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        try flush()
    }
    return requests
}

@Suite("JSON-lines answer bytes")
struct AnswerBytesTests {
    /// Texts whose answers need escapes, surrogate pairs, right-to-left and CJK lines
    /// (`AnswerWriterTests` adds soft hyphens).
    static let escapingTexts = [
        "Get \"reminders\" for\tevery plan\\you make, every single day of the week",
        "Line one\nline two\u{1}\u{1F}, then a long tail of ordinary words to wrap",
        "Family 👨‍👩‍👧 trips 🏖️ and 𝒻𝒶𝓃𝒸𝓎 letters 𠀋𠀋𠀋 in a paragraph that wraps",
        "مرحبا بالعالم، هذا نص عربي طويل بعض الشيء ليلتف على عدة أسطر",
        "日本語のテキストは空白なしで折り返されます。確認コードを入力してください。",
        "",
    ]

    @Test("every case-file request is answered byte for byte as the general reader and per-line strings answer it")
    func caseFiles() throws {
        let requests = try caseFileRequests()
        #expect(requests.count >= 100)
        let session = BalanceSession()
        for request in requests {
            let answer = session.answer(request, line: 1)
            #expect(!answer.contains("\"error\""), "\(request) → \(answer)")
            let expected = try generalAnswer(request, session: session)
            #expect(answer == expected, "\(request)")
        }
    }

    @Test("line texts cut from the text by UTF-16 ranges equal the lines' own strings, escapes and surrogates included")
    func cutLineTexts() throws {
        let texts = Self.escapingTexts
        let font = try Font(named: "Inter-Bold", size: 24)
        for text in texts {
            for width in [60.0, 140, 333, 2000] {
                var shaped = try ShapedText(text, font: font)
                shaped.omitsGlyphs = true
                var expected = JSONWriter()
                expected.layout(try shaped.balance(width: width), id: .string("a"))
                shaped.omitsLineTexts = true
                let cut = try shaped.balance(width: width)
                #expect(cut.lines.allSatisfy { $0.text.isEmpty })
                var answer = JSONWriter()
                answer.layoutCuttingLineTexts(cut, id: .string("a"))
                #expect(answer.text == expected.text, "\(text) at \(width)")
            }
        }
    }
}
