import CHowdyICU

/// The paragraph direction of a text.
public enum TextDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// Each paragraph takes the direction of its first strong character (UAX #9 P2–P3),
    /// left-to-right when it has none.
    case auto
    case leftToRight
    case rightToLeft
}

/// Embedding levels of every UTF-16 unit (UAX #9, from ICU's ubidi) and the level of
/// each paragraph. Even levels are left-to-right, odd right-to-left.
struct BidiLevels {
    var levels: [UInt8]
    /// Paragraphs as (start, end, level) in UTF-16 offsets, in order.
    var paragraphs: [(start: Int, end: Int, level: UInt8)]
    /// False when every level is 0, the common case for Latin text, which skips reordering.
    var hasRightToLeft: Bool

    /// `ascii`: the caller found every unit below U+0080 (no scan is then needed: ASCII
    /// holds no right-to-left character, number separator of AN or bidi control).
    init(text: UnsafeBufferPointer<UInt16>, direction: TextDirection, ascii: Bool = false) throws {
        let count = text.count
        // No text: nothing for ubidi to do (it refuses an empty right-to-left paragraph
        // with U_ILLEGAL_ARGUMENT_ERROR); the paragraph keeps the asked direction.
        if count == 0 {
            levels = []
            paragraphs = [(0, 0, direction == .rightToLeft ? 1 : 0)]
            hasRightToLeft = direction == .rightToLeft
            return
        }
        if direction != .rightToLeft, ascii || !Self.mayNeedBidi(text) {
            levels = []
            paragraphs = [(0, count, 0)]
            hasRightToLeft = false
            return
        }
        // Plain right-to-left text (Hebrew or Arabic words, spaces and punctuation, no
        // numbers, Latin or controls) in an auto or right-to-left paragraph: UAX #9 gives
        // every unit level 1 (neutrals between R and the paragraph's R edges are R, N1;
        // trailing white space takes the paragraph level, L1), so ICU's pass, a tenth of
        // a warm Hebrew layout, is skipped (`isPlainRightToLeft`, `howdy_bidi_is_plain_right_to_left`).
        if direction != .leftToRight, Self.isPlainRightToLeft(text) {
            levels = [UInt8](repeating: 1, count: count)
            paragraphs = [(0, count, 1)]
            hasRightToLeft = true
            return
        }
        var status: howdy_icu_status = 0
        let requested: Int32 =
            switch direction {
            case .auto: -1
            case .leftToRight: 0
            case .rightToLeft: 1
            }
        guard let bidi = howdy_bidi_open(text.baseAddress, Int32(count), requested, &status) else {
            throw ICU.error(status)
        }
        defer { howdy_bidi_close(bidi) }
        guard let raw = howdy_bidi_levels(bidi, &status), status <= 0 else { throw ICU.error(status) }
        levels = Array(UnsafeBufferPointer(start: raw, count: count))
        var paragraphs: [(Int, Int, UInt8)] = []
        var offset = 0
        while offset < count {
            var start: Int32 = 0
            var limit: Int32 = 0
            var paragraphLevel: UInt8 = 0
            guard howdy_bidi_paragraph(bidi, Int32(offset), &start, &limit, &paragraphLevel) <= 0, limit > offset
            else { break }
            paragraphs.append((Int(start), Int(limit), paragraphLevel))
            offset = Int(limit)
        }
        if paragraphs.isEmpty { paragraphs = [(0, count, direction == .rightToLeft ? 1 : 0)] }
        self.paragraphs = paragraphs
        hasRightToLeft = levels.contains { $0 & 1 == 1 } || paragraphs.contains { $0.2 & 1 == 1 }
    }

    func level(at offset: Int) -> UInt8 { levels.isEmpty ? 0 : levels[offset] }

