import CHowdyICU

/// Break opportunities of plain Latin prose without ICU's line-break iterator, as Blink's
/// `LazyLineBreakIterator` answers ASCII from a table: ICU's UAX #14 walk cost about a
/// seventh of a Latin JSON-lines request, and a text never seen before (every request
/// of a real stream) pays it in full, as the segment cache cannot help.
///
/// It answers only text made of characters of these UAX #14 classes, and only where it
/// gives exactly ICU's answer (`SimpleLineBreaksTests` compares the two for every
/// character it accepts, in every context of these classes, under many locales):
/// - AL: ASCII letters, the ASCII symbols of class AL (`# & * < = > @ ^ _ ` ~`) and the
///   letters of Latin-1 and Latin Extended-A (U+00C0–U+017F but × and ÷);
/// - HL: the Hebrew letters (U+05D0–U+05EA; no points, no maqaf, geresh or gershayim).
///   Among these classes UAX #14 treats HL as AL but for LB21a (no break after a hyphen
///   that follows HL) and ICU's word-initial hyphen (below), which reads AL only;
/// - AL again: the Arabic letters U+0621–U+063A and U+0641–U+064A (no tatweel, no
///   harakat or other marks, no Arabic punctuation or digits): a fresh Arabic JSON-lines
///   request paid about 27k instructions for ICU's walk, a fifth of it;
/// - NU: ASCII digits;
/// - IS: `. , : ;`;
/// - EX: `! ?`;
/// - QU: `' "`;
/// - OP: `( [`; CP: `) ]`;
/// - HY: `-`;
/// - SP: U+0020.
/// Among these classes UAX #14 (Unicode 15, ICU 72) never breaks before SP, CP or EX
/// (LB7, LB13), nor after OP and any spaces (LB14), nor between QU, spaces and OP (LB15);
/// otherwise it breaks after spaces (LB18) but before an IS a digit follows (ICU's LB25
/// starts a number such as ".5" there). Without spaces it joins around QU (LB19), before
/// HY (LB21), after HY after HL (LB21a), HY before NU (LB25), letters and digits (LB23,
/// LB28), IS before letters and digits (LB25, LB29), letters and digits before OP and CP
/// before them (LB30), and ICU 72 joins a hyphen that starts a word (at the text's start
/// or after spaces that no OP precedes) to an AL after it; it breaks everywhere else
/// (LB31): after EX, HY, IS or CP before OP, after EX before letters and digits, after HY
/// before a letter otherwise. The license paragraphs of the Python benchmark hold `" ( ) -`
/// in two of five: they paid ICU's walk (about 10k instructions a paragraph on average)
/// until these classes were answered here. No locale tailoring (the CJK `lb` variants,
/// Thai dictionaries, `lw=phrase`) touches these classes. Japanese text of ideographs,
/// kana and 「」『』、。 alone is answered too (`japaneseSegments`): ICU walked it
/// character by character, about a seventh of a Japanese request. Any other character
/// (or a mix of the two kinds), `line-break: anywhere`, `word-break: break-all` or
/// `auto-phrase`, and `hyphens: auto` leave the text to ICU.
///
/// ICU stays the reference: this is a memo of its answers for a closed set of characters,
/// not a second UAX #14. It is used only with an ICU whose rules the tests checked it
/// against (`verifiedICUVersions`); built against any other, every text goes to ICU
/// until `SimpleLineBreaksTests` (which compares the two whatever the version) passes
/// there and the version is added.
enum SimpleLineBreaks {
    /// ICU major versions `SimpleLineBreaksTests` has passed against (Debian 12: 72).
    static let verifiedICUVersions: Set<Int32> = [72]

    /// Whether the ICU built against (which is the one that runs: ICU's entry points
    /// carry its major version) is one of `verifiedICUVersions`.
    static let isVerified = verifiedICUVersions.contains(howdy_icu_major_version())

