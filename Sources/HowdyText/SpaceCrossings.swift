import CHarfBuzz
import CHowdyICU

/// What the lookups a shaping plan can run are able to change across a space, rule by
/// rule, as glyph sets `SpaceBoundaries` tests words against. See `SpaceBoundaries` for
/// why a word that meets none of them shapes the same whatever its neighbours are.
///
/// A match that crosses a cut holds the cut's space (the last glyph of the word before
/// the cut, in whatever form GSUB gave it, `spaces`) at some position: the space is a
/// base glyph, and a lookup that skips base glyphs is treated as below. So only rules
/// with a position that admits a form of the space ("anchors") can cross a cut, and:
/// - A context or chaining-context rule read from the table (`LayoutRules`) changes (or,
///   by the input it consumes, makes the lookup skip) only its input positions. An input
///   position that admits the space but that no record names is only matched and
///   consumed, when every nested lookup keeps the glyph count (so each record names the
///   position it matched); the space then stays as it is and the rule is anchored there
///   like one whose space is context. Where a record names it (or a nested lookup may
///   shift the records), the rule changes the space itself: its input glyphs go to
///   `anywhere`, and the space with them. (With one form of the space only: a lookup
///   that gives it others holds it as input, so the space is then unsafe anyway.)
/// - In a lookup that skips nothing (LookupFlag 0 but for right-to-left), an anchored
///   rule's positions lie on consecutive glyphs, so with the space at anchor `k`,
///   position `k + 1` holds the first glyph of the word after the cut and `k - 1` the
///   glyph before the space of the word before it. It can change the word after the cut
///   only if it changes a position after `k`, and then that word's first glyph is one
///   `k + 1` admits (`first`); the word before only through a position before `k`, and
///   then its glyph before the space is one `k - 1` admits (`beforeLast`).
/// - In a lookup that skips marks or ligatures (IgnoreMarks, IgnoreLigatures,
///   MarkAttachmentType, mark filtering sets) but no base glyph, the space is never
///   skipped, so a match that crosses a cut still holds it, and its positions lie on the
///   glyphs the lookup does not skip, in order: the word after the cut is changed only if
///   it holds a glyph `k + 1` admits (`looseFirst`) and one a changed position admits, and
///   the word before likewise with `k - 1` (`looseBeforeLast`), wherever they lie in it.
/// - A word owns the spaces after it and is shaped alone with them, so a rule with no
///   position after the space at `k` matches there alone as in the run: it cannot change
///   the word before the space through what follows (it is not counted for that word).
///   This needs the buffer in logical order; where HarfBuzz always reverses it (a run
///   whose direction is not its script's), every rule that admits the space makes its
///   input glyphs unsafe (`anywhere`), and where it may (`SpaceBoundaries.Reversal`),
///   `SpaceBoundaries` checks the run.
/// - A context lookup whose rules cannot be read, a lookup whose flag cannot be read or
///   that skips base glyphs: every glyph it can change (`anywhere`), space or not.
/// - Other lookups whose glyphs include the space: a pair-positioning lookup the plan
///   applies itself changes only the two glyphs of a pair, so `pairs` asks
///   `SpaceBoundaries` to shape "space, y" together and apart; any other, or one only
///   nested in context rules (the probe would not apply it), makes its input glyphs
///   unsafe (`anywhere`).
///
/// The bundled Indic faces whose words this refuses, and the rules that make it so (words
/// with marks, that is nearly all of them, are judged by every glyph they hold, since
/// the shaper reorders inside a syllable and a rule's glyph order is not the characters'):
/// - Noto Sans Bengali, GSUB lookup 18 (`pres`), chaining rules "short ি, any glyph,
///   cross/wave form" (the space as the backtrack's "any glyph": `first`) and "ি, then any
///   glyph, cross/wave form" (lookahead: `beforeLast`). Lookup 16, a multiple substitution
///   nested in lookup 14 (after the Vedic signs U+1CF5/U+1CF6), turns ক খ প ফ and their
///   half, ra and ba forms into "consonant + cross/wave", so they and what GSUB can turn
///   into them (ligature components included) count as sources: 110 glyphs, among them
///   those of ক জ ত ন ব ভ য র ল স and the nukta, and a word holding one is unclean.
/// - Noto Sans Gujarati, GSUB lookup 74 (`abvs`), context rules "િ form, any glyph, ં /
///   reph / reph+anusvara" with records on the first and last input: a space as the
///   middle input may change the glyph before it (`beforeLast`, 322 glyphs) and after it
///   (`first`, 95).
/// - Noto Sans Kannada, GPOS lookup 4 (`dist`), chaining rule "॒, then any glyph, a
///   subscript alternate" (`beforeLast`): GSUB lookup 50 turns 118 glyphs (anusvara,
///   visarga, virama, vowel signs…) into ॒, so 179 glyphs in all, and every word holding
///   one before its space is unclean.
/// - Noto Sans Telugu, GSUB lookups 5 (`abvs`, `blwf`), 11 (`blws`) and 24 (`psts`),
///   chaining rules "any glyph, then subscript ra / ai length mark / subscript …": the
///   space as backtrack (`first`); what `blwf`'s ligatures make them from (ర, త, ్ …) makes
///   every word holding one unclean.
/// Each rule admits the space only through class 0 ("any glyph"): whether the shaper can
/// ever put the changed glyph next to a space (a pre-base ি or િ is reordered before its
/// consonant) is a property of HarfBuzz's reordering, not of the lookups, so it is not
/// taken on trust here.
///
/// Lookups nested in context rules are analysed as lookups of their own (a nested
/// ligature that reaches past a space holds the space). Each set is then closed under
/// what GSUB can turn into its glyphs (`taint`), so one glyph per character suffices.
final class SpaceCrossings {
    /// Glyphs that no word may hold anywhere (hb_set_t *).
    let anywhere = hb_set_create()!
    /// Glyphs a rule can find first in the word after a space, and glyphs it can then
    /// change there: no word may start with one of `first` and hold one of `firstReach`.
    let first = hb_set_create()!
    let firstReach = hb_set_create()!
    /// Glyphs a rule can find just before a space that ends a word, and glyphs it can then
    /// change there: no such word may hold one of `beforeLast` there and one of
    /// `lastReach` anywhere.
    let beforeLast = hb_set_create()!
    let lastReach = hb_set_create()!
    /// The same as `first` and `beforeLast` for rules of lookups that skip glyphs (marks,
    /// ligatures) but never a base glyph: their positions lie on the glyphs the lookup
    /// does not skip, in order, so a word a rule changes holds a glyph the position next
    /// to the space admits, but not necessarily first (or last): no word may hold one of
    /// `looseFirst` and one of `firstReach` anywhere, nor, when it ends with a space, one
    /// of `looseBeforeLast` and one of `lastReach`.
    let looseFirst = hb_set_create()!
    let looseBeforeLast = hb_set_create()!
    /// Per anchored rule and anchor, for the word after the space: the glyphs each
    /// position from the one after the anchor to the rule's last admits, and how many of
    /// them a word must fill before an input position lies in it.
    private(set) var afterSpace: [(positions: [GlyphRanges], reach: Int)] = []
    /// The same for the word before the space, from the position before the anchor back
    /// to the rule's first.
    private(set) var beforeSpace: [(positions: [GlyphRanges], reach: Int)] = []
    /// The glyphs the first position of some rule of `afterSpace` (`beforeSpace`) admits,
    /// or nil when a rule has no position: a word whose glyph next to the space is in
    /// neither cannot be matched by any, which spares trying each rule (`mayStart`).
    private(set) var afterSpaceFirsts: GlyphRanges?
    private(set) var beforeSpaceFirsts: GlyphRanges?
    /// Which rules of `afterSpace` (`beforeSpace`) a glyph may start (`RuleStarts`), so
    /// that a word is tried against those only; nil when a rule has no position or there
    /// are more than 64 (every rule is then tried).
    private(set) var afterSpaceStarts: RuleStarts?
    private(set) var beforeSpaceStarts: RuleStarts?
    /// The most positions a rule of `afterSpace` or `beforeSpace` has, counted once here
    /// rather than by each run that plans windows (`ShapingWindows`): joining the two
    /// lists there copied and released every rule, the most of a short plan's cost.
    private(set) var longestAnchoredRule = 0
    /// The sets above while they are built (hb_set_t *), frozen into `afterSpace` and
    /// `beforeSpace` at the end of `init`.
    private var afterSets: [(positions: [OpaquePointer], reach: Int)] = []
    private var beforeSets: [(positions: [OpaquePointer], reach: Int)] = []
    /// The sets `SpaceBoundaries` reads per character, frozen for reading from any thread
    /// (`hb_set_has` writes a lookup cache into the set).
    private(set) var frozen = Frozen()

