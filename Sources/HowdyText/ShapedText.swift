import CHarfBuzz
import CHowdyICU

/// Text shaped once, ready to be broken into lines at any width without shaping again.
///
/// Construction does all the expensive work: bidi (ICU), itemisation and font
/// fallback, HarfBuzz shaping of every run with its context, and UAX #14 break
/// opportunities (ICU). What remains is arithmetic on cached advances: a line's width
/// is a difference of two prefix sums, so a greedy pass costs O(break opportunities)
/// and `balance` can probe as many widths as it likes. Only lines whose edges
/// HarfBuzz marks unsafe to break are shaped again, once, when the final lines are built.
public struct ShapedText: Sendable {
    /// Everything shaping produced, in one immutable object: a copy of a `ShapedText`
    /// (the line breaker, balancer and layout builder each hold one) retains one
    /// reference instead of one per array.
    let storage: Storage
    /// Set when `storage` is kept by `ShapedTextCache`, whose fonts the text system's own
    /// caches hold (`Font.heldBySystem`): the primary font as given and the fallback fonts
    /// retaining their system, in `storage.fonts`' order. What layouts hand out.
    private let handedFonts: [Font]?

    /// The text as given.
    public var text: String { storage.text }
    /// The primary font.
    public var font: Font { handedFonts?[0] ?? storage.font }
    /// The options the text was shaped with.
    public var options: TextOptions { storage.options }

    var utf16: [UInt16] { storage.utf16 }
    var fonts: [Font] { handedFonts ?? storage.fonts }
    /// See `TextLayout.fontFailures`.
    var fontFailures: [TextError] { storage.fontFailures }
    /// The runs in logical order; their glyphs are ranges of `glyphStore`.
    var runs: [TextRunGlyphs] { storage.runs }
    /// The glyphs of every run, one run after another.
    var glyphStore: ShapedRun { storage.glyphStore }
    var bidi: BidiLevels { storage.bidi }
    /// advancePrefix[i] is the total advance (16.16, `ShapedText.unitsPerPixel`) of the
    /// glyphs whose cluster is before offset i: unrounded advances, so widths compare as
    /// precisely as a browser's; reported widths round up to 1/64 px only at the end.
    var advancePrefix: [Int] { storage.advancePrefix }
    var segments: [Segment] { storage.segments }
    /// Offsets where HarfBuzz says cutting the line changes the shaping.
    var unsafeToBreak: OffsetSet { storage.unsafeToBreak }
    /// The hyphen glyph of the primary font and its advance (16.16).
    var hyphen: (glyph: UInt32, advance: Int)? { storage.hyphen }
    /// Widest visible content of any segment (16.16), with the hyphen a segment ending at
    /// one shows: narrower widths need emergency breaks.
    var maxSegmentWidth: Int { storage.maxSegmentWidth }
    /// Widest white space hanging after any segment's content (16.16), 0 or more.
    var maxHangingWidth: Int { storage.maxHangingWidth }
    /// See `LineBreaker.searchable`: found by the walk that finds `maxSegmentWidth`, so
    /// that a line breaker costs no walk of its own (a segment per CJK character).
    var segmentsAreSearchable: Bool { storage.segmentsAreSearchable }
    var metrics: (ascent: Double, descent: Double, lineHeight: Double) { storage.metrics }
    /// Layouts made from this text leave every line's `runs` empty (default false):
    /// for callers that report only line texts and widths, such as the JSON-lines
    /// answer, and would otherwise pay for positioned glyphs they drop. Line breaks,
    /// widths and texts are the same either way.
    package var omitsGlyphs = false
    /// Layouts made from this text leave every line's `text` empty (default false): for
    /// callers that cut line texts from the text by their ranges themselves, such as the
    /// JSON-lines answer and the C ABI, and would otherwise pay for a string per line.
    package var omitsLineTexts = false

    /// The text between two break opportunities: a word and the spaces after it.
    struct Segment: Sendable {
        var start: Int32
        /// End of the visible content: trailing spaces and a line break are excluded.
        var contentEnd: Int32
        var end: Int32
        var isHardBreak: Bool
        /// The segment ends at a soft hyphen or at a `hyphens: auto` point: a line ending
        /// here shows a hyphen glyph.
        var endsWithSoftHyphen: Bool
    }

