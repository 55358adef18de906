import CHarfBuzz
import CHowdyICU
import Synchronization

/// Decides, for one font and shaping context, where a run may be cut into words that
/// shape the same alone as in the run: at a space followed by a character that no
/// OpenType lookup can join to that space.
///
/// HarfBuzz's own signal, `HB_GLYPH_FLAG_UNSAFE_TO_CONCAT`, is set on every glyph a
/// pair-kerning lookup merely *tried* (HarfBuzz ≥ 4), so in a kerned font such as Inter
/// it marks every word edge. This analysis asks the lookups instead, soundly:
/// - Words end after their spaces, so a lookup match that crosses a cut contains the
///   last space of one word and the first glyph of the next (`y`, never a mark, so no
///   lookup skips it), at whatever stage of shaping it applies.
/// - Lookups the shaping plan applies whose glyphs include the space (or what GSUB can
///   turn it into) are collected. A pair-positioning lookup adjusts only the two glyphs
///   of a pair, so for those the pair "space, y" is shaped once and compared with the two
///   shaped apart. Any other such lookup makes every glyph it mentions unsafe.
/// - The cut before `y` is safe when `y`'s GSUB closure meets no unsafe glyph and the
///   pair probe shows no change. Answers are kept per character.
final class SpaceBoundaries: @unchecked Sendable {
    private let font: Font
    private let context: ShapeContext
    private let script: hb_script_t
    private let language: hb_language_t?
    private let features: [hb_feature_t]
    private let lookups: OpaquePointer  // hb_set_t *: applied GSUB lookups
    private let unsafeGlyphs: OpaquePointer  // hb_set_t *
    private let pairsWithSpace: Bool
    private let space: hb_codepoint_t?
    /// True when HarfBuzz shapes every cluster of a run in this context by itself: the
    /// shaping plan applies no GSUB and no GPOS lookup, and the face has none of the
    /// tables HarfBuzz would apply instead or besides (`kern`, AAT's `morx`, `mort`,
    /// `kerx`, `trak`) nor variations (`fvar`: feature variations could select other
    /// lookups at other coordinates than the plan's). Then a glyph's id, advance and
    /// offsets come from its own cluster alone (cmap, hmtx, and normalisation and
    /// fallback mark positioning inside the cluster), so a run may be cut at any place
    /// where HarfBuzz starts a cluster (`RunShaper.startsCluster`) and each piece shapes
    /// the same alone as in the run. Droid Sans Fallback, the bundled CJK face, is such a
    /// face for Han and kana: its one GSUB lookup is `vert`, applied only to vertical text.
    let clustersAreIndependent: Bool
    /// Answers per scalar, read by every run of every text in this context: readers
    /// lock only their own thread's stripe.
    private let cutAnswers = ReadMostly(ScalarAnswers())
    private let cleanAnswers = ReadMostly(ScalarAnswers())

    /// The analysis for `context`, built once per word cache (`WordShapeCache.spaceBoundaries`).
    static func shared(
        in cache: WordShapeCache, font: Font, context: ShapeContext, script: hb_script_t,
        language: hb_language_t?, features: [hb_feature_t]
    ) -> SpaceBoundaries {
        let table = cache.spaceBoundaries
        if let found = table.read({ $0.pointee[context.font]?.first { $0.context == context } }) { return found }
        let made = SpaceBoundaries(
            font: font, context: context, script: script, language: language, features: features)
        let kept = table.write { table in
            if let found = table[context.font]?.first(where: { $0.context == context }) { return found }
            if table.count > 256 { table.removeAll() }
            table[context.font, default: []].append(made)
            return made
        }
        cache.noteGrowth()
        return kept
    }

    private init(
        font: Font, context: ShapeContext, script: hb_script_t, language: hb_language_t?, features: [hb_feature_t]
    ) {
        self.font = font
        self.context = context
        self.script = script
        self.language = language
        self.features = features
        lookups = hb_set_create()!
        unsafeGlyphs = hb_set_create()!
        let face = font.face.hbFace
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font.instance.handle, 0x20, &glyph) != 0 else {
            space = nil
            pairsWithSpace = true
            clustersAreIndependent = false
            return
        }
        space = glyph
        var props = hb_segment_properties_t()
        props.direction = context.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
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

        // What GSUB can make of the space.
        let spaces = hb_set_create()!
        defer { hb_set_destroy(spaces) }
        hb_set_add(spaces, glyph)
        hb_ot_layout_lookups_substitute_closure(face, lookups, spaces)

