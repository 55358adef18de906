import HowdyText

/// Writes a JSON-lines answer (`JSONWriter.layout(_:id:)`'s bytes) through a pointer into
/// room made once, instead of appending piece by piece to the writer's array: each
/// append checked the array's uniqueness and capacity and went through an unspecialised
/// call into HowdyJSON, which together cost a Latin request about a seventh of its time.
///
/// It writes only what it can write exactly as `JSONTextWriter` does: numbers that are
/// whole (below 10^15) or whole 1/64 px (every width a layout reports, and a height made
/// of a whole or 1/64-px line height), an `id` that is `null`, a literal, a number (its
/// source text) or a string, and line ranges on scalar boundaries. For anything else
/// (`write` returns false) the caller writes the answer the general way; nothing is left
/// behind in the buffer.
package struct AnswerBytes {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Bytes written so far.
    private(set) var count = 0

    private init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Appends the answer for `layout` (made with `omitsLineTexts`; its line texts are
    /// cut from `layout.text`) to `bytes`; false, with `bytes` unchanged, when the
    /// answer holds something only the general writer writes.
    package static func write(_ layout: TextLayout, id: JSONLValue?, to bytes: inout [UInt8]) -> Bool {
        var text = layout.text
        return text.withUTF8 { utf8 in
            // The most the answer can take: every text byte escaped as `\u00XX` (6
            // bytes), 32 per number (the longest is 19: sign, 11 digits, point, 6
            // digits), 48 per line for its keys and punctuation, 160 for the rest.
            var bound = 6 * utf8.count + (layout.lines.count * (48 + 32)) + 160 + 2 * 32 + 2 * 20
            switch id {
            case .none, .null?, .bool?: bound += 8
            case .number(_, let source)?: bound += source.utf8.count
            case .string(let string)?: bound += 6 * string.utf8.count + 2
            default: return false
            }
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: bound))
            let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int? in
                var out = AnswerBytes(base: buffer.baseAddress! + start, capacity: bound)
                return out.answer(layout, id: id, utf8: utf8) ? out.count : nil
            }
            bytes.removeLast(bound - (written ?? 0))
            return written != nil
        }
    }

    /// What `write` writes for the number `value` and for the string `utf8` (for tests
    /// comparing them with `JSONTextWriter`); nil for a number only the general writer writes.
    package static func text(number value: Double?, string utf8: [UInt8] = []) -> String? {
        var room = [UInt8](repeating: 0, count: 6 * utf8.count + 64)
        return room.withUnsafeMutableBufferPointer { buffer -> String? in
            var out = AnswerBytes(base: buffer.baseAddress!, capacity: buffer.count)
            if let value {
                guard out.number(value) else { return nil }
            } else {
                utf8.withUnsafeBufferPointer { out.string($0) }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<out.count]), as: UTF8.self)
        }
    }

    private mutating func answer(_ layout: TextLayout, id: JSONLValue?, utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        literal("{")
        if let id {
            literal("\"id\":")
            switch id {
            case .null: literal("null")
            case .bool(let flag): flag ? literal("true") : literal("false")
            case .number(_, var source): source.withUTF8 { copy($0) }
            case .string(var string): string.withUTF8 { self.string($0) }
            default: return false
            }
            literal(",")
        }
        literal("\"lines\":[")
        var cursor = UTF8OffsetCursor(utf8: utf8)
        // Through a pointer: each line's three fields are read in place, without
        // copying the line (which retains and releases its text and runs).
        let linesWritten = layout.lines.withUnsafeBufferPointer { lines -> Bool in
            for index in lines.indices {
                if index > 0 { literal(",") }
                literal("{\"text\":")
                let range = lines[index].range
                let lower = cursor.position(ofUTF16: range.lowerBound, in: utf8)
                let upper = cursor.position(ofUTF16: range.upperBound, in: utf8)
                guard lower.isExact, upper.isExact else { return false }
                string(UnsafeBufferPointer(rebasing: utf8[lower.offset..<upper.offset]))
                literal(",\"width\":")
                guard number(lines[index].width) else { return false }
                if lines[index].endsWithHyphen { literal(",\"hyphen\":true") }
                literal("}")
            }
            return true
        }
        guard linesWritten else { return false }
        literal("],\"width\":")
        guard number(layout.width) else { return false }
        literal(",\"height\":")
        guard number(layout.height) else { return false }
        literal(",\"lineCount\":")
        integer(Int64(layout.lineCount))
        literal(",\"greedyLineCount\":")
        integer(Int64(layout.greedyLineCount))
        literal("}")
        assert(count <= capacity)
        return true
    }

    @inline(__always)
    private mutating func byte(_ value: UInt8) {
        base[count] = value
        count += 1
    }

    @inline(__always)
    private mutating func literal(_ text: StaticString) {
        (base + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
    }

    @inline(__always)
    private mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// `bytes` (valid UTF-8) as a JSON string literal, escaped as `JSONTextWriter.string`
    /// escapes: quote, backslash and control characters only.
    private mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) {
        byte(0x22)
        var start = 0
        // Eight bytes at a time up to the first that may need escaping (most texts
        // have none), then byte by byte from there.
        var first = 0
        if let address = bytes.baseAddress {
            let raw = UnsafeRawPointer(address)
            while first + 8 <= bytes.count,
                !Self.mayNeedEscape(raw.loadUnaligned(fromByteOffset: first, as: UInt64.self))
            {
                first += 8
            }
        }
        for index in first..<bytes.count {
            let value = bytes[index]
            guard value < 0x20 || value == 0x22 || value == 0x5C else { continue }
            copy(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            start = index + 1
            switch value {
            case 0x22: literal("\\\"")
            case 0x5C: literal("\\\\")
            case 0x0A: literal("\\n")
            case 0x0D: literal("\\r")
            case 0x09: literal("\\t")
            case 0x08: literal("\\b")
            case 0x0C: literal("\\f")
            default:
                let digits: StaticString = "0123456789abcdef"
                literal("\\u00")
                byte(digits.utf8Start[Int(value >> 4)])
                byte(digits.utf8Start[Int(value & 0xF)])
            }
        }
        copy(UnsafeBufferPointer(rebasing: bytes[start...]))
        byte(0x22)
    }

    /// True when one of the eight bytes of `word` is below 0x20, a quote or a
    /// backslash: the classic zero-byte test (`(x - 0x01…) & ~x & 0x80…` is non-zero
    /// exactly when a byte of x is zero, and `(x - n…) & ~x & 0x80…` when one is below
    /// n ≤ 0x80) on `word`, and on `word` xor each byte looked for.
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs != 0
    }

    /// `value` as `JSONTextWriter.number` writes it, when it is whole (below 10^15) or
    /// a whole number of 1/64 (then its exact decimal, at most 6 fraction digits, is its
    /// shortest round-tripping form); false for any other number, NaN and infinity
    /// included (written the general way).
    private mutating func number(_ value: Double) -> Bool {
        // Every width a layout reports is a whole number of 1/64 px: ×64 is exact, and
        // the 64ths below 2^40 are the cases below without rounding a Double twice.
        if let sixtyFourths = Int64(exactly: value * 64), sixtyFourths.magnitude < 0x100_0000_0000 {
            if sixtyFourths % 64 == 0 {
                integer(sixtyFourths / 64)
            } else {
                fraction(sixtyFourths)
            }
            return true
        }
        guard value.isFinite else { return false }
        if value == value.rounded(), abs(value) < 1e15 {
            integer(Int64(value))
            return true
        }
        let scaled = abs(value) * 64
        guard scaled >= 1, scaled < 0x100_0000_0000, scaled == scaled.rounded(), abs(value) >= 1e-4 else {
            return false
        }
        fraction(value < 0 ? -Int64(scaled) : Int64(scaled))
        return true
    }

    /// `sixtyFourths` / 64 (not whole) as its exact decimal: at most 6 fraction digits.
    private mutating func fraction(_ sixtyFourths: Int64) {
        if sixtyFourths < 0 { byte(0x2D) }
        let magnitude = Int64(sixtyFourths.magnitude)
        integer(magnitude / 64)
        byte(0x2E)
        // The digits of k/64 after the point, from a table: up to 6 bytes, the length in
        // the top byte, stored as one 8-byte word (the room has 32 bytes per number).
        let packed = Self.fractionDigits[Int(magnitude % 64)]
        UnsafeMutableRawPointer(base + count).storeBytes(of: packed.littleEndian, as: UInt64.self)
        count += Int(packed >> 56)
    }

    /// For k in 0..<64, the decimal digits of k/64 after the point with no trailing zero
    /// (k × 15625 millionths: "015625" for 1, "5" for 32), as ASCII in the low bytes of
    /// a word, first digit lowest, and their count in the top byte; 0 for k = 0 (never used).
    static let fractionDigits: [UInt64] = (0..<64).map { k -> UInt64 in
        guard k > 0 else { return 0 }
        var digits = Array(String(k * 15_625).utf8)
        digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: 6 - digits.count), at: 0)
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        var word = UInt64(digits.count) << 56
        for (index, digit) in digits.enumerated() { word |= UInt64(digit) << (8 * index) }
        return word
    }

    /// A whole number in decimal, `-` first when negative.
    private mutating func integer(_ value: Int64) {
        if value < 0 { byte(0x2D) }
        var magnitude = value.magnitude
        var length = 1
        var rest = magnitude / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        var position = count + length
        count = position
        repeat {
            position -= 1
            base[position] = UInt8(0x30 + magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }
}
