import HowdyText
import HowdyTextJSON
import Testing

/// A stream whose requests mix fonts and sizes answers each request exactly as a
/// session that saw only that request, in a text system of its own: the per-face state
/// shared across sizes (`SpaceAnalysis`), the session's faces by name and the word cache
/// never carry one (font, size)'s answer into another's.
@Suite("JSON-lines streams mixing fonts and sizes")
struct MixedFontsStreamTests {
    static let fonts = ["Inter-Bold", "Inter-Regular", "NotoSansHebrew-Regular", "NotoSansArabic-Bold"]
    static let sizes = [14.0, 16, 20, 24, 28, 32]
    static let texts = [
        "Get reminders for every plan you make, To Vega, AVA Ta.",
        "Your data stays on this device unless you choose to sync it",
        "ברוכים הבאים לבית החדש שלך לתכנון רגוע קבל תזכורות",
        "مرحبا بك في تطبيقك الجديد للتخطيط الهادئ احصل على تذكيرات",
        "Track habits, build streaks and celebrate the small wins — Wave Yonder",
    ]

    /// Request lines cycling through every (font, size) pair, twice over, so the second
    /// pass meets every cache warm.
    static var lines: [String] {
        var lines: [String] = []
        var index = 0
        for _ in 0..<2 {
            for size in sizes {
                for font in fonts {
                    let text = texts[index % texts.count]
                    let width = 120 + Double(index % 7) * 37.25
                    lines.append(
                        #"{"id":\#(index),"text":"\#(text)","font":"\#(font)","size":\#(size),"width":\#(width)}"#)
                    index += 1
                }
            }
        }
        return lines
    }

    @Test("every answer of a mixed stream equals the request answered alone")
    func mixedEqualsAlone() throws {
        let lines = Self.lines
        let (output, _) = try runStream(Array((lines.joined(separator: "\n") + "\n").utf8))
        let answers = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(answers.count == lines.count)
        for (number, (line, answer)) in zip(lines, answers).enumerated() {
            #expect(!answer.contains("\"error\""), "\(answer)")
            let alone = BalanceSession(system: TextSystem()).answer(line, line: number + 1)
            #expect(String(answer) == alone, "line \(number + 1): \(line)")
        }
    }

    @Test("a session answers a size it has not seen for a name it knows as a fresh one does")
    func newSizeOfKnownName() throws {
        let session = BalanceSession()
        for size in (0..<80).map({ 12 + Double($0) / 4 }) {
            let line =
                #"{"id":1,"text":"To Vega, AVA Ta. Get reminders","font":"Inter-Regular","size":\#(size),"width":150}"#
            #expect(session.answer(line, line: 1) == BalanceSession(system: TextSystem()).answer(line, line: 1))
        }
        // An unknown name is still an error, after names were remembered.
        #expect(
            session.answer(#"{"id":2,"text":"Hi","font":"NoSuchFont-Bold","size":12,"width":100}"#, line: 2).contains(
                "no font named 'NoSuchFont-Bold'"))
    }
}
