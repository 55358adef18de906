/// PNG image data before compression (PNG spec §7.3, §9): for each row a filter-type byte,
/// then the row's pixels, 8 bits a channel, predicted with the Sub filter (type 1): each
/// byte minus the same channel of the pixel to its left, modulo 256.
///
/// Sub turns the smooth gradients and flat fills of rendered screens into runs of small
/// values that deflate well, needs only the current row, and costs one subtraction a byte;
/// rows are independent, so they are filtered on all cores. (libpng filters only inside
/// its own zlib writer, which cannot use a faster deflate; this is the one PNG step done
/// here, and decoding goes through libpng, so any mistake fails the round-trip tests.)
enum PNGScanlines {
    /// The Sub-filtered scanlines of straight-alpha RGBA rows (`width * 4` bytes each):
    /// `height * (1 + width * channels)` bytes, with the alpha bytes dropped when `channels`
    /// is 3 (an opaque image written as RGB) and kept when it is 4.
    /// - Precondition: `rgba.count == width * height * 4` and `channels` is 3 or 4.
    static func subFiltered(rgba: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
        precondition(rgba.count == width * height * 4 && (channels == 3 || channels == 4))
        let stride = 1 + width * channels
        return [UInt8](unsafeUninitializedCapacity: stride * height) { output, count in
            let out = UnsafeSendable(output.baseAddress!)
            rgba.withUnsafeBufferPointer { rgba in
                let source = UnsafeSendable(rgba.baseAddress!)
                forEachRowBand(rowCount: height, rowWidth: width) { rows in
                    for y in rows {
                        let row = source.value + y * width * 4
                        let line = out.value + y * stride
                        line[0] = 1  // filter type: Sub
                        if channels == 3 {
                            filterRGB(row, into: line + 1, width: width)
                        } else {
                            filterRGBA(row, into: line + 1, width: width)
                        }
                    }
                }
            }
            count = stride * height
        }
    }

    /// `subFiltered(rgba:width:height:channels: 3)` written over `rgba` itself: the same
    /// bytes, left in the first `height * (1 + width * 3)` bytes of `rgba` (the rest is
    /// dropped; the capacity is kept). No second buffer, so an opaque canvas is filtered
    /// for deflate at the cost of the canvas alone. One pass in row order: each row's
    /// output starts at or before its input (a row of `1 + 3w` bytes replaces one of `4w`)
    /// and each pixel is read before its bytes are written, so nothing unread is overwritten.
    /// - Precondition: `rgba.count == width * height * 4`.
    static func subFilterRGBInPlace(_ rgba: inout [UInt8], width: Int, height: Int) {
        precondition(rgba.count == width * height * 4)
        guard width > 0, height > 0 else {
            rgba.removeAll(keepingCapacity: true)
            return
        }
        let stride = 1 + width * 3
        rgba.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for y in 0..<height {
                let line = base + y * stride
                filterRGB(UnsafePointer(base + y * width * 4), into: line + 1, width: width)
                // After the row: in row 0 (and in every row of a 1-px-wide image) this
                // byte is the first pixel's red, which the filter has read by now.
                line[0] = 1
            }
        }
        rgba.removeLast(rgba.count - stride * height)
    }

    /// One row as RGB: the first pixel as is (its left neighbour counts as zero). Each
    /// pixel is read before its three bytes are written, so `line` may start at or before
    /// `row` in the same buffer (the in-place filter relies on it).
    private static func filterRGB(_ row: UnsafePointer<UInt8>, into line: UnsafeMutablePointer<UInt8>, width: Int) {
        guard width > 0 else { return }
        var left0 = row[0], left1 = row[1], left2 = row[2]
        line[0] = left0
        line[1] = left1
        line[2] = left2
        for x in 1..<width {
            let p = row + x * 4, q = line + x * 3
            let c0 = p[0], c1 = p[1], c2 = p[2]
            q[0] = c0 &- left0
            q[1] = c1 &- left1
            q[2] = c2 &- left2
            left0 = c0
            left1 = c1
            left2 = c2
        }
    }

    /// One row as RGBA, four bytes at a time: a byte-wise subtraction in a 32-bit word
    /// (SWAR), so no borrow crosses from one channel into the next.
    private static func filterRGBA(_ row: UnsafePointer<UInt8>, into line: UnsafeMutablePointer<UInt8>, width: Int) {
        let pixels = UnsafeRawPointer(row)
        let output = UnsafeMutableRawPointer(line)
        var left: UInt32 = 0
        for x in 0..<width {
            let pixel = pixels.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
            let difference = ((pixel | 0x8080_8080) &- (left & 0x7F7F_7F7F)) ^ ((pixel ^ ~left) & 0x8080_8080)
            output.storeBytes(of: difference, toByteOffset: x * 4, as: UInt32.self)
            left = pixel
        }
    }
}
