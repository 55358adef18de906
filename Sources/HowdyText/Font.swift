import CHarfBuzz
import HowdyNumbers
import Synchronization

/// A face at a size: what text is shaped and measured with.
///
/// Fonts are cheap values; the face and its HarfBuzz instance are shared and cached,
/// so creating the same font twice costs a dictionary lookup.
public struct Font: Sendable, Hashable, CustomStringConvertible {
    /// The largest size accepted, in px.
    public static let maximumSize = 4096.0
    /// The smallest size accepted, in px: below it HarfBuzz's 26.6 scale rounds advances
    /// to nothing and every width comes out 0.
    public static let minimumSize = 0.5

    /// Everything below in one shared, immutable object: a `Font` is copied into every
    /// run, line and layout, and a copy retains this one reference instead of one each for
    /// the face, the variations, the text system and the HarfBuzz font.
    let storage: Storage

    final class Storage: Sendable {
        let face: FontFace
        let size: Double
        let variations: [FontVariation]
        let metrics: FontMetrics
        let synthesis: FontSynthesis
        let instance: HarfBuzzFont
        /// The system whose caches layouts use, retained when `retainsSystem`.
        private let systemReference: Unmanaged<TextSystem>
        /// False only for a font kept inside its own system's caches (`heldBySystem`): a
        /// cache the system owns holding a font that retained the system would keep both
        /// alive for ever.
        let retainsSystem: Bool

        var system: TextSystem { systemReference.takeUnretainedValue() }

        init(
            face: FontFace, size: Double, variations: [FontVariation], synthesis: FontSynthesis, system: TextSystem
        ) {
            self.face = face
            self.size = size
            self.variations = variations
            self.synthesis = synthesis
            systemReference = .passRetained(system)
            retainsSystem = true
            instance = HarfBuzzFont.shared(
                face: face, size: size, variations: variations, synthesis: synthesis, system: system)
            metrics = instance.metrics
        }

        /// `other`'s font with the system retained or not.
        init(copying other: Storage, retainingSystem: Bool) {
            face = other.face
            size = other.size
            variations = other.variations
            synthesis = other.synthesis
            instance = other.instance
            metrics = other.metrics
            systemReference = retainingSystem ? .passRetained(other.system) : .passUnretained(other.system)
            retainsSystem = retainingSystem
        }

        deinit { if retainsSystem { systemReference.release() } }
    }

    private init(storage: Storage) { self.storage = storage }

    /// This font as its system's own caches keep it: the same font (`==`), not retaining
    /// the system. Valid only while the system lives, so it never leaves the system's
    /// caches: they hand out `retainingSystem`.
    var heldBySystem: Font { Font(storage: Storage(copying: storage, retainingSystem: false)) }

    /// False for a font `heldBySystem`.
    var retainsItsSystem: Bool { storage.retainsSystem }

    /// This font retaining its system: itself, or a copy of a font `heldBySystem`.
    var retainingSystem: Font {
        storage.retainsSystem ? self : Font(storage: Storage(copying: storage, retainingSystem: true))
    }

    /// The face glyphs come from.
    public var face: FontFace { storage.face }
    /// The size in px (the em square is `size` px tall).
    public var size: Double { storage.size }
    /// Variation axis settings applied to variable fonts (ignored by static fonts).
    public var variations: [FontVariation] { storage.variations }
    /// Vertical metrics at this size, in px.
    public var metrics: FontMetrics { storage.metrics }
    /// Synthetic bold and oblique applied to this face (see `FontSynthesis`): none unless
    /// given, or unless layout chose this font as a fallback for a bolder or italic one.
    public var synthesis: FontSynthesis { storage.synthesis }

    /// The text system whose caches the font's HarfBuzz instance came from, and which
    /// layouts of this font read and fill (`TextSystem.shared` unless given).
    public var system: TextSystem { storage.system }

    var instance: HarfBuzzFont { storage.instance }

    /// The HarfBuzz font (`hb_font_t *`) this font shapes with, owned by it: for the
    /// benchmark's reference shaper (HowdyTestSupport), valid while the font lives.
    package var harfBuzzFont: OpaquePointer { instance.handle }

    /// A font from a face at `size` px, with `synthesis` (none by default): synthetic
    /// bold widens every advance by `size / 24` px (see `FontSynthesis`). Layouts of it
    /// use `system`'s caches (`TextSystem.shared` by default).
    /// - Throws: `TextError.invalidSize` when `size` is not finite or outside [0.5, 4096].
    public init(
        face: FontFace, size: Double, variations: [FontVariation] = [], synthesis: FontSynthesis = .none,
        system: TextSystem = .shared
    ) throws {
        guard size.isFinite, size >= Font.minimumSize, size <= Font.maximumSize else {
            throw TextError.invalidSize(size)
        }
        storage = Storage(face: face, size: size, variations: variations, synthesis: synthesis, system: system)
    }

    /// A font from a file path, a bundled name (`Inter-Bold`, `NotoSansArabic-Regular`, ...)
    /// or a fontconfig family name (`DejaVu Sans`, `DejaVu Sans:bold`), tried in that order
    /// (a name containing `/` or ending in .ttf/.otf/.ttc is only tried as a path).
    ///
    /// - Throws: `TextError.invalidSize`, `TextError.fontNotFound` when nothing matches,
    ///   `TextError.fontUnreadable` / `.fontInvalid` naming the path of a bad file.
    public init(named name: String, size: Double, variations: [FontVariation] = []) throws {
        let face = try FontLibrary.face(named: name)
        try self.init(face: face, size: size, variations: variations)
    }

