import Foundation
import FuzzDriver
import HowdyCLI

/// The file each run's bytes are written to, read as the stream's standard input.
nonisolated(unsafe) let inputPath = String(cString: howdy_fuzz_scratch_folder()) + "/howdy-fuzz-jsonl-\(getpid()).jsonl"

/// libFuzzer entry: any bytes as `howdy balance --jsonl` input (one request line, or a few).
/// Every line must get an answer; nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONL(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard FileManager.default.createFile(atPath: inputPath, contents: Data(bytes: start, count: count)) else {
        return 0
    }
    let io = CommandIO(
        standardInput: { FileHandle(forReadingAtPath: inputPath) ?? FileHandle.nullDevice },
        write: { _ in }, writeError: { _ in })
    _ = Howdy.main(["balance", "--jsonl", "--font", "Inter-Regular", "--size", "16", "--width", "120"], io: io)
    return 0
}
