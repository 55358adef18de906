/// Break opportunities of plain Latin prose without ICU's line-break iterator, as Blink's
/// `LazyLineBreakIterator` answers ASCII from a table: ICU's UAX #14 walk cost about a
/// seventh of a Latin JSON-lines request, and a text never seen before (every request
/// of a real stream) pays it in full, as the segment cache cannot help.
///
/// It answers only text made of characters of five UAX #14 classes, and only where it
/// gives exactly ICU's answer (`SimpleLineBreaksTests` compares the two for every
/// character it accepts, in every context of these classes, under many locales):
/// - AL: ASCII letters and the letters of Latin-1 and Latin Extended-A (U+00C0–U+017F
///   but × and ÷);
/// - NU: ASCII digits;
/// - IS: `. , : ;`;
/// - EX: `! ?`;
/// - QU: `'`;
/// - SP: U+0020.
/// Among these classes UAX #14 (Unicode 15, ICU 72) allows a break only after spaces
/// before anything but a space, IS or EX (LB7, LB13, LB18) or before an IS a digit
/// follows (ICU's LB25 starts a number such as ".5" there), and after EX before AL or
/// NU (LB31); everything else is joined (LB13, LB19, LB23, LB25, LB28, LB29). No
/// locale tailoring (the CJK `lb` variants, Thai dictionaries, `lw=phrase`) touches
/// these classes. Any other character, `line-break: anywhere`, `word-break: break-all`
/// or `auto-phrase`, and `hyphens: auto` leave the text to ICU.
enum SimpleLineBreaks {
    /// The UAX #14 classes answered here; `other` sends the text to ICU.
    private enum Class: UInt8 {
        case other = 0, letter, digit, infix, exclamation, quote, space
    }

    /// Classes of U+0000–U+017F.
    private static let classes: [Class] = (0..<0x180).map { (unit: Int) -> Class in
        switch unit {
        case 0x41...0x5A, 0x61...0x7A: .letter
        case 0xC0...0x17F where unit != 0xD7 && unit != 0xF7: .letter
        case 0x30...0x39: .digit
        case 0x2E, 0x2C, 0x3A, 0x3B: .infix
        case 0x21, 0x3F: .exclamation
        case 0x27: .quote
        case 0x20: .space
        default: .other
        }
    }

    /// Whether `options` break as ICU's plain rules do for these classes.
    static func applies(to options: TextOptions) -> Bool {
        options.lineBreak != .anywhere && (options.wordBreak == .normal || options.wordBreak == .keepAll)
            && options.hyphens != .auto
    }

    /// `text`'s segments (`ShapedText.Segment`, as ICU's opportunities give them) when
    /// every character is of the classes above and `options` apply; nil otherwise.
    static func segments(of text: UnsafeBufferPointer<UInt16>, options: TextOptions) -> [ShapedText.Segment]? {
        guard !text.isEmpty, applies(to: options) else { return nil }
        return classes.withUnsafeBufferPointer { classes -> [ShapedText.Segment]? in
            var segments: [ShapedText.Segment] = []
            var start = 0
            // The end of the content since `start`: spaces after it hang.
            var contentEnd = 0
            var previous = Class.other
            for index in 0..<text.count {
                let unit = Int(text[index])
                guard unit < 0x180 else { return nil }
                let current = classes[unit]
                if index > 0 {
                    let breaks =
                        switch current {
                        case .space, .exclamation: false
                        // ICU's LB25 reads ".5" as a number, which may start after spaces.
                        case .infix:
                            previous == .space && index + 1 < text.count && text[index + 1] &- 0x30 < 10
                        default: previous == .space || (previous == .exclamation && current != .quote)
                        }
                    if breaks {
                        if segments.isEmpty { segments.reserveCapacity(text.count / 4 + 1) }
                        segments.append(Self.segment(start, contentEnd, index))
                        start = index
                        contentEnd = index
                    }
                }
                switch current {
                case .other: return nil
                case .space: break
                default: contentEnd = index + 1
                }
                previous = current
            }
            segments.append(Self.segment(start, contentEnd, text.count))
            return segments
        }
    }

    @inline(__always)
    private static func segment(_ start: Int, _ contentEnd: Int, _ end: Int) -> ShapedText.Segment {
        ShapedText.Segment(
            start: Int32(start), contentEnd: Int32(contentEnd), end: Int32(end), isHardBreak: false,
            endsWithSoftHyphen: false)
    }
}
