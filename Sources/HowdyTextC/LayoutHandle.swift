import CHowdyTextABI
import HowdyText
import HowdyTextJSON

#if canImport(Glibc)
    import Glibc
#endif

/// What a `howdytext_layout *` points at: the lines of one layout with their ranges in
/// the caller's UTF-8 bytes. Immutable, so any number of threads may read it.
final class LayoutHandle: Sendable {
    let lines: [howdytext_line]
    let width: Double
    let height: Double
    let greedyLineCount: Int

    init(_ layout: TextLayout) {
        lines = Self.lines(of: layout)
        width = layout.width
        height = layout.height
        greedyLineCount = layout.greedyLineCount
    }

    /// `layout`'s lines with their ranges in UTF-8 bytes (found in one pass over the
    /// text; a bound inside a surrogate pair, which breaks never make, maps to its
    /// scalar's start).
    static func lines(of layout: TextLayout) -> [howdytext_line] {
        var text = layout.text
        return text.withUTF8 { utf8 in
            var cursor = UTF8OffsetCursor(layout.text)
            return layout.lines.map { line in
                howdytext_line(
                    start: cursor.position(ofUTF16: line.range.lowerBound, in: utf8).offset,
                    end: cursor.position(ofUTF16: line.range.upperBound, in: utf8).offset, width: line.width,
                    hyphen: line.endsWithHyphen ? 1 : 0,
                    rtl: line.isRightToLeft ? 1 : 0)
            }
        }
    }

