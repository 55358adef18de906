import CHowdyTextABI
import HowdyText

/// `howdytext_layout_many`, as howdytext.h documents it: one call for a batch of
/// paragraphs, each laid out exactly as `howdytext_style_layout_into` lays it out.
@_cdecl("howdytext_layout_many")
public func howdytextLayoutMany(
    _ styles: UnsafePointer<OpaquePointer?>?, _ text: UnsafePointer<CChar>?, _ length: Int,
    _ offsets: UnsafePointer<Int>?, _ widths: UnsafePointer<Double>?, _ count: Int,
    _ outLines: UnsafeMutablePointer<howdytext_line>?, _ lineCapacity: Int,
    _ outSummaries: UnsafeMutablePointer<howdytext_summary>?, _ outStatuses: UnsafeMutablePointer<howdytext_status>?,
    _ outDone: UnsafeMutablePointer<Int>?, _ outMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> howdytext_status {
    outMessage?.pointee = nil
    outDone?.pointee = 0
    do {
        let batch = try Batch(
            styles: styles, text: text, length: length, offsets: offsets, widths: widths, count: count,
            lines: outLines, lineCapacity: lineCapacity, summaries: outSummaries, statuses: outStatuses,
            done: outDone)
        batch.run()
        return howdytext_status(HOWDYTEXT_OK)
    } catch {
        return Failure(error).report(to: outMessage)
    }
}

/// The arguments of one `howdytext_layout_many` call, every pointer and offset checked.
private struct Batch {
    // Optional only where `count` 0 allows NULL.
    let styles: UnsafePointer<OpaquePointer?>?
    let bytes: UnsafeRawBufferPointer
    let offsets: UnsafePointer<Int>
    let widths: UnsafePointer<Double>?
    let count: Int
    let lines: UnsafeMutablePointer<howdytext_line>?
    let lineCapacity: Int
    let summaries: UnsafeMutablePointer<howdytext_summary>?
    let statuses: UnsafeMutablePointer<howdytext_status>?
    let done: UnsafeMutablePointer<Int>

    init(
        styles: UnsafePointer<OpaquePointer?>?, text: UnsafePointer<CChar>?, length: Int, offsets: UnsafePointer<Int>?,
        widths: UnsafePointer<Double>?, count: Int, lines: UnsafeMutablePointer<howdytext_line>?, lineCapacity: Int,
        summaries: UnsafeMutablePointer<howdytext_summary>?, statuses: UnsafeMutablePointer<howdytext_status>?,
        done: UnsafeMutablePointer<Int>?
    ) throws {
        // size_t arrives as Int: a count, length or capacity above Int.max is negative here.
        guard count >= 0 else { throw Failure.argument("count \(UInt(bitPattern: count)) is too large") }
        guard length >= 0 else { throw Failure.argument("text_length \(UInt(bitPattern: length)) is too large") }
        guard lineCapacity >= 0 else {
            throw Failure.argument("line_capacity \(UInt(bitPattern: lineCapacity)) is too large")
        }
        guard let done else { throw Failure.argument("out_done is NULL") }
        guard let offsets else { throw Failure.argument("offsets is NULL") }
        guard text != nil || length == 0 else { throw Failure.argument("text is NULL but text_length is \(length)") }
        guard lines != nil || lineCapacity == 0 else {
            throw Failure.argument("out_lines is NULL but line_capacity is \(lineCapacity)")
        }
        guard count == 0 || styles != nil && widths != nil && summaries != nil && statuses != nil else {
            throw Failure.argument("styles, widths, out_summaries or out_statuses is NULL but count is \(count)")
        }
        // Every offset in order and inside the text before anything is laid out.
        var previous = 0
        for index in 0...count {
            let offset = offsets[index]
            // size_t arrives as Int: an offset above Int.max is negative, so out of range.
            guard offset >= previous, offset <= length else {
                throw Failure.argument(
                    "offsets[\(index)] is \(UInt(bitPattern: offset)); offsets must not decrease and must be at most "
                        + "text_length \(length)")
            }
            previous = offset
        }
        self.styles = styles
        self.bytes = UnsafeRawBufferPointer(start: text.map(UnsafeRawPointer.init), count: length)
        self.offsets = offsets
        self.widths = widths
        self.count = count
        self.lines = lines
        self.lineCapacity = lineCapacity
        self.summaries = summaries
        self.statuses = statuses
        self.done = done
    }

    /// Lays out paragraphs in order until one's lines do not fit; records how many finished.
    func run() {
        guard let styles, let widths, let summaries, let statuses else { return }
        var used = 0
        for index in 0..<count {
            let range = offsets[index]..<offsets[index + 1]
            let paragraph = UnsafeRawBufferPointer(rebasing: bytes[range])
            do {
                guard let pointer = styles[index] else { throw Failure.argument("styles[\(index)] is NULL") }
                let layout = try StyleHandle.from(pointer).layout(
                    try LayoutHandle.string(paragraph), width: widths[index])
                summaries[index] = LayoutHandle.summary(of: layout)
                guard layout.lines.count <= lineCapacity - used else { return }
                used += LayoutHandle.write(
                    layout, utf8: paragraph, base: range.lowerBound, to: lines.map { $0 + used },
                    capacity: lineCapacity - used)
                statuses[index] = howdytext_status(HOWDYTEXT_OK)
            } catch {
                statuses[index] = howdytext_status(Failure(error).status)
            }
            done.pointee = index + 1
        }
    }
}
