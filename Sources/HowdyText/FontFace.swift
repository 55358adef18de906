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

    let bytes: UnsafeMutableRawBufferPointer
    let ftFace: FT_Face
    let hbFace: OpaquePointer  // hb_face_t *
    /// The face's cmap coverage, read once: hb_set lookups are lock-free reads.
    private let coverage: OpaquePointer  // hb_set_t *
    private let lock = Mutex(())
    private let spaceInertness = Mutex<Bool?>(nil)

    /// Largest font file accepted: 64 MiB. Bigger files are refused before they are read.
    public static let maximumFileSize = 64 << 20

    private static let cache = Mutex<[String: FontFace]>([:])

    /// Opens the face at `index` of the font file at `path`, or returns the cached one.
    ///
    /// - Throws: `TextError.fontUnreadable` when the file cannot be read or is larger
    ///   than `maximumFileSize`; `TextError.fontInvalid` when FreeType cannot parse it
    ///   or it has no glyphs.
    public static func open(path: String, index: Int = 0) throws -> FontFace {
        let key = "\(index):\(path)"
        if let face = cache.withLock({ $0[key] }) { return face }
        let face = try FontFace(path: path, index: index)
        return cache.withLock { cached in
            if let existing = cached[key] { return existing }
            cached[key] = face
            return face
        }
    }

    private init(path: String, index: Int) throws {
        let data = try Self.read(path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        data.copyBytes(to: buffer)

        var face: FT_Face?
        let error = FreeTypeLibrary.shared.withLibrary { library in
            FT_New_Memory_Face(
                library, buffer.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(data.count),
                FT_Long(index), &face)
        }
        guard error == 0, let face else {
            buffer.deallocate()
            throw TextError.fontInvalid(path: path, reason: FreeTypeLibrary.message(for: error))
        }
        let record = face.pointee
        guard record.num_glyphs > 0 else {
            FreeTypeLibrary.shared.withLibrary { _ in _ = FT_Done_Face(face) }
            buffer.deallocate()
            throw TextError.fontInvalid(path: path, reason: "the face has no glyphs")
        }

        let blob = hb_blob_create(
            buffer.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(data.count),
            HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, UInt32(index))!
        hb_blob_destroy(blob)
        hb_face_make_immutable(hbFace)
        let coverage = hb_set_create()!
        hb_face_collect_unicodes(hbFace, coverage)
        self.coverage = coverage

        self.path = path
        self.index = index
        self.bytes = buffer
        self.ftFace = face
        self.hbFace = hbFace
        self.familyName = record.family_name.map { String(cString: $0) } ?? ""
        self.styleName = record.style_name.map { String(cString: $0) } ?? ""
        self.glyphCount = Int(record.num_glyphs)
        let flags = UInt(bitPattern: record.face_flags)
        self.isColor = flags & UInt(FT_FACE_FLAG_COLOR) != 0
        self.isScalable = flags & UInt(FT_FACE_FLAG_SCALABLE) != 0
        let upem = Int(hb_face_get_upem(hbFace))
        self.unitsPerEm = upem > 0 ? upem : 1000
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            self.weightClass = Int(os2.assumingMemoryBound(to: TT_OS2.self).pointee.usWeightClass)
        } else {
            self.weightClass = 400
        }
        self.axes = FontAxis.axes(of: hbFace)
        guard unitsPerEm >= 16, unitsPerEm <= 16384 else {
            throw TextError.fontInvalid(path: path, reason: "units per em \(upem) is outside 16...16384")
        }
    }

    deinit {
        hb_set_destroy(coverage)
        hb_face_destroy(hbFace)
        let face = ftFace
        FreeTypeLibrary.shared.withLibrary { _ in _ = FT_Done_Face(face) }
        bytes.deallocate()
    }

    private static func read(_ path: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TextError.fontUnreadable(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw TextError.fontUnreadable(path: path, reason: "it is a directory")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > maximumFileSize {
            throw TextError.fontUnreadable(
                path: path, reason: "\(size) bytes is over the \(maximumFileSize)-byte limit")
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
            guard data.count >= 12 else {
                throw TextError.fontInvalid(path: path, reason: "the file is \(data.count) bytes long")
            }
            return data
        } catch let error as TextError {
            throw error
        } catch {
            throw TextError.fontUnreadable(path: path, reason: error.localizedDescription)
        }
    }

    /// Runs `body` with the FreeType face while holding this face's lock. FreeType faces
    /// are not thread-safe: keep `body` short and do not let the pointer escape.
    package func withFreeTypeFace<R>(_ body: (FT_Face) throws -> R) rethrows -> R {
        try lock.withLock { _ in try body(ftFace) }
    }

    /// True when the face maps `scalar` to a glyph through its cmap.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        hb_set_has(coverage, scalar.value) != 0
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