        let sets = (0..<4).map { _ in hb_set_create()! }
        defer { sets.forEach { hb_set_destroy($0) } }
        let unsafeGlyphs = self.unsafeGlyphs
        let lookups = self.lookups
        let lookupTypes = LookupTypes(face: face, table: gpos)
        // HarfBuzz applies frac/numr/dnom only around U+2044 FRACTION SLASH; runs holding
        // one are never cached (`RunShaper`), so their lookups cannot reach a cached word.
        let fractionLookups = Self.lookups(face: face, table: gsub, features: ["frac", "numr", "dnom"])
        var pairs = false
        // A font that kerns only through the legacy `kern` table pairs without lookups.
        if hb_ot_layout_has_positioning(face) == 0 {
            let kern = hb_face_reference_table(face, hb_tag_t(0x6B65_726E))
            pairs = hb_blob_get_length(kern) > 0
            hb_blob_destroy(kern)
        }
        for (table, applied) in [(gsub, lookups), (gpos, positioning)] {
            var lookup = hb_codepoint_t.max  // HB_SET_VALUE_INVALID
            while hb_set_next(applied, &lookup) != 0 {
                sets.forEach { hb_set_clear($0) }
                hb_ot_layout_lookup_collect_glyphs(face, table, lookup, sets[0], sets[1], sets[2], sets[3])
                func hasSpace(_ set: OpaquePointer) -> Bool {
                    let both = hb_set_copy(set)!
                    defer { hb_set_destroy(both) }
                    hb_set_intersect(both, spaces)
                    return hb_set_is_empty(both) == 0
                }
                // sets: 0 backtrack, 1 input, 2 lookahead, 3 output.
                let touches = (0..<3).contains { hasSpace(sets[$0]) }
                guard touches else { continue }
                if table == gpos, lookupTypes.type(of: lookup) == 2, !hasSpace(sets[0]), !hasSpace(sets[2]) {
                    pairs = true  // a pair changes only its two glyphs: probed per cut
                } else if !fractionLookups.contains(lookup) || table == gpos {
                    // It may match across a space: every glyph it can change is unsafe.
                    hb_set_union(unsafeGlyphs, sets[1])
                }
            }
        }
        pairsWithSpace = pairs
    }

    deinit {
        hb_set_destroy(lookups)
        hb_set_destroy(unsafeGlyphs)
    }

    /// For each piece after the first, whether the run may be cut before it: between a
    /// space and `scalar`, the piece's first character, as far as pair positioning goes
    /// (`scalar` is no mark and the pair "space, scalar" shapes the same together as
    /// apart). `result[i]` is the cut before `pieces[i + 1]`. Known answers are read
    /// under one lock per run; new ones are probed outside it.
    func canCut(_ text: UnsafeBufferPointer<UInt16>, before pieces: [Range<Int>]) -> [Bool] {
        guard pieces.count > 1 else { return [] }
        var cuts = [Bool](repeating: false, count: pieces.count - 1)
        guard space != nil else { return cuts }
        var unknown: [(index: Int, scalar: UInt32)] = []
        cutAnswers.read { answers in
            for index in 1..<pieces.count {
                let scalar = Itemization.decode(text, at: pieces[index].lowerBound).0
                guard scalar != 0x20, howdy_is_attaching(scalar) == 0 else { continue }
                guard pairsWithSpace else {
                    cuts[index - 1] = true
                    continue
                }
                if let known = answers.pointee[scalar] {
                    cuts[index - 1] = known
                } else {
                    unknown.append((index - 1, scalar))
                }
            }
        }
        guard !unknown.isEmpty else { return cuts }
        var found: [UInt32: Bool] = [:]
        for (index, scalar) in unknown {
            if let known = found[scalar] {
                cuts[index] = known
                continue
            }
            let answer = pairIsInert(scalar)
            found[scalar] = answer
            cuts[index] = answer
        }
        cutAnswers.write { $0.merge(found) }
        return cuts
    }

    /// For each piece, true when no lookup that can match across a space can change any
    /// glyph of it (its characters and every glyph GSUB can turn them into).
    func cleanWords(_ text: UnsafeBufferPointer<UInt16>, _ pieces: [Range<Int>]) -> [Bool] {
        guard hb_set_is_empty(unsafeGlyphs) == 0 else { return [Bool](repeating: true, count: pieces.count) }
        var clean = [Bool](repeating: true, count: pieces.count)
        var unknown: [(index: Int, scalar: UInt32)] = []
        cleanAnswers.read { answers in
            for (piece, range) in pieces.enumerated() {
                var index = range.lowerBound
                while index < range.upperBound {
                    let (scalar, width) = Itemization.decode(text, at: index)
                    index += width
                    if let known = answers.pointee[scalar] {
                        if !known { clean[piece] = false }
                    } else {
                        unknown.append((piece, scalar))
                    }
                }
            }
        }
        guard !unknown.isEmpty else { return clean }
        var found: [UInt32: Bool] = [:]
        for (piece, scalar) in unknown {
            let answer = found[scalar] ?? isClean(scalar)
            found[scalar] = answer
            if !answer { clean[piece] = false }
        }
        cleanAnswers.write { $0.merge(found) }
        return clean
    }

    /// True when no glyph `scalar` maps to, nor any GSUB can make of it, is unsafe.
    private func isClean(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font.instance.handle, scalar, &glyph) != 0 else { return false }
        let reachable = hb_set_create()!
        defer { hb_set_destroy(reachable) }
        hb_set_add(reachable, glyph)
        hb_ot_layout_lookups_substitute_closure(font.face.hbFace, lookups, reachable)
        hb_set_intersect(reachable, unsafeGlyphs)
        return hb_set_is_empty(reachable) != 0
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

    /// Shapes "space + scalar" together and apart and compares every glyph.
    private func pairIsInert(_ scalar: UInt32) -> Bool {
        var units: [UInt16] = [0x20]
        if scalar > 0xFFFF {
            let value = scalar - 0x10000
            units += [UInt16(0xD800 + (value >> 10)), UInt16(0xDC00 + (value & 0x3FF))]
        } else {
            units.append(UInt16(scalar))
        }
        let buffer = ShapingBuffer()
        let level: UInt8 = context.rightToLeft ? 1 : 0
        return units.withUnsafeBufferPointer { text in
            func shape(_ range: Range<Int>) -> ShapedRun {
                buffer.shape(
                    text, range: range, context: false, level: level, script: script, language: language, font: font,
                    fontIndex: 0, features: features)
            }
            let together = shape(0..<units.count)
            let first = shape(0..<1)
            let second = shape(1..<units.count)
            let pieces = context.rightToLeft ? [second, first] : [first, second]
            return together.glyphs == pieces.flatMap(\.glyphs) && together.advances == pieces.flatMap(\.advances)
                && together.offsetsX == pieces.flatMap(\.offsetsX) && together.offsetsY == pieces.flatMap(\.offsetsY)
        }
    }
}

