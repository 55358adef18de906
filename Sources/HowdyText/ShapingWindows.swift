import CHarfBuzz
import CHowdyICU

/// Where a run whose words are not all cacheable is shaped again by HarfBuzz: windows of
/// consecutive words around each word that may change with its neighbours, every other
/// word taken from the `WordShapeCache` (`RunShaper`).
///
/// A window's glyphs, shaped alone (with the text around it as HarfBuzz context), equal
/// those of the run shaped whole when no lookup match of the whole shape spans either of
/// its edges: HarfBuzz then applies every lookup inside the window exactly as in the run,
/// by induction over the lookups. A window edge is a cut between two words, after the
/// space that ends the first (`RunShaper.words`). It is *separable* when:
/// - the pair "space, next character" is inert (`SpaceBoundaries.canCut`: no pair
///   positioning crosses it);
/// - neither word holds an attaching character (a mark, format character or default
///   ignorable HarfBuzz skips), a character without a glyph or one of
///   `SpaceCrossings.anywhere` (lookups that may skip the space); every word of a window
///   is checked for the last, since such a lookup could reach it from outside;
/// - both words' characters and glyphs line up one to one (no glyph a multiple
///   substitution splits, no ligature partners side by side: `SpaceCrossings.multiples`,
///   `ligaturePartners`), so position `i` of a rule meets character `i`'s glyph;
/// - no anchored rule can match there. The space is a base glyph and every other lookup
///   that can hold it is ruled out above, so a match spanning the cut is a context rule
///   of a lookup that skips nothing, holding the cut's space at one of its anchors; its
///   input lies on one side of the anchor (else the space itself is unsafe and nothing is
///   cached). With input after the anchor (`SpaceCrossings.afterSpace`), the word after
///   the cut must be admitted by the positions after it, as far as both go; with input
///   before (`beforeSpace`), the word before the cut (its final space dropped, read
///   backwards) by the positions before it. A word shorter than the rule is admitted
///   when all its glyphs are (the rule may go on into the next word): the window then
///   grows past it. Each position's set holds every glyph GSUB can turn into one of its
///   glyphs, so testing each character's own glyph is enough.
///
/// A window starts as each word that is not clean (`SpaceBoundaries.cleanWords`) and
/// both words at each cut `canCut` refuses, and grows word by word until both edges are
/// separable or the run's edges (where the run was shaped alone anyway). Windows that
/// touch are merged (one HarfBuzz call). Words outside windows are clean and cut safely
/// on both sides, which is what assembling cached words needs.
struct ShapingWindows {
    private let text: UnsafeBufferPointer<UInt16>
    private let pieces: [Range<Int>]
    private let cuts: [Bool]
    private let crossings: SpaceCrossings
    private let font: OpaquePointer
    private let nominal: ASCIIGlyphs
    /// The nominal glyphs of the pieces looked up so far, one piece after another in the
    /// order they were looked up (one array for the run, not one per piece).
    private var found: [hb_codepoint_t] = []
    /// Per piece: its glyphs' range in `found` once looked up; `notLooked` before, and
    /// `unsuitable` when the piece has a character no edge argument covers.
    private var spans: [Range<Int32>]
    private static let notLooked: Range<Int32> = -1 ..< -1
    private static let unsuitable: Range<Int32> = -2 ..< -2
    /// The glyphs of the side `sequence` gathered last (one array for every cut).
    private var sequenceGlyphs: [hb_codepoint_t] = []
    /// Per cut: 0 unknown, 1 separable, 2 not.
    private var separable: [UInt8]
    /// The most positions an anchored rule has on one side of its anchor.
    private let longestRule: Int

    /// Ranges of piece indices to shape with HarfBuzz, in logical order, disjoint and not
    /// touching, or nil when the run should be shaped whole: every word is clean and
    /// every cut safe (nothing to window), a window would cover the whole run, or a
    /// window holds a word no edge argument covers (see the type).
    /// - Parameters:
    ///   - pieces: the run's words (UTF-16 ranges of `text`, each ending after its spaces).
    ///   - cuts: `SpaceBoundaries.canCut` for the cut before each piece after the first.
    ///   - clean: `SpaceBoundaries.cleanWords` for each piece.
    ///   - crossings: the context's analysis; nil (no space glyph) gives nil.
    ///   - font: the hb_font_t the run is shaped with (nominal glyphs).
    ///   - nominal: `font`'s ASCII glyphs (`SpaceBoundaries.asciiGlyphs`).
    static func windows(
        _ text: UnsafeBufferPointer<UInt16>, pieces: [Range<Int>], cuts: [Bool], clean: [Bool],
        crossings: SpaceCrossings?, font: OpaquePointer, nominal: ASCIIGlyphs
    ) -> [Range<Int>]? {
        guard let crossings, pieces.count > 1, cuts.count == pieces.count - 1, clean.count == pieces.count else {
            return nil
        }
        // Rules anchored at a space in lookups that skip marks are kept only as loose sets
        // (no position sequences), which the edge test below cannot match: a font with
        // any is shaped a run at a time, as before windows. (No bundled face has one.)
        guard crossings.frozen.looseFirst.isEmpty, crossings.frozen.looseBeforeLast.isEmpty else { return nil }
        var needs = clean.map { !$0 }
        for (cut, safe) in cuts.enumerated() where !safe {
            needs[cut] = true
            needs[cut + 1] = true
        }
        guard needs.contains(true), needs.contains(false) else { return nil }
        var planner = ShapingWindows(
            text: text, pieces: pieces, cuts: cuts, crossings: crossings, font: font, nominal: nominal)
        return planner.plan(needs)
    }