    struct Frozen {
        var anywhere = GlyphRanges()
        var first = GlyphRanges()
        var firstReach = GlyphRanges()
        var beforeLast = GlyphRanges()
        var lastReach = GlyphRanges()
        var looseFirst = GlyphRanges()
        var looseBeforeLast = GlyphRanges()
        var multiples = GlyphRanges()
    }
    /// Where a word's characters and glyphs may not line up one to one: glyphs a multiple
    /// substitution can split (`multiples`), and per glyph a ligature can start from or
    /// take in, the glyphs it must then have beside it (`ligaturePartners`), each with what
    /// GSUB can turn into them. A ligature with a component that only an attaching
    /// character maps to, and no substitution makes, never forms in a word `cleanWords`
    /// checks rule by rule (those hold no attaching character), and is left out.
    let multiples = hb_set_create()!
    private(set) var ligaturePartners: [hb_codepoint_t: Set<hb_codepoint_t>] = [:]
    /// `ligaturePartners` frozen at the end of `init` as sorted keys and ranges, read by
    /// binary search (`joins(_:beside:)`): hashing a glyph into the dictionary and its set
    /// cost more than the rest of a word's checks (`mayReach`, `ShapingWindows`).
    private var ligatureGlyphs: [hb_codepoint_t] = []
    private var ligatureBeside: [GlyphRanges] = []
    /// A pair-positioning lookup the plan applies pairs the space with something.
    private(set) var pairs = false
    /// Glyphs such a lookup may move as the second of a pair whose first is a form of the
    /// space (`afterSpace`), or as the first of a pair whose second is one
    /// (`beforeSpace`); nil: any glyph may be (unreadable, or a class-0 pair).
    private(set) var spacePartners: (afterSpace: Set<Int>?, beforeSpace: Set<Int>?) = ([], [])
    /// Every glyph a GSUB lookup the plan applies (or nests) can output.
    private(set) var substituted = GlyphRanges()
    /// Context rules with a position that admits a form of the space.
    private(set) var rulesWithSpace = 0
    /// Lookups whose collected glyphs (`hb_ot_layout_lookup_collect_glyphs`) hold the
    /// space: what the per-lookup analysis went by.
    private(set) var lookupsWithSpace = 0
    /// What the per-lookup analysis made unsafe: the input glyphs of those lookups.
    private(set) var lookupLevelUnsafe = 0

