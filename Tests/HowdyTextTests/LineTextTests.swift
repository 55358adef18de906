import Testing

@testable import HowdyText

/// Line texts are sliced from the laid-out string by UTF-8 offsets that `UTF8Cursor`
/// derives from the lines' UTF-16 ranges. Each must be exactly the text of its range,
/// for every UTF-8 length, surrogate pairs, and lines in every layout mode.
@Suite struct LineTextTests {
    static let texts = [
        "計画アプリへようこそ。「通知」を受け取り、データは同期を選ばない限り保存されます！",
        "𠮷野家で𩸽を食べる計画𠀋と🎉👍🏽❤️👨‍👩‍👧🇯🇵の通知",
        "café naïve coöperate résumé déjà vu façade über straße",
        "مرحبا بك في تطبيقك الجديد للتخطيط الهادئ احصل على تذكيرات",
        "HowdyKit計画App通知2024年12月1日です（火）…ok ünïcödé ✨ done",
        "ยินดีต้อนรับสู่บ้านใหม่สำหรับการวางแผนอย่างสงบ",
    ]

    @Test("each line's text is the text of its UTF-16 range")
    func linesMatchRanges() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        for text in Self.texts {
            let units = Array(text.utf16)
            let shaped = try ShapedText(text, font: font)
            for width in [40.0, 90.0, 170.0, 1000.0] {
                for strategy in [LineBreakStrategy.greedy, .balanced(.narrowest), .balanced(.even), .pretty] {
                    let layout = try shaped.layout(width: width, strategy: strategy)
                    #expect(!layout.lines.isEmpty)
                    for line in layout.lines {
                        let expected = String(decoding: units[line.range], as: UTF16.self)
                        #expect(line.text == expected, "\(text) \(width) \(strategy)")
                        #expect(Array(line.text.utf8) == Array(expected.utf8))
                    }
                }
            }
        }
    }

    @Test("the cursor gives UTF-8 offsets in order and out of order")
    func cursorOffsets() {
        let text = "a\u{E9}計𠮷b"
        let units = Array(text.utf16)
        func utf8Offset(_ utf16: Int) -> Int {
            String(decoding: units[..<utf16], as: UTF16.self).utf8.count
        }
        units.withUnsafeBufferPointer { buffer in
            var cursor = UTF8Cursor()
            for offset in [0, 1, 2, 3, 5, 6, 3, 0, 6] {
                #expect(cursor.offset(of: offset, in: buffer) == utf8Offset(offset), "\(offset)")
            }
        }
    }
}
