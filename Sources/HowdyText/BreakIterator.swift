import CHowdyICU

/// An owned ICU break iterator (closed in deinit). Opening one loads ICU's rules,
/// which costs far more than iterating a title, so iterators are pooled per kind and
/// locale and re-pointed at new text.
final class BreakIterator: @unchecked Sendable {
    enum Kind: Hashable {
        case line
        case character
        /// UAX #29 words, for automatic hyphenation.
        case word
    }

    private let handle: OpaquePointer  // howdy_break_iterator *
    let kind: Kind

    struct Key: Hashable {
        let kind: Kind
        let locale: String
    }

    /// Bounds on each thread stripe's pool in a `TextSystem`, since locales come from
    /// untrusted input (a JSONL stream may name a new one per line): kinds × locales kept,
    /// and idle iterators per kind and locale (a thread uses one of a kind at a time;
    /// threads sharing a stripe may need a few). An iterator past a bound is closed.
    static let maximumPooledKeys = 64
    static let maximumIdlePerKey = 4

    private init(kind: Kind, locale: String) throws {
        var status: howdy_icu_status = 0
        let type =
            switch kind {
            case .line: Int32(HOWDY_BREAK_LINE)
            case .character: Int32(HOWDY_BREAK_CHARACTER)
            case .word: Int32(HOWDY_BREAK_WORD)
            }
        guard let handle = howdy_break_open(type, locale, &status) else { throw ICU.error(status) }
        self.handle = handle
        self.kind = kind
    }

    deinit { howdy_break_close(handle) }

    /// Runs `body` with an iterator of `kind` for `locale` ("" is ICU's root rules;
    /// "ja" and "zh" select the CJK line-break tailorings; Thai uses ICU's dictionary),
    /// from the calling thread's pool in `system`.
    static func with<R>(
        _ kind: Kind, locale: String, system: TextSystem, _ body: (BreakIterator) throws -> R
    ) throws -> R {
        let key = Key(kind: kind, locale: locale)
        let stripe = ThreadStripe.current
        let pools = system.breakIterators
        let pooled = pools.withStripe(stripe) { $0[key]?.popLast() }
        let iterator = try pooled ?? BreakIterator(kind: kind, locale: locale)
        defer {
            pools.withStripe(stripe) { pool in
                // One look-up of the key (a locale string, hashed whole) when it is pooled,
                // as it is from the second text in a locale on: the checks and the append
                // each looked it up again (four hashes per text).
                if let index = pool.index(forKey: key) {
                    if pool.values[index].count < maximumIdlePerKey { pool.values[index].append(iterator) }
                    return
                }
                if pool.count >= maximumPooledKeys, let oldest = pool.keys.first {
                    // Which key goes does not matter for correctness; the pool stays bounded.
                    pool[oldest] = nil
                }
                pool[key] = [iterator]
            }
            // A new iterator joined the pool: the budget may need a trim.
            if pooled == nil { system.trim() }
        }
        return try body(iterator)
    }

    /// The most kinds × locales any stripe of `system`'s pools holds (for tests of its bound).
    static func pooledKeyCount(in system: TextSystem) -> Int {
        var most = 0
        system.breakIterators.forEach { most = max(most, $0.count) }
        return most
    }

    /// Calls `visit(offset, isHard)` for every boundary after the start of `text`, in
    /// order (UTF-16 offsets; the last one is `text.count`). `isHard` is true for
    /// mandatory line breaks (after a newline); always false for character boundaries.
    func forEachBoundary(in text: UnsafeBufferPointer<UInt16>, _ visit: (Int, Bool) -> Void) throws {
        let status = howdy_break_set_text(handle, text.baseAddress, Int32(text.count))
        guard status <= 0 else { throw ICU.error(status) }
        var hard: Int32 = 0
        while true {
            let offset = howdy_break_next(handle, &hard)
            if offset < 0 { break }
            visit(Int(offset), kind == .line && hard != 0)
        }
        // Do not keep a pointer to text that the caller is about to free.
        _ = howdy_break_set_text(handle, nil, 0)
    }

    /// For a word iterator: calls `visit(range)` with the UTF-16 range of every word ICU
    /// classes as letters (UBRK_WORD_LETTER: not numbers, spaces, punctuation, kana or
    /// ideographs), in order.
    func forEachLetterWord(in text: UnsafeBufferPointer<UInt16>, _ visit: (Range<Int>) -> Void) throws {
        let status = howdy_break_set_text(handle, text.baseAddress, Int32(text.count))
        guard status <= 0 else { throw ICU.error(status) }
        var start = 0
        var hard: Int32 = 0
        while true {
            let offset = Int(howdy_break_next(handle, &hard))
            if offset < 0 { break }
            if howdy_break_is_letter_word(handle) != 0 { visit(start..<offset) }
            start = offset
        }
        _ = howdy_break_set_text(handle, nil, 0)
    }
}

enum ICU {
    static func error(_ status: howdy_icu_status) -> TextError {
        TextError.unicode(String(cString: howdy_icu_status_name(status)))
    }
}
