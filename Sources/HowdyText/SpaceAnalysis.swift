import CHarfBuzz
import Synchronization

/// The part of `SpaceBoundaries` that does not depend on the font's size: what the shape
/// plan's lookups can change across a space (`SpaceCrossings`), the space's forms, and the
/// per-character answers of `cleanWords`. Built once per face and shaping context and
/// shared by every size of the face (`SpaceAnalyses`), so a stream that mixes sizes pays
/// for the lookup analysis (about 12 ms for Inter) once per face, not once per size.
///
/// Why it is the same at every size: everything here is read from the face (GSUB, GPOS,
/// GDEF, cmap, the `kern`/AAT/`fvar` tables) and the shape plan, which HarfBuzz builds
/// from the face, the segment properties and the feature list only
/// (`hb_shape_plan_create_cached` with no variation coordinates, as before). The one
/// glyph read through a font, the space's nominal glyph, and the nominal glyphs that
/// `cleanWords` and `Compositions` read later, come from the cmap, which no scale,
/// synthesis or variation changes. What does depend on the size, the pair probe that
/// shapes "space, y" (`SpaceBoundaries.pairIsInert`), stays per sized font. Variations
/// are part of the key all the same, so a variable font's instances never share one.
final class SpaceAnalysis: @unchecked Sendable {
    /// Kept so that the face's identifier in `SpaceAnalyses.Key` is never reused while
    /// this entry lives.
    let face: FontFace
    let lookups: OpaquePointer  // hb_set_t *: applied GSUB lookups
    /// What lookups can change across a space; nil when the font has no space glyph.
    let crossings: SpaceCrossings?
    let pairsWithSpace: Bool
    /// See `SpaceBoundaries.pairsWithMadeGlyphs`.
    let pairsWithMadeGlyphs: Bool
    let space: hb_codepoint_t?
    /// See `SpaceBoundaries.hasNoCleanWords`.
    let hasNoCleanWords: Bool
    /// See `SpaceBoundaries.clustersAreIndependent`.
    let clustersAreIndependent: Bool
    /// `cleanWords`' answers per scalar: a function of the scalar's nominal glyphs (cmap),
    /// `crossings` and the direction, so shared by every size.
    let cleanAnswers = ReadMostly(ScalarFlags())
    /// No lookup can change anything across a space: every piece is clean.
    let isInert: Bool
    /// When HarfBuzz reverses a run's buffer in this context.
    let reversal: SpaceBoundaries.Reversal
    /// The font's characters by the last character of their canonical decomposition,
    /// read when a mark is first judged.
    let compositions = Mutex(Compositions())

    /// The analysis of `font`'s face in this context; `font` is read for nominal glyphs
    /// only (cmap), so any size of the face gives the same analysis.
    init(font: Font, rightToLeft: Bool, script: hb_script_t, language: hb_language_t?, features: [hb_feature_t]) {
        face = font.face
        lookups = hb_set_create()!
        let face = font.face.hbFace
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font.instance.handle, 0x20, &glyph) != 0 else {
            space = nil
            reversal = .always
            pairsWithSpace = true
            pairsWithMadeGlyphs = true
            clustersAreIndependent = false
            hasNoCleanWords = true
            crossings = nil
            isInert = false
            return
        }
        space = glyph
        var props = hb_segment_properties_t()
        props.direction = rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        props.script = script
        props.language = language
        let plan = features.withUnsafeBufferPointer {
            hb_shape_plan_create_cached(face, &props, $0.baseAddress, UInt32($0.count), nil)
        }
        defer { hb_shape_plan_destroy(plan) }
        let gsub = hb_tag_t(0x4753_5542)
        let gpos = hb_tag_t(0x4750_4F53)
        hb_ot_shape_plan_collect_lookups(plan, gsub, lookups)
        let positioning = hb_set_create()!
        defer { hb_set_destroy(positioning) }
        hb_ot_shape_plan_collect_lookups(plan, gpos, positioning)
        clustersAreIndependent =
            hb_set_is_empty(lookups) != 0 && hb_set_is_empty(positioning) != 0
            && ["kern", "morx", "mort", "kerx", "trak", "fvar"].allSatisfy { name in
                let blob = hb_face_reference_table(face, hb_tag_from_string(name, -1))
                defer { hb_blob_destroy(blob) }
                return hb_blob_get_length(blob) == 0
            }

        // What GSUB can make of the space (complete unless the space is tainted: see below).
        let spaces = hb_set_create()!
        defer { hb_set_destroy(spaces) }
        hb_set_add(spaces, glyph)
        hb_ot_layout_lookups_substitute_closure(face, lookups, spaces)
        let spaceGlyphs = SpaceCrossings.elements(spaces)
        // The argument needs the space never skipped: a base glyph (or unclassified, which
        // no lookup flag skips) in every form GSUB can give it.
        let spacesAreBases = spaceGlyphs.allSatisfy {
            let kind = hb_ot_layout_get_glyph_class(face, $0)
            return kind == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || kind == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
        }

