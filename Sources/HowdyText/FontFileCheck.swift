/// A bounds check of a font file's table directory against the file's length.
///
/// FreeType and HarfBuzz both tolerate a cut-off file: FreeType shortens a table that runs
/// past the end and draws glyphs whose outlines are missing as empty, without an error;
/// HarfBuzz clamps its view of the table. So a half-truncated font lays out (its metrics
/// come first in the file) and draws blank. Neither library reports the declared length,
/// so this reads the sfnt table directory (OpenType's 12-byte header and 16-byte table
/// records) and nothing else; every table's contents stay the libraries' to parse.
enum FontFileCheck {
    /// A table the directory declares but the file does not wholly hold.
    struct CutTable: Equatable {
        /// The table's tag, e.g. `glyf` (unprintable bytes shown as `?`).
        var tag: String
        /// Where the directory says the table ends, in bytes from the file's start.
        var declaredEnd: UInt64
    }

    /// The first table of face `index` that ends past `bytes.count`; nil when every table
    /// fits, or when the file is not an sfnt or collection this check knows (WOFF, say),
    /// in which case the libraries' own checks apply.
    static func cutTable(in bytes: UnsafeRawBufferPointer, faceIndex index: Int) -> CutTable? {
        func u32(_ offset: Int) -> UInt32? {
            guard offset >= 0, offset <= bytes.count - 4 else { return nil }
            return bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).bigEndian
        }
        func u16(_ offset: Int) -> UInt16? {
            guard offset >= 0, offset <= bytes.count - 2 else { return nil }
            return bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self).bigEndian
        }
        guard let signature = u32(0) else { return nil }
        var directory = 0
        if signature == 0x7474_6366 {  // 'ttcf': a collection names each face's directory
            guard index >= 0, let count = u32(8), UInt32(index) < count, let start = u32(12 + 4 * index) else {
                return nil
            }
            directory = Int(start)
        } else if index != 0 {
            return nil
        }
        guard let version = u32(directory), [0x0001_0000, 0x4F54_544F, 0x7472_7565].contains(version),
            let tables = u16(directory + 4)
        else { return nil }
        for table in 0..<Int(tables) {
            let record = directory + 12 + 16 * table
            guard let tag = u32(record), let offset = u32(record + 8), let length = u32(record + 12) else {
                return nil
            }
            let end = UInt64(offset) + UInt64(length)
            guard end > UInt64(bytes.count) else { continue }
            let name = (0..<4).map { UInt8(truncatingIfNeeded: tag >> (24 - 8 * $0)) }
                .map { (32...126).contains($0) ? Character(UnicodeScalar($0)) : "?" }
            return CutTable(tag: String(name), declaredEnd: end)
        }
        return nil
    }
}
