/// The one JSON writer: UTF-8 into one growing buffer, no Foundation (the JSON-lines
/// answers are on a hot path), numbers in their shortest round-tripping form.
///
/// Strings escape only what JSON requires (quote, backslash, control characters; `\b`,
/// `\f`, `\n`, `\r`, `\t` in their short forms), so text stays readable; `/` is not escaped.
/// Pretty output indents by two spaces and writes `"key" : value`, empty containers as
/// `{\n\n}`, byte for byte as Foundation's `JSONEncoder` does, so files written before
/// (stores, manifests) are rewritten unchanged.
package struct JSONTextWriter {
    /// The JSON written so far, as UTF-8.
    package var bytes: [UInt8] = []

    package init() {}

    /// The JSON written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends raw, already valid JSON.
    package mutating func raw(_ json: String) {
        var json = json
        json.withUTF8 { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    package mutating func raw(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` as a JSON string literal.
    package mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { string(utf8: $0) }
    }

    /// Appends UTF-8 `utf8` (valid: a string's bytes, or a slice of them on scalar
    /// boundaries) as a JSON string literal, escaped as ``string(_:)`` escapes.
    package mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(0x22)
        var start = 0
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            start = index + 1
            switch byte {
            case 0x22: raw("\\\"" as StaticString)
            case 0x5C: raw("\\\\" as StaticString)
            case 0x0A: raw("\\n" as StaticString)
            case 0x0D: raw("\\r" as StaticString)
            case 0x09: raw("\\t" as StaticString)
            case 0x08: raw("\\b" as StaticString)
            case 0x0C: raw("\\f" as StaticString)
            default:
                let digits: StaticString = "0123456789abcdef"
                raw("\\u00" as StaticString)
                bytes.append(digits.utf8Start[Int(byte >> 4)])
                bytes.append(digits.utf8Start[Int(byte & 0xF)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        bytes.append(0x22)
    }

    /// Appends a number in its shortest round-tripping form (integers without a
    /// fraction, `1e+20` past 10^15); `null` for NaN or infinity, which JSON cannot carry.
    package mutating func number(_ value: Double) {
        guard value.isFinite else {
            raw("null" as StaticString)
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            integer(Int64(value))
        } else if let sixtyFourths = Self.sixtyFourths(value) {
            // Layout widths are whole 1/64 px: their exact decimal, which is also their
            // shortest round-tripping form, is written without formatting a Double.
            if value < 0 { bytes.append(0x2D) }
            integer(sixtyFourths / 64)
            bytes.append(0x2E)
            var fraction = (sixtyFourths % 64) * 15_625  // millionths, 6 digits
            var digits = 6
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            var divisor: Int64 = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(0x30 + fraction / divisor % 10))
                divisor /= 10
            }
        } else {
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            raw(text)
        }
    }

    /// The text ``number(_:)`` writes for `value`.
    package static func numberText(_ value: Double) -> String {
        var writer = JSONTextWriter()
        writer.number(value)
        return writer.text
    }

    /// |value| × 64 when it is a whole number below 2^40 (and not a whole `value`):
    /// then `value.description` is its exact decimal, at most 6 fraction digits.
    private static func sixtyFourths(_ value: Double) -> Int64? {
        let scaled = abs(value) * 64
        guard scaled >= 1, scaled < 0x100_0000_0000, scaled == scaled.rounded(), abs(value) >= 1e-4 else { return nil }
        return Int64(scaled)
    }

    /// Appends a whole number.
    package mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch: 20 digits fit
        withUnsafeMutableBytes(of: &digits) { scratch in
            var position = scratch.count
            repeat {
                position -= 1
                scratch[position] = UInt8(0x30 + magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: scratch[position...])
        }
    }

    /// Appends `value`: members in their order, numbers as their text; `pretty` as
    /// described on the type.
    package mutating func value(_ value: JSON, pretty: Bool = false) {
        write(value, pretty: pretty, depth: 0)
    }

    private mutating func newline(_ depth: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: depth * 2))
    }

    private mutating func write(_ value: JSON, pretty: Bool, depth: Int) {
        switch value.value {
        case .null: raw("null" as StaticString)
        case .bool(let flag): flag ? raw("true" as StaticString) : raw("false" as StaticString)
        case .number(_, let text): raw(text)
        case .string(let string): self.string(string)
        case .array(let elements):
            bytes.append(0x5B)
            if pretty, elements.isEmpty { bytes.append(0x0A) }
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(0x2C) }
                if pretty { newline(depth + 1) }
                write(element, pretty: pretty, depth: depth + 1)
            }
            if pretty { newline(depth) }
            bytes.append(0x5D)
        case .object(let members):
            bytes.append(0x7B)
            if pretty, members.isEmpty { bytes.append(0x0A) }
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(0x2C) }
                if pretty { newline(depth + 1) }
                string(member.key)
                pretty ? raw(" : " as StaticString) : bytes.append(0x3A)
                write(member.value, pretty: pretty, depth: depth + 1)
            }
            if pretty { newline(depth) }
            bytes.append(0x7D)
        }
    }
}

extension JSON {
    /// A number built in code, its text as ``JSONTextWriter`` writes it (`null` when not
    /// finite).
    package static func number(_ value: Double) -> JSON {
        value.isFinite ? JSON(.number(value, text: JSONTextWriter.numberText(value))) : JSON(.null)
    }

    /// Compact JSON text of the value.
    package var jsonText: String { String(decoding: bytes(pretty: false), as: UTF8.self) }

    /// UTF-8 JSON text of the value; `pretty` as ``JSONTextWriter`` describes.
    package func bytes(pretty: Bool) -> [UInt8] {
        var writer = JSONTextWriter()
        writer.value(self, pretty: pretty)
        return writer.bytes
    }
}
