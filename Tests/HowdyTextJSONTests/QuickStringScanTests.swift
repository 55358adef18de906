import HowdyText
import HowdyTextJSON
import Testing

/// The quick reader scans a string eight bytes at a time until one may be a quote, a
/// backslash or a control character. Each of those, and each non-ASCII or ill-formed byte,
/// is put at every offset of the first three words of a text: the quick reader must give
/// way (escapes, control characters, ill-formed UTF-8) or read the text exactly as the
/// general reader does. A scan that missed a byte in some lane would read an escape as
/// text, accept a raw control character, or let ill-formed UTF-8 through.
@Suite("JSON-lines quick reader: strings scanned eight bytes at a time")
struct QuickStringScanTests {
    let defaults = BalanceDefaults(font: "Inter-Bold", size: 28, width: 330)

    /// `{"text":"` + a's + `middle` + b's + `"}` as bytes, `offset` a's before `middle`.
    static func line(_ middle: [UInt8], at offset: Int, tail: Int = 9) -> [UInt8] {
        Array(#"{"text":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: offset) + middle
            + Array(repeating: UInt8(ascii: "b"), count: tail) + Array(#""}"#.utf8)
    }

    func quick(_ bytes: [UInt8]) -> BalanceRequest? {
        bytes.withUnsafeBufferPointer { QuickRequestReader.read($0, defaults: defaults)?.request }
    }

    func general(_ bytes: [UInt8]) -> BalanceRequest? {
        guard let line = String(validating: bytes, as: UTF8.self), let value = try? JSONReader.parse(line) else {
            return nil
        }
        return try? BalanceRequest(value, defaults: defaults)
    }

    @Test("escapes, control characters and ill-formed bytes in any lane make the quick reader give way")
    func givesWay() {
        let middles: [[UInt8]] = [
            Array(#"\n"#.utf8), Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\u0041"#.utf8), [0x09], [0x00], [0x1F],
            [0x0A], [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0x80],
        ]
        for middle in middles {
            for offset in 0..<24 {
                for tail in [0, 3, 9] {
                    #expect(quick(Self.line(middle, at: offset, tail: tail)) == nil, "\(middle) at \(offset)")
                }
            }
        }
    }

    @Test("plain and non-ASCII text in any lane reads as the general reader reads it")
    func readsAsGeneral() throws {
        let middles: [[UInt8]] = [
            [], Array("é".utf8), Array("مرحبا".utf8), Array("日本".utf8), Array("😀".utf8), [0x20], [0x7F],
            Array(" ~}{[]".utf8), Array("\u{FFFD}".utf8),
        ]
        for middle in middles {
            for offset in 0..<24 {
                for tail in [0, 3, 9] {
                    let bytes = Self.line(middle, at: offset, tail: tail)
                    let expected = try #require(general(bytes), "\(middle) at \(offset)")
                    let read = try #require(quick(bytes), "the quick reader gave way: \(middle) at \(offset)")
                    #expect(read.text == expected.text, "\(middle) at \(offset)")
                }
            }
        }
    }
}
