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
/// - Words end after their spaces, so a lookup match that crosses a cut holds the last
///   space of one word (in whatever form GSUB gave it) and reaches the next word, at
///   whatever stage of shaping it applies: the space is a base glyph (checked in GDEF,
///   else no word is cached), so only a lookup that skips base glyphs could step over
///   it, and such a lookup makes everything it can change unsafe.
/// - Every lookup the plan can run (and those its context rules nest) is examined;
///   context and chaining-context lookups rule by rule (`LayoutRules`, `SpaceCrossings`):
///   only a rule with a position that admits the space can cross a cut, and in a lookup
///   that skips no glyph its positions lie on consecutive glyphs, so it can change the
///   word after the space only if that word's first glyphs are admitted by the positions
///   after the space's up to an input position (and backwards for the word before); in
///   a lookup that skips marks but no base glyph, only if the word holds a glyph the
///   position after the space's admits and one the rule changes. A rule that changes the
///   space itself (a record names it) leaves no word cached; one that only matches and
///   consumes it is anchored there.
/// - A pair-positioning lookup the plan applies whose glyphs include the space adjusts
///   only the two glyphs of a pair, so for those the pair "space, y" is shaped once and
///   compared with the two shaped apart. Any other lookup whose glyphs include the space
///   makes every glyph it can change unsafe.
/// - Each glyph set is closed under what GSUB can turn into its glyphs (context-free,
///   ligature components and contextual sources included), so testing each character's
///   own glyph is enough; where a word's glyphs may not line up with its characters (a
///   ligature or multiple substitution may apply in it), no rule is matched position by
///   position and the word is unclean when it may meet one.
/// - A combining mark, or a character HarfBuzz may decompose or mirror, is judged by
///   every glyph it can stand for (its decomposition's, a composition ending with it, a
///   dotted circle, the mirrored character's), and a word holding one by what it holds,
///   not where: the shaper may compose, split and reorder inside a syllable, but never
///   across a space. Other attaching characters (format characters, default ignorables,
///   controls) leave a word unclean whenever anything is unsafe.
/// - The cut before `y` is safe when `y` is no mark or separator and the pair probe
///   shows no change; a word is stored and reused only when it is clean
///   (`cleanWords`). Answers are kept per character. The probe sees `y`'s own glyph, so
///   when the space pairs with a glyph GSUB can make (`SpaceCrossings.spacePartners`
///   meets `substituted`), no cut is safe.
final class SpaceBoundaries: @unchecked Sendable {
    private let font: Font
    /// The context this analysis answers for (its font, features, script, direction, language).
    let context: ShapeContext
    private let script: hb_script_t
    private let language: hb_language_t?
    private let features: [hb_feature_t]
    /// Everything below that does not depend on the size, shared by every size of the
    /// face (`SpaceAnalysis`, `SpaceAnalyses`): only the pair probe is per size.
    let analysis: SpaceAnalysis
    /// What lookups can change across a space; nil when the font has no space glyph.
    var crossings: SpaceCrossings? { analysis.crossings }
    private var pairsWithSpace: Bool { analysis.pairsWithSpace }
    /// True when the space pairs with a glyph GSUB can make: the per-character pair
    /// probe cannot see such a pair (in a word, "T" may become "Ť" before "h", and the
    /// space kern with "Ť" only), so no cut is trusted.
    private var pairsWithMadeGlyphs: Bool { analysis.pairsWithMadeGlyphs }
    private var space: hb_codepoint_t? { analysis.space }
    /// True when no word may be cached: the space itself is unsafe, or a form of it is no
    /// base glyph (so a lookup flag could skip it).
    private var hasNoCleanWords: Bool { analysis.hasNoCleanWords }
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
    var clustersAreIndependent: Bool { analysis.clustersAreIndependent }
    /// Answers per scalar, read by every run of every text in this context: readers
    /// lock only their own thread's stripe. The pair probe's answers depend on the
    /// size (positions are scaled), so they are this sized font's own; `cleanWords`'
    /// answers are the face's (`SpaceAnalysis.cleanAnswers`).
    private let cutAnswers = ReadMostly(ScalarAnswers())
    private var cleanAnswers: ReadMostly<ScalarFlags, Void> { analysis.cleanAnswers }
    /// No lookup can change anything across a space: every piece is clean.
    private var isInert: Bool { analysis.isInert }
    /// When HarfBuzz reverses a run's buffer in this context (see `SpaceAnalysis`).
    private var reversal: Reversal { analysis.reversal }
    enum Reversal { case never, unlessNumeric, always }
    /// True when `cleanWords` judges each piece by its own text alone, so that a word
    /// once found clean in this context is clean in every run of it (what
    /// `WordShapeCache.assembleIfClean` relies on). Not where HarfBuzz reverses a run
    /// unless it is numeric: there the whole run's letters and digits decide
    /// (`keepsLogicalOrder`).
    var judgesWordsAlone: Bool { reversal != .unlessNumeric }