    /// - Parameters:
    ///   - applied: the plan's GSUB and GPOS lookups (hb_set_t *).
    ///   - skipping: GSUB lookups that never reach a cached word (frac, numr, dnom).
    ///   - spaces: every form GSUB can give the space.
    ///   - spacesAreBases: each form is a base glyph (or unclassified) in GDEF, so only a
    ///     lookup that skips base glyphs can skip it.
    ///   - logicalOrder: HarfBuzz may keep the buffer in logical order in this context (it
    ///     always reverses a run whose direction is not its script's, but a left-to-right
    ///     run of digits in a right-to-left script); else every rule that admits the space
    ///     makes its input unsafe.
    init(
        face: OpaquePointer, gsub applied: OpaquePointer, gpos appliedPositioning: OpaquePointer,
        skipping: Set<UInt32>, spaces: [hb_codepoint_t], spacesAreBases: Bool, logicalOrder: Bool
    ) {
        let gsub = hb_tag_t(0x4753_5542)
        let gpos = hb_tag_t(0x4750_4F53)
        let glyphCount = Int(hb_face_get_glyph_count(face))
        let sets = (0..<4).map { _ in hb_set_create()! }
        defer { sets.forEach { hb_set_destroy($0) } }
        func collect(_ table: hb_tag_t, _ lookup: Int) {
            sets.forEach { hb_set_clear($0) }
            hb_ot_layout_lookup_collect_glyphs(face, table, UInt32(lookup), sets[0], sets[1], sets[2], sets[3])
        }
        func hasSpace(_ set: OpaquePointer) -> Bool { spaces.contains { hb_set_has(set, $0) != 0 } }
        let lookupLevel = hb_set_create()!
        defer { hb_set_destroy(lookupLevel) }
        let outputs = hb_set_create()!
        defer {
            substituted = GlyphRanges(outputs)
            hb_set_destroy(outputs)
        }

        var gsubReachable: [Int] = []
        var gsubTables: LayoutRules?
        for (table, appliedSet) in [(gsub, applied), (gpos, appliedPositioning)] {
            let rules = LayoutRules(face: face, table: table)
            let direct = Set(Self.elements(appliedSet).filter { table == gpos || !skipping.contains($0) }.map(Int.init))
            let reachable = Self.reachable(from: direct, rules: rules)
            if table == gsub {
                gsubReachable = reachable
                gsubTables = rules
            }
            for lookup in reachable {
                collect(table, lookup)
                if table == gsub { hb_set_union(outputs, sets[3]) }
                // sets: 0 backtrack, 1 input, 2 lookahead, 3 output.
                let touches = (0..<3).contains { hasSpace(sets[$0]) }
                if touches, direct.contains(lookup) {
                    lookupsWithSpace += 1
                    hb_set_union(lookupLevel, sets[1])
                }
                guard let flag = rules.flag(of: lookup), flag & 0x0002 == 0 else {
                    // Unreadable, or it skips base glyphs (the space among them), so it may
                    // match across a space without holding it: all it can change is unsafe.
                    hb_set_union(anywhere, sets[1])
                    continue
                }
                if rules.isContext(lookup) {
                    guard spacesAreBases, let found = rules.rules(of: lookup),
                        addRules(
                            found, rules: rules, consecutive: flag & 0xFF1E == 0,
                            anchored: logicalOrder && spaces.count == 1, spaces: spaces, glyphCount: glyphCount)
                    else {
                        hb_set_union(anywhere, sets[1])
                        continue
                    }
                    continue
                }
                guard touches else { continue }
                if table == gpos, rules.type(of: lookup) == 2, direct.contains(lookup), !hasSpace(sets[0]),
                    !hasSpace(sets[2])
                {
                    pairs = true  // a pair changes only its two glyphs: probed per cut
                    // The probe sees each character's own glyph; note what else the space
                    // pairs with, for glyphs GSUB makes in a word (`SpaceBoundaries`).
                    for space in spaces {
                        for glyphFirst in [true, false] {
                            let found = rules.pairPartners(of: lookup, Int(space), glyphFirst: glyphFirst) ?? nil
                            if glyphFirst {
                                spacePartners.afterSpace = found.flatMap { spacePartners.afterSpace?.union($0) }
                            } else {
                                spacePartners.beforeSpace = found.flatMap { spacePartners.beforeSpace?.union($0) }
                            }
                        }
                    }
                } else if table == gsub, rules.type(of: lookup) == 1,
                    let found = rules.substitutions(of: lookup),
                    !found.edges.contains(where: { edge in
                        edge.from != edge.to && spaces.contains { Int($0) == edge.from }
                    })
                {
                    // A single substitution reads and writes one glyph, so it cannot match
                    // across a space; one that maps the space to itself (Noto Sans Myanmar's
                    // lookup 34, nested in its chaining lookups 20 and 50) leaves the space's
                    // glyph as it is. Where it may apply (its features, or the context rules
                    // nesting it) is analysed with those rules, so it adds nothing unsafe.
                    continue
                } else {
                    hb_set_union(anywhere, sets[1])  // it may match across a space
                }
            }
        }
        lookupLevelUnsafe = Int(hb_set_get_population(lookupLevel))
        defer {
            afterSpace = afterSets.map { ($0.positions.map(GlyphRanges.init), $0.reach) }
            beforeSpace = beforeSets.map { ($0.positions.map(GlyphRanges.init), $0.reach) }
            ligatureGlyphs = ligaturePartners.keys.sorted()
            ligatureBeside = ligatureGlyphs.map { GlyphRanges(sorted: ligaturePartners[$0, default: []].sorted()) }
            longestAnchoredRule = (afterSets + beforeSets).reduce(0) { max($0, $1.positions.count) }
            afterSpaceFirsts = Self.firsts(afterSets)
            beforeSpaceFirsts = Self.firsts(beforeSets)
            afterSpaceStarts = Self.starts(afterSpace)
            beforeSpaceStarts = Self.starts(beforeSpace)
            frozen = Frozen(
                anywhere: GlyphRanges(anywhere), first: GlyphRanges(first), firstReach: GlyphRanges(firstReach),
                beforeLast: GlyphRanges(beforeLast), lastReach: GlyphRanges(lastReach),
                looseFirst: GlyphRanges(looseFirst), looseBeforeLast: GlyphRanges(looseBeforeLast),
                multiples: GlyphRanges(multiples))
        }
        if let gsubTables {
            let targets =
                [anywhere, first, firstReach, beforeLast, lastReach, looseFirst, looseBeforeLast]
                + afterSets.flatMap(\.positions) + beforeSets.flatMap(\.positions)
            ligaturePartners = Self.taint(
                targets, face: face, reachable: gsubReachable, rules: gsubTables, multiples: multiples)
        }
    }

