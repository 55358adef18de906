import CHarfBuzz

/// The lookups of a GSUB or GPOS table read from its bytes, for what HarfBuzz's API does
/// not describe: each lookup's type (extension lookups resolved) and flag, and the rules
/// of its context and chaining-context subtables one by one (HarfBuzz only unions them,
/// `hb_ot_layout_lookup_collect_glyphs`).
///
/// Fonts are untrusted: every read is bounds-checked, and whatever cannot be read comes
/// back as `nil` (callers then assume the worst), never a trap. Rule counts and glyph
/// ranges are capped so that a hostile table cannot make the analysis unbounded.
struct LayoutRules {
    /// One position of a rule: the glyphs it admits.
    enum Position: Equatable {
        /// One glyph (format 1 rules).
        case glyph(Int)
        /// The glyphs of the Coverage table at this offset in the table.
        case coverage(Int)
        /// The glyphs the ClassDef table at `classDef` puts in `value` (0: every glyph it
        /// does not put in another class), and, when `coverage` is set, only those of
        /// that Coverage table too (the first input position of format 2).
        case inClass(classDef: Int, value: Int, coverage: Int?)
    }

    /// A context or chaining-context rule: what each position admits, and the nested
    /// lookups it applies at input positions.
    struct Rule: Equatable {
        var backtrack: [Position] = []
        var input: [Position] = []
        var lookahead: [Position] = []
        /// Lookup-list indices of the nested lookups (SequenceLookupRecords).
        var nested: [Int] = []
        /// Their sequence indices (into the input, as matched), one per nested lookup.
        var nestedAt: [Int] = []
    }

    private let bytes: [UInt8]
    /// Per lookup: resolved type (0 unknown), flag (nil unreadable) and subtable offsets
    /// (absolute, extension subtables resolved; nil unreadable).
    private var lookups: [(type: Int, flag: Int?, subtables: [Int]?)] = []
    private let isPositioning: Bool
    /// At most this many rules are read per lookup; more is treated as unreadable.
    static let ruleLimit = 100_000

    init(face: OpaquePointer, table tag: hb_tag_t) {
        let blob = hb_face_reference_table(face, tag)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        if let data = hb_blob_get_data(blob, &length), length > 0 {
            self.init(bytes: Array(UnsafeRawBufferPointer(start: data, count: Int(length))), table: tag)
        } else {
            self.init(bytes: [], table: tag)
        }
    }

    /// The lookups of the GSUB or GPOS table (`tag`) held in `bytes`.
    init(bytes: [UInt8], table tag: hb_tag_t) {
        self.bytes = bytes
        isPositioning = tag == hb_tag_t(0x4750_4F53)
        guard let list = u16(8), let count = u16(list) else { return }
        let extensionType = isPositioning ? 9 : 7
        for index in 0..<count {
            guard let lookup = u16(list + 2 + index * 2).map({ list + $0 }), let type = u16(lookup),
                let subtableCount = u16(lookup + 4)
            else {
                lookups.append((0, nil, nil))
                continue
            }
            let flag = u16(lookup + 2)
            var realType = type
            var subtables: [Int]? = []
            for sub in 0..<subtableCount {
                guard let offset = u16(lookup + 6 + sub * 2) else {
                    subtables = nil
                    break
                }
                var start = lookup + offset
                // Extension subtables name the real type and point to the real subtable.
                if type == extensionType {
                    guard u16(start) == 1, let inner = u16(start + 2), let far = u32(start + 4) else {
                        subtables = nil
                        break
                    }
                    if sub == 0 {
                        realType = inner
                    } else if inner != realType {
                        (realType, subtables) = (0, nil)  // HarfBuzz reads each as its own type
                        break
                    }
                    start += far
                }
                subtables?.append(start)
            }
            lookups.append((realType, flag, subtables))
        }
    }

    /// The number of lookups in the table's LookupList (0 when it cannot be read).
    var count: Int { lookups.count }

