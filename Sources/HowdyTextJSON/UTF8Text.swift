/// UTF-8 bytes from outside (a JSON string's content, a C caller's text) as a `String`,
/// checked, without `String(validating:as:)`: that initializer runs unspecialised here and
/// looked up two generic types' metadata at run time per call (a sixth of reading a
/// JSON-lines request; about 1k instructions of a C ABI call).
package enum UTF8Text {
    /// `bytes` as a string when they are well-formed UTF-8 (what `String(validating:as:)`
    /// accepts), nil otherwise. `isASCII`: the caller found every byte below 0x80, so
    /// nothing is compared. Otherwise decoding replaces each ill-formed part with U+FFFD's
    /// bytes, which differ from the part (a well-formed U+FFFD is never replaced), so the
    /// bytes come out unchanged exactly when they are well-formed.
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool = false) -> String? {
        let value = String(decoding: bytes, as: UTF8.self)
        guard !isASCII else { return value }
        let unchanged = value.utf8.withContiguousStorageIfAvailable { sameBytes($0, bytes) }
        guard unchanged ?? isWellFormed(bytes) else { return nil }
        return value
    }

    /// True when `a` and `b` hold the same bytes; compared eight at a time.
    private static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        let (x, y) = (UnsafeRawPointer(left), UnsafeRawPointer(right))
        var offset = 0
        while offset + 8 <= a.count {
            guard
                x.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == y.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < a.count {
            guard a[offset] == b[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// True when `bytes` is well-formed UTF-8 (Unicode's table 3-7, RFC 3629): no
    /// overlong form, no surrogate, nothing past U+10FFFF, no sequence cut short; what
    /// `String(validating:as:)` accepts.
    package static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The allowed range of the second byte, and the sequence's length.
            let (low, high, length): (UInt8, UInt8, Int)
            switch lead {
            case 0xC2...0xDF: (low, high, length) = (0x80, 0xBF, 2)
            case 0xE0: (low, high, length) = (0xA0, 0xBF, 3)
            case 0xE1...0xEC, 0xEE...0xEF: (low, high, length) = (0x80, 0xBF, 3)
            case 0xED: (low, high, length) = (0x80, 0x9F, 3)
            case 0xF0: (low, high, length) = (0x90, 0xBF, 4)
            case 0xF1...0xF3: (low, high, length) = (0x80, 0xBF, 4)
            case 0xF4: (low, high, length) = (0x80, 0x8F, 4)
            default: return false
            }
            guard count - index >= length, (low...high).contains(bytes[index + 1]) else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