    /// A font from the file at `path` (face `index` of a collection).
    /// - Throws: `TextError.fontUnreadable` / `.fontInvalid` naming `path`, or `.invalidSize`.
    public init(path: String, index: Int = 0, size: Double, variations: [FontVariation] = []) throws {
        try self.init(face: FontFace.open(path: path, index: index), size: size, variations: variations)
    }

    /// The same face at another size (variations and system kept).
    public func withSize(_ size: Double) throws -> Font {
        try Font(face: face, size: size, variations: variations, system: system)
    }

    /// A readable form for messages and logs.
    public var description: String {
        let synthetic = (synthesis.bold ? " synthetic bold" : "") + (synthesis.oblique ? " synthetic oblique" : "")
        return "\(face.familyName) \(face.styleName) \(size)px\(synthetic)"
    }

    /// The synthetic-bold advance increase in 26.6 (0 without synthetic bold).
    var emboldenStrength: Int32 { instance.emboldenStrength }

    /// Equality as described on the type.
    public static func == (lhs: Font, rhs: Font) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.face === rhs.face && lhs.size == rhs.size && lhs.variations == rhs.variations
            && lhs.synthesis == rhs.synthesis
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(face)
        hasher.combine(size)
        hasher.combine(variations)
        hasher.combine(synthesis)
    }
}

/// An hb_font_t at one size, scaled so that positions come out `fineShift` bits finer
/// than 26.6: 16.16 fixed point (1/65536 px) up to 256 px, as Chromium shapes, so a
/// line's width is a sum of unrounded advances instead of one rounded to 1/64 px per
/// glyph. Immutable after creation, so shaping can run on any thread.
final class HarfBuzzFont: @unchecked Sendable {
    let handle: OpaquePointer  // hb_font_t *
    let face: FontFace
    let metrics: FontMetrics
    /// Synthetic bold's advance increase in 26.6, added by the shaper to every glyph
    /// with a non-zero advance; 0 without synthetic bold.
    let emboldenStrength: Int32
    /// Bits of HarfBuzz's positions below 1/64 px: 10 (16.16) up to 256 px, fewer above,
    /// so that 128 em still fit HarfBuzz's 32-bit positions at `Font.maximumSize`.
    let fineShift: Int
    /// Bits a HarfBuzz position is shifted left by to become 16.16 (`10 - fineShift`):
    /// 0 up to 256 px. Exact: no position is rounded on the way.
    var shiftTo16Dot16: Int { 10 - fineShift }
    /// Unique for the process and never reused (unlike an address): keys shaped words.
    let serial: Int
    /// The nominal glyph and advance of each ideograph this font has given
    /// (`NominalShaping`), empty until a CJK run needs one.
    let nominalGlyphs = NominalGlyphs()

    private static let serials = Atomic<Int>(0)

    struct Key: Hashable {
        let face: ObjectIdentifier
        let size: Double
        let variations: [FontVariation]
        let synthesis: FontSynthesis
    }

    /// The font `system` keeps for these settings, made on first use.
    static func shared(
        face: FontFace, size: Double, variations: [FontVariation], synthesis: FontSynthesis, system: TextSystem
    ) -> HarfBuzzFont {
        let key = Key(face: ObjectIdentifier(face), size: size, variations: variations, synthesis: synthesis)
        return system.harfBuzzFont(key) {
            HarfBuzzFont(face: face, size: size, variations: variations, synthesis: synthesis)
        }
    }

    private init(face: FontFace, size: Double, variations: [FontVariation], synthesis: FontSynthesis) {
        self.face = face
        emboldenStrength = synthesis.emboldenStrength(size64: Int(saturatingRounded: size * 64))
        serial = Self.serials.add(1, ordering: .relaxed).newValue
        let font = hb_font_create(face.hbFace)!
        hb_ot_font_set_funcs(font)
        let scale = Int32(saturatingRounded: size * 64)
        hb_font_set_scale(font, scale, scale)
        if !variations.isEmpty {
            let values = variations.map(\.value)
            hb_font_set_variations(font, values, UInt32(values.count))
        }

        func position(_ tag: hb_ot_metrics_tag_t) -> Double {
            var value: hb_position_t = 0
            hb_ot_metrics_get_position_with_fallback(font, tag, &value)
            return Double(value) / 64
        }
        metrics = FontMetrics(
            ascender: position(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER),
            descender: position(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER),
            lineGap: max(0, position(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP)),
            capHeight: position(HB_OT_METRICS_TAG_CAP_HEIGHT),
            xHeight: position(HB_OT_METRICS_TAG_X_HEIGHT),
            unitsPerEm: face.unitsPerEm)
        // Metrics above are read at 26.6, as before; shaping runs at the finer scale.
        fineShift = Self.fineShift(size: size)
        let fineScale = Int32(saturatingRounded: size * 64 * Double(1 << fineShift))
        hb_font_set_scale(font, fineScale, fineScale)
        hb_font_make_immutable(font)
        handle = font
    }

    /// 10 while `128 em × size × 64 × 2^shift` fits in 31 bits (sizes up to 256 px), fewer above.
    static func fineShift(size: Double) -> Int {
        var shift = 10
        while shift > 0, size * 64 * Double(1 << shift) * 128 > Double(Int32.max) { shift -= 1 }
        return shift
    }

    deinit { hb_font_destroy(handle) }
}