    static func from(_ pointer: OpaquePointer) -> LayoutHandle {
        Unmanaged<LayoutHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    /// The request a C call makes: its options object with the text and width added, read
    /// by `BalanceRequest` (the reader behind `howdy balance --jsonl`), with the font
    /// handle's name and size as the defaults a request leaves out.
    static func request(text: String, width: Double, options: JSONLValue?, font: FontHandle) throws -> BalanceRequest {
        var members: [(String, JSONLValue)] = []
        switch options {
        case nil: break
        case .object(let given)?:
            for (key, _) in given where !BalanceRequest.optionKeys.contains(key) {
                let message =
                    BalanceRequest.knownKeys.contains(key)
                    ? "\(key): an argument of howdytext_layout_create, not an option"
                    : "\(key): unknown option (known: \(BalanceRequest.optionKeys.sorted().joined(separator: ", ")))"
                throw BalanceRequest.Invalid(message: message)
            }
            members = given
        case let other?:
            throw BalanceRequest.Invalid(message: "expected a JSON object, got \(BalanceRequest.kind(other))")
        }
        members.append(("text", .string(text)))
        members.append(("width", .number(width, text: "")))
        return try BalanceRequest(.object(members), defaults: BalanceDefaults(font: font.name, size: font.font.size))
    }
}

/// `howdytext_layout_create`, as howdytext.h documents it.
@_cdecl("howdytext_layout_create")
public func howdytextLayoutCreate(
    _ font: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int, _ width: Double,
    _ optionsJSON: UnsafePointer<CChar>?, _ outLayout: UnsafeMutablePointer<OpaquePointer?>?,
    _ outMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> howdytext_status {
    outLayout?.pointee = nil
    outMessage?.pointee = nil
    guard let outLayout else { return Failure.argument("out_layout is NULL").report(to: outMessage) }
    do {
        let layout = try LayoutHandle.make(font, text, length, width, optionsJSON)
        outLayout.pointee = OpaquePointer(Unmanaged.passRetained(layout).toOpaque())
        return howdytext_status(HOWDYTEXT_OK)
    } catch {
        return Failure(error).report(to: outMessage)
    }
}

/// `howdytext_layout_into`, as howdytext.h documents it.
@_cdecl("howdytext_layout_into")
public func howdytextLayoutInto(
    _ font: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int, _ width: Double,
    _ optionsJSON: UnsafePointer<CChar>?, _ outLines: UnsafeMutablePointer<howdytext_line>?, _ capacity: Int,
    _ outSummary: UnsafeMutablePointer<howdytext_summary>?,
    _ outMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> howdytext_status {
    outMessage?.pointee = nil
    guard let outSummary else { return Failure.argument("out_summary is NULL").report(to: outMessage) }
    guard outLines != nil || capacity == 0 else {
        return Failure.argument("out_lines is NULL but capacity is \(UInt(bitPattern: capacity))").report(
            to: outMessage)
    }
    do {
        // No handle object: the lines go straight from the layout to the caller's array.
        let layout = try LayoutHandle.layout(font, text, length, width, optionsJSON)
        let lines = LayoutHandle.lines(of: layout)
        if let outLines { _ = LayoutHandle.copy(lines, to: outLines, capacity: capacity) }
        outSummary.pointee = howdytext_summary(
            line_count: lines.count, width: layout.width, height: layout.height,
            greedy_line_count: layout.greedyLineCount)
        return howdytext_status(HOWDYTEXT_OK)
    } catch {
        return Failure(error).report(to: outMessage)
    }
}

extension LayoutHandle {
    /// The layout a create call asks for, every argument checked first.
    static func make(
        _ font: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int, _ width: Double,
        _ optionsJSON: UnsafePointer<CChar>?
    ) throws -> LayoutHandle {
        LayoutHandle(try layout(font, text, length, width, optionsJSON))
    }

    /// The layout a create or into call asks for, every argument checked first.
    static func layout(
        _ font: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int, _ width: Double,
        _ optionsJSON: UnsafePointer<CChar>?
    ) throws -> TextLayout {
        guard let font else { throw Failure.argument("font is NULL") }
        let string = try Self.string(text, length)
        let handle = FontHandle.from(font)
        var request = try Self.template(options: optionsJSON, font: handle)
        request.text = string
        request.width = width
        // Lines are reported as UTF-8 ranges: their texts as strings would go unread.
        return try request.layout(in: handle.font, omitsGlyphs: true, omitsLineTexts: true)
    }

    /// The caller's `length` bytes at `text` as a string, checked: the length, the
    /// pointer and the UTF-8.
    static func string(_ text: UnsafePointer<CChar>?, _ length: Int) throws -> String {
        // size_t arrives as Int: a length above Int.max is negative here.
        guard length >= 0 else { throw Failure.argument("text_length \(UInt(bitPattern: length)) is too large") }
        guard text != nil || length == 0 else { throw Failure.argument("text is NULL but text_length is \(length)") }
        return try string(UnsafeRawBufferPointer(start: text.map(UnsafeRawPointer.init), count: length))
    }

    /// `bytes` as a string, checked: the length and the UTF-8.
    static func string(_ bytes: UnsafeRawBufferPointer) throws -> String {
        // A text past ShapedText's limit (3 UTF-8 bytes at most per UTF-16 unit) is refused there;
        // checking here first keeps a huge length from being validated before that.
        guard bytes.count <= 3 * TextLimits.maximumUTF16Length else {
            throw Failure(
                status: Int32(HOWDYTEXT_ERROR_TEXT),
                message:
                    "text is \(bytes.count) bytes long; the limit is \(TextLimits.maximumUTF16Length) UTF-16 code units"
            )
        }
        // Read as raw bytes (UInt8 elements): no rebinding of the caller's `char *`.
        guard let string = UTF8Text.string(bytes.assumingMemoryBound(to: UInt8.self)) else {
            throw Failure.argument("text is not valid UTF-8")
        }
        return string
    }

    /// The request `optionsJSON` asks for in `font`, with an empty text and a width of 0
    /// for the caller to set: every option read and checked.
    static func template(options optionsJSON: UnsafePointer<CChar>?, font handle: FontHandle) throws -> BalanceRequest {
        // The common options object, read without a JSON tree; anything else (every error
        // included) is read again below by the general reader.
        func quickRead(_ bytes: UnsafeBufferPointer<UInt8>) -> BalanceRequest? {
            QuickRequestReader.read(
                options: bytes, text: "", width: 0,
                defaults: BalanceDefaults(font: handle.name, size: handle.font.size))
        }
        let quick: BalanceRequest?
        if let optionsJSON {
            let count = strlen(optionsJSON)
            quick = optionsJSON.withMemoryRebound(to: UInt8.self, capacity: count) {
                quickRead(UnsafeBufferPointer(start: $0, count: count))
            }
        } else {
            quick = ("{}" as StaticString).withUTF8Buffer { quickRead($0) }
        }
        if let quick { return quick }
        var options: JSONLValue?
        if let optionsJSON {
            let count = strlen(optionsJSON)
            options = try optionsJSON.withMemoryRebound(to: UInt8.self, capacity: count) {
                try JSONReader.parse(UnsafeBufferPointer(start: $0, count: count))
            }
        }
        return try request(text: "", width: 0, options: options, font: handle)
    }

    /// Copies the first `capacity` lines (all when `capacity`, a size_t, is above Int.max)
    /// to `target`; returns how many.
    func copyLines(to target: UnsafeMutablePointer<howdytext_line>, capacity: Int) -> Int {
        Self.copy(lines, to: target, capacity: capacity)
    }

    /// Copies the first `capacity` of `lines` (all when `capacity`, a size_t, is above
    /// Int.max) to `target`; returns how many.
    static func copy(_ lines: [howdytext_line], to target: UnsafeMutablePointer<howdytext_line>, capacity: Int) -> Int {
        let count = capacity < 0 ? lines.count : min(lines.count, capacity)
        lines.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress, count > 0 else { return }
            target.update(from: base, count: count)
        }
        return count
    }
}

/// `howdytext_layout_free`, as howdytext.h documents it.
@_cdecl("howdytext_layout_free")
public func howdytextLayoutFree(_ layout: OpaquePointer?) {
    guard let layout else { return }
    Unmanaged<LayoutHandle>.fromOpaque(UnsafeRawPointer(layout)).release()
}

/// `howdytext_layout_line_count`, as howdytext.h documents it.
@_cdecl("howdytext_layout_line_count")
public func howdytextLayoutLineCount(_ layout: OpaquePointer?) -> Int {
    guard let layout else { return 0 }
    return LayoutHandle.from(layout).lines.count
}

/// `howdytext_layout_width`, as howdytext.h documents it.
@_cdecl("howdytext_layout_width")
public func howdytextLayoutWidth(_ layout: OpaquePointer?) -> Double {
    guard let layout else { return 0 }
    return LayoutHandle.from(layout).width
}

/// `howdytext_layout_height`, as howdytext.h documents it.
@_cdecl("howdytext_layout_height")
public func howdytextLayoutHeight(_ layout: OpaquePointer?) -> Double {
    guard let layout else { return 0 }
    return LayoutHandle.from(layout).height
}

/// `howdytext_layout_greedy_line_count`, as howdytext.h documents it.
@_cdecl("howdytext_layout_greedy_line_count")
public func howdytextLayoutGreedyLineCount(_ layout: OpaquePointer?) -> Int {
    guard let layout else { return 0 }
    return LayoutHandle.from(layout).greedyLineCount
}

/// `howdytext_layout_line`, as howdytext.h documents it.
@_cdecl("howdytext_layout_line")
public func howdytextLayoutLine(
    _ layout: OpaquePointer?, _ index: Int, _ outLine: UnsafeMutablePointer<howdytext_line>?
)
    -> howdytext_status
{
    guard let layout, let outLine else { return howdytext_status(HOWDYTEXT_ERROR_ARGUMENT) }
    let lines = LayoutHandle.from(layout).lines
    // size_t arrives as Int: an index above Int.max is negative here.
    guard index >= 0, index < lines.count else { return howdytext_status(HOWDYTEXT_ERROR_ARGUMENT) }
    outLine.pointee = lines[index]
    return howdytext_status(HOWDYTEXT_OK)
}

/// `howdytext_layout_lines`, as howdytext.h documents it.
@_cdecl("howdytext_layout_lines")
public func howdytextLayoutLines(
    _ layout: OpaquePointer?, _ outLines: UnsafeMutablePointer<howdytext_line>?, _ capacity: Int
) -> Int {
    guard let layout, let outLines, capacity != 0 else { return 0 }
    return LayoutHandle.from(layout).copyLines(to: outLines, capacity: capacity)
}
