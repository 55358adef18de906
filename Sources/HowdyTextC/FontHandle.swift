import CHowdyTextABI
import HowdyText

/// What a `howdytext_font *` points at: a font and the name it was opened by (the
/// request's `font`, so option errors read as they do for `howdy balance --jsonl`).
/// Immutable, so one handle serves any number of threads.
final class FontHandle: Sendable {
    let font: Font
    let name: String

    init(font: Font, name: String) {
        self.font = font
        self.name = name
    }

    /// The handle behind a pointer the library handed out.
    static func from(_ pointer: OpaquePointer) -> FontHandle {
        Unmanaged<FontHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }
}

/// `howdytext_font_open`, as howdytext.h documents it.
@_cdecl("howdytext_font_open")
public func howdytextFontOpen(
    _ name: UnsafePointer<CChar>?, _ size: Double, _ outFont: UnsafeMutablePointer<OpaquePointer?>?,
    _ outMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> howdytext_status {
    outFont?.pointee = nil
    outMessage?.pointee = nil
    guard let outFont else { return Failure.argument("out_font is NULL").report(to: outMessage) }
    guard let name else { return Failure.argument("name is NULL").report(to: outMessage) }
    guard let text = String(validatingCString: name) else {
        return Failure.argument("name is not UTF-8").report(to: outMessage)
    }
    do {
        let handle = FontHandle(font: try Font(named: text, size: size), name: text)
        outFont.pointee = OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
        return howdytext_status(HOWDYTEXT_OK)
    } catch {
        return Failure(error).report(to: outMessage)
    }
}

/// `howdytext_font_free`, as howdytext.h documents it.
@_cdecl("howdytext_font_free")
public func howdytextFontFree(_ font: OpaquePointer?) {
    guard let font else { return }
    Unmanaged<FontHandle>.fromOpaque(UnsafeRawPointer(font)).release()
}

/// `howdytext_font_size`, as howdytext.h documents it.
@_cdecl("howdytext_font_size")
public func howdytextFontSize(_ font: OpaquePointer?) -> Double {
    guard let font else { return 0 }
    return FontHandle.from(font).font.size
}
