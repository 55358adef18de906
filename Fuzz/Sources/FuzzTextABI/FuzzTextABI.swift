import CHowdyTextABI
import FuzzDriver
import Glibc

/// libFuzzer entry: one call of every layout entry point of libhowdytext's C ABI
/// (`howdytext.h`) with the same fuzzed font, size, width, options JSON and UTF-8 bytes,
/// through the caller-owned arrays sized exactly (so a write past them is an address
/// sanitizer report). Nothing may trap, and the entry points must agree with each other:
///
/// - every status is one of the header's, a handle is set exactly when the status is OK,
///   and a message comes with every failure;
/// - `howdytext_layout_create`'s lines are in order inside the text, and
///   `howdytext_layout_line` refuses the index past the last;
/// - `howdytext_layout_into`, `howdytext_layout_lines`, `howdytext_style_layout_into`,
///   `howdytext_style_layout_flat` (in UTF-8 bytes, UTF-16 units and scalars) and
///   `howdytext_layout_many` (the text cut in two paragraphs) give the same status, lines
///   and widths, each within the capacity it was given;
/// - a style refuses options exactly as a layout does.
///
/// Input: see `FuzzInput`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextABI(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    _ = bundledFonts
    var input = FuzzInput(UnsafeRawBufferPointer(start: start, count: count))
    let call = Call(&input)
    call.check()
    return 0
}

/// The library finds bundled fonts in $HOWDY_FONTS_DIR, else next to an installed
/// library; this build has none installed, so unless set, it is the repository's fonts.
let bundledFonts: Void = {
    let fonts = String(#filePath.split(separator: "/Fuzz/Sources/").first ?? "") + "/Sources/HowdyText/Fonts"
    setenv("HOWDY_FONTS_DIR", "/" + fonts.drop { $0 == "/" }, 0)
}()

/// The fuzzer's bytes, read front to back; past the end every read is zero.
struct FuzzInput {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in byte() } }

    /// Eight bytes as a double's bits: any value, NaN and infinities included.
    mutating func rawDouble() -> Double {
        Double(bitPattern: bytes(8).reduce(0) { $0 << 8 | UInt64($1) })
    }

    /// The rest.
    mutating func rest() -> [UInt8] {
        defer { offset = bytes.count }
        return offset < bytes.count ? Array(bytes[offset...]) : []
    }
}

/// Fonts the target opens: bundled ones of several scripts, and names that are not fonts.
let fontNames = [
    "Inter-Regular", "Inter-Bold", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "NotoSansThai-Regular",
    "DroidSansFallbackFull", "NotoColorEmoji", "no-such-font", "", "/", "/dev/zero", "/proc/self/mem",
]

/// One fuzzed call's arguments. Layout: flags (1), font (1), size (1 or 9: a raw double
/// when flags bit 0), width (2 or 9: raw when bit 1), options length (1) and bytes,
/// capacity (1), units (1), paragraph cut (2), then the text.
struct Call {
    var fontName: String
    var size: Double
    var width: Double
    /// NUL-terminated when not nil (flags bit 2 clear).
    var options: [CChar]?
    var capacity: Int
    var units: Int
    var cut: Int
    var text: [UInt8]

    init(_ input: inout FuzzInput) {
        let flags = input.byte()
        fontName = fontNames[Int(input.byte()) % fontNames.count]
        size = flags & 1 != 0 ? input.rawDouble() : 6 + Double(input.byte() % 64)
        width = flags & 2 != 0 ? input.rawDouble() : 1 + Double(Int(input.byte()) << 8 | Int(input.byte())) / 64
        let optionsLength = Int(input.byte())
        let optionBytes = input.bytes(optionsLength).map { CChar(bitPattern: $0) }
        options = flags & 4 != 0 ? nil : Array(optionBytes.prefix { $0 != 0 }) + [0]
        capacity = Int(input.byte() % 9)
        units = Int(input.byte() % 4)  // 3 is no unit the header knows
        cut = Int(input.byte()) << 8 | Int(input.byte())
        text = input.rest()
        cut = text.isEmpty ? 0 : cut % (text.count + 1)
    }

    func check() {
        let font = Fonts.open(fontName, size: size)
        guard let font else { return }
        defer { howdytext_font_free(font) }
        let reference = layoutCreate(font)
        checkLayoutInto(font, reference)
        let style = styleCreate(font, reference)
        guard let style else { return }
        defer { howdytext_style_free(style) }
        checkStyleLayoutInto(style, reference)
        checkFlat(style, reference)
        checkMany(style)
    }

