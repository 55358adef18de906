import CHowdyDeflate

/// A zlib-format (RFC 1950) stream compressed piece by piece: zlib's deflate, through a
/// small C shim (`CHowdyDeflate`) that keeps `deflateInit2`'s macro out of Swift.
///
/// The output is a pure function of the input, the level and the sequence of calls, so a
/// contact sheet is the same bytes in every render. ISA-L's igzip, used before, was about
/// 6x faster on sheets but not that: its hash table took in bits of the process's memory
/// layout, and the same rows could deflate to another (equally valid) stream.
/// Owns one `howdy_deflater`, freed in `deinit`; used by one thread at a time.
final class StreamingDeflater {
    private let handle: OpaquePointer

    /// A fresh stream at zlib `level` 0...9 (default 1, the fastest that compresses).
    /// - Throws: `RenderError.png` when zlib cannot start (no memory, or another level).
    init(level: Int = 1) throws(RenderError) {
        guard (0...9).contains(level), let handle = howdy_deflater_create(Int32(level)) else {
            throw RenderError.png("zlib could not start a deflate stream at level \(level)")
        }
        self.handle = handle
    }

    deinit { howdy_deflater_destroy(handle) }

    /// Compresses `input`, handing each piece of output (at most `output.count` bytes, in
    /// order) to `emit`. With `last`, the stream is ended: its final block and trailer are
    /// written, and nothing may follow.
    /// - Throws: `RenderError.png` when zlib fails; whatever `emit` throws.
    func compress(
        _ input: UnsafeBufferPointer<UInt8>, last: Bool, output: UnsafeMutableBufferPointer<UInt8>,
        emit: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        var offset = 0
        while true {
            var consumed = 0, produced = 0
            var finished: Int32 = 0, status: Int32 = 0
            let result = howdy_deflater_run(
                handle, input.baseAddress.map { $0 + offset }, input.count - offset, last ? 1 : 0,
                output.baseAddress, output.count, &consumed, &produced, &finished, &status)
            guard result == Int32(HOWDY_DEFLATE_OK) else {
                throw RenderError.png("zlib deflate failed (status \(status))")
            }
            offset += consumed
            if produced > 0 { try emit(UnsafeBufferPointer(rebasing: output[0..<produced])) }
            // Done when the input is taken and, ending the stream, the trailer is out; an
            // output buffer filled to the brim may have more to give.
            if offset == input.count && (last ? finished != 0 : produced < output.count) { return }
            if consumed == 0 && produced == 0 {
                throw RenderError.png("zlib deflate made no progress")
            }
        }
    }
}

/// CRC-32 (ISO 3309, PNG's chunk checksum) of `bytes`, continuing `crc` (0 to start).
func crc32(_ bytes: UnsafeBufferPointer<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
    howdy_crc32(crc, bytes.baseAddress, bytes.count)
}
