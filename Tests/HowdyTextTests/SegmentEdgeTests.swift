import CHowdyICU
import Testing

@testable import HowdyText

/// `ShapedText.segments` no longer asks ICU whether a segment's last unit is white space
/// when `ShapedText.neverHangs` says it cannot be: that must hold for every such unit,
/// or a space ending a segment would stop hanging and widths would change.
@Suite struct SegmentEdgeTests {
    @Test("no unit neverHangs accepts is white space for ICU or a line break")
    func neverHangsIsNeverSpace() {
        var accepted = 0
        for unit in UInt16(0)...0xFFFF where ShapedText.neverHangs(unit) {
            accepted += 1
            #expect(howdy_is_breaking_space(UInt32(unit)) == 0, "U+\(String(unit, radix: 16)) is white space")
            #expect(unit != 0x0A && unit != 0x0D && unit != 0x20)
        }
        // ASCII printables and U+0100–U+167F: the fast reject covers what it says.
        #expect(accepted == (0x85 - 0x21) + (0x1680 - 0x0100))
        // White space just outside the ranges stays with ICU.
        for unit: UInt16 in [0x09, 0x0A, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x3000] {
            #expect(!ShapedText.neverHangs(unit), "U+\(String(unit, radix: 16))")
        }
    }

    @Test("Thai, emoji and Hebrew segments end where ICU's spaces say, with hanging spaces")
    func segmentsOfICUText() throws {
        let texts = [
            "ยินดีต้อนรับ สู่บ้านใหม่\u{3000}สำหรับ\u{2003}การวางแผน ", "Welcome 🎉 to\u{00A0}your 👍🏽 new\u{1680}home ❤️ ",
            "ברוכים הבאים\u{2028}לבית החדש\tשלך.  ", "Ελληνικά κείμενα, кириллица\u{205F}текст\u{0085}end",
        ]
        for text in texts {
            let units = Array(text.utf16)
            let segments = try units.withUnsafeBufferPointer {
                try ShapedText.segments(of: $0, options: TextOptions(), system: .shared)
            }
            for segment in segments {
                // Content ends at a unit ICU does not call white space; what follows it
                // up to the segment's end is white space or a line break.
                if segment.contentEnd > segment.start {
                    let last = units[Int(segment.contentEnd) - 1]
                    let hangs = howdy_is_breaking_space(UInt32(last)) != 0 || last == 0x0A || last == 0x0D
                    #expect(!hangs || last & 0xFC00 == 0xDC00 || last > 0x3000, "\(text): U+\(String(last, radix: 16))")
                }
                for index in Int(segment.contentEnd)..<Int(segment.end) {
                    let unit = units[index]
                    #expect(
                        howdy_is_breaking_space(UInt32(unit)) != 0 || unit == 0x0A || unit == 0x0D || unit == 0x00AD,
                        "\(text): U+\(String(unit, radix: 16)) hangs")
                }
            }
        }
    }
}
