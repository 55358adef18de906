import Foundation
import HowdyText
import Testing

/// Data-driven layout cases in the manner of libraqm's test files: each case in
/// `Cases/*.case` names a text, font, size, width and mode and the expected dump of
/// lines and runs (font file, direction, UTF-16 range) in visual order.
struct LayoutCase: CustomStringConvertible, Sendable {
    var file: String
    var name: String
    var fields: [String: String] = [:]
    var expected: [String] = []

    var description: String { "\(file): \(name)" }

    static func load() -> [LayoutCase] {
        let directory = Fixtures.casesDirectory
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var cases: [LayoutCase] = []
        for file in files.sorted() where file.hasSuffix(".case") {
            let text = (try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)) ?? ""
            var current: LayoutCase?
            for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let line = String(raw)
                if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                if line.hasPrefix("== ") {
                    if let current { cases.append(current) }
                    current = LayoutCase(file: file, name: String(line.dropFirst(3)))
                } else if line.hasPrefix("> ") || line == ">" {
                    current?.expected.append(String(line.dropFirst(2)))
                } else if let colon = line.firstIndex(of: ":") {
                    let key = String(line[..<colon])
                    let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                    current?.fields[key] = value
                }
            }
            if let current { cases.append(current) }
        }
        return cases
    }

    /// The dump a case is compared with: per line, its text, then its runs.
    static func dump(_ layout: TextLayout) -> [String] {
        var out: [String] = []
        for line in layout.lines {
            out.append("line \(line.isRightToLeft ? "rtl" : "ltr") \"\(line.text)\"")
            for run in line.runs {
                let face = (run.font.face.path as NSString).lastPathComponent
                out.append(
                    "  run \(run.isRightToLeft ? "rtl" : "ltr") \(run.range.lowerBound)..<\(run.range.upperBound) \(face)"
                        + " glyphs=\(run.glyphs.count)")
            }
        }
        return out
    }
}

@Suite("Layout case files")
struct CaseFileTests {
    @Test("case files parse and there are some")
    func casesExist() {
        #expect(LayoutCase.load().count >= 6)
    }

    @Test("each case lays out as its file says", arguments: LayoutCase.load())
    func layoutCase(_ testCase: LayoutCase) throws {
        let font = try Font(
            named: testCase.fields["font"] ?? "Inter-Regular", size: Double(testCase.fields["size"] ?? "20")!)
        var options = TextOptions()
        options.locale = testCase.fields["locale"] ?? ""
        let text = (testCase.fields["text"] ?? "")
            .replacingOccurrences(of: "\\n", with: "\n")
            .replacingOccurrences(of: "\\u{AD}", with: "\u{AD}")
            .replacingOccurrences(of: "\\u{A0}", with: "\u{A0}")
        let shaped = try ShapedText(text, font: font, options: options)
        let width = Double(testCase.fields["width"] ?? "300")!
        let result: TextLayout =
            switch testCase.fields["mode"] ?? "greedy" {
            case "balance": try shaped.balance(width: width)
            case "even": try shaped.balance(width: width, objective: .even)
            default: try shaped.layout(width: width)
            }
        let dump = LayoutCase.dump(result)
        if ProcessInfo.processInfo.environment["HOWDY_PRINT_CASES"] != nil { print(dump.joined(separator: "\n")) }
        #expect(dump == testCase.expected, "\(testCase)\n\(dump.map { "> " + $0 }.joined(separator: "\n"))")
    }
}