    /// `howdytext_layout_create` and its readers: the answer the other entry points must give.
    private func layoutCreate(_ font: OpaquePointer) -> Answer {
        var layout: OpaquePointer?
        var message: UnsafeMutablePointer<CChar>?
        let status = text.withUnsafeBufferPointer { text in
            withOptions { options in
                howdytext_layout_create(
                    font, text.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                    text.count, width, options, &layout, &message)
            }
        }
        checkStatus(status, handle: layout != nil, message: message, "howdytext_layout_create")
        guard let layout else { return Answer(status: status) }
        defer { howdytext_layout_free(layout) }
        let count = howdytext_layout_line_count(layout)
        var lines: [howdytext_line] = []
        for index in 0..<count {
            var line = howdytext_line()
            precondition(howdytext_layout_line(layout, index, &line) == HOWDYTEXT_OK, "line \(index) refused")
            lines.append(line)
        }
        var past = howdytext_line()
        precondition(
            howdytext_layout_line(layout, count, &past) == HOWDYTEXT_ERROR_ARGUMENT, "the line past the last was given")
        var copied = [howdytext_line](repeating: howdytext_line(), count: capacity)
        let copiedCount = copied.withUnsafeMutableBufferPointer {
            howdytext_layout_lines(layout, $0.baseAddress, capacity)
        }
        precondition(copiedCount == min(count, capacity), "layout_lines copied \(copiedCount) of \(count)")
        precondition(sameLines(Array(copied.prefix(copiedCount)), Array(lines.prefix(copiedCount))), "layout_lines")
        let answer = Answer(
            status: status, lines: lines, width: howdytext_layout_width(layout),
            height: howdytext_layout_height(layout), greedyLineCount: howdytext_layout_greedy_line_count(layout))
        answer.checkInside(text.count)
        return answer
    }

    private func checkLayoutInto(_ font: OpaquePointer, _ reference: Answer) {
        var lines = [howdytext_line](repeating: howdytext_line(), count: capacity)
        var summary = howdytext_summary()
        var message: UnsafeMutablePointer<CChar>?
        let status = text.withUnsafeBufferPointer { text in
            withOptions { options in
                lines.withUnsafeMutableBufferPointer { lines in
                    howdytext_layout_into(
                        font, text.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                        text.count, width, options, lines.baseAddress, capacity, &summary, &message)
                }
            }
        }
        checkStatus(status, handle: status == HOWDYTEXT_OK, message: message, "howdytext_layout_into")
        reference.expect(status: status, summary: summary, lines: lines, "howdytext_layout_into")
    }

    private func styleCreate(_ font: OpaquePointer, _ reference: Answer) -> OpaquePointer? {
        var style: OpaquePointer?
        var message: UnsafeMutablePointer<CChar>?
        let status = withOptions { howdytext_style_create(font, $0, &style, &message) }
        checkStatus(status, handle: style != nil, message: message, "howdytext_style_create")
        // Options the style refuses, a layout of a good text at a good width refuses with the
        // same status (with this text and width, the layout may have found them wrong first).
        if status != HOWDYTEXT_OK {
            var layout: OpaquePointer?
            let plain = withOptions { howdytext_layout_create(font, "x", 1, 100, $0, &layout, nil) }
            howdytext_layout_free(layout)
            precondition(plain == status, "style_create gave \(status), layout_create of \"x\" \(plain)")
            precondition(reference.status != HOWDYTEXT_OK, "layout_create took options style_create refused")
        }
        return style
    }

    private func checkStyleLayoutInto(_ style: OpaquePointer, _ reference: Answer) {
        var lines = [howdytext_line](repeating: howdytext_line(), count: capacity)
        var summary = howdytext_summary()
        var message: UnsafeMutablePointer<CChar>?
        let status = text.withUnsafeBufferPointer { text in
            lines.withUnsafeMutableBufferPointer { lines in
                howdytext_style_layout_into(
                    style, text.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                    text.count, width, lines.baseAddress, capacity, &summary, &message)
            }
        }
        checkStatus(status, handle: status == HOWDYTEXT_OK, message: message, "howdytext_style_layout_into")
        reference.expect(status: status, summary: summary, lines: lines, "howdytext_style_layout_into")
    }