/// Yes/no answers per scalar: ASCII in two bit masks (most words of most texts are
/// ASCII, and a dictionary lookup per character would cost more than the rest of the
/// check), other scalars in a bounded dictionary.
struct ScalarAnswers {
    private var known: UInt128 = 0
    private var yes: UInt128 = 0
    private var others: [UInt32: Bool] = [:]

    subscript(scalar: UInt32) -> Bool? {
        if scalar < 0x80 {
            let bit: UInt128 = 1 << scalar
            return known & bit == 0 ? nil : yes & bit != 0
        }
        return others[scalar]
    }

    /// Adds `answers` (the dictionary is emptied first when it holds over 4096).
    mutating func merge(_ answers: [UInt32: Bool]) {
        for (scalar, answer) in answers {
            if scalar < 0x80 {
                let bit: UInt128 = 1 << scalar
                known |= bit
                if answer { yes |= bit } else { yes &= ~bit }
            } else {
                if others.count > 4096 { others.removeAll() }
                others[scalar] = answer
            }
        }
    }
}

/// The lookup types of a GSUB or GPOS table, read from its LookupList (extension
/// lookups resolved), for the lookups HarfBuzz's API does not describe.
struct LookupTypes {
    private var types: [UInt16] = []

    init(face: OpaquePointer, table tag: hb_tag_t) {
        let blob = hb_face_reference_table(face, tag)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 10 else { return }
        let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
        func u16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= bytes.count else { return nil }
            return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        }
        func u32(_ offset: Int) -> Int? {
            guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
            return high << 16 | low
        }
        guard let list = u16(8), let count = u16(list) else { return }
        for index in 0..<count {
            guard let lookup = u16(list + 2 + index * 2).map({ list + $0 }), var type = u16(lookup) else {
                types.append(0)
                continue
            }
            // Extension lookups (type 9 in GPOS, 7 in GSUB) name the real type in their subtable.
            let extensionType = tag == hb_tag_t(0x4750_4F53) ? 9 : 7
            if type == extensionType, let first = u16(lookup + 6).map({ lookup + $0 }), let real = u16(first + 2),
                u32(first + 4) != nil
            {
                type = real
            }
            types.append(UInt16(type))
        }
    }

    /// The type of lookup `index`, 0 when unknown.
    func type(of index: UInt32) -> Int { Int(index) < types.count ? Int(types[Int(index)]) : 0 }
}
