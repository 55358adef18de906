import CHarfBuzz
import Testing

@testable import HowdyText

/// Words with marks (Devanagari matras, viramas and conjuncts, Hebrew niqqud) go through
/// the word cache where the font's rules prove them safe (`SpaceCrossings`), and give
/// the same glyphs as shaping whole, in the bundled Noto Sans Devanagari and Hebrew faces
/// and through Inter, which falls back to them.
@Suite(.serialized) struct MarkWordsCacheTests {
    /// Hindi prose: the first articles of the Universal Declaration of Human Rights, and
    /// sentences with nukta letters (precomposed U+0958–U+095F and with U+093C), reph,
    /// half forms and conjuncts (क्ष त्र ज्ञ श्र द्ध), candrabindu, visarga, danda, digits
    /// of both kinds, quotes and brackets.
    static let hindi = [
        "सभी मनुष्यों को गौरव और अधिकारों के मामले में जन्मजात स्वतन्त्रता और समानता प्राप्त है।",
        "उन्हें बुद्धि और अन्तरात्मा की देन प्राप्त है और परस्पर उन्हें भाईचारे के भाव से बर्ताव करना चाहिए।",
        "हर किसी को इस घोषणा में उल्लिखित सभी अधिकार और स्वतन्त्रताएँ प्राप्त करने का हक़ है।",
        "प्रत्येक व्यक्ति को जीवन, स्वाधीनता और वैयक्तिक सुरक्षा का अधिकार है॥",
        "कर्म, धर्म और मर्म: पूर्व में सूर्य निकलता है; क्षत्रिय, त्रिभुज, ज्ञान, श्रम और शुद्ध जल।",
        "ज़रूरी फ़ाइल ५ मिनट में (लगभग 12:30 बजे) \"डिवाइस\" पर सहेजी जाएगी — ग़लती दुःख देती है।",
        "क़लम, ख़बर, ग़ज़ल, ज़मीन, ड़र, ढ़ोल, फ़िल्म और य़ के साथ २०२६ में १,२५० कार्य पूरे हुए।",
        "आँख, हँसी, पाँच, संगीत, अंक, सिंह, विद्यालय, उद्देश्य, स्वास्थ्य और राष्ट्र।",
    ]

    /// Hebrew prose: the same articles, and sentences with niqqud, shin and sin dots,
    /// dagesh, maqaf, geresh and gershayim, numbers, parentheses (mirrored right to left)
    /// and quotes.
    static let hebrew = [
        "כל בני האדם נולדו בני חורין ושווים בערכם ובזכויותיהם.",
        "כולם חוננו בתבונה ובמצפון, לפיכך חובה עליהם לנהוג איש ברעהו ברוח של אחוה.",
        "כל אדם זכאי לכל הזכויות ולכל החירויות שנקבעו בהכרזה זו ללא הבדל כל שהוא.",
        "בְּרֵאשִׁית בָּרָא אֱלֹהִים אֵת הַשָּׁמַיִם וְאֵת הָאָרֶץ, וְהָאָרֶץ הָיְתָה תֹהוּ וָבֹהוּ.",
        "בית־ספר בתל־אביב (ליד הים) פתוח מ־8:00 עד 14:30, ו־1,250 תלמידים לומדים בו.",
        "צה\"ל, ת\"א וג'ירפה: \"שָׁלוֹם\" ו'שִׂמְחָה' – 99.5% הצלחה בשנת 2026!",
    ]

    /// Other Indic and Khmer sentences (Tagore's "Amar Shonar Bangla", the first article
    /// of the Universal Declaration of Human Rights) for the faces whose rules reach across
    /// a space (Noto Sans Bengali, Gujarati, Kannada, Telugu and Khmer), so their words with
    /// marks are judged by what they hold.
    static let others: [String: [String]] = [
        "bengali": ["আমার সোনার বাংলা, আমি তোমায় ভালোবাসি। চিরদিন তোমার আকাশ, তোমার বাতাস, আমার প্রাণে বাজায় বাঁশি।"],
        "gujarati": ["બધા મનુષ્યો જન્મથી સ્વતંત્ર છે અને ગૌરવ તથા અધિકારોમાં સમાન છે. તેમનામાં વિચારશક્તિ અને અંતઃકરણ છે."],
        "kannada": ["ಎಲ್ಲಾ ಮಾನವರೂ ಸ್ವತಂತ್ರರಾಗಿಯೇ ಜನಿಸಿದ್ದಾರೆ. ಹಾಗೂ ಘನತೆ ಮತ್ತು ಹಕ್ಕುಗಳಲ್ಲಿ ಸಮಾನರಾಗಿದ್ದಾರೆ."],
        "telugu": ["ప్రతిపత్తిస్వత్వముల విషయమున మానవులెల్లరును జన్మతః స్వతంత్రులును సమానులును నగుదురు."],
        "khmer": ["មនុស្សទាំងអស់ កើតមកមានសេរីភាព និងសមភាព ក្នុងផ្នែកសេចក្ដីថ្លៃថ្នូរ និងសិទ្ធិ។"],
        // GTK 2's Burmese messages (Debian's libgtk2.0-common, `msgunfmt gtk20.mo`).
        "myanmar": [
            "ရွေးချယ်ထားတဲ့ ဖိုင်တွဲများကို မှတ်သားချက်များဆီ ထည့်သွင်းပါ",
            "အရောင်ထဲက အစိမ်းရောင် အလင်း ပမာဏ။",
            "အရောင်ထဲက အနီရောင် အလင်း ပမာဏ။",
            "အသံပမာဏကို ညှိနှိုင်းပါ",
            "အမည်မသိတဲ့ စာအမှတ် တွေ့ရပြီး စာအမှတ်များကို မဖန်တီးနိုင်ဘူး။",
            "%s ပုံနှိုပ်စက်ရဲ့ အရည်အသွေးများကို ရရှိဖို့ စစ်မှန်မှု လိုအပ်တယ်",
        ],
    ]

