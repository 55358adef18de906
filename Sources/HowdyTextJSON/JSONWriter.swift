import HowdyText

/// Compact JSON written into one growing string, with a stable key order so answers
/// diff cleanly. No Foundation: this is on the JSON-lines hot path.
public struct JSONWriter {
    /// The JSON written so far.
    public private(set) var text = ""

    /// An empty writer.
    public init() {}

    /// Appends raw, already valid JSON.
    public mutating func raw(_ json: String) { text += json }

    /// Appends `value` as a JSON string literal (control characters, quote and
    /// backslash escaped; everything else as UTF-8).
    public mutating func string(_ value: String) {
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            text += "\""
            text += value
            text += "\""
            return
        }
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// Appends a number in its shortest round-tripping form (integers without a
    /// fraction); `null` for NaN or infinity, which JSON cannot carry.
    public mutating func number(_ value: Double) {
        guard value.isFinite else {
            text += "null"
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            text += String(Int64(value))
        } else {
            text += value.description
        }
    }

    /// Appends any `JSONLValue` (numbers as their source text).
    public mutating func value(_ value: JSONLValue) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(_, let source): text += source
        case .string(let string): self.string(string)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                self.value(element)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                string(member.0)
                text += ":"
                self.value(member.1)
            }
            text += "}"
        }
    }

    /// Appends `layout` as `{"id":…,"lines":[{"text","width"}],"width","height",
    /// "lineCount","greedyLineCount"}` (`id` only when given). Widths and height in px. A
    /// line that ends in a drawn hyphen (soft or `hyphens: auto`) also has `"hyphen":true`.
    public mutating func layout(_ layout: TextLayout, id: JSONLValue? = nil) {
        text += "{"
        if let id {
            text += "\"id\":"
            value(id)
            text += ","
        }
        text += "\"lines\":["
        for (index, line) in layout.lines.enumerated() {
            text += index > 0 ? ",{\"text\":" : "{\"text\":"
            string(line.text)
            text += ",\"width\":"
            number(line.width)
            // Only hyphenated lines carry the field, so other answers keep their bytes.
            if line.endsWithHyphen { text += ",\"hyphen\":true" }
            text += "}"
        }
        text += "],\"width\":"
        number(layout.width)
        text += ",\"height\":"
        number(layout.height)
        text += ",\"lineCount\":"
        text += String(layout.lineCount)
        text += ",\"greedyLineCount\":"
        text += String(layout.greedyLineCount)
        text += "}"
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