    /// The flat block, allocated at exactly its header and `capacity` lines.
    private func checkFlat(_ style: OpaquePointer, _ reference: Answer) {
        let bytes = MemoryLayout<howdytext_flat>.stride + capacity * MemoryLayout<howdytext_line>.stride
        let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 8)
        defer { block.deallocate() }
        let io = block.bindMemory(to: howdytext_flat.self, capacity: 1)
        io.initialize(
            to: howdytext_flat(
                text_length: text.count, width: width, units: units, capacity: capacity, widest: 0, height: 0,
                greedy_line_count: 0))
        let answer = text.withUnsafeBufferPointer { text in
            howdytext_style_layout_flat(
                style, text.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, io)
        }
        guard units < 3 else {
            precondition(answer == -Int(HOWDYTEXT_ERROR_ARGUMENT), "flat took unknown units \(units): \(answer)")
            return
        }
        guard answer >= 0 else {
            precondition(-answer == Int(reference.status), "flat gave \(answer), layout_create \(reference.status)")
            return
        }
        precondition(reference.status == HOWDYTEXT_OK, "flat laid out what layout_create refused")
        precondition(answer == reference.lines.count, "flat counted \(answer) lines of \(reference.lines.count)")
        precondition(io.pointee.widest == reference.width, "flat's widest")
        precondition(io.pointee.greedy_line_count == reference.greedyLineCount, "flat's greedy line count")
        guard answer <= capacity else { return }
        let lines = UnsafeMutableRawPointer(io + 1).bindMemory(to: howdytext_line.self, capacity: answer)
        let expected = reference.lines.map { line -> howdytext_line in
            var line = line
            line.start = Self.offset(line.start, in: text, units: units)
            line.end = Self.offset(line.end, in: text, units: units)
            return line
        }
        precondition(sameLines(Array(UnsafeBufferPointer(start: lines, count: answer)), expected), "flat's lines")
    }

    /// Two paragraphs (the text cut at `cut`), each in the style, with `capacity` lines of
    /// room: each finished one as `howdytext_style_layout_into` lays it out alone.
    private func checkMany(_ style: OpaquePointer) {
        let offsets = [0, cut, text.count]
        let widths = [width, width]
        let styles: [OpaquePointer?] = [style, style]
        var lines = [howdytext_line](repeating: howdytext_line(), count: capacity)
        var summaries = [howdytext_summary](repeating: howdytext_summary(), count: 2)
        var statuses: [howdytext_status] = [-1, -1]
        var done = 99
        var message: UnsafeMutablePointer<CChar>?
        let status = text.withUnsafeBufferPointer { text in
            lines.withUnsafeMutableBufferPointer { lines in
                howdytext_layout_many(
                    styles, text.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                    text.count, offsets, widths, 2, lines.baseAddress, capacity, &summaries, &statuses, &done, &message)
            }
        }
        howdytext_message_free(message)
        precondition(status == HOWDYTEXT_OK, "layout_many refused well-formed arguments: \(status)")
        precondition((0...2).contains(done), "layout_many finished \(done) of 2")
        var used = 0
        for index in 0..<done {
            let paragraph = Array(text[offsets[index]..<offsets[index + 1]])
            let alone = Self.styleLayout(style, paragraph, width: width)
            precondition(statuses[index] == alone.status, "layout_many paragraph \(index): \(statuses[index])")
            guard alone.status == HOWDYTEXT_OK else { continue }
            let count = summaries[index].line_count
            precondition(count == alone.lines.count && used + count <= capacity, "layout_many's line count")
            let shifted = alone.lines.map { line -> howdytext_line in
                var line = line
                line.start += offsets[index]
                line.end += offsets[index]
                return line
            }
            precondition(sameLines(Array(lines[used..<used + count]), shifted), "layout_many paragraph \(index)'s lines")
            used += count
        }
        // It stopped before a paragraph only for want of room, and said how much it needs.
        if done < 2 {
            let paragraph = Array(text[offsets[done]..<offsets[done + 1]])
            let alone = Self.styleLayout(style, paragraph, width: width)
            precondition(alone.status == HOWDYTEXT_OK, "layout_many stopped at a paragraph it could not lay out")
            precondition(alone.lines.count > capacity - used, "layout_many stopped with room left")
            precondition(summaries[done].line_count == alone.lines.count, "layout_many's count for the next call")
        }
    }

    /// `howdytext_style_layout_into` of `text` alone, with room for every line.
    private static func styleLayout(_ style: OpaquePointer, _ text: [UInt8], width: Double) -> Answer {
        var summary = howdytext_summary()
        let call: ([howdytext_line]) -> (howdytext_status, [howdytext_line]) = { room in
            var lines = room
            let status = text.withUnsafeBufferPointer { text in
                lines.withUnsafeMutableBufferPointer { lines in
                    howdytext_style_layout_into(
                        style, text.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                        text.count, width, lines.baseAddress, lines.count, &summary, nil)
                }
            }
            return (status, lines)
        }
        var (status, lines) = call([])
        if status == HOWDYTEXT_OK, summary.line_count > 0 {
            (status, lines) = call([howdytext_line](repeating: howdytext_line(), count: summary.line_count))
        }
        return Answer(status: status, lines: status == HOWDYTEXT_OK ? lines : [])
    }

    private func withOptions<R>(_ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let options else { return body(nil) }
        return options.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    /// A UTF-8 byte offset of `text` (valid UTF-8: the layout took it) in `units`.
    static func offset(_ byteOffset: Int, in text: [UInt8], units: Int) -> Int {
        switch units {
        case Int(HOWDYTEXT_UNITS_UTF16):
            // Lead bytes count one unit, four-byte sequences two.
            return text[..<byteOffset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : $1 >= 0xF0 ? 2 : 1) }
        case Int(HOWDYTEXT_UNITS_SCALARS):
            return text[..<byteOffset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        default:
            return byteOffset
        }
    }
}

