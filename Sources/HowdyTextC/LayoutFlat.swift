import CHowdyTextABI
import HowdyText

/// `howdytext_style_layout_flat`, as howdytext.h documents it: a style layout whose
/// arguments and answer travel in one caller-owned block, its line ranges in the units
/// the caller's strings count.
@_cdecl("howdytext_style_layout_flat")
public func howdytextStyleLayoutFlat(
    _ style: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ io: UnsafeMutablePointer<howdytext_flat>?
) -> Int {
    let refused = -Int(HOWDYTEXT_ERROR_ARGUMENT)
    guard let style, let io else { return refused }
    // A block that is not 8-byte aligned would be read misaligned (undefined in Swift, as in C).
    guard Int(bitPattern: io) % MemoryLayout<howdytext_flat>.alignment == 0 else { return refused }
    // size_t arrives as Int: a length above Int.max is negative here.
    let length = io.pointee.text_length
    guard length >= 0, text != nil || length == 0 else { return refused }
    guard let units = FlatUnits(rawValue: io.pointee.units) else { return refused }
    let bytes = UnsafeRawBufferPointer(start: text.map(UnsafeRawPointer.init), count: length)
    do {
        let layout = try StyleHandle.from(style).layout(try LayoutHandle.string(bytes), width: io.pointee.width)
        io.pointee.widest = layout.width
        io.pointee.height = layout.height
        io.pointee.greedy_line_count = layout.greedyLineCount
        let count = layout.lines.count
        // A capacity above Int.max (negative here) holds any count.
        guard UInt(bitPattern: io.pointee.capacity) >= UInt(count) else { return count }
        // The lines follow the block: it is 56 bytes and they need 8-byte alignment, as it does.
        let target = UnsafeMutableRawPointer(io + 1).bindMemory(to: howdytext_line.self, capacity: count)
        var cursor = FlatUnitCursor(units: units, utf8: bytes.bindMemory(to: UInt8.self))
        for (index, line) in layout.lines.enumerated() {
            target[index] = howdytext_line(
                start: cursor.offset(ofUTF16: line.range.lowerBound),
                end: cursor.offset(ofUTF16: line.range.upperBound),
                width: line.width, hyphen: line.endsWithHyphen ? 1 : 0, rtl: line.isRightToLeft ? 1 : 0)
        }
        return count
    } catch {
        return -Int(Failure(error).status)
    }
}

/// `howdytext_flat.units`: what a flat layout's line ranges count.
enum FlatUnits: Int {
    case utf8 = 0
    case utf16 = 1
    case scalars = 2
}

/// Turns a layout's UTF-16 offsets (what HowdyText's ranges count), which come in text
/// order, into `units` of the text whose UTF-8 is `utf8`: one pass over the bytes in all,
/// none for an ASCII text (every unit is one byte) or for UTF-16 itself.
struct FlatUnitCursor {
    private let units: FlatUnits
    private let utf8: UnsafeBufferPointer<UInt8>
    private let isASCII: Bool
    private var bytes: UTF8OffsetCursor
    /// The last byte offset converted to scalars, and its scalar offset.
    private var byteAt = 0
    private var scalarAt = 0

    init(units: FlatUnits, utf8: UnsafeBufferPointer<UInt8>) {
        var any: UInt8 = 0
        if units != .utf16 { for byte in utf8 { any |= byte } }
        self.units = units
        self.utf8 = utf8
        isASCII = any < 0x80
        bytes = UTF8OffsetCursor(isASCII: isASCII)
    }

    /// UTF-16 offset `target` in this cursor's units (a bound inside a surrogate pair,
    /// which line breaks never make, counts as its scalar's start).
    mutating func offset(ofUTF16 target: Int) -> Int {
        if units == .utf16 || isASCII { return target }
        let byte = bytes.position(ofUTF16: target, in: utf8).offset
        if units == .utf8 { return byte }
        if byte < byteAt { (byteAt, scalarAt) = (0, 0) }
        // A scalar starts at every byte that is not a continuation byte (10xxxxxx).
        for index in byteAt..<byte where utf8[index] & 0xC0 != 0x80 { scalarAt += 1 }
        byteAt = byte
        return scalarAt
    }
}