    /// The type of lookup `index` (extension lookups resolved), 0 when unknown.
    func type(of index: Int) -> Int { index >= 0 && index < lookups.count ? lookups[index].type : 0 }

    /// The LookupFlag of lookup `index`, nil when unreadable.
    func flag(of index: Int) -> Int? { index >= 0 && index < lookups.count ? lookups[index].flag : nil }

    /// Whether applying lookup `index` at a glyph leaves the buffer's glyph count as it
    /// is, so the sequence indices of a context rule's later records still name the
    /// positions it matched: every GPOS lookup, a single (1) or alternate (3)
    /// substitution, and an index past the list (HarfBuzz applies nothing for it).
    func keepsGlyphCount(_ index: Int) -> Bool {
        guard !isPositioning, index >= 0, index < lookups.count else { return true }
        return type(of: index) == 1 || type(of: index) == 3
    }

    /// Whether lookup `index` is a context (GSUB 5, GPOS 7) or chaining-context (GSUB 6,
    /// GPOS 8) lookup.
    func isContext(_ index: Int) -> Bool {
        let type = type(of: index)
        return isPositioning ? type == 7 || type == 8 : type == 5 || type == 6
    }

    /// Every rule of context lookup `index`, or nil when any part of it cannot be read
    /// (or it is no context lookup, or it holds more than `ruleLimit` rules).
    func rules(of index: Int) -> [Rule]? {
        guard isContext(index), let subtables = lookups[index].subtables else { return nil }
        let chained = type(of: index) == (isPositioning ? 8 : 6)
        var rules: [Rule] = []
        for start in subtables {
            guard let found = chained ? chainRules(at: start) : contextRules(at: start) else { return nil }
            rules += found
            guard rules.count <= Self.ruleLimit else { return nil }
        }
        return rules
    }

    /// What GSUB lookup `index` can substitute, context-free, when it is a single (1),
    /// multiple (2), alternate (3) or ligature (4) substitution: each glyph it can turn
    /// into another (`to`) from each glyph it reads (`from`); the glyphs a multiple
    /// substitution turns into other than one glyph (`multiples`); and each ligature's
    /// components in order (`ligatures`). Nil for other types or what cannot be read.
    func substitutions(of index: Int) -> (edges: [(from: Int, to: Int)], multiples: [Int], ligatures: [[Int]])? {
        guard !isPositioning, (1...4).contains(type(of: index)), let subtables = lookups[index].subtables else {
            return nil
        }
        var edges: [(from: Int, to: Int)] = []
        var multiples: [Int] = []
        var ligatureList: [[Int]] = []
        for start in subtables {
            guard let format = u16(start), let coverage = u16(start + 2).map({ start + $0 }),
                let glyphs = coverageGlyphs(coverage)
            else { return nil }
            switch (type(of: index), format) {
            case (1, 1):
                guard let delta = u16(start + 4) else { return nil }
                edges += glyphs.map { ($0, ($0 + delta) & 0xFFFF) }
            case (1, 2):
                guard let count = u16(start + 4), let substitutes = array(start + 6, count) else { return nil }
                edges += zip(glyphs, substitutes).map { ($0, $1) }
            case (2, 1), (3, 1):
                guard let count = u16(start + 4), let offsets = array(start + 6, count) else { return nil }
                for (glyph, offset) in zip(glyphs, offsets) {
                    guard let length = u16(start + offset), let outputs = array(start + offset + 2, length) else {
                        return nil
                    }
                    edges += outputs.map { (glyph, $0) }
                    if type(of: index) == 2, length != 1 { multiples.append(glyph) }
                }
            case (4, 1):
                guard let count = u16(start + 4), let offsets = array(start + 6, count) else { return nil }
                for (glyph, offset) in zip(glyphs, offsets) {
                    let set = start + offset
                    guard let ligatureCount = u16(set), let ligatures = array(set + 2, ligatureCount) else {
                        return nil
                    }
                    for ligature in ligatures.map({ set + $0 }) {
                        guard let output = u16(ligature), let componentCount = u16(ligature + 2), componentCount > 0,
                            let components = array(ligature + 4, componentCount - 1)
                        else { return nil }
                        for component in [glyph] + components { edges.append((component, output)) }
                        ligatureList.append([glyph] + components)
                    }
                }
            default:
                return nil
            }
            guard edges.count <= 1 << 20 else { return nil }
        }
        return (edges, multiples, ligatureList)
    }