    /// The analysis for `context`, built once per word cache (`WordShapeCache.spaceBoundaries`),
    /// its size-independent part once per face and context (`WordShapeCache.spaceAnalyses`).
    static func shared(
        in cache: WordShapeCache, font: Font, context: ShapeContext, script: hb_script_t,
        language: hb_language_t?, features: [hb_feature_t]
    ) -> SpaceBoundaries {
        let table = cache.spaceBoundaries
        if let found = table.read({ $0.pointee[context.font]?.first { $0.context == context } }) { return found }
        let analysis = cache.spaceAnalyses.analysis(
            font: font, context: context, script: script, language: language, features: features)
        let made = SpaceBoundaries(
            font: font, context: context, script: script, language: language, features: features, analysis: analysis)
        let kept = table.write { table in
            if let found = table[context.font]?.first(where: { $0.context == context }) { return found }
            // As many sized fonts as the system keeps HarfBuzz fonts: fewer made a stream
            // cycling through a few hundred (font, size) pairs empty it on every pass.
            if table.count >= TextSystem.maximumHarfBuzzFonts { table.removeAll() }
            table[context.font, default: []].append(made)
            return made
        }
        cache.noteGrowth()
        return kept
    }

    private init(
        font: Font, context: ShapeContext, script: hb_script_t, language: hb_language_t?, features: [hb_feature_t],
        analysis: SpaceAnalysis
    ) {
        // Kept in the system's word cache, so without retaining the system (else neither
        // is freed); used only while a layout in that system shapes.
        self.font = font.heldBySystem
        self.context = context
        self.script = script
        self.language = language
        self.features = features
        self.analysis = analysis
        asciiGlyphs = ASCIIGlyphs(font: font.instance.handle)
    }

    /// This sized font's ASCII glyphs, for the checks that read a glyph per character.
    let asciiGlyphs: ASCIIGlyphs

    /// For each piece after the first, whether the run may be cut before it: between a
    /// space and `scalar`, the piece's first character, as far as pair positioning goes
    /// (`scalar` is no mark and the pair "space, scalar" shapes the same together as
    /// apart). `result[i]` is the cut before `pieces[i + 1]`. Known answers are read
    /// under one lock per run; new ones are probed outside it.
    func canCut(_ text: UnsafeBufferPointer<UInt16>, before pieces: [Range<Int>]) -> [Bool] {
        var cuts: [Bool] = []
        canCut(text, before: pieces, into: &cuts)
        return cuts
    }