    /// `howdy_bidi_is_plain_right_to_left`, answered without crossing into C for text made
    /// only of Hebrew letters (U+05D0–U+05EA, bidi class R), Arabic letters (U+0621–U+063A,
    /// U+0641–U+064A, AL) and ASCII punctuation and space (WS, ON, ES, ET, CS: the neutrals
    /// and separators it allows; `isPlainRightToLeftASCII`): true when such a text holds a
    /// letter. Any other unit hands the whole text to the C function, which asks ICU for
    /// each class, so the answer is the C function's either way. Over a Hebrew title the C
    /// walk (an atomic table load and a UTF-16 decode per unit) was 6–7 % of a warm balance.
    @inline(__always)
    static func isPlainRightToLeft(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        var strong = false
        for unit in text {
            if unit &- 0x05D0 <= 0x05EA - 0x05D0 || unit &- 0x0621 <= 0x063A - 0x0621
                || unit &- 0x0641 <= 0x064A - 0x0641
            {
                strong = true
            } else if !isPlainRightToLeftASCII(unit) {
                return howdy_bidi_is_plain_right_to_left(text.baseAddress, Int32(text.count)) != 0
            }
        }
        return strong
    }

    /// Whether `unit` is an ASCII neutral or separator `howdy_bidi_is_plain_right_to_left`
    /// allows: the space and the punctuation and symbols U+0021–U+002F, U+003A–U+0040,
    /// U+005B–U+0060 and U+007B–U+007E (WS, ON, ES, ET, CS); not digits (EN), letters (L)
    /// or controls (S, B, BN). A bit per unit in two words (bit n of the first for units
    /// 0–63, of the second for 64–127); `BidiFastPathTests` checks every ASCII unit
    /// against the C function.
    @inline(__always)
    static func isPlainRightToLeftASCII(_ unit: UInt16) -> Bool {
        guard unit < 0x80 else { return false }
        let word: UInt64 = unit < 64 ? 0xFC00_FFFF_0000_0000 : 0x7800_0001_F800_0001
        return word >> UInt64(unit & 63) & 1 == 1
    }

    func paragraphLevel(at offset: Int) -> UInt8 {
        for paragraph in paragraphs where offset < paragraph.end { return paragraph.level }
        return paragraphs.last?.level ?? 0
    }

    /// True when the text holds a right-to-left character, a bidi control, a
    /// supplementary character ICU gives such a bidi class (`howdy_bidi_may_leave_level_zero`:
    /// right-to-left scripts above U+FFFF, not emoji) or an unpaired surrogate; otherwise
    /// every level is 0 and ICU's bidi pass is skipped.
    ///
    /// Without R, AL, AN or an explicit control, UAX #9 resolves every character of a
    /// left-to-right (or, lacking a strong right-to-left character, auto) paragraph to
    /// level 0: European numbers follow the L before them (W7) and neutrals lie between
    /// L and the paragraph's L edges (N1). Emoji-bearing text, whose surrogates sent it
    /// through ubidi before, so skips a pass over every character.
    private static func mayNeedBidi(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        var index = 0
        while index < text.count {
            let unit = text[index]
            index += 1
            // Below U+0590, U+0900–U+200D (Indic, Thai and the rest of South and South-East
            // Asia) and U+2070–U+D7FF (after the bidi controls: CJK, kana, Hangul), nothing
            // can leave level 0: a few compares per unit, not the switch's.
            if unit < 0x0590 || unit &- 0x2070 < 0xD800 - 0x2070 || unit &- 0x0900 < 0x200E - 0x0900 { continue }
            if unit <= 0x08FF { return true }
            switch unit {
            case 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xDC00...0xDFFF, 0xFB1D...0xFDFF,
                0xFE70...0xFEFF:
                return true
            case 0xD800...0xDBFF:
                guard index < text.count, text[index] & 0xFC00 == 0xDC00 else { return true }
                let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[index]) - 0xDC00)
                index += 1
                if howdy_bidi_may_leave_level_zero(scalar) != 0 { return true }
            default: continue
            }
        }
        return false
    }

    /// Visual order of items with the given levels (UAX #9 L2): `result[visual] = logical`.
    static func visualOrder(of levels: [UInt8]) -> [Int] {
        guard levels.count > 1, levels.contains(where: { $0 != levels[0] || $0 & 1 == 1 }) else {
            return Array(levels.indices)
        }
        var map = [Int32](repeating: 0, count: levels.count)
        levels.withUnsafeBufferPointer { buffer in
            howdy_bidi_reorder_visual(buffer.baseAddress, Int32(levels.count), &map)
        }
        return map.map(Int.init)
    }
}