    /// The glyphs pair-positioning lookup `index` (GPOS type 2) may move as the other
    /// glyph of a pair with `glyph`: the second glyphs of its pairs whose first is `glyph`
    /// (`glyphFirst`), or the first glyphs of its pairs whose second is `glyph`. Pairs
    /// whose value records are all zero (no placement, no advance, no device table) are
    /// left out. `.some(nil)`: every glyph may be one (a class-based pair with a non-zero
    /// record for class 0, which holds all glyphs no class names); nil when the lookup
    /// is no pair lookup or cannot be read.
    func pairPartners(of index: Int, _ glyph: Int, glyphFirst: Bool) -> Set<Int>?? {
        guard isPositioning, type(of: index) == 2, let subtables = lookups[index].subtables else { return nil }
        var partners = Set<Int>()
        for start in subtables {
            guard let format = u16(start), let coverage = u16(start + 2).map({ start + $0 }),
                let covered = coverageGlyphs(coverage), let format1 = u16(start + 4), let format2 = u16(start + 6)
            else { return nil }
            let size1 = format1.nonzeroBitCount * 2
            let size2 = format2.nonzeroBitCount * 2
            /// Whether the value records at `offset` move anything.
            func moves(_ offset: Int) -> Bool? {
                guard let values = array(offset, (size1 + size2) / 2) else { return nil }
                return values.contains { $0 != 0 }
            }
            switch format {
            case 1:
                guard let count = u16(start + 8), let sets = array(start + 10, count) else { return nil }
                let record = 2 + size1 + size2
                for (first, offset) in zip(covered, sets) where glyphFirst ? first == glyph : true {
                    let set = start + offset
                    guard let pairCount = u16(set) else { return nil }
                    for pair in 0..<pairCount {
                        let at = set + 2 + pair * record
                        guard let second = u16(at), let moving = moves(at + 2) else { return nil }
                        guard moving else { continue }
                        if glyphFirst {
                            partners.insert(second)
                        } else if second == glyph {
                            partners.insert(first)
                        }
                    }
                }
            case 2:
                guard let classDef1 = u16(start + 8).map({ start + $0 }),
                    let classDef2 = u16(start + 10).map({ start + $0 }), let count1 = u16(start + 12),
                    let count2 = u16(start + 14), let ranges1 = classRanges(classDef1),
                    let ranges2 = classRanges(classDef2)
                else { return nil }
                let record = size1 + size2
                func recordMoves(_ class1: Int, _ class2: Int) -> Bool? {
                    guard class1 < count1, class2 < count2 else { return false }  // HarfBuzz applies nothing
                    return moves(start + 16 + (class1 * count2 + class2) * record)
                }
                if glyphFirst {
                    guard covered.contains(glyph) else { continue }
                    let class1 = Self.class(of: glyph, in: ranges1)
                    for class2 in 0..<count2 {
                        guard let moving = recordMoves(class1, class2) else { return nil }
                        guard moving else { continue }
                        if class2 == 0 { return .some(nil) }
                        for range in ranges2 where range.value == class2 { partners.formUnion(range.first...range.last) }
                    }
                } else {
                    let class2 = Self.class(of: glyph, in: ranges2)
                    for first in covered {
                        guard let moving = recordMoves(Self.class(of: first, in: ranges1), class2) else { return nil }
                        if moving { partners.insert(first) }
                    }
                }
            default:
                return nil
            }
            guard partners.count <= 1 << 20 else { return nil }
        }
        return .some(partners)
    }