    static let udatta = "क॑ख॒ ॐ"  // Vedic accents: Noto Sans Devanagari positions them after a space

    /// The sentences, then their words shuffled into new ones (a fixed generator, so every
    /// run checks the same texts).
    static func texts(_ sentences: [String], extra: [String] = []) -> [String] {
        var words = sentences.flatMap { $0.split(separator: " ").map(String.init) } + extra
        var generator = SpaceBoundariesTests.FixedGenerator(seed: 20)
        var shuffled: [String] = []
        for _ in 0..<50 {
            words.shuffle(using: &generator)
            shuffled.append(words.prefix(12).joined(separator: " "))
        }
        return sentences + shuffled
    }

    static func analysis(_ font: Font, script: hb_script_t, rightToLeft: Bool) -> SpaceBoundaries {
        let context = ShapeContext(
            font: font.instance.serial, features: 0, script: script.rawValue, rightToLeft: rightToLeft, language: 0)
        return SpaceBoundaries.shared(
            in: font.system.wordCache, font: font, context: context, script: script, language: nil, features: [])
    }

    /// Noto Sans Devanagari's GSUB lookup 31 reads "ि, any glyph" (the space included, as
    /// input) and changes only ि; GPOS lookup 12 moves Vedic accents after any glyph. So
    /// the space is matched but never changed, no glyph is unsafe anywhere, and only a
    /// word holding what lookup 12 moves (and what it may follow) is unclean.
    @Test("Noto Sans Devanagari: no glyph unsafe anywhere; words with matras, conjuncts and nukta are clean")
    func devanagariCleanWords() throws {
        let font = try Font(named: "NotoSansDevanagari-Regular", size: 20)
        let boundaries = Self.analysis(font, script: HB_SCRIPT_DEVANAGARI, rightToLeft: false)
        let crossings = try #require(boundaries.crossings)
        #expect(
            hb_set_get_population(crossings.anywhere) == 0, "was 953 glyphs before the space-as-input rule was anchored"
        )
        #expect(hb_set_get_population(crossings.firstReach) > 0, "lookup 12's Vedic accents")
        #expect(hb_set_is_empty(crossings.looseFirst) != 0)
        let words = Self.hindi.flatMap { $0.split(separator: " ").map { String($0) + " " } }
        // Udatta (U+0951) is what lookup 12 moves; anudatta (U+0952) and ॐ are not.
        let expected = words.map { _ in true } + [false, true, true]
        let pieces = words + ["क॑ ", "ख॒ ", "ॐ"]
        #expect(try clean(pieces, boundaries) == expected)
    }

    /// Noto Sans Hebrew has no context lookup and no lookup holding the space: every word,
    /// niqqud and all, is clean.
    @Test("Noto Sans Hebrew: every word is clean, niqqud included")
    func hebrewCleanWords() throws {
        let font = try Font(named: "NotoSansHebrew-Regular", size: 20)
        let boundaries = Self.analysis(font, script: HB_SCRIPT_HEBREW, rightToLeft: true)
        let words = Self.hebrew.flatMap { $0.split(separator: " ").map { String($0) + " " } }
        #expect(try clean(words, boundaries) == words.map { _ in true })
    }

    func clean(_ words: [String], _ boundaries: SpaceBoundaries) throws -> [Bool] {
        let text = Array(words.joined().utf16)
        var pieces: [Range<Int>] = []
        var start = 0
        for word in words {
            pieces.append(start..<(start + word.utf16.count))
            start += word.utf16.count
        }
        return text.withUnsafeBufferPointer { boundaries.cleanWords($0, pieces) }
    }

    static let fonts: [(font: String, script: String)] = [
        ("NotoSansDevanagari-Regular", "hindi"), ("NotoSansDevanagari-Bold", "hindi"), ("Inter-Regular", "hindi"),
        ("Inter-Bold", "hindi"), ("NotoSansHebrew-Regular", "hebrew"), ("NotoSansHebrew-Bold", "hebrew"),
        ("Inter-Regular", "hebrew"), ("NotoSansBengali-Regular", "bengali"), ("NotoSansGujarati-Regular", "gujarati"),
        ("NotoSansKannada-Regular", "kannada"), ("NotoSansTelugu-Regular", "telugu"),
        ("NotoSansKhmer-Regular", "khmer"), ("NotoSansMyanmar-Regular", "myanmar"),
    ]

    /// Every text goes through one word cache (a private system), cold then warm; every
    /// layout equals the uncached one glyph for glyph, greedy and balanced, and the warm
    /// pass takes words from the cache.
    @Test("cached equals uncached for Hindi, Hebrew and other Indic prose in Noto and through Inter", arguments: fonts)
    func cachedEqualsUncached(_ item: (font: String, script: String)) throws {
        let system = TextSystem()
        let font = try system.font(named: item.font, size: 19)
        let texts =
            item.script == "hindi"
            ? Self.texts(Self.hindi, extra: ["क॑", "ख॒", "ॐ", "क॑ख", "॥"])
            : Self.texts(Self.others[item.script] ?? Self.hebrew)
        func dump(_ text: String, cached: Bool, width: Double) throws -> [String] {
            let shaped = try ShapedText(text, font: font, options: TextOptions(usesWordCache: cached))
            let greedy = try shaped.layout(width: width)
            let balanced = try shaped.balance(width: width)
            return LayoutCase.glyphDump(greedy) + greedy.lines.map(\.text) + LayoutCase.glyphDump(balanced)
        }
        var hitsBefore = 0
        for pass in ["cold", "warm"] {
            for text in texts {
                for width in [160.0, 400.0] {
                    let cached = try dump(text, cached: true, width: width)
                    let uncached = try dump(text, cached: false, width: width)
                    #expect(cached == uncached, "\(item.font) \(pass) \(width): \(text)")
                }
            }
            if pass == "cold" { hitsBefore = system.wordCache.statistics.hits }
        }
        let warmHits = system.wordCache.statistics.hits - hitsBefore
        // Most Hindi and Hebrew words of the warm pass come from the cache (a text of about
        // 12 words is shaped once per width); the other scripts are checked for equality.
        guard ["hindi", "hebrew"].contains(item.script) else { return }
        #expect(warmHits > texts.count * 2 * 8, "\(item.font): \(warmHits) warm hits over \(texts.count) texts")
    }
}

