/// Turns UTF-16 offsets of one text (what HowdyText's ranges count) into UTF-8 byte
/// offsets (what the text's storage, a JSON answer and a C caller's buffer count).
///
/// It walks the text's UTF-8 forward from the offset asked for last, so a layout's line
/// bounds, which come in order, cost one pass over the text in all; an offset before the
/// last one walks again from the start. An ASCII text (as many UTF-16 units as UTF-8
/// bytes) needs no walk: each offset is its own byte offset.
///
/// The one place this conversion is written: the layout builder cuts line texts with it,
/// the JSON-lines writer cuts answer texts with it, and the C ABI reports line ranges
/// with it.
package struct UTF8OffsetCursor {
    /// A UTF-8 offset, and whether the UTF-16 offset asked for is a scalar boundary.
    package struct Position: Equatable {
        /// The byte offset where the scalar holding the UTF-16 offset starts (0 for a
        /// negative offset, the text's byte count for one at or past the end).
        package var offset: Int
        /// False when the UTF-16 offset falls inside a surrogate pair, is negative, or is
        /// past the end; line bounds never do.
        package var isExact: Bool
    }

    private let isASCII: Bool
    private var utf16 = 0
    private var utf8 = 0

    /// A cursor at the start of a text. Pass `isASCII: true` only when every byte of the
    /// text is below 0x80 (for a `String`, when `utf8.count == utf16.count`).
    package init(isASCII: Bool) {
        self.isASCII = isASCII
    }

    /// A cursor at the start of `text`, ASCII when every UTF-8 byte is.
    package init(_ text: String) {
        var text = text
        self = text.withUTF8 { UTF8OffsetCursor(utf8: $0) }
    }

    /// A cursor at the start of the text whose UTF-8 is `bytes`, ASCII when every byte
    /// is below 0x80. A byte scan: a non-ASCII `String`'s `utf16.count` walks the text
    /// and allocates breadcrumbs, which cost a right-to-left JSON-lines answer more than
    /// writing it.
    package init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var any: UInt8 = 0
        for byte in bytes { any |= byte }
        self.init(isASCII: any < 0x80)
    }

    /// The position of UTF-16 offset `target` in `bytes`, the UTF-8 of the text this
    /// cursor was made for.
    package mutating func position(ofUTF16 target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Position {
        guard target > 0 else { return Position(offset: 0, isExact: target == 0) }
        if isASCII {
            return target <= bytes.count
                ? Position(offset: target, isExact: true) : Position(offset: bytes.count, isExact: false)
        }
        if target < utf16 { (utf16, utf8) = (0, 0) }
        while utf16 < target, utf8 < bytes.count {
            let lead = bytes[utf8]
            let (length, units) = lead < 0x80 ? (1, 1) : lead < 0xE0 ? (2, 1) : lead < 0xF0 ? (3, 1) : (4, 2)
            // Stop at the start of a scalar that the target falls inside.
            if utf16 + units > target { return Position(offset: utf8, isExact: false) }
            utf16 += units
            utf8 += length
        }
        return Position(offset: utf8, isExact: utf16 == target)
    }
}
