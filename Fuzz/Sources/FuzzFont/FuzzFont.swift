import Foundation
import FuzzDriver
@_spi(Fuzzing) import HowdyText

/// The file each run's bytes are written to (FreeType opens fonts from files here).
nonisolated(unsafe) let fontPath = NSTemporaryDirectory() + "howdy-fuzz-font-\(getpid()).ttf"

/// libFuzzer entry: any bytes as a font file. Opening, shaping and balanced layout must
/// succeed or throw a `TextError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard FileManager.default.createFile(atPath: fontPath, contents: Data(bytes: start, count: count)) else {
        return 0
    }
    guard let face = try? FontFace.openUncached(path: fontPath), let font = try? Font(face: face, size: 17) else {
        return 0
    }
    for text in ["Hello, world! Balanced lines", "مرحبا بالعالم", "日本語のテキスト", "a\u{00AD}b fi ffl 💪🏽"] {
        _ = try? balance(text: text, font: font, width: 80)
        _ = try? layout(text, font: font, width: 40)
    }
    return 0
}
