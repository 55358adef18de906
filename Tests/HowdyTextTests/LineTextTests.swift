import Testing

@testable import HowdyText

/// Line texts are sliced from the laid-out string by UTF-8 offsets that `UTF8OffsetCursor`
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

    @Test("the cursor gives UTF-8 offsets in order and out of order, ASCII or not")
    func cursorOffsets() {
        for text in ["a\u{E9}計𠮷b", "plain ASCII text", "", "𠮷", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}"] {
            let units = Array(text.utf16)
            var copy = text
            copy.withUTF8 { bytes in
                var cursor = UTF8OffsetCursor(text)
                let offsets = Array(0...units.count)
                for offset in offsets + offsets.reversed() + [units.count, 0, units.count] {
                    let position = cursor.position(ofUTF16: offset, in: bytes)
                    let prefix = String(decoding: units[..<offset], as: UTF16.self)
                    let insidePair = offset > 0 && offset < units.count && UTF16.isTrailSurrogate(units[offset])
                    #expect(position.isExact == !insidePair, "\(text) \(offset)")
                    // Inside a pair: the start of the pair's scalar (the prefix decodes the
                    // lone lead surrogate as U+FFFD, three bytes, so count without it).
                    let expected =
                        insidePair
                        ? String(decoding: units[..<(offset - 1)], as: UTF16.self).utf8.count : prefix.utf8.count
                    #expect(position.offset == expected, "\(text) \(offset)")
                }
                #expect(cursor.position(ofUTF16: -1, in: bytes) == .init(offset: 0, isExact: false))
                #expect(
                    cursor.position(ofUTF16: units.count + 1, in: bytes) == .init(offset: bytes.count, isExact: false))
            }
        }
    }
}