/// What a layout answered.
struct Answer {
    var status: howdytext_status
    var lines: [howdytext_line] = []
    var width = 0.0
    var height = 0.0
    var greedyLineCount = 0

    /// Lines in order, inside the text, with widths a layout can have.
    func checkInside(_ length: Int) {
        var previousEnd = 0
        for line in lines {
            precondition(line.start <= line.end && line.end <= length, "line \(line.start)..<\(line.end) of \(length)")
            precondition(line.start >= previousEnd, "line at \(line.start) starts before the last ended")
            precondition(line.width.isFinite && line.width >= 0 && line.width <= width, "line width \(line.width)")
            precondition(line.hyphen == 0 || line.hyphen == 1, "hyphen flag \(line.hyphen)")
            previousEnd = line.end
        }
        precondition(width.isFinite && height.isFinite && height >= 0, "layout size \(width) x \(height)")
    }

    /// An `*_into` call's answer (lines copied into room for `lines.count`) equals this one.
    func expect(status: howdytext_status, summary: howdytext_summary, lines: [howdytext_line], _ name: String) {
        precondition(status == self.status, "\(name) gave \(status), layout_create \(self.status)")
        guard status == HOWDYTEXT_OK else { return }
        precondition(summary.line_count == self.lines.count, "\(name) counted \(summary.line_count) lines")
        precondition(summary.width == width && summary.height == height, "\(name)'s size")
        precondition(summary.greedy_line_count == greedyLineCount, "\(name)'s greedy line count")
        let shown = min(lines.count, self.lines.count)
        precondition(sameLines(Array(lines.prefix(shown)), Array(self.lines.prefix(shown))), "\(name)'s lines")
    }
}

func sameLines(_ a: [howdytext_line], _ b: [howdytext_line]) -> Bool {
    a.count == b.count
        && zip(a, b).allSatisfy {
            $0.start == $1.start && $0.end == $1.end && $0.width == $1.width && $0.hyphen == $1.hyphen
                && $0.rtl == $1.rtl
        }
}

/// A status is one of the header's; a handle exists exactly when it is OK; a failure
/// comes with a message (freed here).
func checkStatus(_ status: howdytext_status, handle: Bool, message: UnsafeMutablePointer<CChar>?, _ name: String) {
    precondition((0...7).contains(status), "\(name) returned status \(status)")
    precondition(handle == (status == HOWDYTEXT_OK), "\(name): status \(status) with handle \(handle)")
    precondition((message != nil) == (status != HOWDYTEXT_OK), "\(name): status \(status), message \(message != nil)")
    if let message {
        precondition(strlen(message) > 0, "\(name): empty message")
        howdytext_message_free(message)
    }
}

/// Opens fonts through the C ABI, checking the answer (faces are shared inside the
/// library, so opening one per input is cheap).
enum Fonts {
    /// A new handle (the caller frees it), or nil when the font was refused.
    static func open(_ name: String, size: Double) -> OpaquePointer? {
        var font: OpaquePointer?
        var message: UnsafeMutablePointer<CChar>?
        let status = howdytext_font_open(name, size, &font, &message)
        checkStatus(status, handle: font != nil, message: message, "howdytext_font_open(\(name), \(size))")
        if let font {
            precondition(howdytext_font_size(font) == size, "font size \(howdytext_font_size(font)) for \(size)")
        }
        return font
    }
}