    /// The UAX #14 classes answered here; `other` sends the text to ICU.
    private enum Class: UInt8 {
        case other = 0, letter, digit, infix, exclamation, quote, open, close, hyphen, space
    }

    /// Classes of U+0000–U+017F.
    private static let classes: [Class] = (0..<0x180).map { (unit: Int) -> Class in
        switch unit {
        case 0x41...0x5A, 0x61...0x7A: .letter
        // # & * < = > @ ^ _ ` ~: ASCII symbols of class AL.
        case 0x23, 0x26, 0x2A, 0x3C, 0x3D, 0x3E, 0x40, 0x5E, 0x5F, 0x60, 0x7E: .letter
        case 0xC0...0x17F where unit != 0xD7 && unit != 0xF7: .letter
        case 0x30...0x39: .digit
        case 0x2E, 0x2C, 0x3A, 0x3B: .infix
        case 0x21, 0x3F: .exclamation
        case 0x27, 0x22: .quote
        case 0x28, 0x5B: .open
        case 0x29, 0x5D: .close
        case 0x2D: .hyphen
        case 0x20: .space
        default: .other
        }
    }

    /// Whether `text`'s segments are better looked up in the segment cache first, with
    /// this walk only filling it on a miss: text that starts with a Hebrew or an Arabic
    /// letter (the walk had answered Hebrew before the cache, and Arabic, new to it,
    /// keeps the cache hit a repeated Arabic text had from ICU's walk). Either way the
    /// segments are the same (ICU's); this only chooses the cheaper route.
    @inline(__always)
    static func isCachedFirst(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        guard let first = text.first else { return false }
        return (0x05D0...0x05EA).contains(first) || isArabicLetter(first)
    }

    /// U+0621–U+063A and U+0641–U+064A: Arabic letters of UAX #14 class AL.
    @inline(__always)
    static func isArabicLetter(_ unit: UInt16) -> Bool {
        (0x0621...0x063A).contains(unit) || (0x0641...0x064A).contains(unit)
    }

    /// A Hebrew letter (HL) or an Arabic one (AL), of the units past U+017F.
    @inline(__always)
    private static func isLetter(_ unit: UInt16) -> Bool {
        isHebrewLetter(unit) || isArabicLetter(unit)
    }

    /// U+05D0–U+05EA: the Hebrew letters (HL).
    @inline(__always)
    private static func isHebrewLetter(_ unit: UInt16) -> Bool { (0x05D0...0x05EA).contains(unit) }

    /// Whether `options` break as ICU's plain rules do for these classes.
    static func applies(to options: TextOptions) -> Bool {
        options.lineBreak != .anywhere && (options.wordBreak == .normal || options.wordBreak == .keepAll)
            && options.hyphens != .auto
    }