    /// The stored fields of a `ShapedText` (see the forwarding properties above).
    final class Storage: Sendable {
        let text: String
        let font: Font
        let options: TextOptions
        let utf16: [UInt16]
        let fonts: [Font]
        let fontFailures: [TextError]
        let runs: [TextRunGlyphs]
        let glyphStore: ShapedRun
        let bidi: BidiLevels
        let advancePrefix: [Int]
        let segments: [Segment]
        let unsafeToBreak: OffsetSet
        let hyphen: (glyph: UInt32, advance: Int)?
        let maxSegmentWidth: Int
        let maxHangingWidth: Int
        let segmentsAreSearchable: Bool
        let metrics: (ascent: Double, descent: Double, lineHeight: Double)
        /// The run shaper's scratch arrays, held only to be pooled with the rest.
        let scratch: RunScratch?
        /// False for the storages `ShapedTextCache` keeps and hands out: their arrays stay
        /// with the cache.
        let recycles: Bool

        /// Its arrays go back to the pool for the next text (`ShapedTextArrays`).
        deinit {
            guard recycles else { return }
            ShapedTextArrays.recycle(
                ShapedTextArrays(
                    utf16: utf16, runs: runs, glyphs: glyphStore.glyphs, clusters: glyphStore.clusters,
                    advances: glyphStore.advances, offsetsX: glyphStore.offsetsX, offsetsY: glyphStore.offsetsY,
                    prefix: advancePrefix, unsafeWords: unsafeToBreak.storage, scratch: scratch))
        }

        // swiftlint:disable:next function_parameter_count
        init(
            text: String, font: Font, options: TextOptions, utf16: [UInt16], fonts: [Font], fontFailures: [TextError],
            runs: [TextRunGlyphs],
            glyphStore: ShapedRun, bidi: BidiLevels, advancePrefix: [Int], segments: [Segment],
            unsafeToBreak: OffsetSet, hyphen: (glyph: UInt32, advance: Int)?, maxSegmentWidth: Int,
            maxHangingWidth: Int, segmentsAreSearchable: Bool,
            metrics: (ascent: Double, descent: Double, lineHeight: Double), scratch: RunScratch? = nil,
            recycles: Bool = true
        ) {
            self.scratch = scratch
            self.recycles = recycles
            self.text = text
            self.font = font
            self.options = options
            self.utf16 = utf16
            self.fonts = fonts
            self.fontFailures = fontFailures
            self.runs = runs
            self.glyphStore = glyphStore
            self.bidi = bidi
            self.advancePrefix = advancePrefix
            self.segments = segments
            self.unsafeToBreak = unsafeToBreak
            self.hyphen = hyphen
            self.maxSegmentWidth = maxSegmentWidth
            self.maxHangingWidth = maxHangingWidth
            self.segmentsAreSearchable = segmentsAreSearchable
            self.metrics = metrics
        }
    }

    /// The width in px of the widest piece of text between two break opportunities,
    /// trailing spaces excluded and a hyphen the piece ends with included (usually the
    /// longest word, or syllable with `hyphens: auto`): at any narrower width a line
    /// breaks inside it, between grapheme clusters. 0 for empty text.
    public var widestUnbreakableWidth: Double { Self.reportedWidth(maxSegmentWidth) }

    /// Units per px of every internal width (16.16 fixed point).
    static let unitsPerPixel = 65536
    /// 16.16 units per 1/64 px.
    static let unitsPer64th = 1024

    /// A 16.16 width in px, rounded up to 1/64 px (the public contract): a box this
    /// wide holds the text, and `fixedWidth` of it gives back a width the text fits.
    static func reportedWidth(_ fine: Int) -> Double {
        Double((fine + unitsPer64th - 1) >> 10) / 64
    }

    /// A 16.16 position or advance in px, exactly (no rounding).
    @inline(__always)
    static func pixels(_ fine: Int) -> Double { Double(fine) / Double(unitsPerPixel) }

