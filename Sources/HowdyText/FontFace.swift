import CFreeType
import CHarfBuzz
import Foundation
import Synchronization

/// One face of a font file, opened once and shared: the file's bytes, the FreeType
/// face (for outlines, bitmaps and names) and the HarfBuzz face built on the same
/// bytes (for shaping and metrics). Obtain faces through `FontFace.open(path:index:)`,
/// which caches them by path and index.
///
/// HarfBuzz objects are immutable once built and safe to share between threads; an
/// FT_Face is not, so FreeType access goes through `withFreeTypeFace`, which locks.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The file the face was read from.
    public let path: String
    /// The face index inside a collection (0 for a plain .ttf/.otf).
    public let index: Int
    /// The family name FreeType reports (e.g. "Inter").
    public let familyName: String
    /// The style name FreeType reports (e.g. "Bold").
    public let styleName: String
    /// Design units per em (1000 for CFF fonts, 2048 for most TrueType fonts).
    public let unitsPerEm: Int
    /// Number of glyphs in the face.
    public let glyphCount: Int
    /// True for faces with colour glyphs (CBDT/sbix bitmaps or COLR layers), e.g. Noto Color Emoji.
    public let isColor: Bool
    /// True when the face has outlines; false for bitmap-only faces such as Noto Color Emoji.
    public let isScalable: Bool
    /// The OS/2 weight class (400 regular, 700 bold); 400 when the table is absent.
    public let weightClass: Int
    /// Variation axes of a variable font; empty for static fonts.
    public let axes: [FontAxis]
    /// True when FreeType reports the face italic or oblique (FT_STYLE_FLAG_ITALIC).
    public let isItalic: Bool

    /// The file's bytes, mapped (not copied) by HarfBuzz; FreeType reads the same mapping.
    private let blob: OpaquePointer  // hb_blob_t *
    let ftFace: FT_Face
    let hbFace: OpaquePointer  // hb_face_t *
    /// The face's cmap coverage, read once: hb_set lookups are lock-free reads.
    private let coverage: OpaquePointer  // hb_set_t *
    /// The BMP blocks `coverage` touches, so that most misses skip the set (`BMPBlocks`);
    /// read by itemisation's plain stretches too (`Itemization.plainStretch`).
    let blocks: BMPBlocks
    private let lock = Mutex(())
    private let spaceInertness = Mutex<Bool?>(nil)

    /// Largest font file accepted: 64 MiB. Bigger files are refused before they are read.
    public static let maximumFileSize = 64 << 20

    /// Most faces a `TextSystem` keeps open (beyond that its table starts over; faces in
    /// use stay alive).
    public static let maximumCachedFaces = TextSystem.maximumFaces

    /// The file's size in bytes: what the face can make resident, as `TextSystem`'s
    /// budget counts it.
    package let fileSize: Int

    /// Opens the face at `index` of the font file at `path`, or returns the one
    /// `TextSystem.shared` holds for the same file (by device and inode, so every path to
    /// one file shares a face).
    /// The file is memory-mapped, not read: pages are loaded as glyphs need them.
    ///
    /// - Throws: `TextError.fontUnreadable` when the file cannot be read or is larger
    ///   than `maximumFileSize`; `TextError.fontInvalid` when FreeType cannot parse it
    ///   or it has no glyphs.
    public static func open(path: String, index: Int = 0) throws -> FontFace {
        try open(path: path, index: index, system: .shared)
    }

    /// `open(path:index:)` through `system`'s face cache.
    static func open(path: String, index: Int, system: TextSystem) throws -> FontFace {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw TextError.fontUnreadable(path: path, reason: reason)
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw TextError.fontUnreadable(path: path, reason: "it is a directory")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw TextError.fontUnreadable(path: path, reason: "not a regular file")
        }
        guard status.st_size <= maximumFileSize else {
            throw TextError.fontUnreadable(
                path: path, reason: "\(status.st_size) bytes is over the \(maximumFileSize)-byte limit")
        }
        guard status.st_size >= 12 else {
            throw TextError.fontInvalid(path: path, reason: "the file is \(status.st_size) bytes long")
        }
        let key = TextSystem.FaceKey(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), index: index)
        return try system.face(key) { try FontFace(path: path, index: index) }
    }

    private init(path: String, index: Int) throws {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw TextError.fontUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        guard let data, length >= 12, Int(length) <= Self.maximumFileSize else {
            hb_blob_destroy(blob)
            throw TextError.fontInvalid(path: path, reason: "the file is \(length) bytes long")
        }

        var face: FT_Face?
        let error = FreeTypeLibrary.shared.withLibrary { library in
            data.withMemoryRebound(to: FT_Byte.self, capacity: Int(length)) { bytes in
                FT_New_Memory_Face(library, bytes, FT_Long(length), FT_Long(index), &face)
            }
        }
        guard error == 0, let face else {
            hb_blob_destroy(blob)
            throw TextError.fontInvalid(path: path, reason: FreeTypeLibrary.message(for: error))
        }
        let record = face.pointee
        guard record.num_glyphs > 0 else {
            FreeTypeLibrary.shared.withLibrary { _ in _ = FT_Done_Face(face) }
            hb_blob_destroy(blob)
            throw TextError.fontInvalid(path: path, reason: "the face has no glyphs")
        }

        let hbFace = hb_face_create(blob, UInt32(index))!
        hb_face_make_immutable(hbFace)
        let coverage = hb_set_create()!
        hb_face_collect_unicodes(hbFace, coverage)
        self.coverage = coverage
        self.blocks = BMPBlocks(coverage: coverage)

        self.path = path
        self.index = index
        self.fileSize = Int(length)
        self.blob = blob
        self.ftFace = face
        self.hbFace = hbFace
        self.familyName = record.family_name.map { String(cString: $0) } ?? ""
        self.styleName = record.style_name.map { String(cString: $0) } ?? ""
        self.glyphCount = Int(record.num_glyphs)
        let flags = UInt(bitPattern: record.face_flags)
        self.isColor = flags & UInt(FT_FACE_FLAG_COLOR) != 0
        self.isScalable = flags & UInt(FT_FACE_FLAG_SCALABLE) != 0
        self.isItalic = UInt(bitPattern: record.style_flags) & UInt(FT_STYLE_FLAG_ITALIC) != 0
        let upem = Int(hb_face_get_upem(hbFace))
        self.unitsPerEm = upem > 0 ? upem : 1000
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            // Read the one field in place: no rebinding of FreeType's table pointer.
            let offset = MemoryLayout<TT_OS2>.offset(of: \TT_OS2.usWeightClass)!
            self.weightClass = Int(os2.load(fromByteOffset: offset, as: FT_UShort.self))
        } else {
            self.weightClass = 400
        }
        self.axes = FontAxis.axes(of: hbFace)
        guard unitsPerEm >= 16, unitsPerEm <= 16384 else {
            throw TextError.fontInvalid(path: path, reason: "units per em \(upem) is outside 16...16384")
        }
        // A cut-off file would lay out and draw blank (see FontFileCheck): refuse it here,
        // where the file is named.
        var size: UInt32 = 0
        if let data = hb_blob_get_data(blob, &size),
            let cut = FontFileCheck.cutTable(
                in: UnsafeRawBufferPointer(start: data, count: Int(size)), faceIndex: index)
        {
            throw TextError.fontInvalid(
                path: path,
                reason: "it is cut short: its '\(cut.tag)' table ends at byte \(cut.declaredEnd), the file at \(size)")
        }
    }

    deinit {
        hb_set_destroy(coverage)
        hb_face_destroy(hbFace)
        let face = ftFace
        FreeTypeLibrary.shared.withLibrary { _ in _ = FT_Done_Face(face) }
        hb_blob_destroy(blob)
    }

    /// Runs `body` with the FreeType face while holding this face's lock. FreeType faces
    /// are not thread-safe: keep `body` short and do not let the pointer escape.
    package func withFreeTypeFace<R>(_ body: (FT_Face) throws -> R) rethrows -> R {
        try lock.withLock { _ in try body(ftFace) }
    }

    /// True when the face maps `scalar` to a glyph through its cmap.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        hasGlyph(scalar.value)
    }

    /// `hasGlyph(for:)` for a scalar value (any value; none above U+10FFFF is covered).
    @inline(__always)
    func hasGlyph(_ scalar: UInt32) -> Bool {
        blocks.mayCover(scalar) && hb_set_has(coverage, scalar) != 0
    }

    /// A readable form for messages and logs.
    public var description: String { "\(familyName) \(styleName) (\(path))" }

    /// True when the space glyph takes part in no GSUB or GPOS lookup (as input, context
    /// or output) and no legacy `kern` table can pair it: then no substitution or
    /// positioning can reach across a space, and words split after their spaces shape
    /// the same alone as in a line. Blink's word-by-word shaping rests on the same test
    /// (`HasSpaceInLigaturesOrKerning`). Computed once per face.
    var spaceIsInert: Bool {
        spaceInertness.withLock { cached in
            if let cached { return cached }
            let inert = Self.computeSpaceIsInert(hbFace)
            cached = inert
            return inert
        }
    }

    private static func computeSpaceIsInert(_ face: OpaquePointer) -> Bool {
        guard let font = hb_font_create(face) else { return false }
        defer { hb_font_destroy(font) }
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, 0x20, &space) != 0 else { return false }
        let gpos = hb_tag_t(0x4750_4F53)  // 'GPOS'
        let gsub = hb_tag_t(0x4753_5542)  // 'GSUB'
        // A font that kerns only through the legacy table could pair a letter with the space.
        if hb_ot_layout_has_positioning(face) == 0 {
            let kern = hb_face_reference_table(face, hb_tag_t(0x6B65_726E))  // 'kern'
            defer { hb_blob_destroy(kern) }
            if hb_blob_get_length(kern) > 0 { return false }
        }
        let sets = (0..<4).map { _ in hb_set_create()! }
        defer { sets.forEach { hb_set_destroy($0) } }
        for table in [gsub, gpos] {
            let count = hb_ot_layout_table_get_lookup_count(face, table)
            for lookup in 0..<count {
                sets.forEach { hb_set_clear($0) }
                hb_ot_layout_lookup_collect_glyphs(face, table, lookup, sets[0], sets[1], sets[2], sets[3])
                if sets.contains(where: { hb_set_has($0, space) != 0 }) { return false }
            }
        }
        return true
    }

    /// Equality as described on the type.
    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }
    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

@_spi(Fuzzing)
extension FontFace {
    /// Opens the face without the path cache, so each call parses the file again: for
    /// fuzzing, where one path holds a different file on every run. Same errors as
    /// ``open(path:index:)``.
    public static func openUncached(path: String, index: Int = 0) throws -> FontFace {
        try FontFace(path: path, index: index)
    }
}