    private init(
        text: UnsafeBufferPointer<UInt16>, pieces: [Range<Int>], cuts: [Bool], crossings: SpaceCrossings,
        font: OpaquePointer, nominal: ASCIIGlyphs
    ) {
        self.nominal = nominal
        self.text = text
        self.pieces = pieces
        self.cuts = cuts
        self.crossings = crossings
        self.font = font
        spans = [Range<Int32>](repeating: Self.notLooked, count: pieces.count)
        found.reserveCapacity(text.count)
        separable = [UInt8](repeating: 0, count: cuts.count)
        longestRule = crossings.longestAnchoredRule
    }

    private mutating func plan(_ needs: [Bool]) -> [Range<Int>]? {
        var windows: [Range<Int>] = []
        var index = 0
        while index < pieces.count {
            guard needs[index] else {
                index += 1
                continue
            }
            var low = index
            while low > 0, !isSeparable(low - 1) { low -= 1 }
            var high = index  // inclusive
            while high < pieces.count - 1, needs[high + 1] || !isSeparable(high) { high += 1 }
            if let last = windows.last, last.upperBound >= low {
                windows[windows.count - 1] = last.lowerBound..<(high + 1)
            } else {
                windows.append(low..<(high + 1))
            }
            index = high + 1
        }
        if windows.count == 1, windows[0] == 0..<pieces.count { return nil }
        // A lookup that may skip the space could reach any word of a window from outside.
        for window in windows {
            for piece in window where glyphs(of: piece) == nil { return nil }
        }
        return windows
    }

    /// Whether no lookup match can span the cut after piece `cut` (see the type).
    private mutating func isSeparable(_ cut: Int) -> Bool {
        if separable[cut] != 0 { return separable[cut] == 1 }
        let answer = decide(cut)
        separable[cut] = answer ? 1 : 2
        return answer
    }

    private mutating func decide(_ cut: Int) -> Bool {
        guard cuts[cut], text[pieces[cut].upperBound - 1] == 0x20, let low = glyphs(of: cut),
            let high = glyphs(of: cut + 1)
        else { return false }
        // Read after both lookups: a lookup appends to `found`.
        // Each side's sequence starts with the glyph next to the anchor: the first of the
        // word after, and the one before the final space of the word before (when that word
        // is more than the space). When that glyph rules out every rule (`startsNoRule`),
        // `mayMatch` would answer no, so the sequence is not gathered.
        if !startsNoRule(high.isEmpty ? nil : found[high.lowerBound], after: true) {
            let runEnds = sequence(from: cut + 1, forward: true)
            if mayMatch(crossings.afterSpace, sequenceGlyphs, runEnds: runEnds, after: true) { return false }
        }
        if startsNoRule(low.count > 1 ? found[low.upperBound - 2] : nil, after: false) { return true }
        let runEnds = sequence(from: cut, forward: false)
        return !mayMatch(crossings.beforeSpace, sequenceGlyphs, runEnds: runEnds, after: false)
    }

    /// True when `glyph`, the first of a sequence from an anchor (nil: not known here),
    /// lines up with its character (no multiple substitution splits it; a first glyph has
    /// no neighbour to join on the anchor's side) and starts no rule of that side
    /// (`SpaceCrossings.mayStart`): `mayMatch` then answers false for the sequence, before
    /// counting how far it lines up.
    private func startsNoRule(_ glyph: hb_codepoint_t?, after: Bool) -> Bool {
        guard let glyph, longestRule > 0 else { return false }
        return !crossings.frozen.multiples.contains(glyph) && !crossings.mayStart(after: after, glyph)
    }