    /// `text`'s segments (`ShapedText.Segment`, as ICU's opportunities give them) when
    /// every character is of the classes above (or of the Japanese ones,
    /// `japaneseSegments`) and `options` apply; nil otherwise.
    static func segments(of text: UnsafeBufferPointer<UInt16>, options: TextOptions) -> [ShapedText.Segment]? {
        guard !text.isEmpty, applies(to: options) else { return nil }
        if text[0] >= 0x3000 { return japaneseSegments(of: text, options: options) }
        return classes.withUnsafeBufferPointer { classes -> [ShapedText.Segment]? in
            var segments: [ShapedText.Segment] = []
            var start = 0
            // The end of the content since `start`: spaces after it hang.
            var contentEnd = 0
            // The class of the unit before, and of the last unit that is no space.
            var previous = Class.other
            var content = Class.other
            // For the last hyphen: it follows a Hebrew letter (LB21a), or starts a word
            // (ICU's word-initial hyphen: at the start, or after spaces no OP precedes).
            var hyphenAfterHebrew = false
            var hyphenStartsWord = false
            var index = 0
            while index < text.count {
                let unit = Int(text[index])
                let current: Class
                if unit < 0x180 {
                    current = classes[unit]
                } else if isLetter(UInt16(unit)) {
                    // A Hebrew letter (HL) is told from AL only by a hyphen's rules,
                    // which read the letters beside it themselves.
                    current = .letter
                } else {
                    return nil
                }
                if index > 0,
                    previous == .space
                        ? Self.breaks(afterSpacesBefore: current, content: content, at: index, in: text)
                        : Self.breaks(
                            before: current, after: previous, hyphenAfterHebrew: hyphenAfterHebrew,
                            hyphenStartsWord: hyphenStartsWord, at: index, in: text)
                {
                    if segments.isEmpty { segments.reserveCapacity(text.count / 4 + 1) }
                    segments.append(Self.segment(start, contentEnd, index))
                    start = index
                    contentEnd = index
                }
                switch current {
                case .other: return nil
                case .space: break
                case .hyphen:
                    hyphenAfterHebrew = index > 0 && isHebrewLetter(text[index - 1])
                    hyphenStartsWord = index == 0 || (previous == .space && content != .open)
                    fallthrough
                default:
                    contentEnd = index + 1
                    content = current
                }
                previous = current
                index += 1
                if current == .letter {
                    while true {
                        // Letters after a letter, most of a text: never a break (LB28), each
                        // one content. Skipped in a tight loop rather than classed one by one
                        // through the switches above (about half this walk's instructions).
                        while index < text.count {
                            let next = Int(text[index])
                            guard next < 0x180 ? classes[next] == .letter : isLetter(UInt16(next)) else { break }
                            index += 1
                        }
                        contentEnd = index
                        // Then, in most of prose, one space and a letter: a break before the
                        // letter (LB18; no OP precedes the space), as the walk above would
                        // answer, and letters again. `previous` and `content` stay AL.
                        guard index + 1 < text.count, text[index] == 0x20 else { break }
                        let next = Int(text[index + 1])
                        guard next < 0x180 ? classes[next] == .letter : isLetter(UInt16(next)) else { break }
                        if segments.isEmpty { segments.reserveCapacity(text.count / 4 + 1) }
                        segments.append(Self.segment(start, contentEnd, index + 1))
                        start = index + 1
                        index += 2
                    }
                }
            }
            segments.append(Self.segment(start, contentEnd, text.count))
            return segments
        }
    }

    /// Whether ICU breaks before `text[index]`, of class `current`, after spaces (never the
    /// first unit), the last unit that is no space being of class `content`. After spaces
    /// ICU breaks (LB18) but before SP, CP or EX (LB7, LB13), after OP and spaces (LB14),
    /// between QU, spaces and OP (LB15), and before an IS no digit follows (ICU's LB25
    /// reads ".5" as a number, which may start after spaces; IS is joined otherwise, LB13).
    @inline(__always)
    private static func breaks(
        afterSpacesBefore current: Class, content: Class, at index: Int, in text: UnsafeBufferPointer<UInt16>
    ) -> Bool {
        switch current {
        case .space, .close, .exclamation: false
        case .infix: content != .open && index + 1 < text.count && text[index + 1] &- 0x30 < 10
        case .open: content != .open && content != .quote
        default: content != .open
        }
    }

