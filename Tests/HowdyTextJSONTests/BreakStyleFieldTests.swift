import HowdyText
import HowdyTextJSON
import Testing

@Suite("JSONL lineBreak, wordBreak and overflowWrap fields")
struct BreakStyleFieldTests {
    let session = BalanceSession(defaults: BalanceDefaults(font: "Inter-Regular", size: 20, width: 300))

    /// The lines' texts of a request's answer, in order.
    private func texts(_ request: String) throws -> [String] {
        let layout = try session.layout(for: try JSONReader.parse(request))
        return layout.lines.map(\.text)
    }

    @Test("the fields reach the layout: strict keeps 確認コード together, keep-all keeps words whole")
    func fieldsReachLayout() throws {
        let width =
            try ShapedText("確認コ", font: try Font(named: "Inter-Regular", size: 20)).layout(width: 1000)
            .lines[0].width + 1
        let base = #""text":"確認コードを入力","locale":"ja","mode":"greedy","width":\#(width)"#
        #expect(try texts("{\(base)}").first == "確認コ")
        #expect(try texts(#"{\#(base),"lineBreak":"strict"}"#).first == "確認")
        #expect(try texts(#"{\#(base),"wordBreak":"keep-all","overflowWrap":"normal"}"#) == ["確認コードを入力"])
        #expect(try texts(#"{\#(base),"wordBreak":"keepAll","overflowWrap":"break-word"}"#).count > 1)
    }

    @Test("bad values are errors naming the field and the accepted keywords")
    func badValues() {
        #expect(
            session.answer(#"{"id":1,"text":"Hi","lineBreak":"loosest"}"#, line: 2)
                == #"{"id":1,"error":"line 2: lineBreak: expected one of auto|loose|normal|strict|anywhere, got \"loosest\""}"#
        )
        #expect(
            session.answer(#"{"id":1,"text":"Hi","wordBreak":3}"#, line: 1).contains(
                "wordBreak: expected a string, got a number"))
        #expect(
            session.answer(#"{"id":1,"text":"Hi","overflowWrap":"wrap"}"#, line: 1).contains(
                "overflowWrap: expected one of normal|break-word|anywhere"))
    }

    @Test("hyphens: auto hyphenates with the request's locale and marks the lines; errors name the field or locale")
    func hyphensField() {
        let request = #""text":"Kraftfahrzeughaftpflichtversicherung","font":"Inter-Bold","size":28,"width":150"#
        let auto = session.answer(#"{"id":1,\#(request),"locale":"de","hyphens":"auto"}"#, line: 1)
        #expect(auto.contains(#"{"text":"Kraftfahr","width":"#))
        #expect(auto.components(separatedBy: #""hyphen":true"#).count == 4)
        // manual (the default) has no soft hyphen to use: the word is cut where letters
        // fit, without a hyphen.
        let manual = session.answer(#"{"id":2,\#(request),"locale":"de"}"#, line: 2)
        #expect(manual.contains(#""lines":[{"text":"#))
        #expect(!manual.contains("hyphen"))
        #expect(
            session.answer(#"{"id":3,\#(request),"locale":"xx","hyphens":"auto"}"#, line: 3).hasPrefix(
                #"{"id":3,"error":"line 3: hyphens: auto: no hyphenation dictionary for locale 'xx' in /"#))
        #expect(
            session.answer(#"{"id":4,\#(request),"hyphens":"hyphenate"}"#, line: 4)
                == #"{"id":4,"error":"line 4: hyphens: expected one of none|manual|auto, got \"hyphenate\""}"#)
    }
}
