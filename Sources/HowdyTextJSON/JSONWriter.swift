import HowdyJSON
import HowdyText

/// Compact JSON written into one growing UTF-8 buffer, with a stable key order so
/// answers diff cleanly. No Foundation: this is on the JSON-lines hot path.
public struct JSONWriter {
    /// HowdyJSON's one writer, which this adds JSON-lines values and layouts to.
    fileprivate var output = JSONTextWriter()

    /// The JSON written so far, as UTF-8 (modified in place: no copy per append).
    package var bytes: [UInt8] {
        get { output.bytes }
        _modify { yield &output.bytes }
    }

    /// The JSON written so far.
    public var text: String { output.text }

    /// An empty writer.
    public init() {}

    /// Appends raw, already valid JSON.
    public mutating func raw(_ json: String) { output.raw(json) }

    @inline(__always)
    private mutating func append(_ string: String) { output.raw(string) }

    @inline(__always)
    private mutating func append(_ literal: StaticString) { output.raw(literal) }

    /// Appends `value` as a JSON string literal (quote, backslash and control characters
    /// escaped; everything else as UTF-8).
    public mutating func string(_ value: String) { output.string(value) }

    /// Appends a number in its shortest round-tripping form (integers without a
    /// fraction); `null` for NaN or infinity, which JSON cannot carry.
    public mutating func number(_ value: Double) { output.number(value) }

    private mutating func integer(_ value: Int64) { output.integer(value) }

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
                if index > 0 { append("," as StaticString) }
                self.value(element)
            }
            append("]" as StaticString)
        case .object(let members):
            append("{" as StaticString)
            for (index, member) in members.enumerated() {
                if index > 0 { append("," as StaticString) }
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
        write(layout, id: id) { writer, line in writer.string(line.text) }
    }

    /// Appends `layout` as `layout(_:id:)` does, for a layout made with `omitsLineTexts`:
    /// each line's text is cut from `layout.text` by its UTF-16 range, in one pass over
    /// the text's UTF-8, instead of from a string made per line. The bytes are the same.
    package mutating func layoutCuttingLineTexts(_ layout: TextLayout, id: JSONLValue?) {
        // Written through a pointer when it can be (nearly always), else piece by piece.
        if AnswerBytes.write(layout, id: id, to: &output.bytes) { return }
        layoutCuttingLineTextsPiecewise(layout, id: id)
    }

    /// `layoutCuttingLineTexts(_:id:)` written piece by piece, whatever the layout and
    /// id hold: what `AnswerBytes` must equal (and writes instead, when it can).
    package mutating func layoutCuttingLineTextsPiecewise(_ layout: TextLayout, id: JSONLValue?) {
        var text = layout.text
        text.withUTF8 { utf8 in
            var cursor = UTF8OffsetCursor(utf8: utf8)
            write(layout, id: id) { writer, line in
                let lower = cursor.position(ofUTF16: line.range.lowerBound, in: utf8)
                let upper = cursor.position(ofUTF16: line.range.upperBound, in: utf8)
                if lower.isExact, upper.isExact {
                    writer.output.string(utf8: UnsafeBufferPointer(rebasing: utf8[lower.offset..<upper.offset]))
                } else {
                    // A range that cuts a surrogate pair (breaks never do): decoded as
                    // the layout decodes it, an unpaired surrogate as U+FFFD.
                    let units = Array(layout.text.utf16)[line.range]
                    writer.string(String(decoding: units, as: UTF16.self))
                }
            }
        }
    }

    private mutating func write(
        _ layout: TextLayout, id: JSONLValue?, lineText: (inout JSONWriter, TextLine) -> Void
    ) {
        append("{" as StaticString)
        if let id {
            append("\"id\":" as StaticString)
            value(id)
            append("," as StaticString)
        }
        append("\"lines\":[" as StaticString)
        for (index, line) in layout.lines.enumerated() {
            if index > 0 { append("," as StaticString) }
            append("{\"text\":" as StaticString)
            lineText(&self, line)
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
