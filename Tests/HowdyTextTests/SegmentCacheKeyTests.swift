import Testing

@testable import HowdyText

/// `SegmentCache` hashes a text's units four to a word. Texts that differ in one unit,
/// wherever it falls in a word (the fourth unit sits in the word's top bits), must get
/// entries of their own with their own segments, and a repeated text must be answered
/// from the cache (kept the second time it is made: a text met once is only marked).
@Suite struct SegmentCacheKeyTests {
    static func fields(_ segments: [ShapedText.Segment]) -> [[Int32]] {
        segments.map { [$0.start, $0.contentEnd, $0.end, $0.isHardBreak ? 1 : 0, $0.endsWithSoftHyphen ? 1 : 0] }
    }

    /// Thai (ICU's dictionary), an emoji mix and Hebrew, each with every unit in turn
    /// replaced by one that changes the breaks or only the text.
    static let texts = [
        "ยินดีต้อนรับสู่บ้านใหม่สำหรับการวางแผน", "Welcome 🎉 to your 👍🏽 new home ❤️ for calm",
        "ברוכים הבאים לבית החדש שלך",
    ]

    @Test("texts one unit apart get their own entries and ICU's segments; repeats hit", arguments: texts)
    func oneUnitApart(_ text: String) throws {
        let cache = SegmentCache()
        let system = TextSystem()
        let base = Array(text.utf16)
        var variants = [base]
        for index in base.indices where base[index] & 0xF800 != 0xD800 {
            var changed = base
            // A space inside a word adds a break; a letter in a space removes one.
            changed[index] = base[index] == 0x20 ? 0x05D0 : 0x20
            variants.append(changed)
        }
        for locale in ["", "th"] {
            let options = TextOptions(locale: locale)
            var bytes = cache.bytes
            for units in variants {
                try units.withUnsafeBufferPointer { buffer in
                    let fresh = try ShapedText.segments(of: buffer, options: options, system: system)
                    var made = 0
                    let first = try cache.segments(of: buffer, options: options) {
                        made += 1
                        return try ShapedText.segments(of: buffer, options: options, system: system)
                    }
                    #expect(made == 1, "a new text was answered from another's entry")
                    #expect(Self.fields(first) == Self.fields(fresh))
                    #expect(cache.bytes == bytes, "a text met once was kept")
                    let second = try cache.segments(of: buffer, options: options) {
                        made += 1
                        return try ShapedText.segments(of: buffer, options: options, system: system)
                    }
                    #expect(made == 2, "a text met once was answered from an entry")
                    #expect(Self.fields(second) == Self.fields(fresh))
                    #expect(cache.bytes > bytes, "the entry was not kept: its hash met another text's")
                    bytes = cache.bytes
                }
            }
            for units in variants {
                try units.withUnsafeBufferPointer { buffer in
                    var made = 0
                    let again = try cache.segments(of: buffer, options: options) {
                        made += 1
                        return try ShapedText.segments(of: buffer, options: options, system: system)
                    }
                    #expect(made == 0, "a repeated text missed")
                    let fresh = try ShapedText.segments(of: buffer, options: options, system: system)
                    #expect(Self.fields(again) == Self.fields(fresh))
                }
            }
        }
    }
}
