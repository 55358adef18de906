import Foundation
import FuzzDriver
@_spi(Fuzzing) import HowdyText

/// The file each run's bytes are written to (FreeType opens fonts from files here).
nonisolated(unsafe) let fontPath = String(cString: howdy_fuzz_scratch_folder()) + "/howdy-fuzz-font-\(getpid()).ttf"

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
    // Only what the fuzzed face covers matters here: text it lacks goes to the bundled
    // fallback fonts, which are not under test. `HOWDY_FUZZ_FONT_TEXT` picks the text.
    _ = try? balance(text: sample, font: font, width: 80)
    _ = try? layout(text: sample, font: font, width: 40)
    return 0
}

nonisolated(unsafe) let sample =
    ProcessInfo.processInfo.environment["HOWDY_FUZZ_FONT_TEXT"] ?? "Hello, world! Balanced lines ffi \u{00AD}ab"
