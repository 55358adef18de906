import CHowdyTextABI
import HowdyText
import HowdyTextJSON

/// What a `howdytext_style *` points at: a font and its options, read once into the
/// request every layout with the style starts from (only its text and width change).
/// Immutable, so one handle serves any number of threads.
final class StyleHandle: Sendable {
    let font: Font
    let template: BalanceRequest

    init(font: Font, template: BalanceRequest) {
        self.font = font
        self.template = template
    }

    static func from(_ pointer: OpaquePointer) -> StyleHandle {
        Unmanaged<StyleHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    /// `string` laid out at `width` px: the style's request with that text and width.
    func layout(_ string: String, width: Double) throws -> TextLayout {
        var request = template
        request.text = string
        request.width = width
        return try request.layout(in: font, omitsGlyphs: true, omitsLineTexts: true)
    }
}

extension LayoutHandle {
    /// Writes `layout`'s lines, their ranges as UTF-8 byte offsets into `utf8` plus
    /// `base`, to `target` while they fit in `capacity`; returns how many it wrote.
    /// No array in between (`lines(of:)` makes one for a handle to keep).
    static func write(
        _ layout: TextLayout, utf8: UnsafeRawBufferPointer, base: Int, to target: UnsafeMutablePointer<howdytext_line>?,
        capacity: Int
    ) -> Int {
        guard let target else { return 0 }
        let bytes = utf8.bindMemory(to: UInt8.self)
        var cursor = UTF8OffsetCursor(isASCII: layout.text.utf8.count == layout.text.utf16.count)
        var written = 0
        for line in layout.lines {
            // size_t arrives as Int: a capacity above Int.max is negative here, and unbounded.
            guard capacity < 0 || written < capacity else { break }
            target[written] = howdytext_line(
                start: base + cursor.position(ofUTF16: line.range.lowerBound, in: bytes).offset,
                end: base + cursor.position(ofUTF16: line.range.upperBound, in: bytes).offset, width: line.width,
                hyphen: line.endsWithHyphen ? 1 : 0, rtl: line.isRightToLeft ? 1 : 0)
            written += 1
        }
        return written
    }

    /// The summary of `layout` for `howdytext_summary`.
    static func summary(of layout: TextLayout) -> howdytext_summary {
        howdytext_summary(
            line_count: layout.lines.count, width: layout.width, height: layout.height,
            greedy_line_count: layout.greedyLineCount)
    }
}

/// `howdytext_style_create`, as howdytext.h documents it.
@_cdecl("howdytext_style_create")
public func howdytextStyleCreate(
    _ font: OpaquePointer?, _ optionsJSON: UnsafePointer<CChar>?, _ outStyle: UnsafeMutablePointer<OpaquePointer?>?,
    _ outMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> howdytext_status {
    outStyle?.pointee = nil
    outMessage?.pointee = nil
    guard let outStyle else { return Failure.argument("out_style is NULL").report(to: outMessage) }
    guard let font else { return Failure.argument("font is NULL").report(to: outMessage) }
    do {
        let handle = FontHandle.from(font)
        let style = StyleHandle(
            font: handle.font, template: try LayoutHandle.template(options: optionsJSON, font: handle))
        outStyle.pointee = OpaquePointer(Unmanaged.passRetained(style).toOpaque())
        return howdytext_status(HOWDYTEXT_OK)
    } catch {
        return Failure(error).report(to: outMessage)
    }
}

/// `howdytext_style_free`, as howdytext.h documents it.
@_cdecl("howdytext_style_free")
public func howdytextStyleFree(_ style: OpaquePointer?) {
    guard let style else { return }
    Unmanaged<StyleHandle>.fromOpaque(UnsafeRawPointer(style)).release()
}

/// `howdytext_style_layout_into`, as howdytext.h documents it.
@_cdecl("howdytext_style_layout_into")
public func howdytextStyleLayoutInto(
    _ style: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int, _ width: Double,
    _ outLines: UnsafeMutablePointer<howdytext_line>?, _ capacity: Int,
    _ outSummary: UnsafeMutablePointer<howdytext_summary>?,
    _ outMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> howdytext_status {
    outMessage?.pointee = nil
    guard let style else { return Failure.argument("style is NULL").report(to: outMessage) }
    guard let outSummary else { return Failure.argument("out_summary is NULL").report(to: outMessage) }
    guard outLines != nil || capacity == 0 else {
        return Failure.argument("out_lines is NULL but capacity is \(UInt(bitPattern: capacity))").report(
            to: outMessage)
    }
    do {
        let string = try LayoutHandle.string(text, length)
        let layout = try StyleHandle.from(style).layout(string, width: width)
        _ = LayoutHandle.write(
            layout, utf8: UnsafeRawBufferPointer(start: text.map(UnsafeRawPointer.init), count: length), base: 0,
            to: outLines, capacity: capacity)
        outSummary.pointee = LayoutHandle.summary(of: layout)
        return howdytext_status(HOWDYTEXT_OK)
    } catch {
        return Failure(error).report(to: outMessage)
    }
}