    deinit {
        hb_set_destroy(anywhere)
        hb_set_destroy(first)
        hb_set_destroy(firstReach)
        hb_set_destroy(beforeLast)
        hb_set_destroy(lastReach)
        hb_set_destroy(looseFirst)
        hb_set_destroy(looseBeforeLast)
        hb_set_destroy(multiples)
        (afterSets + beforeSets).forEach { $0.positions.forEach { hb_set_destroy($0) } }
    }

    /// Whether `ligaturePartners[glyph]` holds `other`: `glyph` may join a ligature with
    /// `other` beside it.
    func joins(_ glyph: hb_codepoint_t, beside other: hb_codepoint_t) -> Bool {
        var low = 0
        var high = ligatureGlyphs.count
        while low < high {
            let middle = (low + high) / 2
            if ligatureGlyphs[middle] < glyph { low = middle + 1 } else { high = middle }
        }
        return low < ligatureGlyphs.count && ligatureGlyphs[low] == glyph && ligatureBeside[low].contains(other)
    }

    /// The union of each rule's first position, nil when a rule has none.
    private static func firsts(_ rules: [(positions: [OpaquePointer], reach: Int)]) -> GlyphRanges? {
        let union = hb_set_create()!
        defer { hb_set_destroy(union) }
        for rule in rules {
            guard let first = rule.positions.first else { return nil }
            hb_set_union(union, first)
        }
        return GlyphRanges(union)
    }

