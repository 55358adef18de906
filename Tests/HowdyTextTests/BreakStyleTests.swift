import HowdyText
import Testing

/// CSS `line-break`, `word-break` and `overflow-wrap` through ICU's real line rules.
@Suite("Break styles")
struct BreakStyleTests {
    private func breaks(
        _ text: String, _ lineBreak: LineBreakStyle = .auto, _ wordBreak: WordBreakStyle = .normal,
        locale: String = "ja"
    ) throws -> [Int] {
        try lineBreakOpportunities(in: text, locale: locale, lineBreak: lineBreak, wordBreak: wordBreak)
    }

    @Test("auto and normal break before the prolonged sound mark, strict does not (確認コ|ード)")
    func prolongedSoundMark() throws {
        let text = "確認コードを入力"
        #expect(try breaks(text, .auto).contains(3))
        #expect(try breaks(text, .normal).contains(3))
        #expect(try breaks(text, .loose).contains(3))
        #expect(try !breaks(text, .strict).contains(3))
        #expect(try breaks(text, .strict) == [1, 2, 4, 5, 6, 7, 8])
    }

    @Test("auto and normal break before a small kana, strict does not")
    func smallKana() throws {
        let text = "ジョギング"  // ョ at offset 1
        #expect(try breaks(text, .auto).contains(1))
        #expect(try !breaks(text, .strict).contains(1))
    }

    @Test("loose breaks before an iteration mark, normal does not")
    func iterationMark() throws {
        #expect(try breaks("時々", .loose) == [1, 2])
        #expect(try breaks("時々", .normal) == [2])
    }

    @Test("anywhere breaks between any grapheme clusters, around punctuation and spaces too")
    func anywhere() throws {
        #expect(try breaks("a-b c", .anywhere, locale: "") == [1, 2, 3, 4, 5])
        #expect(try breaks("a-b c", .auto, locale: "") == [2, 4, 5])
        // A flag emoji is one grapheme cluster of four UTF-16 units: no break inside it.
        #expect(try breaks("x🇯🇵y", .anywhere, locale: "") == [1, 5, 6])
        // anywhere overrides keep-all.
        #expect(try breaks("確認", .anywhere, .keepAll) == [1, 2])
    }

    @Test("a mandatory break stays one under anywhere and break-all")
    func hardBreaks() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        for options in [TextOptions(lineBreak: .anywhere), TextOptions(wordBreak: .breakAll)] {
            let layout = try ShapedText("ab\ncd", font: font, options: options).layout(width: 500)
            #expect(layout.lines.map(\.text) == ["ab", "cd"])
        }
    }

    @Test("break-all breaks between letters but keeps punctuation rules")
    func breakAll() throws {
        #expect(try breaks("hello world", .auto, .breakAll, locale: "") == [1, 2, 3, 4, 6, 7, 8, 9, 10, 11])
        // No break before the comma or the full stop: they are not letters.
        #expect(try breaks("ab, cd.", .auto, .breakAll, locale: "") == [1, 4, 5, 7])
    }

    @Test("keep-all keeps CJK words whole and breaks at spaces and after punctuation")
    func keepAll() throws {
        #expect(try breaks("確認コードを入力", .auto, .keepAll) == [8])
        #expect(try breaks("確認、入力", .auto, .keepAll) == [3, 5])
        #expect(try breaks("안녕하세요 세계", .auto, .keepAll, locale: "ko") == [6, 8])
        #expect(try breaks("안녕하세요 세계", .auto, .normal, locale: "ko") == [1, 2, 3, 4, 6, 7, 8])
    }

    @Test("auto-phrase breaks Japanese between phrases (ICU's ja@lw=phrase), other locales as normal")
    func autoPhrase() throws {
        #expect(try breaks("私は本日東京に行きます", .auto, .autoPhrase) == [2, 4, 7, 11])
        #expect(try breaks("私は本日東京に行きます", .auto, .normal) == Array(1...11))
        #expect(try breaks("私は本日東京に行きます", .auto, .autoPhrase, locale: "zh") == Array(1...11))
    }

    @Test("overflow-wrap normal lets a long word overflow; break-word and anywhere break it")
    func overflowWrap() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        let text = "Supercalifragilistic yes"
        let overflowing = try ShapedText(text, font: font, options: TextOptions(overflowWrap: .normal))
        let greedy = try overflowing.layout(width: 60)
        #expect(greedy.lines.map(\.text) == ["Supercalifragilistic", "yes"])
        #expect(try overflowing.balance(width: 60).lines.map(\.text) == ["Supercalifragilistic", "yes"])
        for wrap in [OverflowWrapStyle.breakWord, .anywhere] {
            let broken = try ShapedText(text, font: font, options: TextOptions(overflowWrap: wrap)).layout(width: 60)
            #expect(broken.lines.count > 2)
            #expect(broken.lines.allSatisfy { $0.width <= 60 })
        }
    }

    @Test("keywords parse in CSS and Swift spellings and reject others")
    func keywords() {
        #expect(WordBreakStyle(keyword: "keep-all") == .keepAll)
        #expect(WordBreakStyle(keyword: "keepAll") == .keepAll)
        #expect(WordBreakStyle(keyword: "auto-phrase") == .autoPhrase)
        #expect(OverflowWrapStyle(keyword: "break-word") == .breakWord)
        #expect(LineBreakStyle(keyword: "strict") == .strict)
        #expect(LineBreakStyle(keyword: "Strict") == nil)
        #expect(WordBreakStyle(keyword: "") == nil)
        #expect(LineBreakStyle.keywords == "auto|loose|normal|strict|anywhere")
    }

    @Test("a layout with line-break strict keeps 確認コード together where auto breaks it")
    func layoutDiffers() throws {
        let font = try Font(named: "Inter-Regular", size: 20)
        let text = "確認コードを入力"
        let auto = try ShapedText(text, font: font, options: TextOptions(locale: "ja"))
        let strict = try ShapedText(text, font: font, options: TextOptions(locale: "ja", lineBreak: .strict))
        // Room for three ideographs and a bit: auto ends the line after コ, strict after 認.
        let three = try ShapedText("確認コ", font: font).layout(width: 1000).lines[0].width + 1
        #expect(try auto.layout(width: three).lines.first?.text == "確認コ")
        #expect(try strict.layout(width: three).lines.first?.text == "確認")
    }
}