    /// Shapes `text` with `font`.
    /// - Throws: `TextError.textTooLong` above `TextLimits.maximumUTF16Length` UTF-16 units,
    ///   `TextError.invalidLineHeight` for a non-positive or non-finite line height,
    ///   `TextError.unicode` if ICU fails.
    public init(_ text: String, font: Font, options: TextOptions = TextOptions()) throws {
        // The same CJK text laid out before in this font under these options.
        let cache = options.usesWordCache ? font.system.wordCache.texts : nil
        var textKey: UInt64?
        if let cache {
            switch cache.look(for: text, font: font, options: options) {
            case .kept(let kept, let fonts):
                storage = kept
                handedFonts = fonts
                return
            case .missed(let key, let seen): textKey = seen ? key : nil
            case .refused: break
            }
        }
        // Arrays a text shaped earlier on this thread gave back (`ShapedTextArrays`).
        var arrays = ShapedTextArrays.take()
        let ascii = Self.utf16(of: text, into: &arrays.utf16)
        let utf16 = ShapedTextArrays.moveOut(&arrays.utf16)
        guard utf16.count <= TextLimits.maximumUTF16Length else {
            throw TextError.textTooLong(utf16Length: utf16.count, limit: TextLimits.maximumUTF16Length)
        }
        if let height = options.lineHeight, !(height.isFinite && height > 0 && height <= TextLimits.maximumLineHeight) {
            throw TextError.invalidLineHeight(height)
        }
        let fontMetrics = font.metrics
        let ascent = fontMetrics.ascender
        let descent = -fontMetrics.descender
        let metrics = (ascent, descent, options.lineHeight ?? fontMetrics.lineHeight)

        // Set from the itemization below (no array is made for the primary font alone).
        var fonts: [Font] = []
        var fontFailures: [TextError] = []
        var runs = ShapedTextArrays.moveOut(&arrays.runs)
        var store = ShapedRun(
            start: 0, end: utf16.count, level: 0, fontIndex: 0, glyphs: ShapedTextArrays.moveOut(&arrays.glyphs),
            clusters: ShapedTextArrays.moveOut(&arrays.clusters), advances: ShapedTextArrays.moveOut(&arrays.advances),
            offsetsX: ShapedTextArrays.moveOut(&arrays.offsetsX), offsetsY: ShapedTextArrays.moveOut(&arrays.offsetsY))
        var unsafe = OffsetSet(capacity: utf16.count + 1, reusing: ShapedTextArrays.moveOut(&arrays.unsafeWords))
        var segments: [Segment] = []
        var prefix = ShapedTextArrays.moveOut(&arrays.prefix)
        prefix.append(repeating: 0, count: utf16.count + 1)
        let scratch = arrays.scratch.take() ?? RunScratch()
        // Each array is now held once, by the variable that fills it: moved out of the set
        // (a retain and a release each when copied out and the set emptied after).
        var bidiLevels: BidiLevels?
        var hyphen: (UInt32, Int)?

        try utf16.withUnsafeBufferPointer { buffer in
            let bidi = try BidiLevels(text: buffer, direction: options.direction, ascii: ascii)
            bidiLevels = bidi
            // Asked for only when a character needs more than the primary font.
            let items = try Itemization(
                text: buffer, bidi: bidi, primary: font,
                fallback: options.fallback ?? FontFallback.bundled(matching: font.face))
            fonts = items.fonts
            fontFailures = items.fontFailures
            // Before shaping: a CJK run is cached in pieces between break opportunities.
            // Plain Latin prose needs neither ICU nor the segment cache (`SimpleLineBreaks`).
            // Text starting with a Hebrew or Arabic letter is the exception
            // (`SimpleLineBreaks.isCachedFirst`): a segment cache hit costs about a third of
            // the simple walk over Hebrew (callgrind, a warm 40-word balance), so with the
            // word cache on, the walk only fills the cache on a miss.
            let cachedFirst = options.usesWordCache && SimpleLineBreaks.isCachedFirst(buffer)
            if SimpleLineBreaks.isVerified, !cachedFirst,
                let simple = SimpleLineBreaks.segments(of: buffer, options: options)
            {
                segments = simple
            } else if options.usesWordCache {
                segments = try font.system.wordCache.segments.segments(of: buffer, options: options) {
                    if cachedFirst, SimpleLineBreaks.isVerified,
                        let simple = SimpleLineBreaks.segments(of: buffer, options: options)
                    {
                        return simple
                    }
                    return try Self.segments(of: buffer, options: options, system: font.system)
                }
            } else {
                segments = try Self.segments(of: buffer, options: options, system: font.system)
            }
            let language = options.locale.isEmpty ? nil : hb_language_from_string(options.locale, -1)
            let shaper = RunShaper(
                text: buffer, cache: options.usesWordCache ? font.system.wordCache : nil, language: language,
                features: options.features.map(\.value), featureSet: font.system.featureSetID(of: options.features),
                segments: segments, scratch: scratch)
            runs.reserveCapacity(items.runs.count)
            // About a glyph per UTF-16 unit: grown geometrically if a script needs more.
            store.reserve(utf16.count)
            let itemRuns = items.runs
            var index = 0
            while index < itemRuns.count {
                let item = itemRuns[index]
                // Kanji, hiragana and katakana side by side are runs of three scripts, each
                // given its nominal glyphs in one look-up together (`RunShaper.shapeNominal`).
                let first = store.glyphs.count
                if NominalShaping.takes(item.script), !item.isRightToLeft,
                    let end = shaper.shapeNominal(itemRuns, from: index, font: fonts[item.fontIndex], store: &store)
                {
                    // One glyph per unit, in order.
                    while index < end {
                        let run = itemRuns[index]
                        let start = first + (run.start - item.start)
                        runs.append(
                            TextRunGlyphs(
                                start: run.start, end: run.end, level: run.level, script: run.script,
                                fontIndex: run.fontIndex, glyphs: start..<(start + run.end - run.start)))
                        index += 1
                    }
                    continue
                }
                let glyphs = shaper.shape(item, font: fonts[item.fontIndex], into: &unsafe, store: &store)
                runs.append(
                    TextRunGlyphs(
                        start: item.start, end: item.end, level: item.level, script: item.script,
                        fontIndex: item.fontIndex, glyphs: glyphs))
                index += 1
            }
            // A run's advances are at its font's scale (`HarfBuzzFont.fineShift`), 16.16 up
            // to 256 px; the prefix sums are 16.16 whatever the size.
            // Through buffers: these loops are per glyph and per unit, and the array
            // accesses' checks cost as much as the sums (clusters are offsets in the text).
            prefix.withUnsafeMutableBufferPointer { prefix in
                store.clusters.withUnsafeBufferPointer { clusters in
                    store.advances.withUnsafeBufferPointer { advances in
                        for run in runs {
                            let shift = fonts[run.fontIndex].instance.shiftTo16Dot16
                            // Wrapping: the shift is 0...10, so no test for wider or negative
                            // shifts per glyph, and no sum of Int32 advances so shifted over
                            // `TextLimits.maximumUTF16Length` glyphs comes near Int's range.
                            for index in run.glyphs {
                                let cluster = Int(clusters[index]) &+ 1
                                prefix[cluster] = prefix[cluster] &+ Int(advances[index]) &<< shift
                            }
                        }
                    }
                }
                var sum = 0
                for index in prefix.indices {
                    sum = sum &+ prefix[index]
                    prefix[index] = sum
                }
            }
            // Run starts are always safe: the line builder cuts runs there anyway.
            for run in runs { unsafe.remove(run.start) }

            if segments.contains(where: \.endsWithSoftHyphen) {
                hyphen = Self.hyphenGlyph(font: font, shaper: shaper.buffer, language: language)
            }
        }
        // A segment that ends at a hyphen needs room for it too (LineBreaker.width).
        let hyphenAdvance = hyphen?.1 ?? 0
        var maxSegmentWidth = 0
        var maxHangingWidth = 0
        // `LineBreaker.searchable`'s conditions: content ends that never fall, no hard
        // break before the last segment, no segment that shows a hyphen.
        var searchable = true
        let showsHyphens = hyphen != nil
        // One walk for all three, through buffers (segment ends are offsets in the text).
        segments.withUnsafeBufferPointer { segments in
            prefix.withUnsafeBufferPointer { prefix in
                var previousEnd = Int.min
                let last = segments.count - 1
                for index in segments.indices {
                    let segment = segments[index]
                    // Wrapping: prefix sums of 16.16 advances are far inside Int's range.
                    let contentEnd = prefix[Int(segment.contentEnd)]
                    let content = contentEnd &- prefix[Int(segment.start)]
                    maxSegmentWidth = max(
                        maxSegmentWidth, content &+ (segment.endsWithSoftHyphen ? hyphenAdvance : 0))
                    maxHangingWidth = max(maxHangingWidth, prefix[Int(segment.end)] &- contentEnd)
                    if contentEnd < previousEnd || (segment.isHardBreak && index < last)
                        || (segment.endsWithSoftHyphen && showsHyphens)
                    {
                        searchable = false
                    }
                    previousEnd = contentEnd
                }
            }
        }
        // Asked before the arrays are moved into the storage below.
        let kept =
            if let cache, let textKey,
                ShapedTextCache.takes(
                    units: utf16, runs: runs, failures: fontFailures, options: options, font: font)
            {
                (cache, textKey)
            } else {
                nil as (ShapedTextCache, UInt64)?
            }
        // Moved, not copied: each array (and the glyph store's five) would otherwise be
        // retained for the storage and released here, an atomic operation apiece.
        storage = Storage(
            text: text, font: font, options: options, utf16: consume utf16, fonts: consume fonts,
            fontFailures: consume fontFailures, runs: consume runs, glyphStore: consume store,
            bidi: bidiLevels.take()!, advancePrefix: consume prefix, segments: consume segments,
            unsafeToBreak: consume unsafe, hyphen: hyphen, maxSegmentWidth: maxSegmentWidth,
            maxHangingWidth: maxHangingWidth, segmentsAreSearchable: searchable, metrics: metrics,
            scratch: consume scratch)
        handedFonts = nil
        if let (cache, key) = kept { cache.keep(storage, key: key) }
    }