    /// `canCut(_:before:)` into `cuts` (emptied first, its capacity kept): a run's
    /// shaper passes the same array for every run, so the answer costs no allocation
    /// (a new `[Bool]` went through the runtime's unspecialised array allocation,
    /// about 500 instructions besides malloc and free).
    func canCut(_ text: UnsafeBufferPointer<UInt16>, before pieces: [Range<Int>], into cuts: inout [Bool]) {
        cuts.removeAll(keepingCapacity: true)
        guard pieces.count > 1 else { return }
        cuts.append(repeating: false, count: pieces.count - 1)
        guard space != nil, !pairsWithMadeGlyphs else { return }
        var unknown: [(index: Int, scalar: UInt32)] = []
        let asciiAttaching = Self.asciiAttaching
        cutAnswers.read { answers in
            for index in 1..<pieces.count {
                let scalar = Itemization.decode(text, at: pieces[index].lowerBound).0
                guard scalar != 0x20,
                    scalar < 0x80 ? asciiAttaching & (1 << scalar) == 0 : howdy_is_attaching(scalar) == 0
                else { continue }
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
        guard !unknown.isEmpty else { return }
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
    }

    /// `howdy_is_attaching` of each ASCII scalar, bit by bit (ICU's answers, read once):
    /// a piece starts with ASCII far more often than not, and the call cost more than
    /// the rest of the test.
    static let asciiAttaching: UInt128 = (0..<UInt32(0x80)).reduce(0) { mask, scalar in
        howdy_is_attaching(scalar) != 0 ? mask | (1 << scalar) : mask
    }

    /// For each piece, true when no lookup that can match across a space can change any
    /// glyph of it (`SpaceCrossings`): none of its characters' glyphs is unsafe anywhere;
    /// it does not both start with a glyph a rule can find after a space and hold one that
    /// rule can then change; and, when it ends with a space, it does not both hold a glyph
    /// a rule can find before that space just before it and one that rule can then change.
    /// Each test looks at one character's glyphs: the sets hold every glyph GSUB can
    /// turn into one of theirs. A piece holding a mark (or another character HarfBuzz may
    /// give other glyphs, `ScalarFlags.unaligned`) is judged by what it holds, wherever:
    /// it is unclean when it holds a glyph a rule can find next to the space and one that
    /// rule can change. So is any piece for the rules of lookups that skip marks. Other
    /// attaching characters (but U+0020) make a piece unclean when any set is non-empty.
    func cleanWords(_ text: UnsafeBufferPointer<UInt16>, _ pieces: [Range<Int>]) -> [Bool] {
        var clean: [Bool] = []
        cleanWords(text, pieces, into: &clean)
        return clean
    }

    /// `cleanWords(_:_:)` into `clean` (emptied first, its capacity kept), as
    /// `canCut(_:before:into:)` is for `canCut(_:before:)`. With `known` (parallel to
    /// `pieces`), a piece marked there is answered clean without being judged: for words
    /// the cache holds as clean (`WordShapeCache.survey`), which this judged clean in the
    /// same context, and only where `judgesWordsAlone` (the caller checks), so that the
    /// verdict depended on the piece alone. A run that missed a word or two then judges
    /// those, not all its words again (a fresh paragraph of known words spent about 12k
    /// instructions here per run that missed, callgrind).
    func cleanWords(
        _ text: UnsafeBufferPointer<UInt16>, _ pieces: [Range<Int>], known: [Bool]? = nil, into clean: inout [Bool]
    ) {
        clean.removeAll(keepingCapacity: true)
        guard let crossings, !hasNoCleanWords else {
            clean.append(repeating: false, count: pieces.count)
            return
        }
        guard !isInert else {
            clean.append(repeating: true, count: pieces.count)
            return
        }
        // The rules were anchored for a buffer in logical order.
        guard reversal != .unlessNumeric || Self.keepsLogicalOrder(text, pieces) else {
            clean.append(repeating: false, count: pieces.count)
            return
        }
        clean.append(repeating: true, count: pieces.count)
        var unknown: [Int] = []
        var suspects: [Int] = []
        /// Judges `piece` from its characters' answers; false when one is unknown.
        func judge(_ piece: Int, _ answer: (UInt32) -> UInt8?) -> Bool {
            let range = pieces[piece]
            var index = range.lowerBound
            var (all, first, beforeLast, previous): (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
            var last: UInt32 = 0
            while index < range.upperBound {
                let (scalar, width) = Itemization.decode(text, at: index)
                guard let found = answer(scalar) else { return false }
                if index == range.lowerBound { first = found }
                index += width
                all |= found
                (beforeLast, previous, last) = (previous, found, scalar)
            }
            let endsWithSpace = last == 0x20 && range.count > 1
            let reachesAfter = all & ScalarFlags.firstReach != 0
            let reachesBefore = endsWithSpace && all & ScalarFlags.lastReach != 0
            if all & ScalarFlags.anywhere != 0 {
                clean[piece] = false
            } else if (reachesAfter && all & ScalarFlags.looseFirst != 0)
                || (reachesBefore && all & ScalarFlags.looseBeforeLast != 0)
            {
                clean[piece] = false  // a rule of a lookup that skips marks may reach it
            } else if all & ScalarFlags.unaligned != 0 {
                // Its glyphs may not follow its characters: any glyph may be the edge one.
                if (reachesAfter && all & ScalarFlags.first != 0)
                    || (reachesBefore && all & ScalarFlags.beforeLast != 0)
                {
                    clean[piece] = false
                }
            } else if (first & ScalarFlags.first != 0 && all & ScalarFlags.firstReach != 0)
                || (endsWithSpace && beforeLast & ScalarFlags.beforeLast != 0 && all & ScalarFlags.lastReach != 0)
            {
                suspects.append(piece)  // rule by rule below
            }
            return true
        }
        cleanAnswers.read { answers in
            if let known {
                precondition(known.count == pieces.count, "a known answer per piece")
                for piece in pieces.indices where !known[piece] && !judge(piece, { answers.pointee[$0] }) {
                    unknown.append(piece)
                }
            } else {
                for piece in pieces.indices where !judge(piece, { answers.pointee[$0] }) { unknown.append(piece) }
            }
        }
        // Pieces that may meet an anchored rule's edge: matched against each rule.
        func finish() {
            for piece in suspects where clean[piece] {
                var glyphs: [hb_codepoint_t] = []
                var index = pieces[piece].lowerBound
                while index < pieces[piece].upperBound {
                    let (scalar, width) = Itemization.decode(text, at: index)
                    index += width
                    glyphs.append(asciiGlyphs.glyph(scalar, font: font.instance.handle) ?? 0)
                }
                let endsWithSpace = text[pieces[piece].upperBound - 1] == 0x20 && pieces[piece].count > 1
                if crossings.mayReach(glyphs, endsWithSpace: endsWithSpace) { clean[piece] = false }
            }
        }
        guard !unknown.isEmpty else {
            finish()
            return
        }
        // Pieces with a character not seen yet: answered outside the lock, then stored.
        var found: [UInt32: UInt8] = [:]
        for piece in unknown {
            _ = judge(piece) { scalar in
                let answer = found[scalar] ?? flags(of: scalar, crossings)
                found[scalar] = answer
                return answer
            }
        }
        cleanAnswers.write { $0.merge(found) }
        finish()
    }

    /// Which of `crossings`' sets hold a glyph `scalar` can have when a lookup applies
    /// (`ScalarFlags` bits): its own glyph, and where HarfBuzz may give it others
    /// (`ScalarFlags.unaligned`, `otherGlyphs`), those too. A scalar with no glyph, an
    /// attaching one other than a combining mark (but U+0020), a default ignorable or a
    /// Hangul filler is unsafe anywhere.
    private func flags(of scalar: UInt32, _ crossings: SpaceCrossings) -> UInt8 {
        // Format characters, controls, separators, default ignorables (variation selectors
        // pick other glyphs) and the Hangul fillers, which HarfBuzz skips in context matching.
        let isMark = scalar != 0x20 && howdy_is_attaching(scalar) != 0 && Self.isCombiningMark(scalar)
        if scalar != 0x20,
            (howdy_is_attaching(scalar) != 0 && !isMark) || [0x115F, 0x1160, 0x3164, 0xFFA0].contains(scalar)
        {
            return ScalarFlags.anywhere
        }
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font.instance.handle, scalar, &glyph) != 0 else { return ScalarFlags.anywhere }
        let others = otherGlyphs(of: scalar, isMark: isMark)
        let sets = crossings.frozen
        var flags: UInt8 = isMark || !others.isEmpty ? ScalarFlags.unaligned : 0
        for (set, bit) in [
            (sets.anywhere, ScalarFlags.anywhere), (sets.first, ScalarFlags.first),
            (sets.firstReach, ScalarFlags.firstReach), (sets.beforeLast, ScalarFlags.beforeLast),
            (sets.lastReach, ScalarFlags.lastReach), (sets.looseFirst, ScalarFlags.looseFirst),
            (sets.looseBeforeLast, ScalarFlags.looseBeforeLast),
        ] where ([glyph] + others).contains(where: set.contains) {
            flags |= bit
        }
        // Unsafe anywhere says it all (and keeps the value off `ScalarFlags`' unknown mark).
        return flags & ScalarFlags.anywhere != 0 ? ScalarFlags.anywhere : flags
    }

    /// Whether HarfBuzz keeps a left-to-right run of a right-to-left script (`pieces`, the
    /// whole run) in logical order: it holds a decimal digit or a regional indicator and
    /// no letter (`hb_ensure_native_direction`).
    private static func keepsLogicalOrder(_ text: UnsafeBufferPointer<UInt16>, _ pieces: [Range<Int>]) -> Bool {
        guard let start = pieces.first?.lowerBound, let end = pieces.last?.upperBound else { return true }
        let funcs = hb_unicode_funcs_get_default()
        var index = start
        var numeric = false
        while index < end {
            let (scalar, width) = Itemization.decode(text, at: index)
            index += width
            switch hb_unicode_general_category(funcs, scalar) {
            case HB_UNICODE_GENERAL_CATEGORY_LOWERCASE_LETTER, HB_UNICODE_GENERAL_CATEGORY_MODIFIER_LETTER,
                HB_UNICODE_GENERAL_CATEGORY_OTHER_LETTER, HB_UNICODE_GENERAL_CATEGORY_TITLECASE_LETTER,
                HB_UNICODE_GENERAL_CATEGORY_UPPERCASE_LETTER:
                return false
            case HB_UNICODE_GENERAL_CATEGORY_DECIMAL_NUMBER:
                numeric = true
            default:
                if (0x1F1E6...0x1F1FF).contains(scalar) { numeric = true }
            }
        }
        return numeric
    }

    /// A nonspacing, spacing or enclosing mark that is no default ignorable, in both
    /// HarfBuzz's Unicode data and the standard library's.
    private static func isCombiningMark(_ scalar: UInt32) -> Bool {
        let category = hb_unicode_general_category(hb_unicode_funcs_get_default(), scalar)
        guard
            [
                HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
                HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK,
            ].contains(category), let value = Unicode.Scalar(scalar)
        else { return false }
        let marks: [Unicode.GeneralCategory] = [.nonspacingMark, .spacingMark, .enclosingMark]
        return marks.contains(value.properties.generalCategory) && !value.properties.isDefaultIgnorableCodePoint
    }

    /// Glyphs other than its own that `scalar` may stand for when a lookup applies (empty
    /// for most): HarfBuzz's normalisation may decompose it (even where the font has its
    /// glyph, in the Indic, Khmer, Myanmar and universal shapers) into the characters of
    /// its canonical decomposition (Khmer's split vowels into a prefix U+17C1 too), mirror
    /// it in right-to-left runs, and compose a mark with the character before into one
    /// whose decomposition ends with it (Hebrew presentation forms included); the
    /// shapers of broken syllables insert a dotted circle (U+25CC) before a mark.
    private func otherGlyphs(of scalar: UInt32, isMark: Bool) -> [hb_codepoint_t] {
        let funcs = hb_unicode_funcs_get_default()
        var scalars: [UInt32] = []
        var queue = [scalar]
        while let next = queue.popLast(), scalars.count < 16 {
            var (a, b): (hb_codepoint_t, hb_codepoint_t) = (0, 0)
            guard hb_unicode_decompose(funcs, next, &a, &b) != 0 else { continue }
            for part in [a, b] where part != 0 && part != next {
                scalars.append(part)
                queue.append(part)
            }
        }
        if [0x17BE, 0x17BF, 0x17C0, 0x17C4, 0x17C5].contains(scalar) { scalars.append(0x17C1) }
        if context.rightToLeft {
            let mirrored = hb_unicode_mirroring(funcs, scalar)
            if mirrored != scalar { scalars.append(mirrored) }
        }
        if isMark { scalars.append(0x25CC) }
        var glyphs: [hb_codepoint_t] = []
        for other in scalars {
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(font.instance.handle, other, &glyph) != 0 { glyphs.append(glyph) }
        }
        if isMark { glyphs += analysis.compositions.withLock { $0.ending(with: scalar, font: font) } }
        return glyphs
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

/// The glyphs of a font's characters whose canonical decomposition ends with a given
/// character: what HarfBuzz may compose a mark into with the character before it.
struct Compositions {
    private var byLast: [UInt32: [hb_codepoint_t]]?

    mutating func ending(with scalar: UInt32, font: Font) -> [hb_codepoint_t] {
        if byLast == nil {
            var found: [UInt32: [hb_codepoint_t]] = [:]
            let unicodes = hb_set_create()!
            defer { hb_set_destroy(unicodes) }
            hb_face_collect_unicodes(font.face.hbFace, unicodes)
            let funcs = hb_unicode_funcs_get_default()
            for composed in SpaceCrossings.elements(unicodes) {
                var (a, b): (hb_codepoint_t, hb_codepoint_t) = (0, 0)
                var glyph: hb_codepoint_t = 0
                guard hb_unicode_decompose(funcs, composed, &a, &b) != 0, b != 0,
                    hb_font_get_nominal_glyph(font.instance.handle, composed, &glyph) != 0
                else { continue }
                found[b, default: []].append(glyph)
            }
            byLast = found
        }
        return byLast?[scalar] ?? []
    }
}

/// `SpaceBoundaries.cleanWords`' answers per scalar: which of `SpaceCrossings`' sets its
/// glyphs are in, ASCII in a table, other scalars in a bounded dictionary.
struct ScalarFlags {
    static let anywhere: UInt8 = 1
    static let first: UInt8 = 2
    static let firstReach: UInt8 = 4
    static let beforeLast: UInt8 = 8
    static let lastReach: UInt8 = 16
    /// HarfBuzz may give the scalar other glyphs than its own, or move it (a mark), so a
    /// word holding it is judged by what it holds, not where.
    static let unaligned: UInt8 = 32
    static let looseFirst: UInt8 = 64
    static let looseBeforeLast: UInt8 = 128
    private static let unknown: UInt8 = 0xFF
    private var ascii = [UInt8](repeating: ScalarFlags.unknown, count: 128)
    private var others: [UInt32: UInt8] = [:]

    subscript(scalar: UInt32) -> UInt8? {
        if scalar < 0x80 {
            let value = ascii[Int(scalar)]
            return value == Self.unknown ? nil : value
        }
        return others[scalar]
    }

    /// Adds `answers` (the dictionary is emptied first when it holds over 4096).
    mutating func merge(_ answers: [UInt32: UInt8]) {
        for (scalar, answer) in answers {
            if scalar < 0x80 {
                ascii[Int(scalar)] = answer
            } else {
                if others.count > 4096 { others.removeAll() }
                others[scalar] = answer
            }
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