    // MARK: Subtables

    private func contextRules(at start: Int) -> [Rule]? {
        switch u16(start) {
        case 1:
            guard let coverage = u16(start + 2).map({ start + $0 }), let glyphs = coverageGlyphs(coverage) else {
                return nil
            }
            return ruleSets(of: start, at: start + 4, firsts: glyphs.count) { first, rule in
                guard let glyphCount = u16(rule), glyphCount > 0, let lookupCount = u16(rule + 2) else { return nil }
                guard let rest = array(rule + 4, glyphCount - 1) else { return nil }
                var found = Rule(input: [.glyph(glyphs[first])] + rest.map { .glyph($0) })
                guard let nested = records(rule + 4 + (glyphCount - 1) * 2, lookupCount) else { return nil }
                (found.nested, found.nestedAt) = (nested.lookups, nested.indices)
                return found
            }
        case 2:
            guard let coverage = u16(start + 2).map({ start + $0 }), let classDef = u16(start + 4).map({ start + $0 })
            else { return nil }
            return ruleSets(of: start, at: start + 6, firsts: nil) { first, rule in
                guard let glyphCount = u16(rule), glyphCount > 0, let lookupCount = u16(rule + 2) else { return nil }
                guard let rest = array(rule + 4, glyphCount - 1) else { return nil }
                var found = Rule(
                    input: [.inClass(classDef: classDef, value: first, coverage: coverage)]
                        + rest.map { .inClass(classDef: classDef, value: $0, coverage: nil) })
                guard let nested = records(rule + 4 + (glyphCount - 1) * 2, lookupCount) else { return nil }
                (found.nested, found.nestedAt) = (nested.lookups, nested.indices)
                return found
            }
        case 3:
            guard let glyphCount = u16(start + 2), glyphCount > 0, let lookupCount = u16(start + 4),
                let coverages = array(start + 6, glyphCount),
                let nested = records(start + 6 + glyphCount * 2, lookupCount)
            else { return nil }
            return [
                Rule(input: coverages.map { .coverage(start + $0) }, nested: nested.lookups, nestedAt: nested.indices)
            ]
        default:
            return nil
        }
    }

    private func chainRules(at start: Int) -> [Rule]? {
        switch u16(start) {
        case 1:
            guard let coverage = u16(start + 2).map({ start + $0 }), let glyphs = coverageGlyphs(coverage) else {
                return nil
            }
            return ruleSets(of: start, at: start + 4, firsts: glyphs.count) { first, rule in
                chainRule(at: rule, first: .glyph(glyphs[first])) {
                    .glyph($0)
                } input: {
                    .glyph($0)
                } lookahead: {
                    .glyph($0)
                }
            }
        case 2:
            guard let coverage = u16(start + 2).map({ start + $0 }),
                let backtrack = u16(start + 4).map({ start + $0 }), let input = u16(start + 6).map({ start + $0 }),
                let lookahead = u16(start + 8).map({ start + $0 })
            else { return nil }
            return ruleSets(of: start, at: start + 10, firsts: nil) { first, rule in
                chainRule(at: rule, first: .inClass(classDef: input, value: first, coverage: coverage)) {
                    .inClass(classDef: backtrack, value: $0, coverage: nil)
                } input: {
                    .inClass(classDef: input, value: $0, coverage: nil)
                } lookahead: {
                    .inClass(classDef: lookahead, value: $0, coverage: nil)
                }
            }
        case 3:
            let coverage = { (offset: Int) in Position.coverage(start + offset) }
            return chainRule(at: start + 2, first: nil, backtrack: coverage, input: coverage, lookahead: coverage)
                .map { [$0] }
        default:
            return nil
        }
    }