    /// The index of `rules`' first positions, nil when a rule has none (or more than 64).
    private static func starts(_ rules: [(positions: [GlyphRanges], reach: Int)]) -> RuleStarts? {
        var firsts: [GlyphRanges] = []
        for rule in rules {
            guard let first = rule.positions.first else { return nil }
            firsts.append(first)
        }
        return RuleStarts(firsts: firsts)
    }

    /// False when no rule of `afterSpace` (`after`) or `beforeSpace` can admit `glyph` at
    /// its first position (the one next to the anchor), so none matches a word that
    /// meets the anchor with it; true when one may.
    func mayStart(after: Bool, _ glyph: hb_codepoint_t) -> Bool {
        if let starts = after ? afterSpaceStarts : beforeSpaceStarts { return starts.rules(startingWith: glyph) != 0 }
        guard let firsts = after ? afterSpaceFirsts : beforeSpaceFirsts else { return true }
        return firsts.contains(glyph)
    }

    /// The rules of `afterSpace` (`after`) or `beforeSpace` whose first position admits
    /// `glyph`, bit `i` for rule `i`; nil when not indexed (`afterSpaceStarts`): every
    /// rule may then match.
    func rules(after: Bool, startingWith glyph: hb_codepoint_t) -> UInt64? {
        (after ? afterSpaceStarts : beforeSpaceStarts)?.rules(startingWith: glyph)
    }

