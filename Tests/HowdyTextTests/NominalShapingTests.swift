import CHarfBuzz
import Testing

@testable import HowdyText

/// A run of CJK Unified Ideographs or kana in a context whose plan applies nothing takes
/// the font's nominal glyphs and advances without `hb_shape` (`NominalShaping`). It must be
/// exactly what HarfBuzz gives: glyph by glyph for every character it takes in the bundled
/// CJK face, in a Han, a Hiragana and a Katakana context,
/// and layout by layout (cached, which takes the shortcut, against uncached, which shapes
/// every run with HarfBuzz) over real Chinese and Japanese prose, in every line-break
/// strategy, at several widths, locales and sizes, with and without synthetic bold.
@Suite struct NominalShapingTests {
    /// `NominalShaping.append` and `ShapingBuffer.shape` of `text`'s whole range in `font`,
    /// and the offsets HarfBuzz marks unsafe to break (nil when the shortcut declined).
    static func both(
        _ text: [UInt16], _ font: Font, script: hb_script_t = HB_SCRIPT_HAN
    ) -> (nominal: ShapedRun?, harfBuzz: ShapedRun, unsafe: Int) {
        text.withUnsafeBufferPointer { buffer in
            let range = 0..<buffer.count
            var nominal = ShapedRun(start: 0, end: buffer.count, level: 0, fontIndex: 0)
            let taken = NominalShaping.append(buffer, range: range, font: font, to: &nominal)
            var shaped = ShapedRun(start: 0, end: buffer.count, level: 0, fontIndex: 0)
            var unsafe = OffsetSet(capacity: buffer.count + 1)
            ShapingBuffer().shape(
                buffer, range: range, context: true, level: 0, script: script, language: nil, font: font,
                features: [], appendingTo: &shaped, unsafe: &unsafe)
            return (taken ? nominal : nil, shaped, (0...buffer.count).filter { unsafe.contains($0) }.count)
        }
    }

    static func fields(_ run: ShapedRun) -> [[Int64]] {
        [
            run.glyphs.map(Int64.init), run.clusters.map(Int64.init), run.advances.map(Int64.init),
            run.offsetsX.map(Int64.init), run.offsetsY.map(Int64.init),
        ]
    }

    @Test(
        "nominal glyphs and advances equal hb_shape for every character taken that the CJK face covers",
        arguments: [HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA])
    func everyIdeographAsHarfBuzzShapesIt(_ script: hb_script_t) throws {
        let base = try Font(named: "DroidSansFallbackFull", size: 20)
        let face = base.face
        // Every character the shortcut takes, in both ranges and the punctuation.
        let ideographs = (UInt16(0x3000)...0xFFEF).filter {
            NominalShaping.isNominal($0) && face.hasGlyph(UInt32($0))
        }
        #expect(ideographs.count > 20000)
        // Kana, with voiced ones (が, ヴ: canonical decompositions HarfBuzz keeps whole).
        #expect([0x3042, 0x304C, 0x30A2, 0x30F4, 0x30FC, 0x3005, 0xFF08].allSatisfy(ideographs.contains))
        for (size, bold) in [(13.0, false), (28.0, true), (300.0, false)] {
            let font = try Font(
                face: face, size: size, variations: [], synthesis: FontSynthesis(bold: bold), system: base.system)
            // The context the shortcut needs: the plan for the script applies nothing here.
            let context = ShapeContext(
                font: font.instance.serial, features: 0, script: script.rawValue, rightToLeft: false, language: 0)
            let boundaries = SpaceBoundaries.shared(
                in: font.system.wordCache, font: font, context: context, script: script, language: nil, features: [])
            #expect(boundaries.clustersAreIndependent)
            var compared = 0
            // Twice: asked of the font, then (but for collisions) remembered (`NominalGlyphs`).
            for _ in 0..<2 {
                for start in stride(from: 0, to: ideographs.count, by: 97) {
                    let text = Array(ideographs[start..<min(start + 97, ideographs.count)])
                    let (nominal, harfBuzz, unsafe) = Self.both(text, font, script: script)
                    #expect(nominal.map(Self.fields) == Self.fields(harfBuzz), "\(size) px from U+\(text[0])")
                    #expect(unsafe == 0)
                    compared += nominal?.glyphs.count ?? 0
                }
            }
            #expect(compared == 2 * ideographs.count)
        }
    }

    @Test("the shortcut takes exactly the unified ideographs, the kana and 23 punctuation marks")
    func takesTheClosedSet() {
        let punctuation = Set<UInt16>(
            [0x3001, 0x3002, 0x3005, 0x3014, 0x3015, 0x301C, 0xFF01, 0xFF08, 0xFF09, 0xFF0C, 0xFF1A, 0xFF1B, 0xFF1F]
                + Array(0x3008...0x3011))
        #expect(punctuation.count == 23)
        // ぁ–ゖ, ゝゞ, ァ–ヺ and ・ーヽヾ: not the combining voiced marks U+3099, U+309A.
        let kana = Set<UInt16>(Array(0x3041...0x3096) + [0x309D, 0x309E] + Array(0x30A1...0x30FE))
        #expect(!kana.contains(0x3099) && !kana.contains(0x309A))
        for unit in UInt16(0)...UInt16.max {
            let expected =
                (0x3400...0x4DBF).contains(unit) || (0x4E00...0x9FFF).contains(unit) || punctuation.contains(unit)
                || kana.contains(unit)
            if NominalShaping.isNominal(unit) != expected { Issue.record("U+\(String(unit, radix: 16))") }
        }
    }