    /// Whether ICU breaks before a unit of class `current` right after one of class
    /// `previous` (no space between), `current` being `text[index]`; the two hyphen flags
    /// as the walk keeps them for the last hyphen.
    /// Never before SP, CP, EX, IS (LB7, LB13), QU (LB19) or HY (LB21); never
    /// after OP (LB14) or QU (LB19); after HY, not after HL (LB21a), not before NU (LB25)
    /// and not before AL when the hyphen starts a word (ICU 72's word-initial hyphen);
    /// letters and digits join each other and OP (LB23, LB28, LB30), IS and CP join
    /// letters and digits (LB25, LB29, LB30); everything else breaks (LB31).
    @inline(__always)
    private static func breaks(
        before current: Class, after previous: Class, hyphenAfterHebrew: Bool, hyphenStartsWord: Bool,
        at index: Int, in text: UnsafeBufferPointer<UInt16>
    ) -> Bool {
        switch current {
        case .space, .close, .exclamation, .infix, .quote, .hyphen: return false
        default: break
        }
        switch previous {
        case .open, .quote: return false
        case .hyphen:
            return !(hyphenAfterHebrew || current == .digit
                || (current == .letter && hyphenStartsWord && !isHebrewLetter(text[index])))
        case .letter, .digit: return false
        case .infix, .close: return current == .open
        default: return true  // EX
        }
    }

    /// The Japanese (and Chinese) classes answered: ideographs (CJK Unified Ideographs
    /// and Extension A) and kana (ID), small kana and the prolonged sound mark (CJ), 「 『
    /// (OP), 、 。 」 』 (CL).
    private enum JapaneseClass {
        case other, ideographic, conditional, opening, closing
    }

    @inline(__always)
    private static func japaneseClass(_ unit: UInt16) -> JapaneseClass {
        switch unit {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF: return .ideographic
        case 0x3041...0x3096, 0x30A1...0x30FA:
            switch unit {
            case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
                0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6:
                return .conditional
            default: return .ideographic
            }
        case 0x30FC: return .conditional
        case 0x300C, 0x300E: return .opening
        case 0x3001, 0x3002, 0x300D, 0x300F: return .closing
        default: return .other
        }
    }

    /// Segments of text made only of the Japanese classes (no spaces, no Latin): UAX #14
    /// breaks between any two (LB31) but before CL (LB13) and after OP (LB14), and, under
    /// `line-break: strict`, before CJ, which ICU's strict rules read as NS (LB21; the
    /// normal and loose rules read it as ID). `word-break: keep-all` is left to ICU.
    private static func japaneseSegments(of text: UnsafeBufferPointer<UInt16>, options: TextOptions)
        -> [ShapedText.Segment]?
    {
        guard options.wordBreak == .normal else { return nil }
        let strict = options.lineBreak == .strict
        // At most a segment per unit: written through a pointer, each append would test
        // the array for sharing and room (a CJK text has a segment per character). Written
        // in place (`InPlaceElements`): `init(unsafeUninitializedCapacity:)` allocates
        // through the runtime's unspecialised path, which looks the array's metadata up on
        // every call (about 700 instructions, callgrind), and blank segments appended
        // first were copied one at a time (about 13 instructions a character).
        var segments: [ShapedText.Segment] = []
        // None when a character is not of the classes (the text has at least one unit,
        // so an answered one has a segment): no flag is captured, which would be boxed.
        segments.append(initializing: text.count) { buffer -> Int in
            var answered = true
            var start = 0
            var count = 0
            var previous = JapaneseClass.other
            for index in 0..<text.count {
                let current = japaneseClass(text[index])
                if index > 0 {
                    let breaks =
                        switch current {
                        case .closing: false
                        case .conditional: !strict && previous != .opening
                        default: previous != .opening
                        }
                    if breaks {
                        buffer.initializeElement(at: count, to: Self.segment(start, index, index))
                        count += 1
                        start = index
                    }
                }
                guard current != .other else {
                    answered = false
                    break
                }
                previous = current
            }
            guard answered else { return 0 }
            buffer.initializeElement(at: count, to: Self.segment(start, text.count, text.count))
            return count + 1
        }
        return segments.isEmpty ? nil : segments
    }

    @inline(__always)
    private static func segment(_ start: Int, _ contentEnd: Int, _ end: Int) -> ShapedText.Segment {
        ShapedText.Segment(
            start: Int32(start), contentEnd: Int32(contentEnd), end: Int32(end), isHardBreak: false,
            endsWithSoftHyphen: false)
    }
}