    /// Whether an anchored rule can change a word whose characters' own glyphs are
    /// `glyphs` (its trailing spaces included) from the space before it, or, when
    /// `endsWithSpace`, from its last space: it holds an input position of the rule, and
    /// its glyphs from the edge on are each admitted by the rule's positions (those past
    /// the word's other edge lie in another word, which may hold anything). Where the word's glyphs and
    /// characters may not line up (`multiples`, `ligaturePartners`), the answer is yes.
    func mayReach(_ glyphs: [hb_codepoint_t], endsWithSpace: Bool) -> Bool {
        for (index, glyph) in glyphs.enumerated() {
            if frozen.multiples.contains(glyph) { return true }
            if (index > 0 && joins(glyph, beside: glyphs[index - 1]))
                || (index + 1 < glyphs.count && joins(glyph, beside: glyphs[index + 1]))
            {
                return true
            }
        }
        func matches(_ rule: (positions: [GlyphRanges], reach: Int), _ word: some Collection<hb_codepoint_t>) -> Bool {
            guard word.count >= rule.reach else { return false }
            for (set, glyph) in zip(rule.positions, word) where !set.contains(glyph) { return false }
            return true
        }
        // A rule matches a word only if its first position admits the glyph at the anchor:
        // only those are tried (`RuleStarts`), or every rule when they are not indexed.
        func anyMatches(
            _ rules: [(positions: [GlyphRanges], reach: Int)], after: Bool, _ word: some Collection<hb_codepoint_t>
        ) -> Bool {
            guard let first = word.first else { return rules.contains { matches($0, word) } }
            guard var candidates = self.rules(after: after, startingWith: first) else {
                return mayStart(after: after, first) && rules.contains { matches($0, word) }
            }
            while candidates != 0 {
                if matches(rules[candidates.trailingZeroBitCount], word) { return true }
                candidates &= candidates &- 1
            }
            return false
        }
        if anyMatches(afterSpace, after: true, glyphs) { return true }
        guard endsWithSpace else { return false }
        return anyMatches(beforeSpace, after: false, glyphs.dropLast().reversed())
    }

    /// Adds what `rules` can change across a space to the sets; false when a position's
    /// glyphs cannot be read (the caller then takes the lookup's whole input).
    /// - Parameters:
    ///   - consecutive: the lookup skips no glyph, so its positions lie on consecutive glyphs.
    ///   - anchored: rules may be anchored at the space: the buffer is in logical order
    ///     (HarfBuzz reverses it when the run's direction is not its script's), so a word's
    ///     trailing space follows its glyphs, and the space has one form only (a lookup
    ///     that gives it others holds it as input, so the space is then unsafe anyway).
    ///     Else every rule that admits the space makes its input unsafe.
    private func addRules(
        _ rules: [LayoutRules.Rule], rules table: LayoutRules, consecutive: Bool, anchored: Bool,
        spaces: [hb_codepoint_t], glyphCount: Int
    ) -> Bool {
        func add(_ index: Int, _ positions: [LayoutRules.Position], to set: OpaquePointer) -> Bool {
            table.addGlyphs(of: positions[index], to: set, glyphCount: glyphCount)
        }
        for rule in rules {
            // Backtrack positions are stored nearest first.
            let positions = rule.backtrack.reversed() + rule.input + rule.lookahead
            let input = rule.backtrack.count..<(rule.backtrack.count + rule.input.count)
            let anchors = positions.indices.filter { index in
                spaces.contains { table.admits(positions[index], Int($0)) ?? true }
            }
            guard !anchors.isEmpty else { continue }
            rulesWithSpace += 1
            // The positions the rule changes: its input, which nested lookups change or the
            // match consumes (the lookup starts no match inside it). An input position that
            // holds the space is only matched and consumed when no record names it and every
            // nested lookup keeps the glyph count (so each record names the position it was
            // matched at); else the space itself may change.
            let targets = Set(zip(rule.nestedAt, rule.nested).map { input.lowerBound + $0.0 })
            let keepsCount = rule.nested.allSatisfy(table.keepsGlyphCount)
            let spaceInputs = anchors.filter(input.contains)
            guard anchored, spaceInputs.isEmpty || (keepsCount && spaceInputs.allSatisfy { !targets.contains($0) })
            else {
                for index in input where !add(index, positions, to: anywhere) { return false }
                continue
            }
            let changed = input.filter { !spaceInputs.contains($0) }
            for anchor in anchors {
                let after = changed.filter { $0 > anchor }
                // A word owns the spaces after it, so it is shaped alone with the space at
                // `anchor`: a rule with no position past it matches the same there, and can
                // change the word before the space only through what follows it.
                let before = anchor + 1 < positions.count ? changed.filter { $0 < anchor } : []
                if !after.isEmpty {
                    if consecutive {
                        guard let sets = sequence(Array((anchor + 1)..<positions.count), positions, table, glyphCount)
                        else { return false }
                        afterSets.append((sets, after[0] - anchor))
                    }
                    guard add(anchor + 1, positions, to: consecutive ? first : looseFirst) else { return false }
                    for index in after where !add(index, positions, to: firstReach) { return false }
                }
                if !before.isEmpty {
                    if consecutive {
                        guard let sets = sequence(Array((0..<anchor).reversed()), positions, table, glyphCount)
                        else { return false }
                        beforeSets.append((sets, anchor - before[before.count - 1]))
                    }
                    guard add(anchor - 1, positions, to: consecutive ? beforeLast : looseBeforeLast) else {
                        return false
                    }
                    for index in before where !add(index, positions, to: lastReach) { return false }
                }
            }
        }
        return true
    }