    /// Gathers into `sequenceGlyphs` the glyphs a rule anchored at a cut's space meets on
    /// one side: forward, the words from piece `first` on; backward, piece `first` without
    /// its final space (the anchor) and the words before it, each read backwards. As many
    /// as the longest rule has positions. Returns true when the run's edge came first (no
    /// rule matches past it: HarfBuzz matches lookups in the buffer only), false when a
    /// word whose glyphs are not known came first or enough were gathered.
    private mutating func sequence(from first: Int, forward: Bool) -> Bool {
        let wanted = longestRule
        sequenceGlyphs.removeAll(keepingCapacity: true)
        var piece = first
        while sequenceGlyphs.count < wanted {
            guard piece >= 0, piece < pieces.count else { return true }
            guard let glyphs = glyphs(of: piece) else { return false }
            if forward {
                sequenceGlyphs.append(contentsOf: found[glyphs])
            } else {
                let upper = piece == first ? glyphs.upperBound - 1 : glyphs.upperBound
                sequenceGlyphs.append(contentsOf: found[glyphs.lowerBound..<max(glyphs.lowerBound, upper)].reversed())
            }
            piece += forward ? 1 : -1
        }
        return false
    }

    /// Whether one of `rules` (positions from the anchor outwards) may match `glyphs`,
    /// the characters' own glyphs from the anchor outwards. A rule is ruled out by a
    /// position that does not admit its glyph while the glyphs up to and including it line
    /// up with their characters (`alignedCount`; a ligature that starts at that glyph is
    /// not admitted either, since every set holds each component of a ligature it holds),
    /// or by the run's edge when all of `glyphs` line up (a multiple substitution could
    /// add glyphs).
    private func mayMatch(
        _ rules: [(positions: [GlyphRanges], reach: Int)], _ glyphs: [hb_codepoint_t], runEnds: Bool, after: Bool
    ) -> Bool {
        // Every rule has a first position (else `mayStart` is always true) and none admits
        // the first glyph, which lines up: each is ruled out there, as the loop below would.
        if startsNoRule(glyphs.first, after: after) { return false }
        let aligned = alignedCount(glyphs)
        /// Whether `rule` is not ruled out by `glyphs` (the loop's test, one rule).
        func ruleMayMatch(_ rule: (positions: [GlyphRanges], reach: Int)) -> Bool {
            var index = 0
            while index < rule.positions.count {
                guard index < glyphs.count else { return !(runEnds && aligned == glyphs.count) }
                if !rule.positions[index].contains(glyphs[index]) { return index >= aligned }
                index += 1
            }
            return true
        }
        // When the first glyph lines up, a rule whose first position refuses it is ruled
        // out there: only the rules that admit it are tried (`RuleStarts`).
        if aligned > 0, let first = glyphs.first, var candidates = crossings.rules(after: after, startingWith: first) {
            while candidates != 0 {
                if ruleMayMatch(rules[candidates.trailingZeroBitCount]) { return true }
                candidates &= candidates &- 1
            }
            return false
        }
        return rules.contains(where: ruleMayMatch)
    }

    /// How many of `glyphs` (in either direction) line up with their characters: none is
    /// one a multiple substitution can split, and no two side by side can join in a
    /// ligature (`SpaceCrossings.ligaturePartners` holds each pair both ways).
    /// Counted no further than `longestRule`: `mayMatch` compares the count only with
    /// positions of a rule and with a shorter `glyphs`' length, so the answer is the same.
    private func alignedCount(_ glyphs: [hb_codepoint_t]) -> Int {
        var count = 0
        let end = min(glyphs.count, longestRule)
        while count < end {
            let glyph = glyphs[count]
            if crossings.frozen.multiples.contains(glyph) { break }
            if count > 0, crossings.joins(glyph, beside: glyphs[count - 1]) { break }
            count += 1
        }
        return count
    }

    /// Where piece `index`'s characters' own glyphs are in `found`, or nil when one is
    /// attaching (but the space), a Hangul filler, has no glyph, or is in
    /// `SpaceCrossings.anywhere`.
    private mutating func glyphs(of index: Int) -> Range<Int>? {
        let span = spans[index]
        if span != Self.notLooked {
            return span == Self.unsuitable ? nil : Int(span.lowerBound)..<Int(span.upperBound)
        }
        let start = found.count
        spans[index] = Self.unsuitable
        var offset = pieces[index].lowerBound
        while offset < pieces[index].upperBound {
            let (scalar, width) = Itemization.decode(text, at: offset)
            offset += width
            var suitable: Bool
            switch scalar {
            case 0x20: suitable = true
            case 0x115F, 0x1160, 0x3164, 0xFFA0: suitable = false  // Hangul fillers, skipped as default ignorables
            default: suitable = howdy_is_attaching(scalar) == 0
            }
            if suitable, let glyph = nominal.glyph(scalar, font: font), !crossings.frozen.anywhere.contains(glyph) {
                found.append(glyph)
                continue
            }
            found.removeSubrange(start...)
            return nil
        }
        spans[index] = Int32(start)..<Int32(found.count)
        return start..<found.count
    }
}

extension ShapedRun {
    /// Drops the glyphs from `count` on (a windowed run given up, `RunShaper.shapeWindowed`).
    mutating func truncate(to count: Int) {
        glyphs.removeSubrange(count...)
        clusters.removeSubrange(count...)
        advances.removeSubrange(count...)
        offsetsX.removeSubrange(count...)
        offsetsY.removeSubrange(count...)
    }
}
