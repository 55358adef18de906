import HowdyText

/// Compact JSON written into one growing UTF-8 buffer, with a stable key order so
/// answers diff cleanly. No Foundation: this is on the JSON-lines hot path.
public struct JSONWriter {
    /// The JSON written so far, as UTF-8.
    package var bytes: [UInt8] = []

    /// The JSON written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// An empty writer.
    public init() {}

    /// Appends raw, already valid JSON.
    public mutating func raw(_ json: String) { append(json) }

    @inline(__always)
    private mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    private mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` as a JSON string literal (control characters, quote and
    /// backslash escaped; everything else as UTF-8).
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            bytes.append(0x22)
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case 0x22: append("\\\"" as StaticString)
                case 0x5C: append("\\\\" as StaticString)
                case 0x0A: append("\\n" as StaticString)
                case 0x0D: append("\\r" as StaticString)
                case 0x09: append("\\t" as StaticString)
                default:
                    let digits: StaticString = "0123456789abcdef"
                    append("\\u00" as StaticString)
                    bytes.append(digits.utf8Start[Int(byte >> 4)])
                    bytes.append(digits.utf8Start[Int(byte & 0xF)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
            bytes.append(0x22)
        }
    }

    /// Appends a number in its shortest round-tripping form (integers without a
    /// fraction); `null` for NaN or infinity, which JSON cannot carry.
    public mutating func number(_ value: Double) {
        guard value.isFinite else {
            append("null" as StaticString)
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
            append(value.description)
        }
    }

    /// |value| × 64 when it is a whole number below 2^40 (and not a whole `value`):
    /// then `value.description` is its exact decimal, at most 6 fraction digits.
    private static func sixtyFourths(_ value: Double) -> Int64? {
        let scaled = abs(value) * 64
        guard scaled >= 1, scaled < 0x100_0000_0000, scaled == scaled.rounded(), abs(value) >= 1e-4 else { return nil }
        return Int64(scaled)
    }

    private mutating func integer(_ value: Int64) {
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

    /// Appends any `JSONLValue` (numbers as their source text).
    public mutating func value(_ value: JSONLValue) {
        switch value {
        case .null: append("null" as StaticString)
        case .bool(let flag): flag ? append("true" as StaticString) : append("false" as StaticString)
        case .number(_, let source): append(source)
        case .string(let string): self.string(string)
        case .array(let elements):
            append("[" as StaticString)
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(0x2C) }
                self.value(element)
            }
            append("]" as StaticString)
        case .object(let members):
            append("{" as StaticString)
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(0x2C) }
                string(member.0)
                append(":" as StaticString)
                self.value(member.1)
            }
            append("}" as StaticString)
        }
    }

    /// Appends `layout` as `{"id":…,"lines":[{"text","width"}],"width","height",
    /// "lineCount","greedyLineCount"}` (`id` only when given). Widths and height in px. A
    /// line that ends in a drawn hyphen (soft or `hyphens: auto`) also has `"hyphen":true`.
    public mutating func layout(_ layout: TextLayout, id: JSONLValue? = nil) {
        append("{" as StaticString)
        if let id {
            append("\"id\":" as StaticString)
            value(id)
            append("," as StaticString)
        }
        append("\"lines\":[" as StaticString)
        for (index, line) in layout.lines.enumerated() {
            if index > 0 { bytes.append(0x2C) }
            append("{\"text\":" as StaticString)
            string(line.text)
            append(",\"width\":" as StaticString)
            number(line.width)
            // Only hyphenated lines carry the field, so other answers keep their bytes.
            if line.endsWithHyphen { append(",\"hyphen\":true" as StaticString) }
            append("}" as StaticString)
        }
        append("],\"width\":" as StaticString)
        number(layout.width)
        append(",\"height\":" as StaticString)
        number(layout.height)
        append(",\"lineCount\":" as StaticString)
        integer(Int64(layout.lineCount))
        append(",\"greedyLineCount\":" as StaticString)
        integer(Int64(layout.greedyLineCount))
        append("}" as StaticString)
    }
}

extension TextLayout {
    /// The layout as one compact JSON object (see `JSONWriter.layout(_:id:)`).
    public var jsonText: String {
        var writer = JSONWriter()
        writer.layout(self)
        return writer.text
    }
}
