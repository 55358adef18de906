import Foundation
import HowdyText
import Testing

@Suite("Scripts, bidi and fallback")
struct ScriptTests {
    func faces(_ layout: TextLayout) -> [String] {
        layout.lines.flatMap(\.runs).map { ($0.font.face.path as NSString).lastPathComponent }
    }

    func hasNoTofu(_ layout: TextLayout) -> Bool {
        layout.lines.flatMap(\.runs).flatMap(\.glyphs).allSatisfy { $0.id != 0 }
    }

    @Test("every script of the bundled chain falls back to a font with the glyphs")
    func fallback() throws {
        let font = try Fixtures.font()
        let cases: [(String, String)] = [
            ("مرحبا بالعالم", "NotoSansArabic-Regular.ttf"),
            ("שלום עולם", "NotoSansHebrew-Regular.ttf"),
            ("नमस्ते दुनिया", "NotoSansDevanagari-Regular.ttf"),
            ("ยินดีต้อนรับ", "NotoSansThai-Regular.ttf"),
            ("ওহে বিশ্ব", "NotoSansBengali-Regular.ttf"),
            ("ਸਤ ਸ੍ਰੀ ਅਕਾਲ", "NotoSansGurmukhi-Regular.ttf"),
            ("નમસ્તે", "NotoSansGujarati-Regular.ttf"),
            ("வணக்கம்", "NotoSansTamil-Regular.ttf"),
            ("నమస్కారం", "NotoSansTelugu-Regular.ttf"),
            ("ನಮಸ್ಕಾರ", "NotoSansKannada-Regular.ttf"),
            ("നമസ്കാരം", "NotoSansMalayalam-Regular.ttf"),
            ("ආයුබෝවන්", "NotoSansSinhala-Regular.ttf"),
            ("გამარჯობა", "NotoSansGeorgian-Regular.ttf"),
            ("Բարեւ", "NotoSansArmenian-Regular.ttf"),
            ("ሰላም", "NotoSansEthiopic-Regular.ttf"),
            ("ສະບາຍດີ", "NotoSansLao-Regular.ttf"),
            ("ជំរាបសួរ", "NotoSansKhmer-Regular.ttf"),
            ("မင်္ဂလာပါ", "NotoSansMyanmar-Regular.ttf"),
            ("안녕하세요", "NanumSquareR.ttf"),
            ("你好世界", "DroidSansFallbackFull.ttf"),
            ("👋🏽", "NotoColorEmoji.ttf"),
            ("👨‍👩‍👧", "NotoColorEmoji.ttf"),
        ]
        for (text, expected) in cases {
            let result = try layout(text: text, font: font, width: 1000)
            #expect(faces(result).contains(expected), "\(text): \(faces(result))")
            #expect(hasNoTofu(result), "\(text)")
        }
    }

    @Test("Hangul comes from the Korean face, even the syllables the CJK face also has")
    func hangulIsNotMixed() throws {
        // Droid Sans Fallback, earlier in the chain for Han and Kana, has 가 but not 입.
        let result = try layout(text: "가입 日本", font: try Fixtures.font(), width: 1000)
        let runs = result.lines.flatMap(\.runs)
        let hangul = runs.filter { $0.range.lowerBound < 2 }
        #expect(Set(hangul.map { ($0.font.face.path as NSString).lastPathComponent }) == ["NanumSquareR.ttf"])
        #expect(faces(result).contains("DroidSansFallbackFull.ttf"), "Han still comes from the CJK face")
        #expect(hasNoTofu(result))
    }

    @Test("a bold primary picks bold fallback cuts")
    func boldFallback() throws {
        let result = try layout(text: "مرحبا", font: Fixtures.font("Inter-Bold"), width: 1000)
        #expect(faces(result) == ["NotoSansArabic-Bold.ttf"])
    }

    @Test("an emoji ZWJ sequence shapes to one glyph")
    func emojiSequence() throws {
        let result = try layout(text: "👨‍👩‍👧", font: Fixtures.font(), width: 1000)
        #expect(result.lines[0].runs.flatMap(\.glyphs).count == 1)
    }

    @Test("RTL lines come out in visual order")
    func rightToLeftVisualOrder() throws {
        let result = try layout(text: "שלום עולם", font: Fixtures.font(), width: 1000)
        let line = try #require(result.lines.first)
        #expect(line.isRightToLeft)
        let clusters = line.runs.flatMap(\.glyphs).map(\.cluster)
        // Visual order of a right-to-left line: logical offsets descend left to right.
        #expect(clusters == clusters.sorted(by: >))
        #expect(line.runs.flatMap(\.glyphs).map(\.x) == line.runs.flatMap(\.glyphs).map(\.x).sorted())
    }

    @Test("mixed direction: Latin runs stay left to right inside a right-to-left paragraph")
    func mixedDirection() throws {
        let text = "שלום Howdy עולם"
        let result = try layout(text: text, font: Fixtures.font(), width: 1000)
        let runs = result.lines[0].runs
        #expect(runs.count >= 3)
        // Visually: עולם (rightmost in logic order last) first on the left, then Howdy, then שלום.
        let latin = try #require(runs.first { !$0.isRightToLeft && $0.glyphs.count >= 5 })
        let latinClusters = latin.glyphs.map(\.cluster)
        #expect(latinClusters == latinClusters.sorted())
        let first = try #require(runs.first)
        #expect(first.isRightToLeft)
        #expect(first.range.lowerBound > latin.range.lowerBound)
    }

    @Test("explicit direction overrides detection")
    func explicitDirection() throws {
        let result = try layout(
            text: "abc", font: Fixtures.font(), width: 1000, options: TextOptions(direction: .rightToLeft))
        #expect(result.lines[0].isRightToLeft)
        let leading = try layout(
            text: "abc def ghi jkl mno", font: Fixtures.font(), width: 80,
            options: TextOptions(direction: .rightToLeft, alignment: .leading))
        // Leading in a right-to-left paragraph is the right edge.
        for line in leading.lines { #expect(abs(line.x + line.width - leading.width) < 1e-9) }
    }

    @Test("CJK breaks between ideographs without spaces")
    func cjkBreaks() throws {
        let text = "欢迎使用我们的新应用程序今天开始您的旅程吧"
        let result = try layout(text: text, font: Fixtures.font(), width: 100)
        #expect(result.lineCount > 3)
        #expect(result.lines.allSatisfy { $0.width <= 100 })
        #expect(result.lineTexts.joined() == text)
    }

    @Test("Thai breaks between words with ICU's dictionary")
    func thaiBreaks() throws {
        let text = "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ"
        let font = try Fixtures.font()
        let result = try layout(text: text, font: font, width: 60)
        #expect(result.lineCount > 1)
        #expect(result.lineTexts.joined() == text)
    }

    @Test("Arabic shapes with joining forms (advances differ from isolated letters)")
    func arabicJoining() throws {
        let font = try Fixtures.font()
        let joined = try layout(text: "سلام", font: font, width: 1000)
        let isolated = try layout(text: "س ل ا م", font: font, width: 1000)
        let joinedIDs = Set(joined.lines[0].runs.flatMap(\.glyphs).map(\.id))
        let isolatedIDs = Set(isolated.lines[0].runs.flatMap(\.glyphs).map(\.id))
        #expect(joinedIDs != isolatedIDs)
    }
}