/// Why each Indic face's words are or are not cached, pinned to the lookups that decide it.
@Suite(.serialized) struct IndicSpaceRulesTests {
    /// Noto Sans Myanmar's GSUB lookup 34 maps the space to itself (nested in chaining
    /// lookups 20 and 50): it cannot change the space, so the space is safe and words
    /// without the glyphs of the base-skipping ligature lookup 18 (medial ra + wa) are
    /// clean. Before, the space itself was unsafe and no word was cached.
    @Test("Noto Sans Myanmar: the space is safe, and words go through the cache")
    func myanmarSpaceIsSafe() throws {
        let system = TextSystem()
        let font = try system.font(named: "NotoSansMyanmar-Regular", size: 20)
        let boundaries = MarkWordsCacheTests.analysis(font, script: HB_SCRIPT_MYANMAR, rightToLeft: false)
        let crossings = try #require(boundaries.crossings)
        var space: hb_codepoint_t = 0
        _ = hb_font_get_nominal_glyph(font.instance.handle, 0x20, &space)
        #expect(hb_set_has(crossings.anywhere, space) == 0)
        // Two messages whose words hold nothing lookup 18 reaches (ု ူ ့ ြ ွ make a word
        // unclean, and a run with an unclean word that holds a mark is shaped whole:
        // `ShapingWindows`), so every word of the run is cached; no Latin ("%s" would be
        // Inter's words).
        let messages = try #require(MarkWordsCacheTests.others["myanmar"])
        let text = messages[1] + " " + messages[2]
        #expect(!text.unicodeScalars.contains { [0x102F, 0x1030, 0x1037, 0x103C, 0x103D, 0x25].contains($0.value) })
        // Twice: a word is stored the second time it is asked for (`AskedWords`).
        for _ in 0..<2 { _ = try ShapedText(text, font: font).balance(width: 150) }
        let cold = system.wordCache.statistics
        _ = try ShapedText(text, font: font).balance(width: 150)
        let warm = system.wordCache.statistics
        #expect(warm.hits > cold.hits, "no Burmese word went through the cache")
    }
}