        // HarfBuzz applies frac/numr/dnom only around U+2044 FRACTION SLASH; runs holding
        // one are never cached (`RunShaper`), so their lookups cannot reach a cached word.
        let fractionLookups = Self.lookups(face: face, table: gsub, features: ["frac", "numr", "dnom"])
        // HarfBuzz reverses the buffer when the run's direction is not its script's
        // (`hb_ensure_native_direction`), but for a left-to-right run of a right-to-left
        // script that holds a digit or a regional indicator and no letter.
        let native = hb_script_get_horizontal_direction(script)
        reversal =
            native == HB_DIRECTION_INVALID || native == props.direction
            ? .never : native == HB_DIRECTION_RTL && props.direction == HB_DIRECTION_LTR ? .unlessNumeric : .always
        let crossings = SpaceCrossings(
            face: face, gsub: lookups, gpos: positioning, skipping: fractionLookups, spaces: spaceGlyphs,
            spacesAreBases: spacesAreBases, logicalOrder: reversal != .always)
        self.crossings = crossings
        // A font that kerns only through the legacy `kern` table pairs without lookups.
        var pairs = crossings.pairs
        if hb_ot_layout_has_positioning(face) == 0 {
            let kern = hb_face_reference_table(face, hb_tag_t(0x6B65_726E))
            pairs = hb_blob_get_length(kern) > 0
            hb_blob_destroy(kern)
        }
        pairsWithSpace = pairs
        // Pairs that follow the space in logical order, and those before it where
        // HarfBuzz may reverse the buffer (then the next word's first glyph comes first).
        let partnerSets =
            reversal == .never
            ? [crossings.spacePartners.afterSpace]
            : [crossings.spacePartners.afterSpace, crossings.spacePartners.beforeSpace]
        let made = crossings.substituted
        pairsWithMadeGlyphs =
            pairs
            && (hb_ot_layout_has_positioning(face) == 0
                ? !made.isEmpty  // legacy `kern` pairs are not read: any made glyph may pair
                : partnerSets.contains { set in
                    set.map { $0.contains { made.contains(hb_codepoint_t($0)) } } ?? !made.isEmpty
                })
        // The space unsafe: some rule changes it (so `spaces` may also miss forms of it).
        hasNoCleanWords = !spacesAreBases || spaceGlyphs.contains { hb_set_has(crossings.anywhere, $0) != 0 }
        isInert = [
            crossings.anywhere, crossings.first, crossings.beforeLast, crossings.looseFirst, crossings.looseBeforeLast,
        ].allSatisfy { hb_set_is_empty($0) != 0 }
    }

    deinit {
        hb_set_destroy(lookups)
    }

    private static func lookups(face: OpaquePointer, table: hb_tag_t, features: [String]) -> Set<UInt32> {
        let set = hb_set_create()!
        defer { hb_set_destroy(set) }
        var tags = features.map { hb_tag_from_string($0, -1) }
        tags.append(0)
        tags.withUnsafeBufferPointer { hb_ot_layout_collect_lookups(face, table, nil, nil, $0.baseAddress, set) }
        var result: Set<UInt32> = []
        var lookup = hb_codepoint_t.max
        while hb_set_next(set, &lookup) != 0 { result.insert(lookup) }
        return result
    }
}

/// The size-independent analyses (`SpaceAnalysis`) a word cache keeps, per face, its
/// variations and the shaping context without the size: at most `limit` of them; past
/// it the one made longest ago is dropped (not all of them, so a stream cycling through
/// a few more contexts than fit loses one analysis per new context, not every one).
/// Input decides how many contexts a stream names (fonts, features, languages), so the
/// bound is what keeps its memory finite. Thread-safe: lookups lock only the calling
/// thread's stripe.
final class SpaceAnalyses: Sendable {
    /// Most analyses kept: faces × scripts × feature lists × languages in use at once.
    static let limit = 64
    /// An estimate of the bytes one holds (the lookup sets and glyph ranges of a large
    /// face such as Inter), for `TextSystem`'s budget.
    static let estimatedBytes = 64 << 10

    struct Key: Hashable {
        let face: ObjectIdentifier
        let variations: [FontVariation]
        let features: Int
        let script: UInt32
        let rightToLeft: Bool
        let language: Int
    }

    private struct Table {
        var byKey: [Key: SpaceAnalysis] = [:]
        /// Keys in the order they were added, oldest first.
        var order: [Key] = []
    }

    private let table = ReadMostly<Table, Void>(Table())
    private let made = Atomic<Int>(0)

    /// Analyses built since the cache was made (for tests: a new size of a known face
    /// builds none).
    var builds: Int { made.load(ordering: .relaxed) }

    /// Analyses held now.
    var count: Int { table.read { $0.pointee.byKey.count } }

    /// The analysis for `font`'s face in `context`, built outside the lock on first use.
    func analysis(
        font: Font, context: ShapeContext, script: hb_script_t, language: hb_language_t?, features: [hb_feature_t]
    ) -> SpaceAnalysis {
        let key = Key(
            face: ObjectIdentifier(font.face), variations: font.variations, features: context.features,
            script: context.script, rightToLeft: context.rightToLeft, language: context.language)
        if let found = table.read({ $0.pointee.byKey[key] }) { return found }
        let built = SpaceAnalysis(
            font: font, rightToLeft: context.rightToLeft, script: script, language: language, features: features)
        made.add(1, ordering: .relaxed)
        return table.write { table in
            if let found = table.byKey[key] { return found }
            while table.order.count >= Self.limit {
                table.byKey[table.order.removeFirst()] = nil
            }
            table.byKey[key] = built
            table.order.append(key)
            return built
        }
    }

    /// Drops every analysis (they are built again as runs need them).
    func removeAll() { table.write { $0 = Table() } }
}
