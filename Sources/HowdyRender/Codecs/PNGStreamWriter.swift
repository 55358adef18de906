import HowdyOutput

/// Writes an opaque PNG a band of rows at a time, so a tall image (a contact sheet page)
/// never exists whole: memory is one band plus the deflater's state, however many rows follow.
///
/// The file is 8-bit RGB, each row filtered with PNG's Up filter and deflated by zlib at
/// level 1 (``StreamingDeflater``), in IDAT chunks of at most 64 KiB: the same rows give
/// the same bytes in any process. The height is unknown until
/// ``finish()``, which writes it into the header; the file goes through
/// ``AtomicFile/Writer`` and appears under its name only at ``commit()`` (dropped
/// uncommitted, it is removed).
/// Pixels are taken as opaque (alpha is dropped); used by one thread at a time.
package final class PNGStreamWriter {
    /// The image width in px, every band's width.
    package let width: Int
    /// Rows written so far.
    package private(set) var height = 0
    private let file: AtomicFile.Writer
    /// Nil once finished: a finished page waits, closed, for ``commit()`` (a render commits
    /// every sheet page at its end), and must not hold the deflater's quarter MB or the band
    /// buffer meanwhile; 30 pages holding them added 45 MB to a 1,536-image render's peak.
    private var deflater: StreamingDeflater?
    /// The previous row's RGBA bytes (zeros before the first row), for the Up filter.
    private var previous: [UInt8]
    private var output = [UInt8](repeating: 0, count: 64 << 10)
    /// A band's filtered rows, kept from band to band: a fresh buffer per band was a fresh
    /// mapping of a few MB, page faults and zeroing included, for every row of a sheet.
    private var filtered: [UInt8] = []

    /// The PNG signature and the IHDR chunk's offset of the height.
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let heightOffset = 8 + 8 + 4

    /// Starts `path` (nothing appears there until ``finish()``) for rows `width` px wide.
    /// - Throws: `RenderError.png` for a width outside 1...16,384 or when the deflater
    ///   cannot start; `FileWriteError` when the file cannot be created.
    package init(width: Int, path: String) throws {
        guard (1...16_384).contains(width) else {
            throw RenderError.png("a streamed PNG is 1...16384 px wide, not \(width)")
        }
        self.width = width
        file = try AtomicFile.Writer(path: path)
        previous = [UInt8](repeating: 0, count: width * 4)
        deflater = try StreamingDeflater()
        try file.append(Self.signature)
        try chunk("IHDR", header(height: 0))
    }

    /// Appends every row of `band`, which must be ``width`` px wide.
    /// - Throws: `RenderError.png` for another width, a height past PNG's 2³¹ − 1 rows or a
    ///   deflate failure; `FileWriteError` writing.
    package func append(_ band: Image) throws {
        guard deflater != nil else { throw RenderError.png("a streamed PNG written to after finish()") }
        guard band.width == width else { throw RenderError.png("a band \(band.width) px wide in a \(width) px PNG") }
        guard band.height <= Int(Int32.max) - height else {
            throw RenderError.png("a streamed PNG taller than 2³¹ − 1 rows")
        }
        let stride = 1 + width * 3
        // The band's rows filtered (Up) into one buffer: one deflate call per band.
        let count = band.height * stride
        // One spare byte: each pixel's 4-byte store writes a byte the next pixel overwrites.
        if filtered.count < count + 1 { filtered = [UInt8](repeating: 0, count: count + 1) }
        let width = self.width
        band.pixels.withUnsafeBufferPointer { pixels in
            filtered.withUnsafeMutableBufferPointer { filtered in
                previous.withUnsafeMutableBufferPointer { previous in
                    // Each byte minus the one above it (Up), a pixel at a time, RGBA in and RGB
                    // out (alpha dropped). The row above is the band's own, or for its first
                    // row the last row of the band before (kept in `previous`, RGBA).
                    let source = UnsafeRawPointer(pixels.baseAddress!)
                    let target = UnsafeMutableRawPointer(filtered.baseAddress!)
                    for y in 0..<band.height {
                        let row = source + y * width * 4
                        let above = y == 0 ? UnsafeRawPointer(previous.baseAddress!) : row - width * 4
                        let out = target + y * stride
                        out.storeBytes(of: 2, as: UInt8.self)  // Up
                        for x in 0..<width {
                            let difference =
                                row.loadUnaligned(fromByteOffset: 4 * x, as: SIMD4<UInt8>.self)
                                &- above.loadUnaligned(fromByteOffset: 4 * x, as: SIMD4<UInt8>.self)
                            out.storeBytes(of: difference, toByteOffset: 1 + 3 * x, as: SIMD4<UInt8>.self)
                        }
                    }
                    previous.baseAddress!.update(
                        from: pixels.baseAddress! + (band.height - 1) * width * 4, count: width * 4)
                }
            }
        }
        try filtered.withUnsafeBufferPointer { filtered in
            try deflate(UnsafeBufferPointer(rebasing: filtered[0..<count]), last: false)
        }
        height += band.height
    }

    /// Ends the image: the last IDAT, IEND and the height written into IHDR; the file is
    /// closed, still under its temporary name (see ``commit()``).
    /// - Throws: `RenderError.png` when no row was written or deflate fails; `FileWriteError`.
    package func finish() throws {
        guard deflater != nil else { throw RenderError.png("a streamed PNG finished twice") }
        guard height > 0 else { throw RenderError.png("a streamed PNG with no rows") }
        try deflate(UnsafeBufferPointer(start: nil, count: 0), last: true)
        deflater = nil
        filtered = []
        previous = []
        output = []
        try chunk("IEND", [])
        let header = header(height: height)
        let type = Array("IHDR".utf8)
        try file.overwrite(Self.bigEndian(UInt32(height)), at: Self.heightOffset)
        try file.overwrite(Self.bigEndian(Self.crc(type + header)), at: Self.heightOffset + 9)
        try file.close()
    }

    /// Renames the finished file into place.
    /// - Throws: `FileWriteError`.
    package func commit() throws { try file.commit() }

    /// Feeds `input` to the deflater, writing an IDAT chunk whenever its output fills.
    private func deflate(_ input: UnsafeBufferPointer<UInt8>, last: Bool) throws {
        try output.withUnsafeMutableBufferPointer { output in
            guard let deflater else { throw RenderError.png("a streamed PNG written to after finish()") }
            try deflater.compress(input, last: last, output: output) { try chunk("IDAT", Array($0)) }
        }
    }

    /// Writes one chunk: length, type, data, CRC-32 of type and data.
    private func chunk(_ type: String, _ data: [UInt8]) throws {
        let typeBytes = Array(type.utf8)
        try file.append(
            Self.bigEndian(UInt32(data.count)) + typeBytes + data + Self.bigEndian(Self.crc(typeBytes + data)))
    }

    /// IHDR's data: width, height, 8-bit RGB, deflate, adaptive filtering, no interlace.
    private func header(height: Int) -> [UInt8] {
        Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { crc32($0) }
    }
}