    @Test("the shortcut declines what is not a run of covered ideographs")
    func declinesOtherText() throws {
        let font = try Font(named: "DroidSansFallbackFull", size: 20)
        // Bopomofo, a mark after an ideograph or a kana, halfwidth katakana, a variation
        // selector, a compatibility ideograph (it decomposes), a supplementary ideograph,
        // an ideographic space and a Latin letter.
        for text in [
            "計画ㄅ", "計\u{3099}画", "か\u{3099}", "ｶﾞ", "葛\u{FE00}城", "計\u{F900}", "𠮷野", "計\u{3000}画", "計a",
        ] {
            #expect(Self.both(Array(text.utf16), font).nominal == nil, "\(text)")
        }
        // Inter has no ideograph: nothing is found, nothing appended.
        let latin = try Font(named: "Inter-Regular", size: 20)
        #expect(Self.both(Array("計画".utf16), latin).nominal == nil)
        #expect(Self.both(Array("計画".utf16), font).nominal != nil)
    }

    @Test("layouts taking the shortcut equal layouts HarfBuzz shapes, over real Chinese and Japanese")
    func cachedLayoutsEqualHarfBuzzLayouts() throws {
        let texts =
            SharedGlyphStoreTests.prose.filter { ["japanese", "chinese"].contains($0.script) }.map(\.text)
            + ItemizationFastPathTests.mixed + ItemizationFastPathTests.realTexts().prefix(40)
        #expect(texts.count > 20)
        var taken = 0
        for (name, size) in [("Inter-Bold", 28.0), ("Inter-Regular", 17.0), ("DroidSansFallbackFull", 15.0)] {
            let font = try Font(named: name, size: size)
            for locale in ["", "zh", "ja"] {
                for text in texts {
                    let cached = try ShapedText(text, font: font, options: TextOptions(locale: locale))
                    let uncached = try ShapedText(
                        text, font: font, options: TextOptions(locale: locale, usesWordCache: false))
                    #expect(Self.fields(cached.glyphStore) == Self.fields(uncached.glyphStore), "\(name) \(text)")
                    #expect(cached.unsafeToBreak.storage == uncached.unsafeToBreak.storage)
                    #expect(cached.advancePrefix == uncached.advancePrefix)
                    for width in [90.0, 201.5, 360.0] {
                        for strategy in SharedGlyphStoreTests.strategies {
                            let one = try cached.layout(width: width, strategy: strategy)
                            let other = try uncached.layout(width: width, strategy: strategy)
                            #expect(
                                LayoutCase.glyphDump(one) + one.lines.map(\.text)
                                    == LayoutCase.glyphDump(other) + other.lines.map(\.text),
                                "\(name) \(locale) \(width) \(strategy): \(text)")
                        }
                    }
                    // Runs the shortcut takes (its conditions, which RunShaper checks).
                    taken +=
                        cached.runs.filter { run in
                            NominalShaping.takes(run.script) && cached.fonts[run.fontIndex].face.hasGlyph(0x8A08)
                                && cached.utf16[run.start..<run.end].allSatisfy(NominalShaping.isNominal)
                        }.count
                }
            }
        }
        // Han and kana runs in the CJK face were laid out (the shortcut's case) in every pass.
        #expect(taken > 100)
    }

    /// Kana runs take the shortcut too: a Japanese text of kana and ideographs stores no
    /// word in the cache (before, its kana runs were stored whole), and lays out as
    /// HarfBuzz shapes it.
    @Test("kana runs take the nominal glyphs, not the word cache")
    func kanaTakeTheShortcut() throws {
        let system = TextSystem()
        let font = try system.font(named: "Inter-Regular", size: 24)
        let text = "新しい計画アプリへようこそ。「通知」を受け取り、データはヴァージョンごとに保存されます！"
        let shaped = try ShapedText(text, font: font, options: TextOptions(locale: "ja"))
        #expect(shaped.runs.contains { $0.script == HB_SCRIPT_HIRAGANA })
        #expect(shaped.runs.contains { $0.script == HB_SCRIPT_KATAKANA })
        #expect(system.wordCache.statistics.entries == 0, "no run was shaped through the cache")
        let uncached = try ShapedText(text, font: font, options: TextOptions(locale: "ja", usesWordCache: false))
        #expect(Self.fields(shaped.glyphStore) == Self.fields(uncached.glyphStore))
        for width in [100.0, 250.0] {
            for strategy in SharedGlyphStoreTests.strategies {
                #expect(
                    LayoutCase.glyphDump(try shaped.layout(width: width, strategy: strategy))
                        == LayoutCase.glyphDump(try uncached.layout(width: width, strategy: strategy)))
            }
        }
    }
}
