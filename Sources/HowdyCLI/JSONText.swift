import Foundation

/// Minimal JSON writing for the CLI's hot paths (one object per JSONL line): faster
/// than JSONSerialization and with a stable key order for diffable output.
enum JSONText {
    /// `value` as a JSON string literal, with control characters escaped.
    static func string(_ value: String) -> String {
        // Most texts need no escaping: copy them whole.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + value + "\"" }
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }

    /// A finite number in its shortest round-tripping form; `null` for NaN or infinity.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// An `id` echoed back as given: strings stay strings, numbers stay numbers.
    static func value(_ any: Any?) -> String {
        // JSONSerialization gives booleans as NSNumbers that also cast to Double;
        // their Objective-C type code ("c", a char) tells them apart.
        if let number = any as? NSNumber, String(cString: number.objCType) == "c" {
            return number.boolValue ? "true" : "false"
        }
        switch any {
        case nil: return "null"
        case let text as String: return string(text)
        case let number as Double: return self.number(number)
        case let number as Int: return String(number)
        case let flag as Bool: return flag ? "true" : "false"
        default: return "null"
        }
    }
}