    /// `Array(text.utf16)`, with ASCII text widened byte by byte from its UTF-8 storage
    /// and other text transcoded from it in one pass: the generic copy through the UTF-16
    /// view decodes scalar by scalar, at several times the cost (a CJK text paid more for
    /// it than for its prefix sums). A native string's UTF-8 is valid, so every lead
    /// byte is followed by its continuation bytes.
    static func utf16(of text: String) -> [UInt16] {
        var units: [UInt16] = []
        utf16(of: text, into: &units)
        return units
    }

    /// `utf16(of:)` into `units` (emptied first), in its buffer when it has the room;
    /// true when the text is all ASCII, as found on the way (false when that was not
    /// looked for: a text starting past ASCII, or a bridged string).
    @discardableResult
    static func utf16(of text: String, into units: inout [UInt16]) -> Bool {
        units.removeAll(keepingCapacity: true)
        var ascii = false
        let fast: Void? = text.utf8.withContiguousStorageIfAvailable { bytes -> Void in
            // A text that starts past ASCII (CJK, Arabic, Hebrew…) skips the pass that
            // finds whether all of it is ASCII.
            var any: UInt8 = bytes.first ?? 0
            if any < 0x80 { for byte in bytes { any |= byte } }
            ascii = any < 0x80
            // Never more UTF-16 units than UTF-8 bytes: room for that many, written in
            // place (`InPlaceElements`; UInt16 needs no initialising before assignment).
            units.append(initializing: bytes.count) { units -> Int in
                if any < 0x80 {
                    for index in bytes.indices { units[index] = UInt16(bytes[index]) }
                    return bytes.count
                }
                var index = 0
                var out = 0
                let count = bytes.count
                while index < count {
                    let lead = UInt32(bytes[index])
                    if lead < 0x80 {
                        units[out] = UInt16(lead)
                        index += 1
                        out += 1
                    } else if lead < 0xE0 {
                        units[out] = UInt16((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F))
                        index += 2
                        out += 1
                    } else if lead < 0xF0 {
                        units[out] = UInt16(
                            (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                                | UInt32(bytes[index + 2] & 0x3F))
                        index += 3
                        out += 1
                    } else {
                        let scalar =
                            (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                            | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                        units[out] = UInt16(0xD800 + ((scalar - 0x10000) >> 10))
                        units[out + 1] = UInt16(0xDC00 + (scalar & 0x3FF))
                        index += 4
                        out += 2
                    }
                }
                return out
            }
        }
        if fast == nil { units.append(contentsOf: text.utf16) }
        return ascii
    }

    /// Break opportunities (ICU's UAX #14 iterator under `lineBreak` and `wordBreak`),
    /// turned into segments.
    static func segments(
        of text: UnsafeBufferPointer<UInt16>, options: TextOptions, system: TextSystem
    ) throws -> [Segment] {
        var segments: [Segment] = []
        var start = 0
        var breaks = try BreakOpportunities(
            in: text, locale: options.locale, lineBreak: options.lineBreak, wordBreak: options.wordBreak,
            system: system)
        try breaks.apply(
            hyphens: options.hyphens, locale: options.locale, lineBreak: options.lineBreak, in: text, system: system)
        var nextHyphen = 0
        segments.reserveCapacity(breaks.offsets.count)
        for index in breaks.offsets.indices {
            let offset = breaks.offsets[index]
            let isHard = breaks.isHard[index]
            var contentEnd = offset
            // Trailing white space hangs past the line's end; the line break itself too.
            while contentEnd > start {
                let unit = text[contentEnd - 1]
                // Above U+3000 (the last White_Space character) nothing hangs: kana and
                // ideographs end most CJK segments, and skip the ICU call.
                if unit & 0xFC00 == 0xDC00 || unit > 0x3000 || Self.neverHangs(unit) { break }
                if howdy_is_breaking_space(UInt32(unit)) != 0 || unit == 0x0A || unit == 0x0D {
                    contentEnd -= 1
                } else {
                    break
                }
            }
            // A line ending at a soft hyphen shows a hyphen glyph instead of the
            // (invisible) soft hyphen itself; `hyphens: none` shows none.
            let softHyphen =
                options.hyphens != .none && !isHard && offset < text.count && contentEnd > start
                && text[contentEnd - 1] == 0x00AD
            if softHyphen { contentEnd -= 1 }
            // So does a line ending at a point `hyphens: auto` found inside a word.
            let automatic = nextHyphen < breaks.automaticHyphens.count && breaks.automaticHyphens[nextHyphen] == offset
            if automatic { nextHyphen += 1 }
            segments.append(
                Segment(
                    start: Int32(start), contentEnd: Int32(contentEnd), end: Int32(offset), isHardBreak: isHard,
                    endsWithSoftHyphen: softHyphen || automatic))
            start = offset
        }
        return segments
    }

    /// Whether `unit` is certainly neither white space nor a line break, without asking
    /// ICU: ASCII letters, digits and punctuation (U+0021–U+0084) and U+0100–U+167F
    /// (Latin Extended to Cherokee: Greek, Cyrillic, Hebrew, Arabic, the Indic scripts,
    /// Thai), where Unicode has no White_Space character: before, the last unit of every
    /// segment of a Thai or emoji text was asked of ICU. `SegmentEdgeTests` checks every
    /// unit of both ranges against ICU.
    @inline(__always)
    static func neverHangs(_ unit: UInt16) -> Bool {
        unit &- 0x21 < 0x85 - 0x21 || unit &- 0x0100 < 0x1680 - 0x0100
    }

    /// The glyph shown at a soft-hyphen break: U+2010 HYPHEN, or U+002D when the font lacks it.
    private static func hyphenGlyph(font: Font, shaper: ShapingBuffer, language: hb_language_t?) -> (UInt32, Int)? {
        let candidates: [UInt16] = font.face.hasGlyph(for: "\u{2010}") ? [0x2010] : [0x2D]
        return candidates.withUnsafeBufferPointer { buffer in
            let run = shaper.shape(
                buffer, range: 0..<1, context: false, level: 0, script: HB_SCRIPT_COMMON, language: language,
                font: font, fontIndex: 0, features: [])
            guard let glyph = run.glyphs.first, let advance = run.advances.first else { return nil }
            return (glyph, Int(advance) << font.instance.shiftTo16Dot16)
        }
    }

    /// Width in 16.16 of the text from `start` to `end` (UTF-16 offsets, cached advances).
    @inline(__always)
    func advance(from start: Int, to end: Int) -> Int { advancePrefix[end] - advancePrefix[start] }

    /// Grapheme cluster boundaries of the whole text (UAX #29), for breaking a word that
    /// is wider than the line. Computed only when a width needs it.
    func graphemeBoundaries() throws -> [Int32] {
        var boundaries: [Int32] = []
        try utf16.withUnsafeBufferPointer { buffer in
            try BreakIterator.with(.character, locale: options.locale, system: font.system) { iterator in
                try iterator.forEachBoundary(in: buffer) { offset, _ in boundaries.append(Int32(offset)) }
            }
        }
        return boundaries
    }
}