    /// A ChainRule / ChainClassRule (input after `first`) or a format 3 subtable's body
    /// (`first` nil: every input position listed): backtrack, input, lookahead, records.
    private func chainRule(
        at rule: Int, first: Position?, backtrack: (Int) -> Position, input: (Int) -> Position,
        lookahead: (Int) -> Position
    ) -> Rule? {
        var at = rule
        guard let backtrackCount = u16(at), let backtrackValues = array(at + 2, backtrackCount) else { return nil }
        at += 2 + backtrackCount * 2
        let listed = (u16(at) ?? 0) - (first == nil ? 0 : 1)
        guard let inputCount = u16(at), inputCount > 0, let inputValues = array(at + 2, listed) else { return nil }
        at += 2 + listed * 2
        guard let lookaheadCount = u16(at), let lookaheadValues = array(at + 2, lookaheadCount) else { return nil }
        at += 2 + lookaheadCount * 2
        guard let lookupCount = u16(at), let nested = records(at + 2, lookupCount) else { return nil }
        return Rule(
            backtrack: backtrackValues.map(backtrack), input: (first.map { [$0] } ?? []) + inputValues.map(input),
            lookahead: lookaheadValues.map(lookahead), nested: nested.lookups, nestedAt: nested.indices)
    }

    /// The rule sets of the format 1 or 2 subtable at `start`: a count at `at`, then offsets
    /// (from `start`) to sets of offsets to rules. A
    /// set's index is its first glyph's coverage index (format 1, fewer than `firsts`)
    /// or its first glyph's class (format 2); a null offset is an empty set.
    private func ruleSets(of start: Int, at: Int, firsts: Int?, _ read: (Int, Int) -> Rule?) -> [Rule]? {
        guard let setCount = u16(at), let sets = array(at + 2, setCount) else { return nil }
        var rules: [Rule] = []
        for (index, setOffset) in sets.enumerated() where setOffset != 0 {
            if let firsts, index >= firsts { continue }  // HarfBuzz never reaches it
            let set = start + setOffset
            guard let ruleCount = u16(set), let offsets = array(set + 2, ruleCount) else { return nil }
            for offset in offsets {
                guard let rule = read(index, set + offset) else { return nil }
                rules.append(rule)
                guard rules.count <= Self.ruleLimit else { return nil }
            }
        }
        return rules
    }

    // MARK: Glyph sets

    /// Whether `position` admits `glyph`, nil when its table cannot be read.
    func admits(_ position: Position, _ glyph: Int) -> Bool? {
        switch position {
        case .glyph(let value): return value == glyph
        case .coverage(let offset): return coverageGlyphs(offset)?.contains(glyph)
        case .inClass(let classDef, let value, let coverage):
            if let coverage {
                guard let covered = coverageGlyphs(coverage) else { return nil }
                guard covered.contains(glyph) else { return false }
            }
            return classOf(glyph, in: classDef).map { $0 == value }
        }
    }

    /// Adds the glyphs `position` admits (below `glyphCount`) to `set`; false when its
    /// table cannot be read.
    func addGlyphs(of position: Position, to set: OpaquePointer, glyphCount: Int) -> Bool {
        switch position {
        case .glyph(let value):
            hb_set_add(set, hb_codepoint_t(value))
        case .coverage(let offset):
            guard let glyphs = coverageGlyphs(offset) else { return false }
            for glyph in glyphs { hb_set_add(set, hb_codepoint_t(glyph)) }
        case .inClass(let classDef, let value, let coverage):
            guard let classes = classRanges(classDef) else { return false }
            var admitted: [Int] = []
            if let coverage {
                guard let glyphs = coverageGlyphs(coverage) else { return false }
                admitted = glyphs.filter { glyph in Self.class(of: glyph, in: classes) == value }
            } else if value == 0 {
                // Class 0: every glyph the table does not put in another class.
                let all = hb_set_create()!
                defer { hb_set_destroy(all) }
                if glyphCount > 0 { hb_set_add_range(all, 0, hb_codepoint_t(glyphCount - 1)) }
                for range in classes where range.value != 0 {
                    hb_set_del_range(all, hb_codepoint_t(range.first), hb_codepoint_t(range.last))
                }
                hb_set_union(set, all)
                return true
            } else {
                for range in classes where range.value == value {
                    hb_set_add_range(set, hb_codepoint_t(range.first), hb_codepoint_t(range.last))
                }
                return true
            }
            for glyph in admitted { hb_set_add(set, hb_codepoint_t(glyph)) }
        }
        return true
    }