    /// The glyphs each of `indices` admits, as new sets; nil when one cannot be read.
    private func sequence(
        _ indices: [Int], _ positions: [LayoutRules.Position], _ table: LayoutRules, _ glyphCount: Int
    ) -> [OpaquePointer]? {
        var sets: [OpaquePointer] = []
        for index in indices {
            let set = hb_set_create()!
            sets.append(set)
            guard table.addGlyphs(of: positions[index], to: set, glyphCount: glyphCount) else {
                sets.forEach { hb_set_destroy($0) }
                return nil
            }
        }
        return sets
    }

    /// `direct` and the lookups their context rules nest, transitively; every lookup of
    /// the table when a context lookup among them cannot be read (its nested lookups are
    /// unknown).
    private static func reachable(from direct: Set<Int>, rules: LayoutRules) -> [Int] {
        var seen: Set<Int> = []
        var queue = Array(direct)
        while let lookup = queue.popLast() {
            guard lookup < rules.count, seen.insert(lookup).inserted else { continue }
            guard rules.isContext(lookup) else { continue }
            guard let found = rules.rules(of: lookup) else { return Array(0..<rules.count) }
            queue += found.flatMap(\.nested)
        }
        // A lookup beyond the table's list (HarfBuzz applies nothing for it) is dropped.
        return seen.sorted()
    }

    /// Adds to `set` every glyph a GSUB lookup in `reachable` can turn into one of its
    /// glyphs, until nothing changes. Per lookup, coarsely: when its output meets `set`,
    /// all its input joins. A context lookup changes glyphs only through its nested
    /// lookups, which are in `reachable` themselves; one whose rules cannot be read counts
    /// as a lookup of its own (its collected output includes its nested ones'). Unlike
    /// HarfBuzz's closure this needs no other glyph of the word: a ligature's components
    /// and a contextual form's source are all reached, so testing each character's own
    /// glyph is enough.
    /// Also fills `multiples` and returns the ligature partners (see `multiples`).
    private static func taint(
        _ targets: [OpaquePointer], face: OpaquePointer, reachable: [Int], rules: LayoutRules,
        multiples: OpaquePointer
    ) -> [hb_codepoint_t: Set<hb_codepoint_t>] {
        // Per glyph, the glyphs a substitution can turn into it; lookups that cannot be read
        // that way (context lookups whose rules cannot be read, reverse chaining) coarsely,
        // by their whole input and output.
        var sources: [Int: [Int]] = [:]
        var ligatures: [[Int]] = []
        var coarse: [(input: OpaquePointer, output: OpaquePointer)] = []
        defer {
            coarse.forEach {
                hb_set_destroy($0.input); hb_set_destroy($0.output)
            }
        }
        for lookup in reachable {
            if rules.isContext(lookup), rules.rules(of: lookup) != nil { continue }
            if let found = rules.substitutions(of: lookup) {
                for (from, to) in found.edges where from != to { sources[to, default: []].append(from) }
                for glyph in found.multiples { hb_set_add(multiples, hb_codepoint_t(glyph)) }
                ligatures += found.ligatures
                continue
            }
            let input = hb_set_create()!
            let output = hb_set_create()!
            hb_ot_layout_lookup_collect_glyphs(face, hb_tag_t(0x4753_5542), UInt32(lookup), nil, input, nil, output)
            hb_set_union(multiples, input)  // unknown: it may change the count
            coarse.append((input, output))
        }
        let meeting = hb_set_create()!
        defer { hb_set_destroy(meeting) }
        func close(_ set: OpaquePointer) {
            guard hb_set_is_empty(set) == 0 else { return }
            var queue = elements(set).map(Int.init)
            while true {
                while let glyph = queue.popLast() {
                    for source in sources[glyph] ?? [] where hb_set_has(set, hb_codepoint_t(source)) == 0 {
                        hb_set_add(set, hb_codepoint_t(source))
                        queue.append(source)
                    }
                }
                for (input, output) in coarse where hb_set_is_subset(input, set) == 0 {
                    hb_set_set(meeting, output)
                    hb_set_intersect(meeting, set)
                    guard hb_set_is_empty(meeting) == 0 else { continue }
                    hb_set_set(meeting, input)
                    hb_set_subtract(meeting, set)
                    hb_set_union(set, meeting)
                    queue += elements(meeting).map(Int.init)
                }
                if queue.isEmpty { break }
            }
        }
        for set in [multiples] + targets { close(set) }

        // Glyphs only attaching characters map to (cmap) and no substitution makes.
        let made = hb_set_create()!
        defer { hb_set_destroy(made) }
        for to in sources.keys { hb_set_add(made, hb_codepoint_t(to)) }
        for (_, output) in coarse { hb_set_union(made, output) }
        let unicodes = hb_set_create()!
        defer { hb_set_destroy(unicodes) }
        hb_face_collect_unicodes(face, unicodes)
        let font = hb_font_create(face)!
        defer { hb_font_destroy(font) }
        let plain = hb_set_create()!  // glyphs of non-attaching characters
        defer { hb_set_destroy(plain) }
        for scalar in elements(unicodes) where scalar == 0x20 || howdy_is_attaching(scalar) == 0 {
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 { hb_set_add(plain, glyph) }
        }
        var tainted: [Int: [hb_codepoint_t]] = [:]
        func sourcesOf(_ glyph: Int) -> [hb_codepoint_t] {
            if let known = tainted[glyph] { return known }
            let set = hb_set_create()!
            defer { hb_set_destroy(set) }
            hb_set_add(set, hb_codepoint_t(glyph))
            close(set)
            let found = elements(set)
            tainted[glyph] = found
            return found
        }
        var partners: [hb_codepoint_t: Set<hb_codepoint_t>] = [:]
        for ligature in ligatures {
            let reachable = ligature.allSatisfy {
                hb_set_has(plain, hb_codepoint_t($0)) != 0 || hb_set_has(made, hb_codepoint_t($0)) != 0
            }
            guard reachable else { continue }
            let forms = ligature.map(sourcesOf)
            for (index, glyphs) in forms.enumerated() {
                let beside = (index > 0 ? forms[index - 1] : []) + (index + 1 < forms.count ? forms[index + 1] : [])
                for glyph in glyphs { partners[glyph, default: []].formUnion(beside) }
            }
        }
        return partners
    }