    /// The glyphs of the Coverage table at `offset`, in coverage-index order (a glyph
    /// may appear twice). HarfBuzz binary-searches the table, so in a table that is not
    /// sorted it may miss a glyph listed here (these are then a superset of what it
    /// covers); where it finds one, it takes the index the glyph has here. For format 2
    /// that needs each range's start index to be the count of glyphs before it, as the
    /// format requires; nil otherwise.
    func coverageGlyphs(_ offset: Int) -> [Int]? {
        switch u16(offset) {
        case 1:
            guard let count = u16(offset + 2) else { return nil }
            return array(offset + 4, count)
        case 2:
            guard let count = u16(offset + 2) else { return nil }
            var glyphs: [Int] = []
            for index in 0..<count {
                let record = offset + 4 + index * 6
                guard let first = u16(record), let last = u16(record + 2), let start = u16(record + 4), first <= last,
                    start == glyphs.count
                else { return nil }
                glyphs += first...last
            }
            return glyphs
        default:
            return nil
        }
    }

    /// The class of `glyph` in the ClassDef table at `offset` (0 when it names none); nil
    /// when the table cannot be read.
    func classOf(_ glyph: Int, in offset: Int) -> Int? {
        classRanges(offset).map { Self.class(of: glyph, in: $0) }
    }

    private static func `class`(of glyph: Int, in ranges: [(first: Int, last: Int, value: Int)]) -> Int {
        ranges.first { $0.first <= glyph && glyph <= $0.last }?.value ?? 0
    }

    /// The ClassDef table at `offset` as ranges of glyphs with their class.
    private func classRanges(_ offset: Int) -> [(first: Int, last: Int, value: Int)]? {
        switch u16(offset) {
        case 1:
            guard let start = u16(offset + 2), let count = u16(offset + 4), let values = array(offset + 6, count)
            else { return nil }
            return values.enumerated().map { (start + $0.offset, start + $0.offset, $0.element) }
        case 2:
            guard let count = u16(offset + 2) else { return nil }
            var ranges: [(first: Int, last: Int, value: Int)] = []
            for index in 0..<count {
                let record = offset + 4 + index * 6
                // Sorted without overlaps, as HarfBuzz's binary search needs.
                guard let first = u16(record), let last = u16(record + 2), let value = u16(record + 4), first <= last,
                    first > (ranges.last?.last ?? -1)
                else { return nil }
                ranges.append((first, last, value))
            }
            return ranges
        default:
            return nil
        }
    }

    // MARK: Bytes

    private func u16(_ offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    private func u32(_ offset: Int) -> Int? {
        guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
        return high << 16 | low
    }

    /// `count` big-endian 16-bit values from `offset`.
    private func array(_ offset: Int, _ count: Int) -> [Int]? {
        guard count >= 0, offset >= 0, offset + count * 2 <= bytes.count else { return nil }
        return (0..<count).map { Int(bytes[offset + $0 * 2]) << 8 | Int(bytes[offset + $0 * 2 + 1]) }
    }

    /// `count` SequenceLookupRecords (sequence index, lookup index) from `offset`: the
    /// lookup indices and their sequence indices.
    private func records(_ offset: Int, _ count: Int) -> (lookups: [Int], indices: [Int])? {
        guard let values = array(offset, count * 2) else { return nil }
        return (
            stride(from: 1, to: values.count, by: 2).map { values[$0] },
            stride(from: 0, to: values.count, by: 2).map { values[$0] }
        )
    }
}