    /// The members of an `hb_set_t`, in order.
    static func elements(_ set: OpaquePointer) -> [hb_codepoint_t] {
        var found: [hb_codepoint_t] = []
        var value = hb_codepoint_t.max
        while hb_set_next(set, &value) != 0 { found.append(value) }
        return found
    }
}

/// A glyph set frozen for reading from any thread: its ranges, sorted, binary-searched.
/// (HarfBuzz's `hb_set_has` caches its last page lookup in the set: a write.)
struct GlyphRanges: Sendable {
    private var firsts: [hb_codepoint_t] = []
    private var lasts: [hb_codepoint_t] = []

    init() {}

    /// The ranges of `set` (hb_set_t *), read once.
    init(_ set: OpaquePointer) {
        var first = hb_codepoint_t.max
        var last = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: from the start
        while hb_set_next_range(set, &first, &last) != 0 {
            firsts.append(first)
            lasts.append(last)
        }
    }

    /// The ranges of `glyphs`, sorted ascending (repeats allowed).
    init(sorted glyphs: [hb_codepoint_t]) {
        for glyph in glyphs {
            if let last = lasts.last, glyph <= last &+ 1, last != hb_codepoint_t.max {
                lasts[lasts.count - 1] = max(last, glyph)
            } else {
                firsts.append(glyph)
                lasts.append(glyph)
            }
        }
    }

    /// True when the set holds no glyph.
    var isEmpty: Bool { firsts.isEmpty }

    /// The set's ranges, ascending, each its first and last glyph (inclusive).
    var ranges: [(first: hb_codepoint_t, last: hb_codepoint_t)] {
        zip(firsts, lasts).map { (first: $0, last: $1) }
    }

    func contains(_ glyph: hb_codepoint_t) -> Bool {
        var low = 0
        var high = firsts.count
        while low < high {
            let middle = (low + high) / 2
            if firsts[middle] <= glyph { low = middle + 1 } else { high = middle }
        }
        return low > 0 && glyph <= lasts[low - 1]
    }
}
